use validation_runtime::Validate;

#[derive(Validate, PartialEq)]
#[validate(krate = "::validation_runtime")]
pub struct Spec {
    /// +k8s:minimum=0
    pub replicas: i32,
}

fn main() {}
