//! Field errors, upstream's `field.Error` and `field.ErrorList`.

use std::borrow::Cow;
use std::fmt;

use super::path::IntoFieldPath;
use super::value::{write_go_quoted, BadValue, ToBadValue};

/// The kind of a field error (upstream's `field.ErrorType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ErrorType {
    /// `FieldValueNotFound`: the value was not found (printed with its value).
    NotFound,
    /// `FieldValueRequired`: a required value is missing.
    Required,
    /// `FieldValueDuplicate`: a value that must be unique occurs again.
    Duplicate,
    /// `FieldValueInvalid`: the value is malformed or out of range.
    Invalid,
    /// `FieldValueNotSupported`: the value is not one of the supported values.
    NotSupported,
    /// `FieldValueForbidden`: the value may not be set (here, now, or at all).
    Forbidden,
    /// `FieldValueTooLong`: a string is too long (the value is never printed).
    TooLong,
    /// `FieldValueTooShort`: a string is too short (the value is never printed).
    TooShort,
    /// `FieldValueTooMany`: a list or map has too many items.
    TooMany,
    /// `FieldValueTooFew`: a list or map has too few items.
    TooFew,
    /// `InternalError`: validation itself failed.
    Internal,
    /// `FieldValueTypeInvalid`: the value has the wrong type.
    TypeInvalid,
}

impl ErrorType {
    /// Every error type, in declaration order.
    pub const ALL: [ErrorType; 12] = [
        ErrorType::NotFound,
        ErrorType::Required,
        ErrorType::Duplicate,
        ErrorType::Invalid,
        ErrorType::NotSupported,
        ErrorType::Forbidden,
        ErrorType::TooLong,
        ErrorType::TooShort,
        ErrorType::TooMany,
        ErrorType::TooFew,
        ErrorType::Internal,
        ErrorType::TypeInvalid,
    ];

    /// The machine-readable type string (`FieldValueRequired`, ...), as in
    /// the `reason` of a Kubernetes `Status` cause.
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorType::NotFound => "FieldValueNotFound",
            ErrorType::Required => "FieldValueRequired",
            ErrorType::Duplicate => "FieldValueDuplicate",
            ErrorType::Invalid => "FieldValueInvalid",
            ErrorType::NotSupported => "FieldValueNotSupported",
            ErrorType::Forbidden => "FieldValueForbidden",
            ErrorType::TooLong => "FieldValueTooLong",
            ErrorType::TooShort => "FieldValueTooShort",
            ErrorType::TooMany => "FieldValueTooMany",
            ErrorType::TooFew => "FieldValueTooFew",
            ErrorType::Internal => "InternalError",
            ErrorType::TypeInvalid => "FieldValueTypeInvalid",
        }
    }

    /// The human-readable description (upstream's `ErrorType.String()`):
    /// `Required value`, `Invalid value`, ...
    pub const fn description(self) -> &'static str {
        match self {
            ErrorType::NotFound => "Not found",
            ErrorType::Required => "Required value",
            ErrorType::Duplicate => "Duplicate value",
            ErrorType::Invalid | ErrorType::TypeInvalid => "Invalid value",
            ErrorType::NotSupported => "Unsupported value",
            ErrorType::Forbidden => "Forbidden",
            ErrorType::TooLong => "Too long",
            ErrorType::TooShort => "Too short",
            ErrorType::TooMany => "Too many",
            ErrorType::TooFew => "Too few",
            ErrorType::Internal => "Internal error",
        }
    }

    /// Parses a type string (`FieldValueInvalid`, ...).
    pub fn from_type_str(s: &str) -> Option<ErrorType> {
        ErrorType::ALL.into_iter().find(|t| t.as_str() == s)
    }

    /// Whether `ErrorBody` prints the bad value for this type.
    pub const fn prints_value(self) -> bool {
        !matches!(
            self,
            ErrorType::Required
                | ErrorType::Forbidden
                | ErrorType::TooLong
                | ErrorType::TooShort
                | ErrorType::Internal
        )
    }
}

impl fmt::Display for ErrorType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

/// The stability level of the declarative validation that reported an
/// error: upstream's `field.ValidationStabilityLevel` (Kubernetes 1.36 on).
///
/// Code generated for 1.36 or 1.37 marks the errors of validations wrapped
/// in `+k8s:alpha=...` / `+k8s:beta=...` with [`Error::mark_alpha`] /
/// [`Error::mark_beta`] (upstream's `MarkAlpha()` / `MarkBeta()`); the
/// validations always run, and the API server decides whether a marked
/// error is enforced (beta under `DeclarativeValidationBeta`, alpha never).
/// Unmarked errors (every error of 1.35 code) have no level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StabilityLevel {
    /// `+k8s:alpha`.
    Alpha,
    /// `+k8s:beta`.
    Beta,
}

impl StabilityLevel {
    /// `"alpha"` or `"beta"`, as upstream's `String()`.
    pub fn as_str(self) -> &'static str {
        match self {
            StabilityLevel::Alpha => "alpha",
            StabilityLevel::Beta => "beta",
        }
    }
}

impl fmt::Display for StabilityLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One validation error: upstream's `field.Error`.
///
/// `Display` prints exactly upstream's `Error()` text:
/// `<field>: <type description>[: <value>][: <detail>]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Error {
    kind: ErrorType,
    field: String,
    bad_value: BadValue,
    detail: Cow<'static, str>,
    origin: Option<Cow<'static, str>>,
    covered_by_declarative: bool,
    short_circuit: bool,
    stability: Option<StabilityLevel>,
    from_imperative: bool,
}

impl Error {
    /// A new error of any type. Prefer the typed constructors.
    #[cold]
    pub fn new(
        kind: ErrorType,
        field: impl IntoFieldPath,
        bad_value: BadValue,
        detail: impl Into<Cow<'static, str>>,
    ) -> Error {
        Error {
            kind,
            field: field.into_field_path(),
            bad_value,
            detail: detail.into(),
            origin: None,
            covered_by_declarative: false,
            short_circuit: false,
            from_imperative: false,
            stability: None,
        }
    }

    /// `Invalid value`: the value is malformed or out of range.
    #[cold]
    pub fn invalid(
        field: impl IntoFieldPath,
        value: impl Into<BadValue>,
        detail: impl Into<Cow<'static, str>>,
    ) -> Error {
        Error::new(ErrorType::Invalid, field, value.into(), detail)
    }

    /// `Invalid value` with the wrong type.
    #[cold]
    pub fn type_invalid(
        field: impl IntoFieldPath,
        value: impl Into<BadValue>,
        detail: impl Into<Cow<'static, str>>,
    ) -> Error {
        Error::new(ErrorType::TypeInvalid, field, value.into(), detail)
    }

    /// `Not found`.
    #[cold]
    pub fn not_found(field: impl IntoFieldPath, value: impl Into<BadValue>) -> Error {
        Error::new(ErrorType::NotFound, field, value.into(), "")
    }

    /// `Duplicate value`.
    #[cold]
    pub fn duplicate(field: impl IntoFieldPath, value: impl Into<BadValue>) -> Error {
        Error::new(ErrorType::Duplicate, field, value.into(), "")
    }

    /// `Required value`.
    #[cold]
    pub fn required(field: impl IntoFieldPath, detail: impl Into<Cow<'static, str>>) -> Error {
        Error::new(
            ErrorType::Required,
            field,
            BadValue::String(String::new()),
            detail,
        )
    }

    /// `Forbidden`.
    #[cold]
    pub fn forbidden(field: impl IntoFieldPath, detail: impl Into<Cow<'static, str>>) -> Error {
        Error::new(
            ErrorType::Forbidden,
            field,
            BadValue::String(String::new()),
            detail,
        )
    }

    /// `Unsupported value`, listing the supported values
    /// (`supported values: "a", "b"`; no detail when the list is empty).
    pub fn not_supported<S: AsRef<str>>(
        field: impl IntoFieldPath,
        value: impl Into<BadValue>,
        valid: &[S],
    ) -> Error {
        Error::new(
            ErrorType::NotSupported,
            field,
            value.into(),
            supported_values_detail(valid.iter().map(AsRef::as_ref)),
        )
    }

    /// `Too long: may not be more than N bytes` (`value is too long` when
    /// `max` is negative).
    #[cold]
    pub fn too_long(field: impl IntoFieldPath, max: i64) -> Error {
        Error::new(
            ErrorType::TooLong,
            field,
            BadValue::String("<value omitted>".into()),
            limit_detail("may not be more than", max, "byte", "value is too long"),
        )
    }

    /// `Too long: may not be more than N characters`.
    #[cold]
    pub fn too_long_characters(field: impl IntoFieldPath, max: i64) -> Error {
        Error::new(
            ErrorType::TooLong,
            field,
            BadValue::String("<value omitted>".into()),
            limit_detail(
                "may not be more than",
                max,
                "character",
                "value is too long",
            ),
        )
    }

    /// `Too short: must be at least N characters`.
    #[cold]
    pub fn too_short(field: impl IntoFieldPath, value: impl Into<BadValue>, min: i64) -> Error {
        Error::new(
            ErrorType::TooShort,
            field,
            value.into(),
            limit_detail("must be at least", min, "character", "value is too short"),
        )
    }

    /// `Too many: <actual>: must have at most N items` (the count is omitted
    /// when `actual` is negative).
    #[cold]
    pub fn too_many(field: impl IntoFieldPath, actual: i64, max: i64) -> Error {
        let value = if actual < 0 {
            BadValue::Omitted
        } else {
            BadValue::Int(actual)
        };
        Error::new(
            ErrorType::TooMany,
            field,
            value,
            limit_detail("must have at most", max, "item", "has too many items"),
        )
    }

    /// `Too few: <actual>: must have at least N items`.
    #[cold]
    pub fn too_few(field: impl IntoFieldPath, actual: i64, min: i64) -> Error {
        Error::new(
            ErrorType::TooFew,
            field,
            BadValue::Int(actual),
            limit_detail("must have at least", min, "item", "has too few items"),
        )
    }

    /// `Internal error: <err>`.
    #[cold]
    pub fn internal(field: impl IntoFieldPath, err: impl fmt::Display) -> Error {
        let detail = err.to_string();
        Error::new(
            ErrorType::Internal,
            field,
            BadValue::String(detail.clone()),
            detail,
        )
    }

    /// Sets the origin: the stable name of the rule that produced the error
    /// (`minimum`, `format=k8s-short-name`, ...). Used for matching, never printed.
    #[must_use]
    pub fn with_origin(mut self, origin: impl Into<Cow<'static, str>>) -> Error {
        self.origin = Some(origin.into());
        self
    }

    /// Marks a hand-written error as one declarative validation is expected to
    /// reproduce.
    #[must_use]
    pub fn mark_covered_by_declarative(mut self) -> Error {
        self.covered_by_declarative = true;
        self
    }

    /// Marks the error as produced by a short-circuiting validator.
    #[must_use]
    pub fn mark_short_circuit(mut self) -> Error {
        self.short_circuit = true;
        self
    }

    /// Marks the error as reported by hand-written validation (upstream's
    /// `MarkFromImperative`, which a 1.36+ API server applies to the
    /// hand-written errors it is given).
    #[must_use]
    pub fn mark_from_imperative(mut self) -> Error {
        self.from_imperative = true;
        self
    }

    /// Marks the error as reported by an alpha validation (`+k8s:alpha`;
    /// upstream's `MarkAlpha`).
    #[must_use]
    pub fn mark_alpha(mut self) -> Error {
        self.stability = Some(StabilityLevel::Alpha);
        self
    }

    /// Marks the error as reported by a beta validation (`+k8s:beta`;
    /// upstream's `MarkBeta`).
    #[must_use]
    pub fn mark_beta(mut self) -> Error {
        self.stability = Some(StabilityLevel::Beta);
        self
    }

    /// Prepends `prefix` to the detail (upstream's `PrefixDetail`).
    #[must_use]
    pub fn prefix_detail(mut self, prefix: &str) -> Error {
        self.detail = Cow::Owned(format!("{prefix}{}", self.detail));
        self
    }

    /// The error type.
    pub fn kind(&self) -> ErrorType {
        self.kind
    }

    /// The rendered field path (`<nil>` for the root object).
    pub fn field(&self) -> &str {
        &self.field
    }

    /// The detail text (may be empty).
    pub fn detail(&self) -> &str {
        &self.detail
    }

    /// The origin, if any.
    pub fn origin(&self) -> Option<&str> {
        self.origin.as_deref()
    }

    /// The offending value.
    pub fn bad_value(&self) -> &BadValue {
        &self.bad_value
    }

    /// Whether the error is marked covered by declarative validation.
    pub fn is_covered_by_declarative(&self) -> bool {
        self.covered_by_declarative
    }

    /// Whether the error came from a short-circuiting validator.
    pub fn is_short_circuit(&self) -> bool {
        self.short_circuit
    }

    /// Whether the error is marked as reported by hand-written validation
    /// (upstream's `FromImperative`).
    pub fn is_from_imperative(&self) -> bool {
        self.from_imperative
    }

    /// The stability level of the validation that reported the error, if it
    /// was marked (upstream's `ValidationStabilityLevel`; `None` is its
    /// `unknown`).
    pub fn stability_level(&self) -> Option<StabilityLevel> {
        self.stability
    }

    /// Whether an alpha validation reported the error (upstream's `IsAlpha`).
    pub fn is_alpha(&self) -> bool {
        self.stability == Some(StabilityLevel::Alpha)
    }

    /// Whether a beta validation reported the error (upstream's `IsBeta`).
    pub fn is_beta(&self) -> bool {
        self.stability == Some(StabilityLevel::Beta)
    }

    /// Upstream's `ErrorBody()`: the text after `<field>: `.
    pub fn body(&self) -> String {
        let mut out = String::new();
        self.write_body(&mut out);
        out
    }

    fn write_body(&self, out: &mut String) {
        out.push_str(self.kind.description());
        if self.kind.prints_value() && !self.bad_value.is_omitted() {
            out.push_str(": ");
            self.bad_value.write_to(out);
        }
        if !self.detail.is_empty() {
            out.push_str(": ");
            out.push_str(&self.detail);
        }
    }
}

/// `supported values: "a", "b"` (empty for no values), built in one
/// allocation.
pub(crate) fn supported_values_detail<'v>(
    valid: impl Iterator<Item = &'v str> + Clone,
) -> Cow<'static, str> {
    const PREFIX: &str = "supported values: ";
    let len: usize = valid.clone().map(|v| v.len() + 4).sum();
    if len == 0 {
        return Cow::Borrowed("");
    }
    let mut out = String::with_capacity(PREFIX.len() + len);
    out.push_str(PREFIX);
    for (i, v) in valid.enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        if v.bytes()
            .all(|b| (b' '..=b'~').contains(&b) && b != b'"' && b != b'\\')
        {
            // Printable ASCII without quotes or backslashes quotes as is.
            out.push('"');
            out.push_str(v);
            out.push('"');
        } else {
            write_go_quoted(v, &mut out);
        }
    }
    Cow::Owned(out)
}

fn limit_detail(prefix: &str, n: i64, unit: &str, negative: &'static str) -> Cow<'static, str> {
    if n < 0 {
        return Cow::Borrowed(negative);
    }
    let mut out = String::with_capacity(prefix.len() + unit.len() + 22);
    out.push_str(prefix);
    out.push(' ');
    super::value::push_int(&mut out, i128::from(n));
    out.push(' ');
    out.push_str(unit);
    if n != 1 {
        out.push('s');
    }
    Cow::Owned(out)
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::with_capacity(self.field.len() + 32);
        out.push_str(&self.field);
        out.push_str(": ");
        self.write_body(&mut out);
        f.write_str(&out)
    }
}

impl std::error::Error for Error {}

impl<T: ToBadValue + ?Sized> From<&T> for BadValue {
    fn from(v: &T) -> Self {
        v.to_bad_value()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::{ErrorList, Path};

    #[test]
    fn error_text_matches_upstream() {
        let root = Path::root();
        let p = Path::new("path");
        let p = p.child("to");
        let p = p.child("field");
        assert_eq!(
            Error::too_many(p, 2, 1).to_string(),
            "path.to.field: Too many: 2: must have at most 1 item"
        );
        assert_eq!(
            Error::too_many(p, -1, 1).to_string(),
            "path.to.field: Too many: must have at most 1 item"
        );
        assert_eq!(
            Error::not_supported(p, "the value", &["val1", "val2"]).to_string(),
            r#"path.to.field: Unsupported value: "the value": supported values: "val1", "val2""#
        );
        assert_eq!(
            Error::duplicate(p, "the value").to_string(),
            r#"path.to.field: Duplicate value: "the value""#
        );
        assert_eq!(
            Error::required(root, "").to_string(),
            "<nil>: Required value"
        );
        assert_eq!(
            Error::too_long(p, 10).to_string(),
            "path.to.field: Too long: may not be more than 10 bytes"
        );
        assert_eq!(
            Error::too_long_characters(p, 1).to_string(),
            "path.to.field: Too long: may not be more than 1 character"
        );
        assert_eq!(
            Error::too_long(p, -1).to_string(),
            "path.to.field: Too long: value is too long"
        );
        assert_eq!(
            Error::too_few(p, 0, 1).to_string(),
            "path.to.field: Too few: 0: must have at least 1 item"
        );
        assert_eq!(
            Error::too_short(p, "x", 3).to_string(),
            "path.to.field: Too short: must be at least 3 characters"
        );
        assert_eq!(
            Error::invalid(p, BadValue::Null, "field is immutable").to_string(),
            "path.to.field: Invalid value: null: field is immutable"
        );
        assert_eq!(
            Error::internal(root, "boom").to_string(),
            "<nil>: Internal error: boom"
        );
        assert_eq!(
            Error::forbidden("spec.x", "may not be set").to_string(),
            "spec.x: Forbidden: may not be set"
        );
    }

    #[test]
    fn error_types_round_trip() {
        for t in ErrorType::ALL {
            assert_eq!(ErrorType::from_type_str(t.as_str()), Some(t));
        }
        assert_eq!(ErrorType::TypeInvalid.to_string(), "Invalid value");
    }

    #[test]
    fn aggregate_dedups_by_text() {
        let errs: ErrorList = vec![
            Error::required("a", ""),
            Error::required("a", "").with_origin("x"),
            Error::required("b", ""),
        ]
        .into();
        assert_eq!(errs.to_string(), "[a: Required value, b: Required value]");
        let one: ErrorList = Error::required("a", "").into();
        assert_eq!(one.to_string(), "a: Required value");
    }

    #[test]
    fn covered_filters() {
        let errs: ErrorList = vec![
            Error::required("a", "").mark_covered_by_declarative(),
            Error::required("b", ""),
        ]
        .into();
        assert_eq!(errs.extract_covered_by_declarative().len(), 1);
        assert_eq!(errs.remove_covered_by_declarative()[0].field(), "b");
    }
}
