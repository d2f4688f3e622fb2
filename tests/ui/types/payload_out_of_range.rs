use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ServicePort {
    /// +k8s:optional
    /// +k8s:maximum=65536
    pub port: u16,
}

fn main() {}
