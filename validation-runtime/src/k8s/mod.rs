//! Interop with [`k8s-openapi`](https://docs.rs/k8s-openapi) 0.29 and
//! kube (feature `k8s-openapi`).
//!
//! * k8s-openapi's value types ([`Quantity`], `Time`, `MicroTime`,
//!   `IntOrString`) and structs (`ObjectMeta`, `LabelSelector`, `Condition`,
//!   `OwnerReference`, and the `core/v1` references, selectors and
//!   `ResourceRequirements` custom resources commonly hold) are field types
//!   of validated structs in every position: required/optional, list items,
//!   `+k8s:eachVal`, `+k8s:subfield(name)`, `+k8s:listMapKey`, ratcheting and
//!   `+k8s:immutable`. This crate implements `Validate`, `SemanticEq`,
//!   `IsZero`, `ToBadValue` and `HasField` for them (Rust's orphan rule puts
//!   those impls here). Equality is upstream's: quantities by value
//!   (`1Gi` = `1024Mi`), times by instant, unset = Go's zero value.
//! * [`custom_resource!`](crate::custom_resource) implements `Validate` for
//!   the root type kube's `#[derive(CustomResource)]` generates, with the
//!   API server's `metadata` rules ([`MetadataRules`]).
//! * The k8s-openapi version feature the final crate enabled is checked
//!   against the release validated ([`VALIDATED_RELEASE`]) only where the
//!   runtime runs a release's rules on k8s-openapi types (a custom
//!   resource's `metadata`): a pair that cannot work fails to compile there
//!   ([`version`]). Tags on your own types work with k8s-openapi `v1_33` to
//!   `v1_37` and any validation release.
//!
//! This crate never enables a k8s-openapi version feature (k8s-openapi
//! forbids libraries to); the binary does, as k8s-openapi documents.
//!
//! [`Quantity`]: k8s_openapi::apimachinery::pkg::api::resource::Quantity

mod metadata;
mod structs;
mod values;
pub mod version;

pub use metadata::{validate_object_meta, MetadataRules, NameFormat, Scope};
pub use values::parse_quantity;
pub use version::{K8S_OPENAPI_RELEASE, VALIDATED_RELEASE};
