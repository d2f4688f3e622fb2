//! Schema export through schemars: `#[derive(JsonSchema, Validate)]` plus
//! `#[schemars(transform = k8s_validation::schema::apply::<Self>)]` on a
//! kube-style CRD spec; the schemars output carries the tag-derived
//! keywords and CEL rules, and no `+k8s:` line.

use std::collections::BTreeMap;

use k8s_validation::schema::SchemaFragment;
use k8s_validation::Validate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// The desired state of a Widget.
///
/// +k8s:supportsSubresource="/status"
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(rename_all = "camelCase")]
#[schemars(transform = k8s_validation::schema::apply::<Self>)]
pub struct WidgetSpec {
    /// The class: a DNS label.
    /// +k8s:required
    /// +k8s:format=k8s-short-name
    pub class_name: Option<String>,
    /// +k8s:optional
    /// +k8s:minimum=0
    /// +k8s:maximum=10
    pub replicas: Option<i32>,
    /// +k8s:optional
    /// +k8s:immutable
    pub uid: Option<String>,
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:maxItems=8
    #[serde(default)]
    pub ports: Vec<WidgetPort>,
    /// +k8s:optional
    /// +k8s:eachKey=+k8s:format=k8s-label-key
    #[serde(default)]
    pub labels: BTreeMap<String, String>,
    /// +k8s:optional
    pub mode: Option<Mode>,
    /// +k8s:optional
    pub tier: Option<Tier>,
}

/// A port.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema, Validate)]
#[schemars(transform = k8s_validation::schema::apply::<Self>)]
pub struct WidgetPort {
    /// +k8s:required
    /// +k8s:maxLength=15
    pub name: Option<String>,
}

/// A mode.
///
/// +k8s:enum
#[derive(
    Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema, Validate,
)]
#[schemars(transform = k8s_validation::schema::apply::<Self>)]
pub enum Mode {
    Fast,
    Safe,
}

/// A tier: a string newtype with its values in an `#[enum_values]` block.
///
/// +k8s:enum
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema, Validate)]
#[schemars(transform = k8s_validation::schema::apply::<Self>)]
pub struct Tier(pub String);

#[k8s_validation::enum_values]
impl Tier {
    pub const GOLD: &'static str = "Gold";
    pub const SILVER: &'static str = "Silver";
}

fn rules(v: &Value) -> Vec<String> {
    v["x-kubernetes-validations"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| r["rule"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn schemars_output_carries_the_exported_keywords() {
    let schema = serde_json::to_value(schemars::schema_for!(WidgetSpec)).unwrap();
    let text = schema.to_string();
    assert!(
        !text.contains("+k8s"),
        "a tag leaked into a description: {text}"
    );
    assert_eq!(schema["description"], "The desired state of a Widget.");
    assert!(schema["required"]
        .as_array()
        .unwrap()
        .contains(&json!("className")));
    let props = &schema["properties"];
    assert_eq!(props["className"]["description"], "The class: a DNS label.");
    assert!(rules(&props["className"])
        .iter()
        .any(|r| r.contains("format.dns1123Label()")));
    assert_eq!(props["className"]["maxLength"], 63);
    assert_eq!(props["replicas"]["minimum"], 0);
    assert_eq!(props["replicas"]["maximum"], 10);
    assert_eq!(rules(&props["uid"]), ["self == oldSelf"]);
    assert_eq!(props["ports"]["x-kubernetes-list-type"], "map");
    assert_eq!(
        props["ports"]["x-kubernetes-list-map-keys"],
        json!(["name"])
    );
    assert_eq!(props["ports"]["maxItems"], 8);
    assert!(rules(&props["labels"])[0].starts_with("self.all(k, "));
    // Nested types get their own transform: in `$defs`.
    let port = &schema["$defs"]["WidgetPort"];
    assert_eq!(port["required"], json!(["name"]));
    assert_eq!(port["properties"]["name"]["maxLength"], 15);
    assert_eq!(schema["$defs"]["Mode"]["enum"], json!(["Fast", "Safe"]));
    assert_eq!(schema["$defs"]["Tier"]["enum"], json!(["Gold", "Silver"]));
    // The upstream parent-level rule for immutability (set <-> unset).
    assert!(rules(&schema)
        .iter()
        .any(|r| r == "has(self.uid) == has(oldSelf.uid)"));
}

#[test]
fn the_fragment_is_the_generators() {
    // The derive embeds what `validation-gen schema` computes for the type.
    let f = WidgetPort::schema_fragment();
    assert_eq!(f["properties"]["name"]["maxLength"], 15);
    assert_eq!(f["required"], json!(["name"]));
    // And the type validates as before.
    let errs = WidgetPort { name: None }.validate(&k8s_validation::Operation::create());
    assert_eq!(errs.to_string(), "name: Required value");
}
