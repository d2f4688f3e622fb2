use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct PodSecurityContext {
    /// +k8s:optional
    /// +k8s:listType=set
    /// +k8s:unique=set
    pub supplemental_groups: Vec<i64>,
}

fn main() {}
