use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct LeaseSpec {
    /// +k8s:optional
    /// +k8s:subfield(seconds)=+k8s:minimum=1
    pub lease_duration_seconds: i32,
}

fn main() {}
