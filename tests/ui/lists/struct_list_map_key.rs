use k8s_validation::Validate;

#[derive(Validate, PartialEq, Eq, Hash)]
pub struct ObjectReference {
    /// +k8s:required
    pub name: String,
}

#[derive(Validate, PartialEq)]
pub struct OwnerReference {
    // A struct value: no presence tag (upstream refuses them on one).
    pub target: ObjectReference,
}

#[derive(Validate, PartialEq)]
pub struct ObjectMeta {
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=target
    pub owner_references: Vec<OwnerReference>,
}

fn main() {}
