//! A kube custom resource on k8s-openapi's `v1_33` (Kubernetes 1.33, the
//! oldest kube 5 supports), validated with k8s-validation's default
//! release (1.35): the tags are on its own types, with k8s-openapi types as
//! fields, and the root kube generates gets the API server's `metadata`
//! rules, which are the same for 1.33 to 1.37.

use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::LabelSelector;
use kube::CustomResource;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use k8s_validation::Validate;

/// The desired state of a `Gadget`.
#[derive(CustomResource, Serialize, Deserialize, Clone, Debug, JsonSchema, Validate)]
#[kube(group = "example.dev", version = "v1", kind = "Gadget", namespaced)]
#[serde(rename_all = "camelCase")]
pub struct GadgetSpec {
    /// +k8s:optional
    /// +k8s:minimum=0
    pub replicas: Option<i32>,

    /// +k8s:required
    /// +k8s:immutable
    pub memory: Option<Quantity>,

    /// +k8s:optional
    /// +k8s:subfield(matchExpressions)=+k8s:maxItems=2
    pub selector: Option<LabelSelector>,

    /// +k8s:optional
    /// +k8s:listType=set
    /// +k8s:eachVal=+k8s:format=k8s-short-name
    #[serde(default)]
    pub aliases: Vec<String>,
}
