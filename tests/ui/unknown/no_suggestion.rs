use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct IngressRule {
    /// +k8s:required
    /// +k8s:hostname
    pub host: String,
}

fn main() {}
