use k8s_validation::Validate;

// Kubernetes 1.37 accepts `listMapKey` without `listType` (it means
// nothing), but still only on a list of structs.
#[derive(Validate, PartialEq)]
#[validate(kubernetes = "1.37")]
pub struct Spec {
    /// +k8s:listMapKey=name
    pub names: Vec<String>,
}

fn main() {}
