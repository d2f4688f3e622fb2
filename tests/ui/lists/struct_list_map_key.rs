use validation_runtime::Validate;

#[derive(Validate, PartialEq, Eq, Hash)]
pub struct ObjectReference {
    /// +k8s:required
    pub name: String,
}

#[derive(Validate, PartialEq)]
pub struct OwnerReference {
    /// +k8s:required
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
