use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct DeploymentSpec {
    /// Number of desired pods.
    /// +k8s:optional
    /// +k8s:minimum= 0
    pub replicas: Option<i32>,
}

fn main() {}
