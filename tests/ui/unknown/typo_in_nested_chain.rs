use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct VolumeSpec {
    /// +k8s:optional
    /// +k8s:ifEnabled(VolumeLimits)=+k8s:eachVal=+k8s:fromat=k8s-short-name
    pub mounts: Vec<String>,
}

fn main() {}
