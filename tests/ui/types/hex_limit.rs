use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct Limits {
    /// Kubernetes 1.35 reads limits as decimal integers (`strconv.Atoi`).
    /// +k8s:maxLength=0x10
    pub name: String,
}

fn main() {}
