use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct Port {
    pub name: String,
    pub number: i32,
}

#[derive(Validate, PartialEq)]
pub struct ServiceSpec {
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:item(name: "http")=+k8s:optional
    pub ports: Vec<Port>,
}

fn main() {}
