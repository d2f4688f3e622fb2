use validation_runtime::Validate;

#[derive(Validate, PartialEq)]
pub struct PersistentVolumeSpec {
    /// +k8s:optional
    /// +k8s:update=NoAddItem
    pub mount_options: Vec<String>,
}

fn main() {}
