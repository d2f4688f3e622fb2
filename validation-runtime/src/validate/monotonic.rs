//! Monotonic integers: `+k8s:monotonic` (upstream `validate/monotonic.go`,
//! main branch; the tag is newer than Kubernetes 1.36).

use crate::field::{Error, ErrorList, Path};
use crate::IntValue;
use crate::Operation;

/// `+k8s:monotonic`: on update, when both the value and the old value are
/// present and the value is smaller, `Invalid value: <new>: may not be
/// decreased from <old>`, origin `monotonic`. Nothing on create.
///
/// ```
/// use validation_runtime::field::Path;
/// use validation_runtime::{validate, Operation};
///
/// let path = Path::new("generation");
/// let errs = validate::monotonic(&Operation::update(), &path, Some(&1i64), Some(&2i64));
/// assert_eq!(errs[0].to_string(), "generation: Invalid value: 1: may not be decreased from 2");
/// ```
#[inline]
pub fn monotonic<T: IntValue + ?Sized>(
    op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    old: Option<&T>,
) -> ErrorList {
    if !op.is_update() {
        return ErrorList::new();
    }
    match (value, old) {
        (Some(v), Some(o)) if v.to_i128() < o.to_i128() => Error::invalid(
            path,
            v.to_bad_value(),
            format!("may not be decreased from {}", o.to_i128()),
        )
        .with_origin("monotonic")
        .into(),
        _ => ErrorList::new(),
    }
}
