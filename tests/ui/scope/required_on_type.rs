use k8s_validation::Validate;

/// A reference to a secret in the same namespace.
/// +k8s:required
#[derive(Validate, PartialEq)]
pub struct SecretReference {
    /// +k8s:required
    pub name: String,
}

fn main() {}
