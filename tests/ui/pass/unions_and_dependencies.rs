//! Two named unions in one struct (one discriminated, with a custom member
//! name), a zero-or-one-of group and a field dependency.
use serde::Serialize;
use k8s_validation::{Operation, Validate};

#[derive(Serialize, Validate, PartialEq, Debug)]
#[serde(rename_all = "camelCase")]
pub struct VolumeSource {
    /// +k8s:unionDiscriminator(union: "source")
    pub source_type: String,
    /// +k8s:optional
    /// +k8s:unionMember(union: "source", memberName: "HostPath")
    pub host_path: Option<String>,
    /// +k8s:optional
    /// +k8s:unionMember(union: "source")
    pub empty_dir: Option<String>,
    /// +k8s:optional
    /// +k8s:zeroOrOneOfMember
    pub read_only: Option<bool>,
    /// +k8s:optional
    /// +k8s:zeroOrOneOfMember
    /// +k8s:dependentRequired(sourceType)
    pub read_write: Option<bool>,
}

fn main() {
    let v = VolumeSource {
        source_type: "HostPath".into(),
        host_path: Some("/data".into()),
        empty_dir: None,
        read_only: Some(true),
        read_write: Some(false),
    };
    let errs = v.validate(&Operation::create());
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert_eq!(errs.iter().next().unwrap().field().to_string(), "<nil>");
}
