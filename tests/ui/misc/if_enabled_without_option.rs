use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct JobSpec {
    /// +k8s:ifEnabled=+k8s:required
    pub managed_by: String,
}

fn main() {}
