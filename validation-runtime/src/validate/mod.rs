//! Validators, one module per tag family: the Rust counterpart of upstream's
//! `k8s.io/apimachinery/pkg/api/validate`.
//!
//! Every validator has the same shape, which generated code relies on:
//!
//! ```text
//! fn name(errs: &mut ErrorList, op: &Operation, path: &Path<'_>, value: Option<&T>, old: Option<&T>, extra...)
//! ```
//!
//! * `errs` is the one accumulator of the whole validation: a validator
//!   pushes its errors there (nothing when the value is valid), so no list is
//!   built, returned or merged per call, and a valid object validates with no
//!   heap allocation. To call a validator on its own, use
//!   [`ErrorList::from_fn`](crate::ErrorList::from_fn).
//! * `value` is `None` when the field is an unset `Option` (Go's nil pointer);
//!   a non-`Option` field is passed as `Some(&field)`.
//! * `old` is the correlated old value on update; `None` on create and when
//!   nothing correlates (a new list item, a new map key, a parent that was unset).
//! * Wrappers (`each_*`, `slice_item`, `subfield`, `if_option`) take the
//!   element validator as a closure that receives the same accumulator:
//!   `|errs, path, value, old| ...`.
//! * Errors carry upstream's type, detail and origin.
//!
//! Validators are re-exported here flat (`validate::minimum`), as generated
//! code calls them.

pub mod collections;
pub mod content;
pub mod dependent;
pub mod discriminator;
pub mod each;
pub mod elems;
pub mod enums;
pub mod equality;
pub mod format;
pub mod immutable;
pub mod item;
mod key_index;
pub mod limits;
pub mod lists;
pub mod monotonic;
pub mod opaque;
pub mod options;
pub mod pointers;
pub mod required;
pub mod subfield;
pub mod testing;
pub mod union;
pub mod update;

pub use collections::{
    key_fn, key_matches, key_view, list_map_key, ItemCount, ItemKey, KeyLiteral, KeyView, ListLike,
    ListMapKey, MapLike,
};
pub use dependent::*;
pub use discriminator::*;
pub use each::*;
pub use elems::{Each, Elem, Elems};
pub use enums::*;
pub use equality::*;
pub use format::*;
pub use immutable::*;
pub use item::*;
pub use limits::*;
pub use lists::*;
pub use monotonic::*;
pub use options::*;
pub use pointers::*;
pub use required::*;
pub use subfield::*;
pub use testing::*;
pub use union::*;
pub use update::*;

pub use crate::traits::{element_validator, validate_elem};

use crate::Operation;

pub use crate::semantic::semantic_eq;

/// The ratchet check generated code runs before a field's validations: on
/// update, a value semantically equal ([`SemanticEq`](crate::SemanticEq),
/// upstream's `equality.Semantic.DeepEqual`) to its correlated old value is
/// not validated again.
///
/// ```
/// use k8s_validation::{validate, Operation, Quantity};
///
/// let new: Quantity = "1024Mi".parse().unwrap();
/// let old: Quantity = "1Gi".parse().unwrap();
/// assert!(validate::unchanged(&Operation::update(), &new, Some(&old)));
/// assert!(!validate::unchanged(&Operation::create(), &new, Some(&old)));
/// ```
#[inline]
pub fn unchanged<T: crate::SemanticEq + ?Sized>(
    op: &Operation,
    value: &T,
    old: Option<&T>,
) -> bool {
    op.is_update() && old.is_some_and(|o| o.semantic_eq(value))
}
