use k8s_validation::Validate;

// Kubernetes 1.36 calls these tags `+k8s:discriminator` / `+k8s:member`.
#[derive(Validate, PartialEq)]
#[validate(kubernetes = "1.36")]
pub struct Spec {
    /// +k8s:modeDiscriminator
    pub mode: String,
    /// +k8s:ifMode("A")=+k8s:required
    pub a: Option<String>,
}

fn main() {}
