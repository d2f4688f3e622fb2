use validation_runtime::Validate;

#[derive(Validate, PartialEq)]
pub struct Limits {
    /// Kubernetes 1.35 reads limits as decimal integers (`strconv.Atoi`).
    /// +k8s:maxLength=0x10
    pub name: String,
}

fn main() {}
