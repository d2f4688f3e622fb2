use std::collections::BTreeMap;
use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ObjectMeta {
    /// +k8s:optional
    /// +k8s:eachKey=+k8s:immutable
    pub labels: BTreeMap<String, String>,
}

fn main() {}
