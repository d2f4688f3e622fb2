//! Field dependencies: `+k8s:dependentRequired(<sibling>)` and
//! `+k8s:dependentForbidden(<sibling>)` (upstream
//! `validate/dependentrequired.go`, main branch; both tags are newer than
//! Kubernetes 1.36).
//!
//! Both run at struct level: `value`/`old` are the struct holding the trigger
//! field and its dependent sibling, and the two `fn` pointers say whether each
//! field is set in a struct. The error is reported at the dependent field
//! (`<path>.<dependent>`).
//!
//! Ratcheting: on update with an old struct, nothing is reported unless the
//! set-ness of the trigger or of the dependent changed, so unrelated updates
//! can go through despite a pre-existing violation.

use crate::field::{Error, ErrorList, Path};
use crate::Operation;

/// Whether the rule is skipped: no struct, or an update where neither
/// field's set-ness changed. Returns the new set-ness otherwise.
#[inline]
fn evaluate<S: ?Sized>(
    op: &Operation,
    value: Option<&S>,
    old: Option<&S>,
    trigger_set: fn(&S) -> bool,
    dependent_set: fn(&S) -> bool,
) -> Option<(bool, bool)> {
    let v = value?;
    let (t, d) = (trigger_set(v), dependent_set(v));
    if op.is_update() {
        if let Some(o) = old {
            if t == trigger_set(o) && d == dependent_set(o) {
                return None;
            }
        }
    }
    Some((t, d))
}

/// `+k8s:dependentRequired(<dependent>)` on the `trigger` field: when the
/// trigger is set and the dependent is not,
/// `<path>.<dependent>: Required value: must be set when <trigger> is set`,
/// origin `dependentRequired`.
///
/// `trigger` and `dependent` are the JSON names of the two sibling fields.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{ErrorList, validate, Operation};
///
/// struct S { a: Option<i32>, b: Option<i32> }
/// let s = S { a: Some(1), b: None };
/// let errs = ErrorList::from_fn(|e| validate::dependent_required(e,
///     &Operation::create(), &Path::new("spec"), Some(&s), None,
///     "a", |s: &S| s.a.is_some(), "b", |s: &S| s.b.is_some(),
/// ));
/// assert_eq!(errs[0].to_string(), "spec.b: Required value: must be set when a is set");
/// ```
#[allow(clippy::too_many_arguments)]
#[inline]
pub fn dependent_required<S: ?Sized>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    old: Option<&S>,
    trigger: &str,
    trigger_set: fn(&S) -> bool,
    dependent: &str,
    dependent_set: fn(&S) -> bool,
) {
    if let Some((true, false)) = evaluate(op, value, old, trigger_set, dependent_set) {
        errs.push(
            Error::required(
                path.child(dependent),
                format!("must be set when {trigger} is set"),
            )
            .with_origin("dependentRequired"),
        )
    }
}

/// `+k8s:dependentForbidden(<dependent>)` on the `trigger` field: when both
/// the trigger and the dependent are set,
/// `<path>.<dependent>: Forbidden: may not be set when <trigger> is set`,
/// origin `dependentForbidden`.
///
/// `trigger` and `dependent` are the JSON names of the two sibling fields.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{ErrorList, validate, Operation};
///
/// struct S { a: Option<i32>, b: Option<i32> }
/// let s = S { a: Some(1), b: Some(2) };
/// let errs = ErrorList::from_fn(|e| validate::dependent_forbidden(e,
///     &Operation::create(), &Path::new("spec"), Some(&s), None,
///     "a", |s: &S| s.a.is_some(), "b", |s: &S| s.b.is_some(),
/// ));
/// assert_eq!(errs[0].to_string(), "spec.b: Forbidden: may not be set when a is set");
/// ```
#[allow(clippy::too_many_arguments)]
#[inline]
pub fn dependent_forbidden<S: ?Sized>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    old: Option<&S>,
    trigger: &str,
    trigger_set: fn(&S) -> bool,
    dependent: &str,
    dependent_set: fn(&S) -> bool,
) {
    if let Some((true, true)) = evaluate(op, value, old, trigger_set, dependent_set) {
        errs.push(
            Error::forbidden(
                path.child(dependent),
                format!("may not be set when {trigger} is set"),
            )
            .with_origin("dependentForbidden"),
        )
    }
}
