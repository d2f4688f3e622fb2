use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ObjectReference {
    /// +k8s:optional
    pub name: String,
    /// +k8s:optional
    pub namespace: String,
}

#[derive(Validate, PartialEq)]
pub struct EventSpec {
    /// +k8s:subfield(nmae)=+k8s:required
    pub involved_object: ObjectReference,
}

fn main() {}
