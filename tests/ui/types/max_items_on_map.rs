use std::collections::BTreeMap;
use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ObjectMeta {
    /// +k8s:optional
    /// +k8s:maxItems=64
    pub annotations: BTreeMap<String, String>,
}

fn main() {}
