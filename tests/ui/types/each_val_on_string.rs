use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct EnvVar {
    /// +k8s:optional
    /// +k8s:eachVal=+k8s:maxLength=64
    pub value: String,
}

fn main() {}
