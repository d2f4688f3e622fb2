use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct Port {
    /// +k8s:required
    pub name: String,
    /// +k8s:optional
    pub port: i32,
}

#[derive(Validate, PartialEq)]
pub struct EndpointSpec {
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:item(name:)=+k8s:required
    pub ports: Vec<Port>,
}

fn main() {}
