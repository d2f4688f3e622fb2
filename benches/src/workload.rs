//! The benchmark workload: a Deployment-like object and a large list-map,
//! validated with `#[derive(Validate)]`.
//!
//! `benches/go/workload/types.go` declares the same types with the same tags
//! for upstream's generator (Kubernetes 1.35, which has no `+k8s:maximum`:
//! the Go side checks that one rule by hand).
#![allow(missing_docs)]

use std::collections::BTreeMap;

use k8s_validation::Validate;
use serde::{Deserialize, Serialize};

/// A Deployment-like object.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Deployment {
    pub metadata: ObjectMeta,
    pub spec: DeploymentSpec,
}

/// Object metadata (a small part of Kubernetes' `ObjectMeta`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ObjectMeta {
    /// +k8s:required
    /// +k8s:format=k8s-long-name
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

/// One container of the pod template.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Container {
    /// +k8s:required
    /// +k8s:format=k8s-short-name
    pub name: String,
    /// +k8s:required
    /// +k8s:maxLength=512
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

/// How to replace old pods: exactly one member.
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
    /// +k8s:optional
    /// +k8s:minimum=0
    pub max_unavailable: Option<i32>,
}

/// The uniqueness workload: one large list-map.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
pub struct PortList {
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    #[serde(default)]
    pub ports: Vec<ServicePort>,
}

/// One item of a [`PortList`].
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
pub struct ServicePort {
    /// +k8s:required
    /// +k8s:format=k8s-short-name
    pub name: String,
    /// +k8s:required
    /// +k8s:minimum=1
    pub port: i32,
    /// +k8s:required
    pub protocol: Protocol,
}
