use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ConfigMapSpec {
    /// A separator between records; a newline is not allowed.
    /// +k8s:optional
    /// +k8s:neq="\n"
    pub separator: String,
}

fn main() {}
