//! Runtime of Kubernetes-style declarative validation for Rust.
//!
//! This crate is what code generated from `+k8s:` tags calls: field paths
//! and errors that render exactly like a Kubernetes API server's
//! ([`field`]), the [`Operation`] being validated, the [`Validate`] trait,
//! and one validator module per tag family ([`validate`]).
//!
//! It is deliberately small: its only normal dependencies are `serde`,
//! `serde_json`, `k8s-validation-spec` (the vocabulary it shares with the
//! generator) and, with the default `derive` feature, the derive macros
//! (optionally `k8s-openapi` and `schemars`, behind features of those names).
//! Running
//! declarative validation next to hand-written validation in a server
//! (feature gates, mismatch metrics, takeover, replay) is the separate
//! `k8s-validation-migration` crate, built on this crate's public API.
//!
//! ```
//! use k8s_validation::field::Path;
//! use k8s_validation::{ErrorList, validate, ErrorType, Operation};
//!
//! let root = Path::root();
//! let replicas = root.child("spec");
//! let replicas = replicas.child("replicas");
//! let errs = ErrorList::from_fn(|e| validate::minimum(e, &Operation::create(), &replicas, Some(&-1i32), None, 0));
//! assert_eq!(errs.len(), 1);
//! assert_eq!(errs[0].kind(), ErrorType::Invalid);
//! assert_eq!(errs[0].origin(), Some("minimum"));
//! assert_eq!(
//!     errs[0].to_string(),
//!     "spec.replicas: Invalid value: -1: must be greater than or equal to 0"
//! );
//! ```
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_docs)]

// `#[enum_values]` expands to `::k8s_validation::...` paths; the shipped
// meta types (`meta`, generated with `#[validate(crate = "crate")]`) use it
// inside this crate.
#[cfg(feature = "meta")]
extern crate self as k8s_validation;

pub mod field;
pub mod fields;
#[cfg(feature = "k8s-openapi")]
pub mod k8s;
#[cfg(feature = "meta")]
pub mod meta;
mod operation;
mod release;
pub mod schema;
pub mod semantic;
mod std_types;
mod traits;
pub mod types;
pub mod validate;

pub use field::{Error, ErrorList, ErrorType, StabilityLevel};
pub use fields::{FieldName, HasField, Pointee};
pub use operation::{Operation, OperationType};
pub use release::KUBERNETES_RELEASE;
pub use semantic::SemanticEq;
pub use traits::{BoolValue, BytesValue, IntValue, IsZero, Newtype, StrValue, Validate};
pub use types::{Duration, MicroTime, Quantity, QuantityValue, Time};

/// The vocabulary shared with the generator: Go quoting, the format table
/// (names and the functions of [`validate`] that check them) and Kubernetes
/// [`Release`]s.
pub use k8s_validation_spec as spec;
pub use k8s_validation_spec::Release;

/// `#[derive(Validate)]`: generates `Validate` from `+k8s:` doc-comment tags.
#[cfg(feature = "derive")]
pub use k8s_validation_derive::Validate;

/// `#[enum_values]`: marks the `impl` block whose `&'static str` consts are
/// the values of a `+k8s:enum` type.
#[cfg(feature = "derive")]
pub use k8s_validation_derive::enum_values;

/// The README's example, run as a doctest (from the package too).
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
