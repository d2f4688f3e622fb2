use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
#[validate(kubernetes = "1.34")]
pub struct Spec {
    /// +k8s:minimum=0
    pub replicas: i32,
}

fn main() {}
