use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct PersistentVolumeSpec {
    /// +k8s:optional
    /// +k8s:update
    pub volume_mode: Option<String>,
}

fn main() {}
