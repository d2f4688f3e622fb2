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
/// `enabled = false`. Otherwise reports nothing without calling it.
///
/// ```
/// use k8s_validation::field::{Error, ErrorList};
/// use k8s_validation::validate::if_option;
/// use k8s_validation::Operation;
///
/// let fail = |errs: &mut ErrorList| errs.push(Error::forbidden("f", ""));
/// let op = Operation::create().with_option("FeatureX");
/// assert_eq!(ErrorList::from_fn(|e| if_option(e, &op, "FeatureX", true, fail)).len(), 1);
/// assert!(ErrorList::from_fn(|e| if_option(e, &op, "FeatureX", false, fail)).is_empty());
/// assert_eq!(ErrorList::from_fn(|e| if_option(e, &op, "Unknown", false, fail)).len(), 1);
/// ```
#[inline]
pub fn if_option(
    errs: &mut ErrorList,
    op: &Operation,
    option: &str,
    enabled: bool,
    validate: impl FnOnce(&mut ErrorList),
) {
    if op.has_option(option) == enabled {
        validate(errs);
    }
}

/// The `InternalError` of Kubernetes 1.37 for an option a tag names but the
/// operation does not define: `<path>: Internal error: undefined validation
/// option "<name>"`.
pub fn undefined_option(path: &crate::field::Path<'_>, option: &str) -> crate::field::Error {
    crate::field::Error::internal(
        path,
        format_args!(
            "undefined validation option {}",
            k8s_validation_spec::go_quote(option)
        ),
    )
}

/// [`if_option`] with Kubernetes 1.37's three-state options: an option the
/// operation does not define ([`Operation::option`] is `None`) is an
/// `InternalError` ([`undefined_option`]) instead of a disabled option.
///
/// ```
/// use k8s_validation::field::{Error, ErrorList, Path};
/// use k8s_validation::validate::if_option_defined;
/// use k8s_validation::Operation;
///
/// let fail = |errs: &mut ErrorList| errs.push(Error::forbidden("f", ""));
/// let op = Operation::create().with_option_disabled("FeatureX");
/// let path = Path::new("spec");
/// let run = |option, enabled| {
///     ErrorList::from_fn(|errs| if_option_defined(errs, &op, &path, option, enabled, fail))
/// };
/// assert_eq!(run("FeatureX", false).len(), 1);
/// assert!(run("FeatureX", true).is_empty());
/// let errs = run("Unknown", false);
/// assert_eq!(errs[0].to_string(), "spec: Internal error: undefined validation option \"Unknown\"");
/// ```
#[inline]
pub fn if_option_defined(
    errs: &mut ErrorList,
    op: &Operation,
    path: &crate::field::Path<'_>,
    option: &str,
    enabled: bool,
    validate: impl FnOnce(&mut ErrorList),
) {
    match op.option(option) {
        None => errs.push(undefined_option(path, option)),
        Some(on) if on == enabled => validate(errs),
        Some(_) => {}
    }
}

/// Runs `validate`, then sets `origin` on the errors it pushed: Kubernetes
/// 1.36's origin `union` on union errors.
pub fn with_origin(
    errs: &mut ErrorList,
    origin: &'static str,
    validate: impl FnOnce(&mut ErrorList),
) {
    map_pushed(errs, validate, |pushed| pushed.with_origin(origin));
}

/// Runs `validate`, then marks the errors it pushed with a stability level
/// (`+k8s:alpha`, `+k8s:beta`, Kubernetes 1.36 on: upstream's `MarkAlpha` /
/// `MarkBeta`).
pub fn at_level(
    errs: &mut ErrorList,
    level: crate::field::StabilityLevel,
    validate: impl FnOnce(&mut ErrorList),
) {
    map_pushed(errs, validate, |pushed| match level {
        crate::field::StabilityLevel::Alpha => pushed.mark_alpha(),
        crate::field::StabilityLevel::Beta => pushed.mark_beta(),
    });
}

/// Runs `validate`, then replaces the errors it pushed with `mark` of them
/// (nothing is moved when it pushed none: the valid path does not allocate).
fn map_pushed(
    errs: &mut ErrorList,
    validate: impl FnOnce(&mut ErrorList),
    mark: impl FnOnce(ErrorList) -> ErrorList,
) {
    let start = errs.len();
    validate(errs);
    if errs.len() > start {
        let pushed = errs.split_off(start);
        errs.append(mark(pushed));
    }
}
