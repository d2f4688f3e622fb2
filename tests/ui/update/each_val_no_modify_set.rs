use k8s_validation::Validate;

#[derive(Validate, PartialEq)] #[validate(kubernetes = "1.37")]
pub struct PersistentVolumeSpec {
    /// +k8s:optional
    /// +k8s:listType=set
    /// +k8s:eachVal=+k8s:update=NoModify
    pub mount_options: Vec<String>,
}

fn main() {}
