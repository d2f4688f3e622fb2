use k8s_validation::Validate;

/// The scheduling priority of a pod.
/// +k8s:enum
#[derive(Validate, PartialEq)]
pub struct Priority(pub i32);

fn main() {}
