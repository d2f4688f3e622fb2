use validation_runtime::Validate;

#[derive(Validate, PartialEq)]
pub struct Scale {
    /// +k8s:isSubresource="/scale"
    /// +k8s:minimum=0
    pub replicas: i32,
}

fn main() {}
