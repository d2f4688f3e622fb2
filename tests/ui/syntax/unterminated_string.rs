use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct SecretSpec {
    /// +k8s:optional
    /// +k8s:neq="default
    pub type_name: String,
}

fn main() {}
