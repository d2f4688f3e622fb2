use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ProbeHandler {
    /// +k8s:optional
    /// +k8s:unionMember(name: "Exec")
    pub exec: Option<String>,
    /// +k8s:optional
    /// +k8s:unionMember
    pub http_get: Option<String>,
}

fn main() {}
