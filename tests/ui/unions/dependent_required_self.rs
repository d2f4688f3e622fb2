use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct TlsConfig {
    /// +k8s:optional
    /// +k8s:dependentForbidden(cert_file)
    pub cert_file: Option<String>,
}

fn main() {}
