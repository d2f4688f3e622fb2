//! The example API group, validated with `#[derive(Validate)]`.
//!
//! `src/cli_api/mod.rs` holds the same types without the derive, validated
//! by the committed output of `validation-gen`; a test keeps the two in sync.
#![allow(missing_docs, dead_code)]

use std::collections::BTreeMap;

use k8s_validation::Validate;
use serde::{Deserialize, Serialize};

/// A Deployment-like object: validated on `/` and `/status`.
///
/// +k8s:supportsSubresource="/status"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Deployment {
    pub metadata: ObjectMeta,
    pub spec: DeploymentSpec,
    #[serde(default)]
    pub status: DeploymentStatus,
}

/// Object metadata (a small part of Kubernetes' `ObjectMeta`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ObjectMeta {
    /// +k8s:required
    /// +k8s:format=k8s-long-name
    #[serde(default)]
    pub name: String,
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
    /// +k8s:optional
    pub strategy: Option<DeploymentStrategy>,
}

/// A container.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Container {
    /// +k8s:required
    /// +k8s:format=k8s-short-name
    pub name: String,
    /// +k8s:required
    /// +k8s:maxLength=512
    #[serde(default)]
    pub image: String,
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=containerPort
    /// +k8s:listMapKey=protocol
    /// +k8s:maxItems=10
    #[serde(default)]
    pub ports: Vec<ContainerPort>,
}

/// A port of a container.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ContainerPort {
    /// +k8s:required
    /// +k8s:minimum=1
    /// +k8s:maximum=65535
    pub container_port: i32,
    /// +k8s:required
    #[serde(default)]
    pub protocol: Protocol,
}

/// A network protocol.
///
/// +k8s:enum
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, Validate)]
pub struct Protocol(pub String);

#[k8s_validation::enum_values]
impl Protocol {
    pub const TCP: &'static str = "TCP";
    pub const UDP: &'static str = "UDP";
    pub const SCTP: &'static str = "SCTP";
}

/// How to replace old pods: exactly one of the two strategies.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct DeploymentStrategy {
    /// +k8s:optional
    /// +k8s:unionMember
    pub recreate: Option<RecreateStrategy>,
    /// +k8s:optional
    /// +k8s:unionMember
    pub rolling_update: Option<RollingUpdate>,
}

/// Kill all pods first.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
pub struct RecreateStrategy {}

/// Replace pods gradually.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct RollingUpdate {
    /// +k8s:optional
    /// +k8s:minimum=0
    pub max_surge: Option<i32>,
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

/// The `/scale` subresource of a Deployment.
///
/// +k8s:isSubresource="/scale"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Scale {
    pub metadata: ObjectMeta,
    pub spec: ScaleSpec,
}

/// The desired scale.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
pub struct ScaleSpec {
    /// +k8s:optional
    /// +k8s:minimum=0
    #[serde(default)]
    pub replicas: i32,
}
