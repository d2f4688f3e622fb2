use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct Condition {
    /// +k8s:required
    pub r#type: String,
    /// +k8s:optional
    pub status: String,
}

#[derive(Validate, PartialEq)]
pub struct ObjectStatus {
    /// +k8s:listType=map
    /// +k8s:listMapKey=type
    /// +k8s:item(type: "Ready", "Available")=+k8s:required
    pub conditions: Vec<Condition>,
}

fn main() {}
