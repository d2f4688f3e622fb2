use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ContainerPort {
    /// The port name, as referenced by Services.
    /// +k8s:optional
    /// +k8s:minimum=1
    pub name: String,
}

fn main() {}
