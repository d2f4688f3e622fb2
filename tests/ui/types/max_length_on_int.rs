use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ProbeSpec {
    /// +k8s:optional
    /// +k8s:maxLength=10
    pub timeout_seconds: i32,
}

fn main() {}
