//! The API of the example server: `Widget` in group `example.dev`,
//! version `v1`, with declarative validation from `+k8s:` tags.

use serde::{Deserialize, Serialize};
use validation_runtime::Validate;

/// The API group.
pub const GROUP: &str = "example.dev";
/// `apiVersion` of a Widget.
pub const API_VERSION: &str = "example.dev/v1";
/// The kind.
pub const KIND: &str = "Widget";

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
    /// Name and labels.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired state.
    #[serde(default)]
    pub spec: WidgetSpec,
    /// The observed state (written through `/status`).
    #[serde(default)]
    pub status: WidgetStatus,
}

/// Object metadata.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
pub struct ObjectMeta {
    /// +k8s:required
    /// +k8s:format=k8s-short-name
    #[serde(default)]
    pub name: String,
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
}

/// A service tier.
///
/// +k8s:enum
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, Validate)]
pub struct Tier(pub String);

#[validation_runtime::enum_values]
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
}
