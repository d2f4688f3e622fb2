//! Test tags: `+k8s:validateTrue` and `+k8s:validateFalse` (upstream
//! `validate/testing.go`), which pass or fail unconditionally. They exist to
//! test the generator and the validation plumbing.

use crate::field::{BadValue, Error, ErrorList, Path, ToBadValue};
use crate::Operation;

/// `+k8s:validateTrue` (`result == true`, always passes) and
/// `+k8s:validateFalse` (`result == false`, always fails).
///
/// The failure is `Invalid value: <value>: forced failure: <msg>`, origin
/// `validateFalse`. The value is printed as Go prints the pointer (or list,
/// or map) generated code passes upstream: as JSON, `null` when `value` is
/// `None`. With an empty `msg` the detail is `forced failure: ` (with the
/// trailing space), as upstream.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{ErrorList, validate, Operation};
///
/// let path = Path::new("name");
/// let errs = ErrorList::from_fn(|e| validate::fixed_result(e, &Operation::create(), &path, Some("<x>"), None, false, "msg"));
/// assert_eq!(errs[0].to_string(), r#"name: Invalid value: "\u003cx\u003e": forced failure: msg"#);
/// assert_eq!(errs[0].origin(), Some("validateFalse"));
/// ```
#[inline]
pub fn fixed_result<T: ToBadValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
    result: bool,
    msg: &str,
) {
    if !result {
        errs.push(forced_failure(
            path,
            value.map_or(BadValue::Null, BadValue::json),
            msg,
        ));
    }
}

#[cold]
fn forced_failure(path: &Path<'_>, value: BadValue, msg: &str) -> Error {
    Error::invalid(path, value, format!("forced failure: {msg}")).with_origin("validateFalse")
}
