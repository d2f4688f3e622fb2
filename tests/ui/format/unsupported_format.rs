use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ServiceSpec {
    /// +k8s:optional
    /// +k8s:format=dns-label
    pub external_name: String,
}

fn main() {}
