use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ContainerSpec {
    /// +k8s:optional
    /// +k8s:listType=set
    pub working_dir: String,
}

fn main() {}
