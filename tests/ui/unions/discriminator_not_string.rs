use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct HostPath {
    /// +k8s:required
    pub path: String,
}

#[derive(Validate, PartialEq)]
pub struct VolumeSource {
    /// +k8s:unionDiscriminator
    pub source_kind: i32,
    /// +k8s:optional
    /// +k8s:unionMember
    pub host_path: Option<HostPath>,
    /// +k8s:optional
    /// +k8s:unionMember
    pub empty_dir: Option<String>,
}

fn main() {}
