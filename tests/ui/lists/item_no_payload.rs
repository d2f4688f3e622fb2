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
pub struct PodStatus {
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=type
    /// +k8s:item(type: "Ready")
    pub conditions: Vec<Condition>,
}

fn main() {}
