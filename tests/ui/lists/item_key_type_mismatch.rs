use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ContainerPort {
    /// +k8s:required
    pub container_port: i32,
    /// +k8s:optional
    pub name: String,
}

#[derive(Validate, PartialEq)]
pub struct Container {
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=container_port
    /// +k8s:item(container_port: "http")=+k8s:immutable
    pub ports: Vec<ContainerPort>,
}

fn main() {}
