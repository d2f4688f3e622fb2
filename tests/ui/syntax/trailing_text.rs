use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct NamespaceSpec {
    /// +k8s:required // must be set by the admission chain
    pub owner: String,
}

fn main() {}
