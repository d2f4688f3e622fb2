//! The API of the example server: `Widget` in group `example.dev`,
//! version `v1`, with declarative validation from `+k8s:` tags.
//!
//! Serialisation follows Go's `omitempty` as a custom resource's
//! unstructured JSON does: empty strings, maps, lists and absent numbers are
//! left out, so that what the server returns for an unchanged object is
//! byte-for-byte what it returned before (`kubectl diff` stays empty).
//!
//! The API types live in a directory of their own so that `validation-gen
//! schema src/api` reads them and nothing else: the schema the server
//! serves, decodes and merges by is that export (`schema/api-<release>.json`,
//! see [`crate::schema`]).

use std::collections::BTreeMap;

use k8s_validation::Validate;
use serde::{Deserialize, Serialize};

/// The API group.
pub const GROUP: &str = "example.dev";
/// The version.
pub const VERSION: &str = "v1";
/// `apiVersion` of a Widget.
pub const API_VERSION: &str = "example.dev/v1";
/// The kind.
pub const KIND: &str = "Widget";
/// The kind of a list.
pub const LIST_KIND: &str = "WidgetList";
/// The resource (plural).
pub const RESOURCE: &str = "widgets";
/// The singular resource name.
pub const SINGULAR: &str = "widget";
/// The short name (`kubectl get wd`).
pub const SHORT_NAME: &str = "wd";

/// A Widget. Its validation serves the resource itself and `/status`; the
/// server also offers `/scale`, which the tags do not declare, so that
/// mismatch mode shows what takeover would break.
///
/// +k8s:supportsSubresource="/status"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Widget {
    /// `example.dev/v1`.
    #[serde(default)]
    pub api_version: String,
    /// `Widget`.
    #[serde(default)]
    pub kind: String,
    /// Name, namespace, labels, annotations and what the server sets.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired state.
    #[serde(default)]
    pub spec: WidgetSpec,
    /// The observed state (written through `/status`).
    #[serde(default, skip_serializing_if = "WidgetStatus::is_empty")]
    pub status: WidgetStatus,
}

/// Object metadata (the part of `metav1.ObjectMeta` this server keeps).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ObjectMeta {
    /// +k8s:required
    /// +k8s:format=k8s-short-name
    #[serde(default)]
    pub name: String,
    /// The namespace (set from the URL).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub namespace: String,
    /// Set by the server on create.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub uid: String,
    /// Set by the server on every write; a precondition on update.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub resource_version: String,
    /// Set by the server: 1 on create, +1 on every change of the spec.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub generation: i64,
    /// Set by the server on create (RFC 3339, seconds).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub creation_timestamp: String,
    /// Labels (`labelSelector` matches them).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
    /// Annotations (kubectl's `last-applied-configuration` lives here).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub annotations: BTreeMap<String, String>,
    /// Who owns which fields (server-side apply).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub managed_fields: Vec<ManagedFieldsEntry>,
}

/// One field manager's set of fields (`metav1.ManagedFieldsEntry`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ManagedFieldsEntry {
    /// The manager (`kubectl`, `kubectl-client-side-apply`, ...).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub manager: String,
    /// `Apply` or `Update`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub operation: String,
    /// The version the fields were set through.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub api_version: String,
    /// When the entry last changed (RFC 3339).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub time: String,
    /// `FieldsV1`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fields_type: String,
    /// The field set, in the `FieldsV1` trie format.
    #[serde(default, skip_serializing_if = "serde_json::Value::is_null")]
    pub fields_v1: serde_json::Value,
    /// `status` or `scale` for an entry made through a subresource.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub subresource: String,
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

/// The desired state.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct WidgetSpec {
    /// +k8s:optional
    /// +k8s:minimum=0
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
    /// A label for humans. The tag says 16 bytes; the hand-written check
    /// says 20: the deliberate disagreement of this example.
    ///
    /// +k8s:optional
    /// +k8s:maxLength=16
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub display_name: String,
    /// +k8s:immutable
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub class: String,
    /// +k8s:optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tier: Option<Tier>,
    /// Ports, keyed by name: server-side apply merges them item by item.
    ///
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<WidgetPort>,
    /// Free-form tags, a set: each applier owns the values it sets.
    ///
    /// +k8s:optional
    /// +k8s:listType=set
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// A command line, replaced as a whole.
    ///
    /// +k8s:optional
    /// +k8s:listType=atomic
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub command: Vec<String>,
}

/// A named port.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct WidgetPort {
    /// +k8s:required
    #[serde(default)]
    pub name: String,
    /// +k8s:optional
    /// +k8s:minimum=0
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<i32>,
    /// +k8s:optional
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub protocol: String,
}

/// A service tier.
///
/// +k8s:enum
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, Validate)]
pub struct Tier(pub String);

#[k8s_validation::enum_values]
impl Tier {
    /// The best.
    pub const GOLD: &'static str = "Gold";
    /// Good enough.
    pub const SILVER: &'static str = "Silver";
}

/// The observed state.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct WidgetStatus {
    /// +k8s:optional
    /// +k8s:minimum=0
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ready_replicas: Option<i32>,
    /// The replica count `/scale` reports as `status.replicas`.
    ///
    /// +k8s:optional
    /// +k8s:minimum=0
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
}

impl WidgetStatus {
    /// No field set (left out of the JSON, as a custom resource without a
    /// status is).
    pub fn is_empty(&self) -> bool {
        self == &WidgetStatus::default()
    }
}
