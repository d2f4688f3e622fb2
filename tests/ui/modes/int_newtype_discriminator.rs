use k8s_validation::Validate;

/// Go's `type Replicas int32`: not a string or a bool.
#[derive(Validate, PartialEq)]
#[validate(kubernetes = "1.37")]
pub struct Replicas(pub i32);

#[derive(Validate, PartialEq)]
#[validate(kubernetes = "1.37")]
pub struct Spec {
    /// +k8s:modeDiscriminator
    pub replicas: Replicas,
    /// +k8s:ifMode("1")=+k8s:required
    pub a: Option<String>,
}

fn main() {}
