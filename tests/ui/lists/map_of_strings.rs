use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct IngressSpec {
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=host
    pub hosts: Vec<String>,
}

fn main() {}
