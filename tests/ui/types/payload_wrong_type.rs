use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ObjectMeta {
    /// +k8s:optional
    /// +k8s:maxLength="63"
    pub generate_name: String,
}

fn main() {}
