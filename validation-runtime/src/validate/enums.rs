//! Enumerations: `+k8s:enum` and `+k8s:enumExclude` (upstream
//! `validate/enum.go`, Kubernetes 1.35).
//!
//! A value outside the enum, or one excluded by an option rule, fails with
//! `Unsupported value: <value>: supported values: "a", "b"`, listing the
//! values that are currently allowed (the enum minus the excluded values)
//! sorted bytewise; with no allowed value at all the detail is empty. The
//! error has no origin.
//!
//! As in Kubernetes 1.35, an option the operation does not enable is
//! disabled: an exclusion on an unknown option is never an error.
//!
//! The enum is a string newtype whose values are consts, or a Rust enum
//! whose unit variants are the values; both reach [`enumeration`] as a
//! [`StrValue`] (a Rust enum through its `Newtype` impl, `Inner = str`).

use crate::field::{
    supported_values_len, with_bad_value, write_supported_values, BadValue, Detail, Error,
    ErrorList, ErrorType, Path, SupportedValues, ToBadValue,
};
use crate::{Operation, StrValue};

/// One `+k8s:enumExclude` rule: `value` is not allowed while the option
/// `option` is enabled (`exclude_when == true`) or disabled
/// (`exclude_when == false`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EnumExclusion {
    /// The enum value the rule excludes.
    pub value: &'static str,
    /// The validation option the rule depends on.
    pub option: &'static str,
    /// Exclude the value when the option is enabled (`true`) or when it is
    /// disabled (`false`).
    pub exclude_when: bool,
}

impl EnumExclusion {
    /// Whether this rule excludes `value` for `op`.
    #[inline]
    fn excludes(&self, op: &Operation, value: &str) -> bool {
        self.value == value && op.has_option(self.option) == self.exclude_when
    }
}

#[inline]
fn is_excluded(op: &Operation, exclusions: &[EnumExclusion], value: &str) -> bool {
    exclusions.iter().any(|rule| rule.excludes(op, value))
}

/// `+k8s:enum`: the value must be one of `values` and not excluded by one of
/// `exclusions` (`+k8s:enumExclude`). `None` passes.
///
/// `values` must be sorted bytewise (`str`'s `Ord`) without duplicates, as
/// generated code emits it: lookup is a binary search, and the supported
/// values of the error come out in that order. Debug builds assert it.
///
/// ```
/// use k8s_validation::ErrorList;
/// use k8s_validation::field::Path;
/// use k8s_validation::validate::{enumeration, EnumExclusion};
/// use k8s_validation::Operation;
///
/// const VALUES: &[&str] = &["A", "B", "C"];
/// const EXCLUDE: &[EnumExclusion] = &[EnumExclusion { value: "A", option: "FeatureA", exclude_when: true }];
/// let path = Path::new("fld");
///
/// let op = Operation::create();
/// assert!(ErrorList::from_fn(|e| enumeration(e, &op, &path, Some("A"), None, VALUES, EXCLUDE)).is_empty());
///
/// let op = Operation::create().with_option("FeatureA");
/// let errs = ErrorList::from_fn(|e| enumeration(e, &op, &path, Some("A"), None, VALUES, EXCLUDE));
/// assert_eq!(errs[0].to_string(), r#"fld: Unsupported value: "A": supported values: "B", "C""#);
/// ```
#[inline]
pub fn enumeration<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    old: Option<&S>,
    values: &[&str],
    exclusions: &[EnumExclusion],
) {
    enumeration_with_detail(errs, op, path, value, old, values, exclusions, None)
}

/// [`enumeration`] as generated code calls it: `detail` is the error's
/// detail when no exclusion applies (`supported values: "a", "b"` over all of
/// `values`, or empty for no values), as static text the generator wrote
/// next to the values, so that an unsupported value's error does not write
/// it. `None` (values that need Go quoting) writes it at run time, as does
/// an operation for which an exclusion applies.
#[inline]
#[allow(clippy::too_many_arguments)]
pub fn enumeration_with_detail<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    _old: Option<&S>,
    values: &[&str],
    exclusions: &[EnumExclusion],
    detail: Option<&'static str>,
) {
    debug_assert!(
        values.windows(2).all(|w| w[0] < w[1]),
        "enum values must be sorted bytewise without duplicates: {values:?}"
    );
    let Some(v) = value else {
        return;
    };
    let s = v.as_str();
    if is_member(values, s) && !is_excluded(op, exclusions, s) {
        return;
    }
    report_not_supported(errs, op, path, &v, values, exclusions, detail);
}

/// The error path of [`enumeration`], out of line and not generic.
#[cold]
#[inline(never)]
fn report_not_supported(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: &dyn ToBadValue,
    values: &[&str],
    exclusions: &[EnumExclusion],
    detail: Option<&'static str>,
) {
    with_bad_value(value, |bad| {
        errs.push(not_supported(op, path, bad, values, exclusions, detail))
    });
}

/// Enums of at most this many values are scanned linearly.
const LINEAR_SCAN: usize = 16;

/// Whether `s` is one of the sorted `values`: a linear scan that compares
/// lengths first and short strings inline (no `memcmp` call) for small
/// enums, a binary search for large ones.
#[inline]
fn is_member(values: &[&str], s: &str) -> bool {
    if values.len() > LINEAR_SCAN {
        return values.binary_search(&s).is_ok();
    }
    values.iter().any(|v| short_eq(v.as_bytes(), s.as_bytes()))
}

#[inline]
fn short_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    if a.len() <= 16 {
        a.iter().zip(b).all(|(x, y)| x == y)
    } else {
        a == b
    }
}

#[cold]
fn not_supported(
    op: &Operation,
    path: &Path<'_>,
    value: BadValue<'_>,
    values: &[&str],
    exclusions: &[EnumExclusion],
    detail: Option<&'static str>,
) -> Error {
    let supported = Supported {
        op,
        values,
        exclusions,
    };
    // The static detail lists every value: it holds while no exclusion
    // removes one of them for this operation.
    let detail = match detail {
        Some(text) if !values.iter().any(|v| is_excluded(op, exclusions, v)) => {
            debug_assert_eq!(text, supported.render(), "static enum detail");
            Detail::Static(text)
        }
        _ => Detail::Supported(&supported),
    };
    Error::build(ErrorType::NotSupported, path, value, detail)
}

/// The values an enum supports for an operation (its exclusions applied),
/// written straight into the error.
struct Supported<'a> {
    op: &'a Operation,
    values: &'a [&'a str],
    exclusions: &'a [EnumExclusion],
}

impl Supported<'_> {
    fn iter(&self) -> impl Iterator<Item = &str> + '_ {
        self.values
            .iter()
            .copied()
            .filter(|v| !is_excluded(self.op, self.exclusions, v))
    }
}

impl Supported<'_> {
    /// The detail as a string (debug builds check the generator's text
    /// against it).
    fn render(&self) -> String {
        let mut text = crate::field::Text::with_capacity(0);
        self.write_detail(&mut text);
        text.as_str().to_owned()
    }
}

impl SupportedValues for Supported<'_> {
    fn detail_len(&self) -> usize {
        supported_values_len(self.iter())
    }
    fn write_detail(&self, out: &mut crate::field::Text) {
        write_supported_values(self.iter(), out)
    }
}

/// [`enumeration`] with Kubernetes 1.37's three-state options: when the
/// value is set and an exclusion names an option the operation does not
/// define, the result is that option's `InternalError`
/// (`undefined validation option "<name>"`, see
/// [`undefined_option`](super::undefined_option)) instead of a check.
pub fn enumeration_defined_options<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    old: Option<&S>,
    values: &[&str],
    exclusions: &[EnumExclusion],
) {
    enumeration_defined_options_with_detail(errs, op, path, value, old, values, exclusions, None)
}

/// [`enumeration_defined_options`] with the static detail of
/// [`enumeration_with_detail`].
#[allow(clippy::too_many_arguments)]
pub fn enumeration_defined_options_with_detail<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    old: Option<&S>,
    values: &[&str],
    exclusions: &[EnumExclusion],
    detail: Option<&'static str>,
) {
    if value.is_some() {
        if let Some(e) = exclusions.iter().find(|e| op.option(e.option).is_none()) {
            errs.push(super::undefined_option(path, e.option));
            return;
        }
    }
    enumeration_with_detail(errs, op, path, value, old, values, exclusions, detail)
}

#[cfg(test)]
mod membership_tests {
    use super::is_member;

    #[test]
    fn linear_scan_and_binary_search_agree() {
        let small = ["SCTP", "TCP", "UDP", "a-value-longer-than-16-bytes"];
        let owned: Vec<String> = (0..40).map(|i| format!("value-{i:02}")).collect();
        let mut large: Vec<&str> = owned.iter().map(String::as_str).collect();
        large.sort();
        for values in [&small[..], &large[..]] {
            for v in values {
                assert!(is_member(values, v), "{v}");
                assert!(!is_member(values, &v[..v.len() - 1]), "{v} prefix");
                assert!(!is_member(values, &format!("{v}x")), "{v} extended");
            }
            assert!(!is_member(values, ""));
            assert!(!is_member(values, "tcp"));
        }
    }
}
