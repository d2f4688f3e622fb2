use validation_runtime::Validate;

#[derive(Validate, PartialEq)]
pub struct PersistentVolumeSpec {
    /// +k8s:optional
    /// +k8s:listType=set
    /// +k8s:eachVal=+k8s:update=NoModify
    pub mount_options: Vec<String>,
}

fn main() {}
