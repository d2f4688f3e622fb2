//! Immutability: `+k8s:immutable` (upstream `validate/immutable.go`, Kubernetes 1.35).
//!
//! The validator itself never compares values: generated code only calls it
//! after its ratchet check ([`unchanged`](crate::validate::unchanged)) found
//! that the value differs from the correlated old value, so reaching it on an
//! update means the field changed.

use crate::field::{BadValue, Error, ErrorList, Path};
use crate::Operation;

/// `+k8s:immutable`: on update, always
/// `Invalid value: null: field is immutable`, origin `immutable`; nothing on
/// create.
///
/// The caller's ratchet check guarantees it is only reached when the value
/// changed (including set <-> unset), so neither value is inspected.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{ErrorList, validate, Operation};
///
/// let path = Path::new("spec");
/// let errs = ErrorList::from_fn(|e| validate::immutable(e, &Operation::update(), &path, Some(&1), Some(&2)));
/// assert_eq!(errs[0].to_string(), "spec: Invalid value: null: field is immutable");
/// assert!(ErrorList::from_fn(|e| validate::immutable(e, &Operation::create(), &path, Some(&1), None::<&i32>)).is_empty());
/// ```
#[inline]
pub fn immutable<T: ?Sized>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    _value: Option<&T>,
    _old: Option<&T>,
) {
    if !op.is_update() {
        return;
    }
    errs.push(Error::invalid(path, BadValue::Null, "field is immutable").with_origin("immutable"));
}
