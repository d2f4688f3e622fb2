use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct RestartPolicySpec {
    /// +k8s:optional
    /// +k8s:enumExclude
    pub policy: String,
}

fn main() {}
