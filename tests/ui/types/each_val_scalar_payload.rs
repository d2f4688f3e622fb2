use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ResourceClaimSpec {
    /// +k8s:optional
    /// +k8s:eachVal=1
    pub device_counts: Vec<i32>,
}

fn main() {}
