use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ObjectMeta {
    /// +k8s:optional
    /// +k8s:monotonic
    pub resource_version: String,
}

fn main() {}
