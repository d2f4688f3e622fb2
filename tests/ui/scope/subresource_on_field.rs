use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct Scale {
    /// +k8s:isSubresource="/scale"
    /// +k8s:minimum=0
    pub replicas: i32,
}

fn main() {}
