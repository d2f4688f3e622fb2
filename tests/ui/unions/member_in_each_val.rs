use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct Condition {
    /// +k8s:required
    pub r#type: String,
}

#[derive(Validate, PartialEq)]
pub struct ClaimStatus {
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=type
    /// +k8s:eachVal=+k8s:unionMember
    pub conditions: Vec<Condition>,
}

fn main() {}
