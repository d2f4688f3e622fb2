use validation_runtime::Validate;

#[derive(Validate, PartialEq)]
pub struct IngressRule {
    /// +k8s:required
    /// +k8s:hostname
    pub host: String,
}

fn main() {}
