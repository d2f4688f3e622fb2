use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ObjectMeta {
    /// Name must be unique within a namespace.
    /// +k8s:required
    /// +k8s:maxLenght=253
    pub name: String,
}

fn main() {}
