//! A kube custom resource validated by declarative `+k8s:` tags.
//!
//! `WidgetSpec` is an ordinary kube CRD spec with one more derive,
//! `Validate`, and `+k8s:` tags in its doc comments. kube generates the
//! root type `Widget { metadata, spec, status }`; the `Validate` derive on
//! the spec reads kube's `#[kube(...)]` and gives that root `Validate` too
//! (through [`k8s_validation::custom_resource!`]): the API server's
//! `metadata` rules (name format, here `#[validate(metadata_name =
//! "k8s-short-name")]`, `generateName`, the namespace of a `namespaced`
//! kind), then the spec's and status's own validation.
//! Errors use serde's names: `spec.replicas`, `metadata.name`.

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::{LocalObjectReference, ResourceRequirements};
use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, LabelSelector, Time};
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;
use k8s_validation::Validate;
use kube::{CustomResource, KubeSchema};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The desired state of a `Widget`.
#[derive(CustomResource, Serialize, Deserialize, Clone, Debug, JsonSchema, Validate)]
#[kube(
    group = "example.dev",
    version = "v1",
    kind = "Widget",
    namespaced,
    status = "WidgetStatus"
)]
#[serde(rename_all = "camelCase")]
#[validate(metadata_name = "k8s-short-name")]
pub struct WidgetSpec {
    /// How many widgets to run.
    ///
    /// +k8s:optional
    /// +k8s:minimum=0
    pub replicas: Option<i32>,

    /// Memory per widget; it cannot change once set (`1Gi` -> `1024Mi` is
    /// no change: quantities compare by value).
    ///
    /// +k8s:required
    /// +k8s:immutable
    pub memory: Option<Quantity>,

    /// Which pods belong to the widget.
    ///
    /// +k8s:optional
    /// +k8s:subfield(matchExpressions)=+k8s:maxItems=4
    pub selector: Option<LabelSelector>,

    /// The port to serve on, a number or a name.
    ///
    /// +k8s:required
    pub port: Option<IntOrString>,

    /// Pull secrets, by name.
    ///
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:maxItems=8
    /// +k8s:eachVal=+k8s:subfield(name)=+k8s:format=k8s-long-name
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub image_pull_secrets: Vec<LocalObjectReference>,

    /// Resources of each widget.
    ///
    /// +k8s:optional
    pub resources: Option<ResourceRequirements>,

    /// Extra labels for the pods.
    ///
    /// +k8s:optional
    /// +k8s:eachKey=+k8s:format=k8s-label-key
    /// +k8s:eachVal=+k8s:format=k8s-label-value
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub pod_labels: BTreeMap<String, String>,
}

/// The observed state of a `Widget`.
#[derive(Serialize, Deserialize, Clone, Debug, Default, JsonSchema, Validate)]
#[serde(rename_all = "camelCase")]
pub struct WidgetStatus {
    /// When the widget first became ready.
    ///
    /// +k8s:optional
    /// +k8s:immutable
    pub ready_since: Option<Time>,

    /// The widget's conditions, one per type.
    ///
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=type
    /// +k8s:eachVal=+k8s:subfield(reason)=+k8s:format=k8s-short-name
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}

/// A `Gauge`: kube's own schema tooling next to the `+k8s:` tags.
///
/// `KubeSchema` (instead of schemars' `JsonSchema`) adds the hand-written
/// CEL of `#[x_kube(validation = ...)]`; `#[kube(cel)]` gives
/// `Gauge::validate_cel` / `validate_cel_update` (kube's client-side CEL,
/// the kube-cel engine); `#[schemars(transform = ...)]` exports the tags
/// into the same schema. KubeSchema re-emits the struct as a private shadow
/// struct deriving `JsonSchema` and copies the `schemars` attribute onto it,
/// so the transform must name the type (`apply::<GaugeSpec>`): `Self` would
/// be the shadow struct, which has no `SchemaFragment`.
/// `tests/kube_cel.rs` compares kube-cel and the derive on a corpus.
///
/// `skip_serializing_if` on every `Option`: kube-cel (and the apiserver,
/// for a `nullable` field) sees a serialized `None` as a present `null`, so
/// `has(self.x)` holds and a transition rule runs against `oldSelf == null`;
/// the derive treats `null` as unset (Go's nil).
#[derive(CustomResource, KubeSchema, Serialize, Deserialize, Clone, Debug, Validate)]
#[kube(group = "example.dev", version = "v1", kind = "Gauge", namespaced, cel)]
#[x_kube(validation = Rule::new("!has(self.minReplicas) || !has(self.maxReplicas) || self.minReplicas <= self.maxReplicas").message("minReplicas must not exceed maxReplicas").field_path(".minReplicas"))]
#[schemars(transform = k8s_validation::schema::apply::<GaugeSpec>)]
#[serde(rename_all = "camelCase")]
pub struct GaugeSpec {
    /// The gauge's class.
    ///
    /// +k8s:required
    /// +k8s:format=k8s-short-name
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class_name: Option<String>,

    /// +k8s:optional
    /// +k8s:minimum=0
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_replicas: Option<i32>,

    /// +k8s:optional
    /// +k8s:minimum=0
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_replicas: Option<i32>,

    /// Memory per gauge: immutable, compared by value (`1Gi` = `1024Mi`),
    /// in the derive and in the exported CEL.
    ///
    /// +k8s:required
    /// +k8s:immutable
    #[serde(skip_serializing_if = "Option::is_none")]
    pub memory: Option<Quantity>,

    /// A free-form tier that, once set, cannot change.
    ///
    /// +k8s:optional
    /// +k8s:update=NoModify
    #[x_kube(validation = Rule::new("self != 'legacy'").message("the legacy tier is gone"))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tier: Option<String>,

    /// Limits by resource name.
    ///
    /// +k8s:optional
    /// +k8s:maxProperties=4
    /// +k8s:eachKey=+k8s:format=k8s-short-name
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub limits: BTreeMap<String, Quantity>,

    /// Ports, by name.
    ///
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:maxItems=4
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<GaugePort>,
}

/// One port of a `Gauge`.
#[derive(Serialize, Deserialize, Clone, Debug, JsonSchema, Validate)]
#[schemars(transform = k8s_validation::schema::apply::<Self>)]
#[serde(rename_all = "camelCase")]
pub struct GaugePort {
    /// +k8s:required
    /// +k8s:format=k8s-short-name
    pub name: String,

    /// +k8s:optional
    /// +k8s:minimum=1
    /// +k8s:maximum=65535
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<i32>,
}
