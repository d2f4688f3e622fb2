use k8s_validation::Validate;

/// +k8s:subfield(nmae)=+k8s:required
#[derive(Validate, PartialEq)]
pub struct ObjectReference {
    /// +k8s:optional
    pub name: String,
}

fn main() {}
