//! Presence: `+k8s:required`, `+k8s:optional`, `+k8s:forbidden` (upstream
//! `validate/required.go`).
//!
//! Upstream has one function per Go shape (`RequiredValue`, `RequiredPointer`,
//! `RequiredSlice`, `RequiredMap`, and likewise for `Optional*` and
//! `Forbidden*`). Here a single generic function covers all of them: generated
//! code passes the whole field (`Some(&self.field)`), and [`IsZero`] decides
//! whether it is set:
//!
//! | Rust field | Go shape | unset when |
//! |---|---|---|
//! | `Option<X>` | pointer | `None` |
//! | `Vec<X>` | slice | empty |
//! | `BTreeMap` / `HashMap` | map | empty |
//! | a value (`String`, integers, `bool`, structs) | value | Go's zero value |
//!
//! A `value` of `None` (nothing to look at) is treated as unset as well.
//!
//! None of these errors has an origin, as upstream.

use crate::field::{Error, ErrorList, Path};
use crate::{IsZero, Operation};

/// The detail of the error [`optional`] returns for an unset value.
const OPTIONAL_NOT_SPECIFIED: &str = "optional value was not specified";

/// Whether the value is unset: `None`, or Go's zero value for its type
/// (`None` for an `Option`, empty for a list or map, `""`, `0`, `false`).
///
/// This is the allocation-free check generated code uses for `+k8s:optional`:
/// an unset optional field stops the validation of that field.
///
/// ```
/// use k8s_validation::validate::is_unset;
///
/// assert!(is_unset(Some(&None::<i32>)));
/// assert!(is_unset(Some(&String::new())));
/// assert!(is_unset::<Vec<i32>>(None));
/// assert!(!is_unset(Some(&Some(0))));
/// assert!(!is_unset(Some(&vec![0])));
/// ```
#[inline]
pub fn is_unset<T: IsZero + ?Sized>(value: Option<&T>) -> bool {
    match value {
        Some(v) => v.is_zero(),
        None => true,
    }
}

/// `+k8s:required`: `Required value` when the value is unset (see
/// [`is_unset`]); no origin.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{ErrorList, validate, Operation};
///
/// let path = Path::new("name");
/// let errs = ErrorList::from_fn(|e| validate::required(e, &Operation::create(), &path, Some(&String::new()), None));
/// assert_eq!(errs[0].to_string(), "name: Required value");
/// ```
#[inline]
pub fn required<T: IsZero + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
) {
    if is_unset(value) {
        errs.push(Error::required(path, ""));
    }
}

/// `+k8s:optional`: upstream's `Required value: optional value was not
/// specified` when the value is unset (see [`is_unset`]); no origin.
///
/// The error is not meant to be reported: generated code only uses it (or,
/// cheaper, [`is_unset`]) to stop validating an unset optional field.
#[inline]
pub fn optional<T: IsZero + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
) {
    if is_unset(value) {
        errs.push(Error::required(path, OPTIONAL_NOT_SPECIFIED));
    }
}

/// `+k8s:forbidden`: `Forbidden` when the value is set (not
/// [`is_unset`]); no origin.
#[inline]
pub fn forbidden<T: IsZero + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
) {
    if !is_unset(value) {
        errs.push(Error::forbidden(path, ""));
    }
}

/// `+k8s:required="<message>"` (Kubernetes 1.38): [`required`], with the
/// message as the error's detail (`Required value: <message>`).
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{ErrorList, validate, Operation};
///
/// let path = Path::new("cidr");
/// let errs = ErrorList::from_fn(|e| validate::required_with_message(e, &Operation::create(), &path, Some(&String::new()), None, "must be set when dual-stack"));
/// assert_eq!(errs[0].to_string(), "cidr: Required value: must be set when dual-stack");
/// ```
#[inline]
pub fn required_with_message<T: IsZero + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
    message: &'static str,
) {
    if is_unset(value) {
        errs.push(Error::required(path, message));
    }
}

/// `+k8s:forbidden="<message>"` (Kubernetes 1.38): [`forbidden`], with the
/// message as the error's detail (`Forbidden: <message>`).
#[inline]
pub fn forbidden_with_message<T: IsZero + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
    message: &'static str,
) {
    if !is_unset(value) {
        errs.push(Error::forbidden(path, message));
    }
}

/// A struct's `Validate::IMPLICITLY_REQUIRED` from its own members
/// (`own`: one is tagged `+k8s:required` or `+k8s:unionMember`) and the
/// answers of the structs it holds by value: `Some(true)` if any says so,
/// `None` if one is not known, `Some(false)` otherwise.
#[doc(hidden)]
pub const fn implied_requiredness(own: bool, members: &[Option<bool>]) -> Option<bool> {
    if own {
        return Some(true);
    }
    let mut known = true;
    let mut i = 0;
    while i < members.len() {
        match members[i] {
            Some(true) => return Some(true),
            None => known = false,
            Some(false) => {}
        }
        i += 1;
    }
    if known {
        Some(false)
    } else {
        None
    }
}
