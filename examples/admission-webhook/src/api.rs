//! The API the webhook admits: `Deployment` in group `webhook.example.dev`,
//! version `v1` (a custom resource), validated declaratively by `+k8s:` tags.
//!
//! It mirrors `examples/apps` (a small Deployment) and adds what a webhook
//! meets in a real cluster: the object arrives as the apiserver serialised
//! it, with server-set metadata (`uid`, `creationTimestamp`,
//! `managedFields`, ...) that this type ignores.

use std::collections::BTreeMap;

use k8s_validation::Validate;
use serde::{Deserialize, Serialize};

/// The API group.
pub const GROUP: &str = "webhook.example.dev";
/// The version.
pub const VERSION: &str = "v1";
/// The kind.
pub const KIND: &str = "Deployment";
/// The resource (plural).
pub const RESOURCE: &str = "deployments";
/// The Go type name printed in `no validation found for ...` errors.
pub const GO_TYPE: &str = "*v1.Deployment";

/// A Deployment-like object, validated on `/` and `/status`.
///
/// +k8s:supportsSubresource="/status"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Deployment {
    /// `webhook.example.dev/v1`.
    #[serde(default)]
    pub api_version: String,
    /// `Deployment`.
    #[serde(default)]
    pub kind: String,
    /// Name, namespace, labels.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired state.
    #[serde(default)]
    pub spec: DeploymentSpec,
    /// The observed state, written through `/status`.
    #[serde(default)]
    pub status: DeploymentStatus,
}

/// The part of `metav1.ObjectMeta` the validation reads; other metadata
/// fields are accepted and ignored.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ObjectMeta {
    /// +k8s:required
    /// +k8s:format=k8s-long-name
    #[serde(default)]
    pub name: String,
    /// The namespace (not validated here: the apiserver did).
    #[serde(default)]
    pub namespace: String,
    /// +k8s:optional
    /// +k8s:eachKey=+k8s:format=k8s-label-key
    /// +k8s:eachVal=+k8s:format=k8s-label-value
    #[serde(default)]
    pub labels: BTreeMap<String, String>,
}

/// The desired state.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct DeploymentSpec {
    /// +k8s:optional
    /// +k8s:minimum=0
    pub replicas: Option<i32>,
    /// Seconds a new pod must be ready before it counts. The tag says at
    /// most an hour; the hand-written check says a day: the deliberate
    /// disagreement of this example.
    ///
    /// +k8s:optional
    /// +k8s:minimum=0
    /// +k8s:maximum=3600
    pub min_ready_seconds: Option<i32>,
    /// +k8s:required
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:maxItems=20
    #[serde(default)]
    pub containers: Vec<Container>,
}

/// A container.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Container {
    /// +k8s:required
    /// +k8s:format=k8s-short-name
    #[serde(default)]
    pub name: String,
    /// +k8s:required
    /// +k8s:maxLength=512
    #[serde(default)]
    pub image: String,
}

/// The observed state, written through `/status`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct DeploymentStatus {
    /// +k8s:optional
    /// +k8s:minimum=0
    #[serde(default)]
    pub ready_replicas: i32,
    /// +k8s:optional
    /// +k8s:minimum=0
    #[serde(default)]
    pub observed_generation: i64,
}
