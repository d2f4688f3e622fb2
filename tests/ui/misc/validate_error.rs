use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ExperimentalSpec {
    /// +k8s:optional
    /// +k8s:validateError="this field is not ready for validation"
    pub setting: String,
}

fn main() {}
