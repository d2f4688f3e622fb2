use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ContainerSpec {
    /// +k8s:optional
    /// +k8s:listType=ordered
    pub command: Vec<String>,
}

fn main() {}
