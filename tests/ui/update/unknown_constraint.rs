use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct PersistentVolumeClaimSpec {
    /// +k8s:optional
    /// +k8s:update=NoChange
    pub storage_class_name: Option<String>,
}

fn main() {}
