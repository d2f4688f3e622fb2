use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct Container {
    /// Ports to expose from the container.
    /// +k8s:optional
    /// +k8s:eachVal=+k8s:minimun=1
    pub ports: Vec<i32>,
}

fn main() {}
