//! Options: `+k8s:ifEnabled("Option")=<tag>` and
//! `+k8s:ifDisabled("Option")=<tag>` (upstream `validate/options.go`).
//!
//! In code generated for Kubernetes 1.35 and 1.36 ([`if_option`]), an option
//! the operation does not enable is disabled: `+k8s:ifDisabled` runs its
//! validation for an unknown option, and nothing is reported about undefined
//! options. Code generated for 1.37 ([`if_option_defined`]) needs every
//! option it names defined ([`Operation::option`]); an undefined one is an
//! `InternalError`.

use crate::field::ErrorList;
use crate::Operation;

/// Runs `validate` iff the option's state matches `enabled`:
/// `+k8s:ifEnabled` passes `enabled = true`, `+k8s:ifDisabled` passes
/// `enabled = false`. Otherwise returns no errors without calling it.
///
/// ```
/// use validation_runtime::field::{Error, ErrorList};
/// use validation_runtime::validate::if_option;
/// use validation_runtime::Operation;
///
/// let fail = || ErrorList::from(Error::forbidden("f", ""));
/// let op = Operation::create().with_option("FeatureX");
/// assert_eq!(if_option(&op, "FeatureX", true, fail).len(), 1);
/// assert!(if_option(&op, "FeatureX", false, fail).is_empty());
/// assert_eq!(if_option(&op, "Unknown", false, fail).len(), 1);
/// ```
#[inline]
pub fn if_option(
    op: &Operation,
    option: &str,
    enabled: bool,
    validate: impl FnOnce() -> ErrorList,
) -> ErrorList {
    if op.has_option(option) == enabled {
        validate()
    } else {
        ErrorList::new()
    }
}

/// The `InternalError` of Kubernetes 1.37 for an option a tag names but the
/// operation does not define: `<path>: Internal error: undefined validation
/// option "<name>"`.
pub fn undefined_option(path: &crate::field::Path<'_>, option: &str) -> ErrorList {
    crate::field::Error::internal(
        path,
        format_args!(
            "undefined validation option {}",
            validation_spec::go_quote(option)
        ),
    )
    .into()
}

/// [`if_option`] with Kubernetes 1.37's three-state options: an option the
/// operation does not define ([`Operation::option`] is `None`) is an
/// `InternalError` ([`undefined_option`]) instead of a disabled option.
///
/// ```
/// use validation_runtime::field::{Error, ErrorList, Path};
/// use validation_runtime::validate::if_option_defined;
/// use validation_runtime::Operation;
///
/// let fail = || ErrorList::from(Error::forbidden("f", ""));
/// let op = Operation::create().with_option_disabled("FeatureX");
/// let path = Path::new("spec");
/// assert_eq!(if_option_defined(&op, &path, "FeatureX", false, fail).len(), 1);
/// assert!(if_option_defined(&op, &path, "FeatureX", true, fail).is_empty());
/// let errs = if_option_defined(&op, &path, "Unknown", false, fail);
/// assert_eq!(errs[0].to_string(), "spec: Internal error: undefined validation option \"Unknown\"");
/// ```
#[inline]
pub fn if_option_defined(
    op: &Operation,
    path: &crate::field::Path<'_>,
    option: &str,
    enabled: bool,
    validate: impl FnOnce() -> ErrorList,
) -> ErrorList {
    match op.option(option) {
        None => undefined_option(path, option),
        Some(on) if on == enabled => validate(),
        Some(_) => ErrorList::new(),
    }
}
