use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ContainerSpec {
    /// +k8s:optional
    /// +k8s:maxProperties=32
    pub args: Vec<String>,
}

fn main() {}
