use k8s_validation::Validate;

/// +k8s:minimum=0
#[derive(Validate, PartialEq)]
pub struct PortRange(pub i32, pub i32);

fn main() {}
