use std::collections::BTreeMap;

use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ConfigMapData {
    /// +k8s:eachVal=+k8s:optional
    pub data: BTreeMap<String, String>,
}

fn main() {}
