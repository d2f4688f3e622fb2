use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct Port {
    /// +k8s:required
    pub name: String,
    /// +k8s:maximum=x
    pub port: i32,
}

#[derive(Validate, PartialEq)]
pub struct ServiceSpec {
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:eachVal=+k8s:subfield(port)=+k8s:minimum=1
    pub ports: Vec<Port>,
    /// +k8s:optional
    pub primary: Option<Port>,
}

fn main() {}
