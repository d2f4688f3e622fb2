//! Monotonic integers: `+k8s:monotonic` (upstream `validate/monotonic.go`,
//! main branch; the tag is newer than Kubernetes 1.36).

use crate::field::{with_bad_value, Error, ErrorList, Path};
use crate::IntValue;
use crate::Operation;

/// `+k8s:monotonic`: on update, when both the value and the old value are
/// present and the value is smaller, `Invalid value: <new>: may not be
/// decreased from <old>`, origin `monotonic`. Nothing on create.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{ErrorList, validate, Operation};
///
/// let path = Path::new("generation");
/// let errs = ErrorList::from_fn(|e| validate::monotonic(e, &Operation::update(), &path, Some(&1i64), Some(&2i64)));
/// assert_eq!(errs[0].to_string(), "generation: Invalid value: 1: may not be decreased from 2");
/// ```
#[inline]
pub fn monotonic<T: IntValue + ?Sized>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    old: Option<&T>,
) {
    if !op.is_update() {
        return;
    }
    match (value, old) {
        (Some(v), Some(o)) if v.to_i128() < o.to_i128() => errs.push(
            with_bad_value(&v, |bad| {
                Error::invalid(
                    path,
                    bad,
                    format!("may not be decreased from {}", o.to_i128()),
                )
            })
            .with_origin("monotonic"),
        ),
        _ => {}
    }
}
