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

use crate::field::{BadValue, Error, ErrorList, Path};
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
/// use validation_runtime::field::Path;
/// use validation_runtime::validate::{enumeration, EnumExclusion};
/// use validation_runtime::Operation;
///
/// const VALUES: &[&str] = &["A", "B", "C"];
/// const EXCLUDE: &[EnumExclusion] = &[EnumExclusion { value: "A", option: "FeatureA", exclude_when: true }];
/// let path = Path::new("fld");
///
/// let op = Operation::create();
/// assert!(enumeration(&op, &path, Some("A"), None, VALUES, EXCLUDE).is_empty());
///
/// let op = Operation::create().with_option("FeatureA");
/// let errs = enumeration(&op, &path, Some("A"), None, VALUES, EXCLUDE);
/// assert_eq!(errs[0].to_string(), r#"fld: Unsupported value: "A": supported values: "B", "C""#);
/// ```
#[inline]
pub fn enumeration<S: StrValue + ?Sized>(
    op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    _old: Option<&S>,
    values: &[&str],
    exclusions: &[EnumExclusion],
) -> ErrorList {
    debug_assert!(
        values.windows(2).all(|w| w[0] < w[1]),
        "enum values must be sorted bytewise without duplicates: {values:?}"
    );
    let Some(v) = value else {
        return ErrorList::new();
    };
    let s = v.as_str();
    if values.binary_search(&s).is_ok() && !is_excluded(op, exclusions, s) {
        return ErrorList::new();
    }
    not_supported(op, path, v.to_bad_value(), values, exclusions)
}

#[cold]
fn not_supported(
    op: &Operation,
    path: &Path<'_>,
    value: BadValue,
    values: &[&str],
    exclusions: &[EnumExclusion],
) -> ErrorList {
    let supported: Vec<&str> = values
        .iter()
        .copied()
        .filter(|v| !is_excluded(op, exclusions, v))
        .collect();
    Error::not_supported(path, value, &supported).into()
}
