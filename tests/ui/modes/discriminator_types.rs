use k8s_validation::Validate;

// 1.37 takes string and bool discriminators (1.36 also took integers).
#[derive(Validate, PartialEq)]
#[validate(kubernetes = "1.37")]
pub struct IntDiscriminator {
    /// +k8s:modeDiscriminator
    pub replicas: i32,
    /// +k8s:ifMode("1")=+k8s:required
    pub a: Option<String>,
}

#[derive(Validate, PartialEq)]
#[validate(kubernetes = "1.37")]
pub struct PointerDiscriminator {
    /// +k8s:modeDiscriminator
    pub mode: Option<String>,
    /// +k8s:ifMode("A")=+k8s:required
    pub a: Option<String>,
}

fn main() {}
