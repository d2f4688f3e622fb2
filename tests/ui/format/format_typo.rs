use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ObjectMeta {
    /// +k8s:optional
    /// +k8s:format=k8s-shortname
    pub name: String,
}

fn main() {}
