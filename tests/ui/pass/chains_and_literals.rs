//! Deep chains, option gates, Go integer literals and escaped strings.
use std::collections::BTreeMap;
use k8s_validation::{Operation, Validate};

#[derive(Validate, PartialEq, Debug)]
pub struct NodeSpec {
    /// +k8s:optional
    /// +k8s:ifEnabled(StrictTaints)=+k8s:eachVal=+k8s:maxLength=020
    /// +k8s:eachVal=+k8s:neq="a \"quoted\" \\ value"
    pub taints: Vec<String>,
    /// +k8s:optional
    /// +k8s:eachKey=+k8s:format=k8s-label-key
    /// +k8s:eachVal=+k8s:ifDisabled(LooseLabels)=+k8s:minLength=1
    pub labels: BTreeMap<String, String>,
    /// +k8s:optional
    /// +k8s:minimum=-1
    /// +k8s:maximum=+511
    pub weight: i16,
    /// +k8s:optional
    /// +k8s:neq=`back\`tick`
    pub note: String,
}

fn main() {
    let spec = NodeSpec {
        taints: vec!["a \"quoted\" \\ value".into(), "x".repeat(21)],
        labels: BTreeMap::from([("ok".to_string(), String::new())]),
        weight: 512,
        note: "back`tick".into(),
    };
    let errs = spec.validate(&Operation::create().with_option("StrictTaints"));
    let fields: Vec<String> = errs.iter().map(|e| e.field().to_string()).collect();
    assert_eq!(
        fields,
        ["taints[0]", "taints[1]", "labels[ok]", "weight", "note"],
        "{errs:?}"
    );
}
