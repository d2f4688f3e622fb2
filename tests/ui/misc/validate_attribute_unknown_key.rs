use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
#[validate(krate = "::k8s_validation")]
pub struct Spec {
    /// +k8s:minimum=0
    pub replicas: i32,
}

fn main() {}
