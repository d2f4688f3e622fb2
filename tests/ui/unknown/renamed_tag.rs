use k8s_validation::Validate;

// Kubernetes 1.37 renamed 1.36's `+k8s:discriminator` (1.35 and 1.36 accept it).
#[derive(Validate, PartialEq)]
#[validate(kubernetes = "1.37")]
pub struct ScheduleSpec {
    /// +k8s:discriminator
    /// +k8s:required
    pub mode: String,
}

fn main() {}
