use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct NetworkPolicySpec {
    /// +k8s:optional
    /// +k8s:unique=set
    pub policy_types: Vec<String>,
}

fn main() {}
