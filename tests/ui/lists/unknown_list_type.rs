use validation_runtime::Validate;

#[derive(Validate, PartialEq)]
pub struct ContainerSpec {
    /// +k8s:optional
    /// +k8s:listType=ordered
    pub command: Vec<String>,
}

fn main() {}
