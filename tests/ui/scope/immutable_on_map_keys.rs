use std::collections::BTreeMap;
use validation_runtime::Validate;

#[derive(Validate, PartialEq)]
pub struct ObjectMeta {
    /// +k8s:optional
    /// +k8s:eachKey=+k8s:immutable
    pub labels: BTreeMap<String, String>,
}

fn main() {}
