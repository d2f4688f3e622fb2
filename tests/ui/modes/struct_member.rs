use k8s_validation::Validate;

// A discriminated member of struct type must be a pointer (`Option<T>`):
// upstream's "discriminated member fields of struct type must be pointers",
// in 1.36 (`+k8s:member`) and 1.37 (`+k8s:ifMode`). Whether a named type is a
// struct is known to the compiler, which reports it.

#[derive(Validate, PartialEq, Clone, Default)]
pub struct Settings {
    /// +k8s:minimum=1
    pub replicas: i32,
}

#[derive(Validate, PartialEq)]
#[validate(kubernetes = "1.37")]
pub struct Spec137 {
    /// +k8s:modeDiscriminator
    pub mode: String,
    /// +k8s:ifMode("Scaled")=+k8s:required
    pub settings: Settings,
    /// +k8s:ifMode("Scaled")=+k8s:required
    pub fine: Option<Settings>,
}

#[derive(Validate, PartialEq)]
#[validate(kubernetes = "1.36")]
pub struct Spec136 {
    /// +k8s:discriminator
    pub mode: String,
    /// +k8s:member("Scaled")=+k8s:required
    pub settings: Settings,
}

fn main() {}
