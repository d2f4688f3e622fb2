use k8s_validation::Validate;

// `+k8s:modeDiscriminator` and `+k8s:ifMode` are field tags (Kubernetes 1.37).

/// +k8s:modeDiscriminator
#[derive(Validate, PartialEq)]
#[validate(kubernetes = "1.37")]
pub struct Mode(pub String);

#[derive(Validate, PartialEq)]
#[validate(kubernetes = "1.37")]
pub struct Spec {
    /// +k8s:modeDiscriminator
    pub mode: String,
    /// +k8s:eachVal=+k8s:ifMode("A")=+k8s:required
    pub items: Vec<String>,
}

fn main() {}
