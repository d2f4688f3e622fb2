//! Equality: `+k8s:neq` and `+k8s:eq` (Kubernetes 1.38; upstream
//! `validate/equality.go`).
//!
//! The tags apply to strings, integers and booleans. For `neq`, a value
//! equal to the disallowed one fails with `Invalid value: <value>: must not
//! be equal to <disallowed>`, origin `neq`, where a string is Go-quoted
//! (`"x"`) and an integer or boolean is printed as is (`5`, `true`). For
//! `eq`, a value other than the expected one fails with `Unsupported value:
//! <value>: supported values: "<expected>"` and no origin, the expected value
//! always quoted (upstream quotes `fmt.Sprint` of it: `"5"`, `"true"`).

use std::fmt::Display;

use crate::field::{go_quote, with_bad_value, Error, ErrorList, Path, ToBadValue};
use crate::{BoolValue, IntValue, Operation, StrValue};

/// `+k8s:neq=<int or bool>`: the value must not equal `disallowed`. Fails
/// with `Invalid value: <v>: must not be equal to <disallowed>`, origin `neq`.
/// `None` passes. Use [`neq_str`] for strings.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{ErrorList, validate, Operation};
///
/// let path = Path::new("replicas");
/// let errs = ErrorList::from_fn(|e| validate::neq(e, &Operation::create(), &path, Some(&5i32), None, &5));
/// assert_eq!(errs[0].to_string(), "replicas: Invalid value: 5: must not be equal to 5");
/// assert_eq!(errs[0].origin(), Some("neq"));
/// ```
#[inline]
pub fn neq<T: PartialEq + Display + ToBadValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
    disallowed: &T,
) {
    match value {
        Some(v) if v == disallowed => neq_error(errs, path, v, disallowed.to_string()),
        _ => {}
    }
}

/// `+k8s:neq="<string>"`: the string must not equal `disallowed`. Fails with
/// `Invalid value: <v>: must not be equal to "<disallowed>"` (Go-quoted),
/// origin `neq`. `None` passes.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{ErrorList, validate, Operation};
///
/// let path = Path::new("name");
/// let errs = ErrorList::from_fn(|e| validate::neq_str(e, &Operation::create(), &path, Some("x"), None, "x"));
/// assert_eq!(errs[0].to_string(), r#"name: Invalid value: "x": must not be equal to "x""#);
/// ```
#[inline]
pub fn neq_str<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    _old: Option<&S>,
    disallowed: &str,
) {
    match value {
        Some(v) if v.as_str() == disallowed => neq_error(errs, path, v, go_quote(disallowed)),
        _ => {}
    }
}

/// `+k8s:neq=<int>` on any integer or integer newtype (a Go typedef of an
/// integer): as [`neq`], comparing the widened value.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{ErrorList, validate, Operation};
///
/// let path = Path::new("port");
/// let errs = ErrorList::from_fn(|e| validate::neq_int(e, &Operation::create(), &path, Some(&-1i64), None, -1));
/// assert_eq!(errs[0].to_string(), "port: Invalid value: -1: must not be equal to -1");
/// ```
#[inline]
pub fn neq_int<T: IntValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
    disallowed: i128,
) {
    match value {
        Some(v) if v.to_i128() == disallowed => neq_error(errs, path, v, disallowed.to_string()),
        _ => {}
    }
}

/// `+k8s:neq=<bool>` on a `bool` or a boolean newtype: as [`neq`].
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{ErrorList, validate, Operation};
///
/// let path = Path::new("paused");
/// let errs = ErrorList::from_fn(|e| validate::neq_bool(e, &Operation::create(), &path, Some(&true), None, true));
/// assert_eq!(errs[0].to_string(), "paused: Invalid value: true: must not be equal to true");
/// ```
#[inline]
pub fn neq_bool<T: BoolValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
    disallowed: bool,
) {
    match value {
        Some(v) if v.to_bool() == disallowed => neq_error(errs, path, v, disallowed.to_string()),
        _ => {}
    }
}

#[cold]
fn neq_error<T: ToBadValue + ?Sized>(
    errs: &mut ErrorList,
    path: &Path<'_>,
    value: &T,
    disallowed: String,
) {
    let detail = format!("must not be equal to {disallowed}");
    errs.push(with_bad_value(&value, |bad| Error::invalid(path, bad, detail)).with_origin("neq"));
}

/// `+k8s:eq="<string>"` (Kubernetes 1.38): the string must equal `expected`.
/// Fails with `Unsupported value: <v>: supported values: "<expected>"`, no
/// origin. `None` passes.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{ErrorList, validate, Operation};
///
/// let path = Path::new("restartPolicy");
/// let errs = ErrorList::from_fn(|e| validate::eq_str(e, &Operation::create(), &path, Some("Never"), None, "Always"));
/// assert_eq!(errs[0].to_string(), r#"restartPolicy: Unsupported value: "Never": supported values: "Always""#);
/// assert_eq!(errs[0].origin(), None);
/// ```
#[inline]
pub fn eq_str<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    _old: Option<&S>,
    expected: &str,
) {
    match value {
        Some(v) if v.as_str() != expected => eq_error(errs, path, v, expected),
        _ => {}
    }
}

/// `+k8s:eq=<int>` on any integer or integer newtype: as [`eq_str`],
/// comparing the widened value; the expected value is quoted in the detail.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{ErrorList, validate, Operation};
///
/// let path = Path::new("replicas");
/// let errs = ErrorList::from_fn(|e| validate::eq_int(e, &Operation::create(), &path, Some(&6i32), None, 5));
/// assert_eq!(errs[0].to_string(), r#"replicas: Unsupported value: 6: supported values: "5""#);
/// ```
#[inline]
pub fn eq_int<T: IntValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
    expected: i128,
) {
    match value {
        Some(v) if v.to_i128() != expected => eq_error(errs, path, v, &expected.to_string()),
        _ => {}
    }
}

/// `+k8s:eq=<bool>` on a `bool` or a boolean newtype: as [`eq_str`].
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{ErrorList, validate, Operation};
///
/// let path = Path::new("paused");
/// let errs = ErrorList::from_fn(|e| validate::eq_bool(e, &Operation::create(), &path, Some(&false), None, true));
/// assert_eq!(errs[0].to_string(), r#"paused: Unsupported value: false: supported values: "true""#);
/// ```
#[inline]
pub fn eq_bool<T: BoolValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
    expected: bool,
) {
    match value {
        Some(v) if v.to_bool() != expected => {
            eq_error(errs, path, v, if expected { "true" } else { "false" })
        }
        _ => {}
    }
}

#[cold]
fn eq_error<T: ToBadValue + ?Sized>(
    errs: &mut ErrorList,
    path: &Path<'_>,
    value: &T,
    expected: &str,
) {
    errs.push(with_bad_value(&value, |bad| {
        Error::not_supported(path, bad, &[expected])
    }));
}
