//! Limits: `+k8s:minimum`, `+k8s:maximum`, `+k8s:maxLength`, `+k8s:minLength`,
//! `+k8s:maxBytes`, `+k8s:maxItems`, `+k8s:minItems`, `+k8s:maxProperties`,
//! `+k8s:minProperties` (upstream `validate/limits.go`).
//!
//! Each validator follows the first Kubernetes release that has its tag:
//!
//! | tag | release | counts | error, origin |
//! |---|---|---|---|
//! | `+k8s:minimum` | 1.33 | value | `Invalid`, `minimum` |
//! | `+k8s:maximum` | 1.36 | value | `Invalid`, `maximum` |
//! | `+k8s:maxLength` | 1.35 | **bytes** | `TooLong` (`... N bytes`), `maxLength` |
//! | `+k8s:maxBytes` | 1.36 | bytes | `TooLong` (`... N bytes`), `maxBytes` |
//! | `+k8s:minLength` | 1.36 | characters | `TooShort`, `minLength` |
//! | `+k8s:maxItems` | 1.35 | list items | `TooMany`, `maxItems` |
//! | `+k8s:minItems` | 1.36 | list items | `TooFew`, `minItems` |
//! | `+k8s:maxProperties` | 1.37 (in development) | map entries | `TooMany`, `maxProperties` |
//! | `+k8s:minProperties` | 1.37 (in development) | map entries | `TooFew`, `minProperties` |
//! | `+k8s:minimum` / `maximum` on a `Duration` | 1.38 | nanoseconds, limit printed as a duration | `Invalid`, `minimum` / `maximum` |
//! | `+k8s:minimum` / `maximum` on a `Quantity` | 1.38 | value, printed canonically | `Invalid`, `minimum` / `maximum` |
//! | `+k8s:maxBytes` on a `Vec<u8>` | 1.38 | bytes | `TooLong`, `maxBytes`, value omitted |
//!
//! `+k8s:maxLength` counts bytes as Kubernetes 1.35 does (1.36 switched it to
//! characters and added `+k8s:maxBytes` for bytes).
//!
//! Like upstream, the string and collection limits take an unsigned limit
//! (the generator rejects negative payloads). An absent string (`None`)
//! passes every string limit; an absent list or map (`None`) counts as empty,
//! as Go's nil slice and nil map do, so `+k8s:minItems` / `+k8s:minProperties`
//! report it.

use super::collections::{ItemCount, MapLike};
use crate::field::{
    with_bad_value, BadValue, Detail, Error, ErrorList, ErrorType, Path, ToBadValue,
};
use crate::{BytesValue, IntValue, Operation, Quantity, QuantityValue, StrValue};

/// `+k8s:minimum=N`: `Invalid value: <v>: must be greater than or equal to N`,
/// origin `minimum`.
#[inline]
pub fn minimum<T: IntValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
    min: i128,
) {
    below(errs, path, value, min, None);
}

/// [`minimum()`] as generated code calls it: `detail` is the error's detail,
/// `must be greater than or equal to N`, as static text the generator wrote,
/// so that building the error does not write it.
#[inline]
pub fn minimum_with_detail<T: IntValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
    min: i128,
    detail: &'static str,
) {
    below(errs, path, value, min, Some(detail));
}

/// `+k8s:minimum=N` as generated code calls it: [`minimum_with_detail`]
/// with the detail `must be greater than or equal to N` written by the
/// compiler (`concat!`), so that building the error writes nothing. `N` is
/// an integer literal.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{validate, ErrorList, Operation};
///
/// let (op, path) = (Operation::create(), Path::new("replicas"));
/// let errs = ErrorList::from_fn(|errs| validate::minimum!(errs, &op, &path, Some(&-1), None, 0));
/// assert_eq!(errs[0].detail(), "must be greater than or equal to 0");
/// ```
#[macro_export]
#[doc(hidden)]
macro_rules! __k8s_validate_minimum {
    ($errs:expr, $op:expr, $path:expr, $value:expr, $old:expr, $min:literal) => {
        $crate::validate::limits::minimum_with_detail(
            $errs,
            $op,
            $path,
            $value,
            $old,
            $min,
            ::core::concat!($crate::spec::__minimum_prefix!(), " ", $min),
        )
    };
}

/// `+k8s:maximum=N` as generated code calls it: [`maximum_with_detail`]
/// with the detail `must be less than or equal to N` written by the
/// compiler. `N` is an integer literal.
#[macro_export]
#[doc(hidden)]
macro_rules! __k8s_validate_maximum {
    ($errs:expr, $op:expr, $path:expr, $value:expr, $old:expr, $max:literal) => {
        $crate::validate::limits::maximum_with_detail(
            $errs,
            $op,
            $path,
            $value,
            $old,
            $max,
            ::core::concat!($crate::spec::__maximum_prefix!(), " ", $max),
        )
    };
}

#[doc(inline)]
pub use crate::__k8s_validate_maximum as maximum;
#[doc(inline)]
pub use crate::__k8s_validate_minimum as minimum;

/// The check of [`minimum()`] and [`minimum_with_detail`].
#[inline]
fn below<T: IntValue + ?Sized>(
    errs: &mut ErrorList,
    path: &Path<'_>,
    value: Option<&T>,
    min: i128,
    detail: Option<&'static str>,
) {
    if let Some(v) = value.filter(|v| v.to_i128() < min) {
        let prefix = k8s_validation_spec::messages::MINIMUM;
        out_of_range(errs, path, v, prefix, min, detail, "minimum");
    }
}

/// The check of [`maximum()`] and [`maximum_with_detail`].
#[inline]
fn above<T: IntValue + ?Sized>(
    errs: &mut ErrorList,
    path: &Path<'_>,
    value: Option<&T>,
    max: i128,
    detail: Option<&'static str>,
) {
    if let Some(v) = value.filter(|v| v.to_i128() > max) {
        let prefix = k8s_validation_spec::messages::MAXIMUM;
        out_of_range(errs, path, v, prefix, max, detail, "maximum");
    }
}

/// The error of `minimum` / `maximum`, out of line so that the check itself
/// inlines into generated code.
#[cold]
#[inline(never)]
fn out_of_range<T: ToBadValue + ?Sized>(
    errs: &mut ErrorList,
    path: &Path<'_>,
    value: &T,
    text: &'static str,
    bound: i128,
    static_detail: Option<&'static str>,
    origin: &'static str,
) {
    let detail = match static_detail {
        Some(detail) => {
            debug_assert!(detail.starts_with(text), "static bound detail {detail:?}");
            Detail::Static(detail)
        }
        None => Detail::Bound {
            prefix: text,
            n: bound,
        },
    };
    errs.push(
        with_bad_value(&value, |bad| {
            Error::build(ErrorType::Invalid, path, bad, detail)
        })
        .with_origin(origin),
    );
}

/// `+k8s:maximum=N`: `Invalid value: <v>: must be less than or equal to N`,
/// origin `maximum`.
#[inline]
pub fn maximum<T: IntValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
    max: i128,
) {
    above(errs, path, value, max, None);
}

/// [`maximum()`] as generated code calls it: `detail` is the error's detail,
/// `must be less than or equal to N`, as static text the generator wrote,
/// so that building the error does not write it.
#[inline]
pub fn maximum_with_detail<T: IntValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
    max: i128,
    detail: &'static str,
) {
    above(errs, path, value, max, Some(detail));
}

/// Go's `int` view of a count or limit that is known to fit (a length never
/// exceeds `isize::MAX`); saturates otherwise.
#[inline]
fn go_int(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// `TooShort` with the exact limit, even above `i64::MAX`.
#[cold]
fn too_short_error(path: &Path<'_>, value: &str, min: usize) -> Error {
    match i64::try_from(min) {
        Ok(m) => Error::too_short(path, value, m),
        Err(_) => Error::new(
            ErrorType::TooShort,
            path,
            value.to_bad_value(),
            format!("must be at least {min} characters"),
        ),
    }
}

/// `TooFew` with the exact limit, even above `i64::MAX`.
#[cold]
fn too_few_error(path: &Path<'_>, actual: usize, min: usize) -> Error {
    match i64::try_from(min) {
        Ok(m) => Error::too_few(path, go_int(actual), m),
        Err(_) => Error::new(
            ErrorType::TooFew,
            path,
            BadValue::Int(go_int(actual)),
            format!("must have at least {min} items"),
        ),
    }
}

/// `+k8s:maxLength=N` with Kubernetes 1.35 semantics: the value may be at most
/// `max` **bytes** long. Fails with `Too long: may not be more than N bytes`
/// (`byte` for 1), origin `maxLength`. `None` passes.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{ErrorList, validate, Operation};
///
/// let path = Path::new("name");
/// let errs = ErrorList::from_fn(|e| validate::max_length(e, &Operation::create(), &path, Some("héllo"), None, 5));
/// assert_eq!(errs[0].to_string(), "name: Too long: may not be more than 5 bytes");
/// assert_eq!(errs[0].origin(), Some("maxLength"));
/// ```
#[inline]
pub fn max_length<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    _old: Option<&S>,
    max: usize,
) {
    match value {
        Some(v) if v.as_str().len() > max => {
            errs.push(Error::too_long(path, go_int(max)).with_origin("maxLength"))
        }
        _ => {}
    }
}

/// `+k8s:maxBytes=N` (Kubernetes 1.36): the value may be at most `max` bytes
/// long. Fails with `Too long: may not be more than N bytes` (`byte` for 1),
/// origin `maxBytes`. `None` passes.
#[inline]
pub fn max_bytes<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    _old: Option<&S>,
    max: usize,
) {
    match value {
        Some(v) if v.as_str().len() > max => {
            errs.push(Error::too_long(path, go_int(max)).with_origin("maxBytes"))
        }
        _ => {}
    }
}

/// `+k8s:minimum="<duration>"` on a Go `time.Duration` (Kubernetes 1.38):
/// `Invalid value: <nanoseconds>: must be greater than or equal to <limit>`,
/// origin `minimum`, where the limit is printed as Go prints a duration
/// (`1h30m0s`): the generator passes `min` in nanoseconds and `detail`
/// written out.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{validate, Duration, ErrorList, Operation};
///
/// let (op, path) = (Operation::create(), Path::new("timeout"));
/// let value = Duration::from_nanos(500_000_000);
/// let errs = ErrorList::from_fn(|errs| {
///     validate::minimum_duration(errs, &op, &path, Some(&value), None, 1_000_000_000, "must be greater than or equal to 1s")
/// });
/// assert_eq!(errs[0].to_string(), "timeout: Invalid value: 500000000: must be greater than or equal to 1s");
/// ```
#[inline]
pub fn minimum_duration<T: IntValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
    min: i64,
    detail: &'static str,
) {
    if let Some(v) = value.filter(|v| v.to_i128() < i128::from(min)) {
        let prefix = k8s_validation_spec::messages::MINIMUM;
        out_of_range(errs, path, v, prefix, min.into(), Some(detail), "minimum");
    }
}

/// `+k8s:maximum="<duration>"` on a Go `time.Duration` (Kubernetes 1.38): as
/// [`minimum_duration`], `must be less than or equal to <limit>`, origin
/// `maximum`.
#[inline]
pub fn maximum_duration<T: IntValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
    max: i64,
    detail: &'static str,
) {
    if let Some(v) = value.filter(|v| v.to_i128() > i128::from(max)) {
        let prefix = k8s_validation_spec::messages::MAXIMUM;
        out_of_range(errs, path, v, prefix, max.into(), Some(detail), "maximum");
    }
}

/// `+k8s:minimum="<quantity>"` on a `Quantity` (Kubernetes 1.38; upstream's
/// `MinimumQuantity`): compared by value, `Invalid value: "<value>": must be
/// greater than or equal to <limit>`, origin `minimum`, the value printed in
/// its canonical form and the limit as `resource.MustParse(payload).String()`
/// (the generator writes `detail`). A value that does not read as a quantity
/// (a k8s-openapi `Quantity` holding any string) is not judged.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{validate, ErrorList, Operation, Quantity};
///
/// let (op, path) = (Operation::create(), Path::new("cpu"));
/// let value: Quantity = "0.05".parse().unwrap();
/// let min: Quantity = "100m".parse().unwrap();
/// let errs = ErrorList::from_fn(|errs| {
///     validate::minimum_quantity(errs, &op, &path, Some(&value), None, &min, "must be greater than or equal to 100m")
/// });
/// assert_eq!(errs[0].to_string(), r#"cpu: Invalid value: "50m": must be greater than or equal to 100m"#);
/// ```
#[inline]
pub fn minimum_quantity<Q: QuantityValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&Q>,
    _old: Option<&Q>,
    min: &Quantity,
    detail: &'static str,
) {
    if let Some(q) = value.and_then(QuantityValue::quantity) {
        if q.cmp_value(min).is_lt() {
            quantity_out_of_range(errs, path, &q, detail, "minimum");
        }
    }
}

/// `+k8s:maximum="<quantity>"` on a `Quantity` (Kubernetes 1.38): as
/// [`minimum_quantity`], `must be less than or equal to <limit>`, origin
/// `maximum`.
#[inline]
pub fn maximum_quantity<Q: QuantityValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&Q>,
    _old: Option<&Q>,
    max: &Quantity,
    detail: &'static str,
) {
    if let Some(q) = value.and_then(QuantityValue::quantity) {
        if q.cmp_value(max).is_gt() {
            quantity_out_of_range(errs, path, &q, detail, "maximum");
        }
    }
}

#[cold]
#[inline(never)]
fn quantity_out_of_range(
    errs: &mut ErrorList,
    path: &Path<'_>,
    value: &Quantity,
    detail: &'static str,
    origin: &'static str,
) {
    errs.push(Error::invalid(path, value.to_string(), detail).with_origin(origin));
}

/// `+k8s:maxBytes=N` on a Go `[]byte` (Kubernetes 1.38; a `Vec<u8>` or a
/// newtype of one): at most `max` bytes. `Too long: may not be more than N
/// bytes` (`byte` for 1), origin `maxBytes`, the value omitted. `None`
/// passes.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{validate, ErrorList, Operation};
///
/// let (op, path) = (Operation::create(), Path::new("data"));
/// let errs = ErrorList::from_fn(|errs| validate::max_bytes_slice(errs, &op, &path, Some(&b"abcd".to_vec()), None, 3));
/// assert_eq!(errs[0].to_string(), "data: Too long: may not be more than 3 bytes");
/// ```
#[inline]
pub fn max_bytes_slice<B: BytesValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&B>,
    _old: Option<&B>,
    max: usize,
) {
    match value {
        Some(v) if v.as_bytes().len() > max => {
            errs.push(Error::too_long(path, go_int(max)).with_origin("maxBytes"))
        }
        _ => {}
    }
}

/// `+k8s:minLength=N` (Kubernetes 1.36): the value must be at least `min`
/// **characters** (Unicode scalar values) long. Fails with
/// `Too short: must be at least N characters` (`character` for 1), origin
/// `minLength`. `None` passes.
///
/// As upstream, characters are only counted when the byte length cannot
/// decide: `len` bytes hold at least `ceil(len / 4)` and at most `len`
/// characters.
#[inline]
pub fn min_length<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    _old: Option<&S>,
    min: usize,
) {
    let Some(v) = value else {
        return;
    };
    let s = v.as_str();
    let bytes = s.len();
    if bytes.div_ceil(4) >= min {
        return;
    }
    if bytes < min || s.chars().count() < min {
        errs.push(too_short_error(path, s, min).with_origin("minLength"));
    }
}

/// `+k8s:maxItems=N`: the list may have at most `max` items. Fails with
/// `Too many: <len>: must have at most N items` (`item` for 1), origin
/// `maxItems`. `None` (no list) passes.
#[inline]
pub fn max_items<L: ItemCount + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&L>,
    _old: Option<&L>,
    max: usize,
) {
    match value.map(L::item_count) {
        Some(len) if len > max => {
            errs.push(Error::too_many(path, go_int(len), go_int(max)).with_origin("maxItems"))
        }
        _ => {}
    }
}

/// `+k8s:minItems=N` (Kubernetes 1.36): the list must have at least `min`
/// items. Fails with `Too few: <len>: must have at least N items` (`item` for
/// 1), origin `minItems`. `None` counts as an empty list (Go's nil slice).
#[inline]
pub fn min_items<L: ItemCount + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&L>,
    _old: Option<&L>,
    min: usize,
) {
    let len = value.map_or(0, L::item_count);
    if len < min {
        errs.push(too_few_error(path, len, min).with_origin("minItems"));
    }
}

/// `+k8s:maxProperties=N`: the map may have at most `max` entries. Fails with
/// `Too many: <len>: must have at most N items` (upstream says "items"),
/// origin `maxProperties`. `None` (no map) passes.
#[inline]
pub fn max_properties<M: MapLike + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&M>,
    _old: Option<&M>,
    max: usize,
) {
    match value {
        Some(m) if m.len() > max => errs
            .push(Error::too_many(path, go_int(m.len()), go_int(max)).with_origin("maxProperties")),
        _ => {}
    }
}

/// `+k8s:minProperties=N`: the map must have at least `min` entries. Fails
/// with `Too few: <len>: must have at least N items` (upstream says "items"),
/// origin `minProperties`. `None` counts as an empty map (Go's nil map).
#[inline]
pub fn min_properties<M: MapLike + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&M>,
    _old: Option<&M>,
    min: usize,
) {
    let len = value.map_or(0, |m| m.len());
    if len < min {
        errs.push(too_few_error(path, len, min).with_origin("minProperties"));
    }
}

/// `+k8s:maxLength=N` with Kubernetes 1.36 (and later) semantics: the value
/// may be at most `max` **characters** (Unicode scalar values) long. Fails
/// with `Too long: may not be more than N characters` (`character` for 1),
/// origin `maxLength`. `None` passes. Code generated for 1.35 calls
/// [`max_length`] (bytes) instead.
///
/// As upstream, characters are only counted when the byte length cannot
/// decide: `len` bytes hold at least `ceil(len / 4)` and at most `len`
/// characters.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{validate, Operation};
///
/// let path = Path::new("name");
/// let op = Operation::create();
/// # use k8s_validation::ErrorList;
/// let errs = ErrorList::from_fn(|errs| {
///     validate::max_length_characters(errs, &op, &path, Some("héllo"), None, 5)
/// });
/// assert!(errs.is_empty());
/// let errs = ErrorList::from_fn(|errs| {
///     validate::max_length_characters(errs, &op, &path, Some("héllo!"), None, 5)
/// });
/// assert_eq!(errs[0].to_string(), "name: Too long: may not be more than 5 characters");
/// assert_eq!(errs[0].origin(), Some("maxLength"));
/// ```
#[inline]
pub fn max_length_characters<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    _old: Option<&S>,
    max: usize,
) {
    let Some(v) = value else {
        return;
    };
    let s = v.as_str();
    let bytes = s.len();
    if bytes <= max {
        return;
    }
    if bytes.div_ceil(4) > max || s.chars().count() > max {
        errs.push(Error::too_long_characters(path, go_int(max)).with_origin("maxLength"));
    }
}
