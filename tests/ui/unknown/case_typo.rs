use validation_runtime::Validate;

#[derive(Validate, PartialEq)]
pub struct TolerationList {
    /// +k8s:optional
    /// +k8s:MaxItems=16
    pub tolerations: Vec<String>,
}

fn main() {}
