use validation_runtime::Validate;

#[derive(Validate, PartialEq)]
pub struct RestartPolicySpec {
    /// +k8s:optional
    /// +k8s:enumExclude
    pub policy: String,
}

fn main() {}
