//! Tags mixed with prose, other generators' tags, legacy markers, trailing
//! `# comments`, block doc comments and serde renames are all valid.
use serde::Serialize;
use k8s_validation::{Operation, Validate};

/// A ConfigMap-like object.
///
/// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
/// +genclient
#[derive(Serialize, Validate, PartialEq, Debug)]
#[serde(rename_all = "camelCase")]
pub struct ConfigMapSpec {
    /**
     * The name of the map. Prose may mention +k8s tags in passing,
     * because only lines that start with `+` are tags.
     * +k8s:required
     * +k8s:maxLength=63   # DNS label length
     */
    pub map_name: String,
    /// +optional
    /// +k8s:optional
    /// +k8s:validation:maxLength=10
    /// +k8s:format=k8s-short-name
    pub r#type: Option<String>,
    /// Not serialized, so not validated (the type has no Validate impl).
    #[serde(skip)]
    pub cache: std::cell::Cell<u8>,
}

fn main() {
    let spec = ConfigMapSpec {
        map_name: "x".repeat(64),
        r#type: Some("Not_A_Name".into()),
        cache: Default::default(),
    };
    let errs = spec.validate(&Operation::create());
    let fields: Vec<String> = errs.iter().map(|e| e.field().to_string()).collect();
    assert_eq!(fields, ["mapName", "type"], "{errs:?}");
}
