use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ServiceSpec {
    /// Type determines how the Service is exposed.
    /// +k8s:optional
    /// +k8s:enum
    pub type_name: String,
}

fn main() {}
