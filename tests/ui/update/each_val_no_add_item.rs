use k8s_validation::Validate;

#[derive(Validate, PartialEq)] #[validate(kubernetes = "1.37")]
pub struct PersistentVolumeClaimSpec {
    /// +k8s:optional
    /// +k8s:listType=set
    /// +k8s:eachVal=+k8s:update=NoAddItem
    pub access_modes: Vec<String>,
}

fn main() {}
