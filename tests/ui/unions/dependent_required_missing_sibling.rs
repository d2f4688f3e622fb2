use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct TlsConfig {
    /// +k8s:optional
    /// +k8s:dependentRequired(keyFile)
    pub cert_file: Option<String>,
    /// +k8s:optional
    pub key_file: Option<String>,
}

fn main() {}
