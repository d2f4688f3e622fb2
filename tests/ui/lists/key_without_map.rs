use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct Condition {
    /// +k8s:required
    pub r#type: String,
    /// +k8s:required
    pub status: String,
    /// +k8s:optional
    pub reason: String,
}

#[derive(Validate, PartialEq)]
pub struct DeploymentStatus {
    /// +k8s:optional
    /// +k8s:listType=atomic
    /// +k8s:listMapKey=type
    pub conditions: Vec<Condition>,
}

fn main() {}
