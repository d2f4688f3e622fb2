//! The shared `meta/v1` types (`k8s.io/apimachinery/pkg/apis/meta/v1`) with
//! upstream's declarative validation, per Kubernetes release (feature
//! `meta`).
//!
//! From Kubernetes 1.37 apimachinery tags its shared types
//! (`ObjectMeta`, `OwnerReference`, `ManagedFieldsEntry`, `Condition`, ...)
//! with `+k8s:alpha(since: "1.37")=...` validation tags, and every API
//! group's generated validation calls them for its `metadata` and
//! `conditions` fields. [`v1_37`] ships those types as upstream declares
//! them in apimachinery v0.37.2: the tag lines verbatim, each type
//! `#[derive(Validate)]` with `#[validate(kubernetes = "1.37")]`, JSON as
//! Go's (camelCase names, `omitempty` as upstream, `null` read as the zero
//! value), `Time` as the runtime's [`Time`] (compared by
//! instant, as upstream's semantic equality). Use them as field types of
//! your own validated types:
//!
//! ```
//! use k8s_validation::meta::v1_37::{Condition, ObjectMeta};
//! use k8s_validation::{Operation, Validate};
//!
//! #[derive(Default, Validate)]
//! #[validate(kubernetes = "1.37")]
//! struct Widget {
//!     metadata: ObjectMeta,
//!     /// +k8s:optional
//!     /// +k8s:listType=map
//!     /// +k8s:listMapKey=type
//!     conditions: Vec<Condition>,
//! }
//!
//! let mut w = Widget::default();
//! w.metadata.generation = -1;
//! let errs = w.validate(&Operation::create());
//! assert_eq!(errs.len(), 1);
//! assert_eq!(
//!     errs[0].to_string(),
//!     "metadata.generation: Invalid value: -1: must be greater than or equal to 0"
//! );
//! // An alpha rule of 1.37: reported, marked alpha, not enforced by default.
//! assert!(errs[0].is_alpha());
//! ```
//!
//! **Releases.** Kubernetes 1.35 and 1.36 (apimachinery v0.35.0, v0.36.0)
//! tag none of these types: their validation of metadata is hand-written
//! (`ValidateObjectMeta`), not declarative. There is no `v1_35`/`v1_36`
//! module: a type of [`v1_37`] validates with the 1.37 rules whatever the
//! release of the struct that holds it (a type has one `Validate` impl), so
//! for 1.35/1.36 use metadata types without tags (your own, or k8s-openapi's
//! `ObjectMeta` with feature `k8s-openapi`, whose
//! [`MetadataRules`](crate::k8s::MetadataRules) are the hand-written rules).
//! See `docs/meta-types.md`.
//!
//! [`v1_37`] is generated, with the upstream real-API mirror, from the Go
//! source by `tests/upstream-oracle/go/realapi/mirror`
//! (`tests/upstream-oracle/run-realapi --release 1.37 --update-mirror`;
//! every run checks it is current), and the real-API oracle validates
//! the 1.37 API groups with these very types against upstream's generated
//! validators.

use serde::{Deserialize, Deserializer, Serialize};

use crate::field::Path;
use crate::{Error, ErrorList, Operation, Time};

/// The shared meta/v1 types of Kubernetes 1.37 (k8s.io/apimachinery
/// v0.37.2), with upstream's tags verbatim (generated; see the
/// [module](self) documentation).
#[allow(
    non_upper_case_globals,
    clippy::all,
    rustdoc::bare_urls,
    rustdoc::broken_intra_doc_links,
    rustdoc::invalid_html_tags
)]
pub mod v1_37 {
    include!("v1_37.rs");

    impl Condition {
        /// `ValidateCustom_Condition_LastTransitionTime` (apimachinery
        /// v0.37.2 `pkg/apis/meta/v1/validation`), which
        /// `+k8s:customValidation` on `lastTransitionTime` calls: the time
        /// must be set (not Go's zero time).
        pub fn validate_custom_last_transition_time(
            _op: &super::Operation,
            path: &super::Path<'_>,
            value: Option<&super::Time>,
            _old: Option<&super::Time>,
        ) -> super::ErrorList {
            super::last_transition_time_set(path, value)
        }
    }
}

/// The shared meta/v1 types of Kubernetes 1.38 (k8s.io/apimachinery
/// v0.38.0-beta.0), with upstream's tags verbatim (generated like
/// [`v1_37`]).
#[allow(
    non_upper_case_globals,
    clippy::all,
    rustdoc::bare_urls,
    rustdoc::broken_intra_doc_links,
    rustdoc::invalid_html_tags
)]
pub mod v1_38 {
    include!("v1_38.rs");

    impl Condition {
        /// `ValidateCustom_Condition_LastTransitionTime` (apimachinery
        /// v0.38.0-beta.0, unchanged from 1.37), which `+k8s:customValidation`
        /// on `lastTransitionTime` calls: the time must be set.
        pub fn validate_custom_last_transition_time(
            _op: &super::Operation,
            path: &super::Path<'_>,
            value: Option<&super::Time>,
            _old: Option<&super::Time>,
        ) -> super::ErrorList {
            super::last_transition_time_set(path, value)
        }
    }
}

/// Upstream's `ValidateCustom_Condition_LastTransitionTime`: `Required
/// value` unless the time is set (not Go's zero time).
fn last_transition_time_set(path: &Path<'_>, value: Option<&Time>) -> ErrorList {
    match value {
        Some(t) if !t.is_zero() => ErrorList::new(),
        _ => Error::required(path, "").into(),
    }
}

/// `metav1.FieldsV1` (`ManagedFieldsEntry.fieldsV1`): the set of fields, as
/// the JSON object Kubernetes encodes it. Upstream validates nothing in it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, crate::Validate)]
#[validate(crate = "crate")]
pub struct FieldsV1(pub serde_json::Value);

/// Deserializes `null` as the default value, as Go's `encoding/json` leaves
/// a field at its zero value for `null`.
pub(crate) fn nullable<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}
