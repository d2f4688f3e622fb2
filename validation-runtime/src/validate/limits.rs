//! Limits: `+k8s:minimum`, `+k8s:maximum`, `+k8s:maxLength`, `+k8s:minLength`,
//! `+k8s:maxBytes`, `+k8s:maxItems`, `+k8s:minItems`, `+k8s:maxProperties`,
//! `+k8s:minProperties` (upstream `validate/limits.go`).

use std::fmt::Display;

use crate::field::{Error, ErrorList, Path, ToBadValue};
use crate::Operation;

/// An integer type `+k8s:minimum` / `+k8s:maximum` accept.
pub trait Integer: Copy + PartialOrd + Display + ToBadValue {}
macro_rules! integer {
    ($($t:ty),*) => {$( impl Integer for $t {} )*};
}
integer!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

/// `+k8s:minimum=N`: `Invalid value: <v>: must be greater than or equal to N`,
/// origin `minimum`.
#[inline]
pub fn minimum<T: Integer>(
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
    min: T,
) -> ErrorList {
    match value {
        Some(v) if *v < min => Error::invalid(
            path,
            v.to_bad_value(),
            format!("must be greater than or equal to {min}"),
        )
        .with_origin("minimum")
        .into(),
        _ => ErrorList::new(),
    }
}

/// `+k8s:maximum=N`: `Invalid value: <v>: must be less than or equal to N`,
/// origin `maximum`.
#[inline]
pub fn maximum<T: Integer>(
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
    max: T,
) -> ErrorList {
    match value {
        Some(v) if *v > max => Error::invalid(
            path,
            v.to_bad_value(),
            format!("must be less than or equal to {max}"),
        )
        .with_origin("maximum")
        .into(),
        _ => ErrorList::new(),
    }
}
