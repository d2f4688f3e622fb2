use k8s_validation::Validate;

/// +k8s:unionMember
#[derive(Validate, PartialEq)]
pub struct HostPathSource {
    /// +k8s:required
    pub path: String,
}

fn main() {}
