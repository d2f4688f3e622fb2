use k8s_validation::Validate;

/// +k8s:isSubresource="/scale"
/// +k8s:isSubresource="/status"
#[derive(Validate, PartialEq)]
pub struct Scale {
    /// +k8s:optional
    /// +k8s:minimum=0
    pub replicas: i32,
}

fn main() {}
