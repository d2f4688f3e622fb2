//! Validators, one module per tag family: the Rust counterpart of upstream's
//! `k8s.io/apimachinery/pkg/api/validate`.
//!
//! Every validator has the same shape, which generated code relies on:
//!
//! ```text
//! fn name(op: &Operation, path: &Path<'_>, value: Option<&T>, old: Option<&T>, extra...) -> ErrorList
//! ```
//!
//! * `value` is `None` when the field is an unset `Option` (Go's nil pointer);
//!   a non-`Option` field is passed as `Some(&field)`.
//! * `old` is the correlated old value on update; `None` on create and when
//!   nothing correlates (a new list item, a new map key, a parent that was unset).
//! * The result is empty on success; an empty [`ErrorList`](crate::ErrorList)
//!   does not allocate, so a valid object validates with no heap allocation.
//! * Errors carry upstream's type, detail and origin.
//!
//! Validators are re-exported here flat (`validate::minimum`), as generated
//! code calls them.

pub mod limits;

pub use limits::*;
