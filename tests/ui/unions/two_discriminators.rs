use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct VolumeSource {
    /// +k8s:unionDiscriminator
    pub kind: String,
    /// +k8s:unionDiscriminator
    pub source_type: String,
    /// +k8s:optional
    /// +k8s:unionMember
    pub host_path: Option<String>,
    /// +k8s:optional
    /// +k8s:unionMember
    pub empty_dir: Option<String>,
}

fn main() {}
