//! Options: `+k8s:ifEnabled("Option")=<tag>` and
//! `+k8s:ifDisabled("Option")=<tag>` (upstream `validate/options.go`).
//!
//! As in Kubernetes 1.35, an option the operation does not enable is
//! disabled: `+k8s:ifDisabled` runs its validation for an unknown option, and
//! nothing is ever reported about undefined options.

use crate::field::ErrorList;
use crate::Operation;

/// Runs `validate` iff the option's state matches `enabled`:
/// `+k8s:ifEnabled` passes `enabled = true`, `+k8s:ifDisabled` passes
/// `enabled = false`. Otherwise reports nothing without calling it.
///
/// ```
/// use validation_runtime::field::{Error, ErrorList};
/// use validation_runtime::validate::if_option;
/// use validation_runtime::Operation;
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
