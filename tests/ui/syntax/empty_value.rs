use validation_runtime::Validate;

#[derive(Validate, PartialEq)]
pub struct ObjectMeta {
    /// +k8s:optional
    /// +k8s:maxLength=
    pub generate_name: String,
}

fn main() {}
