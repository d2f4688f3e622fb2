use k8s_validation::Validate;

#[derive(Validate, PartialEq)] #[validate(kubernetes = "1.37")]
pub struct PersistentVolumeSpec {
    /// +k8s:optional
    /// +k8s:update=NoAddItem
    pub capacity: String,
}

fn main() {}
