use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ServicePort {
    /// +k8s:optional
    /// +default
    pub protocol: Option<String>,
}

fn main() {}
