//! Runtime of Kubernetes-style declarative validation for Rust.
//!
//! This crate is what code generated from `+k8s:` tags calls: field paths
//! and errors that render exactly like a Kubernetes API server's
//! ([`field`]), the [`Operation`] being validated, the [`Validate`] trait,
//! and one validator module per tag family ([`validate`]).
//!
//! It is deliberately small: its only normal dependencies are `serde`,
//! `serde_json`, `validation-spec` (the vocabulary it shares with the
//! generator) and, with the default `derive` feature, the derive macros
//! (optionally `k8s-openapi` and `schemars`, behind features of those names).
//! Running
//! declarative validation next to hand-written validation in a server
//! (feature gates, mismatch metrics, takeover, replay) is the separate
//! `validation-migration` crate, built on this crate's public API.
//!
//! ```
//! use validation_runtime::field::Path;
//! use validation_runtime::{ErrorList, validate, ErrorType, Operation};
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
#![warn(missing_docs)]

// `#[enum_values]` expands to `::validation_runtime::...` paths; the shipped
// meta types (`meta`, generated with `#[validate(crate = "crate")]`) use it
// inside this crate.
#[cfg(feature = "meta")]
extern crate self as validation_runtime;

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
pub use validation_spec as spec;
pub use validation_spec::Release;

/// `#[derive(Validate)]`: generates `Validate` from `+k8s:` doc-comment tags.
#[cfg(feature = "derive")]
pub use validation_gen_derive::Validate;

/// `#[enum_values]`: marks the `impl` block whose `&'static str` consts are
/// the values of a `+k8s:enum` type.
#[cfg(feature = "derive")]
pub use validation_gen_derive::enum_values;

/// The examples of `docs/architecture.md`, run as doctests.
#[doc = include_str!("../../docs/architecture.md")]
#[cfg(doctest)]
pub struct ArchitectureDocs;

/// The examples of `docs/meta-types.md`, run as doctests.
#[doc = include_str!("../../docs/meta-types.md")]
#[cfg(all(doctest, feature = "meta"))]
pub struct MetaTypesDocs;

/// The examples of `docs/semantic-equality.md`, run as doctests.
#[doc = include_str!("../../docs/semantic-equality.md")]
#[cfg(doctest)]
pub struct SemanticEqualityDocs;
