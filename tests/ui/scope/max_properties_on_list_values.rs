use std::collections::BTreeMap;
use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct TopologySpec {
    /// +k8s:optional
    /// +k8s:eachVal=+k8s:maxProperties=4
    pub zones: Vec<BTreeMap<String, String>>,
}

fn main() {}
