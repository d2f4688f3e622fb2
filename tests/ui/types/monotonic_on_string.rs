use validation_runtime::Validate;

#[derive(Validate, PartialEq)]
pub struct ObjectMeta {
    /// +k8s:optional
    /// +k8s:monotonic
    pub resource_version: String,
}

fn main() {}
