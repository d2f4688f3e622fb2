//! Field errors, upstream's `field.Error` and `field.ErrorList`.

use std::borrow::Cow;
use std::fmt;

use super::detail::{limit_detail, write_limit, Detail};
use super::error_type::{ErrorType, StabilityLevel};
use super::path::IntoFieldPath;
use super::text::{Sink, Text};
use super::value::{BadValue, BadValueKind, ToBadValue};

/// One validation error: upstream's `field.Error`.
///
/// `Display` prints exactly upstream's `Error()` text:
/// `<field>: <type description>[: <value>][: <detail>]`.
///
/// An error keeps its texts in one buffer: the rendered field path, then the
/// bad value's text (a string or JSON), then the detail unless it is static.
/// The buffer is inside the error while short (see `text.rs`), so creating
/// most errors does not allocate, and the others allocate once.
#[derive(Clone)]
pub struct Error {
    kind: ErrorType,
    /// The bad value's [`BadValueKind`], packed (see [`pack_value`]) so its
    /// tag shares the padding of the flags below: 8 more bytes of text inline.
    value_tag: u8,
    value_bits: u64,
    covered_by_declarative: bool,
    short_circuit: bool,
    stability: Option<StabilityLevel>,
    from_imperative: bool,
    short_circuited_in_declarative: bool,
    field_end: u32,
    value_end: u32,
    text: Text,
    /// The detail when it is static text; `None` when it is in `text`.
    static_detail: Option<&'static str>,
    origin: Option<Cow<'static, str>>,
}

/// A [`BadValueKind`] as a tag and 64 bits of payload.
fn pack_value(kind: BadValueKind) -> (u8, u64) {
    match kind {
        BadValueKind::Omitted => (0, 0),
        BadValueKind::Null => (1, 0),
        BadValueKind::Bool(b) => (2, u64::from(b)),
        BadValueKind::Int(i) => (3, i as u64),
        BadValueKind::Uint(u) => (4, u),
        BadValueKind::Float(f) => (5, f.to_bits()),
        BadValueKind::String => (6, 0),
        BadValueKind::Json => (7, 0),
    }
}

/// [`pack_value`] undone.
fn unpack_value(tag: u8, bits: u64) -> BadValueKind {
    match tag {
        0 => BadValueKind::Omitted,
        1 => BadValueKind::Null,
        2 => BadValueKind::Bool(bits != 0),
        3 => BadValueKind::Int(bits as i64),
        4 => BadValueKind::Uint(bits),
        5 => BadValueKind::Float(f64::from_bits(bits)),
        6 => BadValueKind::String,
        _ => BadValueKind::Json,
    }
}

/// Offsets into an error's buffer are `u32`: a buffer longer than that (4 GiB
/// of path, value and detail) is cut at a character boundary.
fn offset(text: &mut Text) -> u32 {
    match u32::try_from(text.len()) {
        Ok(n) => n,
        Err(_) => {
            let mut cut = u32::MAX as usize;
            while !text.as_str().is_char_boundary(cut) {
                cut -= 1;
            }
            text.truncate(cut);
            cut as u32
        }
    }
}

impl Error {
    /// The one place errors are built: field, value text and detail into one
    /// buffer, sized up front.
    #[inline]
    pub(crate) fn build(
        kind: ErrorType,
        field: impl IntoFieldPath,
        value: BadValue<'_>,
        detail: Detail<'_>,
    ) -> Error {
        Error::assemble(kind, &field, value, detail)
    }

    /// [`Error::build`] without generics: compiled once, in this crate.
    #[inline(never)]
    fn assemble(
        kind: ErrorType,
        field: &dyn IntoFieldPath,
        value: BadValue<'_>,
        detail: Detail<'_>,
    ) -> Error {
        let value_text = value.text();
        let rest = value_text.len() + detail.len_hint();
        let mut text = Text::new();
        if field.as_path().is_some_and(|path| text.set_path(path)) {
            // The path rendered in one walk; the buffer sized for the rest.
            text.reserve(rest);
        } else if let Some(path) = field.as_path() {
            // Longer than fits inline: measured, then written.
            let field_len = path.rendered_len();
            text = Text::with_capacity(field_len + rest);
            text.push_path(path, field_len);
        } else if let Some(rendered) = field.as_rendered() {
            text = Text::with_capacity(rendered.len() + rest);
            text.push_str(rendered);
        } else {
            let mut rendered = String::new();
            field.write_field_path(&mut rendered);
            text = Text::with_capacity(rendered.len() + rest);
            text.push_str(&rendered);
        }
        let field_end = offset(&mut text);
        text.push_str(value_text);
        let value_end = offset(&mut text);
        let static_detail = match detail {
            Detail::Static(s) => Some(s),
            Detail::Text(t) => {
                text.push_str(t);
                None
            }
            Detail::Limit { prefix, n, unit } => {
                write_limit(&mut text, prefix, n, unit);
                None
            }
            Detail::Bound { prefix, n } => {
                text.push_str(prefix);
                text.push(' ');
                super::value::push_int(&mut text, n);
                None
            }
            Detail::Supported(values) => {
                values.write_detail(&mut text);
                None
            }
        };
        let (value_tag, value_bits) = pack_value(value.kind());
        Error {
            kind,
            value_tag,
            value_bits,
            covered_by_declarative: false,
            short_circuit: false,
            stability: None,
            from_imperative: false,
            short_circuited_in_declarative: false,
            field_end,
            value_end,
            text,
            static_detail,
            origin: None,
        }
    }

    fn build_cow(
        kind: ErrorType,
        field: impl IntoFieldPath,
        value: BadValue<'_>,
        detail: Cow<'static, str>,
    ) -> Error {
        match detail {
            Cow::Borrowed(s) => Error::build(kind, field, value, Detail::Static(s)),
            Cow::Owned(s) => Error::build(kind, field, value, Detail::Text(&s)),
        }
    }

    /// A new error of any type. Prefer the typed constructors.
    #[cold]
    pub fn new(
        kind: ErrorType,
        field: impl IntoFieldPath,
        bad_value: BadValue<'_>,
        detail: impl Into<Cow<'static, str>>,
    ) -> Error {
        Error::build_cow(kind, field, bad_value, detail.into())
    }

    /// `Invalid value`: the value is malformed or out of range.
    #[cold]
    pub fn invalid<'v>(
        field: impl IntoFieldPath,
        value: impl Into<BadValue<'v>>,
        detail: impl Into<Cow<'static, str>>,
    ) -> Error {
        Error::build_cow(ErrorType::Invalid, field, value.into(), detail.into())
    }

    /// `Invalid value` with the wrong type.
    #[cold]
    pub fn type_invalid<'v>(
        field: impl IntoFieldPath,
        value: impl Into<BadValue<'v>>,
        detail: impl Into<Cow<'static, str>>,
    ) -> Error {
        Error::build_cow(ErrorType::TypeInvalid, field, value.into(), detail.into())
    }

    /// `Not found`.
    #[cold]
    pub fn not_found<'v>(field: impl IntoFieldPath, value: impl Into<BadValue<'v>>) -> Error {
        Error::build(ErrorType::NotFound, field, value.into(), Detail::Static(""))
    }

    /// `Duplicate value`.
    #[cold]
    pub fn duplicate<'v>(field: impl IntoFieldPath, value: impl Into<BadValue<'v>>) -> Error {
        Error::build(
            ErrorType::Duplicate,
            field,
            value.into(),
            Detail::Static(""),
        )
    }

    /// `Required value`.
    #[cold]
    pub fn required(field: impl IntoFieldPath, detail: impl Into<Cow<'static, str>>) -> Error {
        Error::build_cow(
            ErrorType::Required,
            field,
            BadValue::String(Cow::Borrowed("")),
            detail.into(),
        )
    }

    /// `Forbidden`.
    #[cold]
    pub fn forbidden(field: impl IntoFieldPath, detail: impl Into<Cow<'static, str>>) -> Error {
        Error::build_cow(
            ErrorType::Forbidden,
            field,
            BadValue::String(Cow::Borrowed("")),
            detail.into(),
        )
    }

    /// `Unsupported value`, listing the supported values
    /// (`supported values: "a", "b"`; no detail when the list is empty).
    #[cold]
    pub fn not_supported<'v, S: AsRef<str>>(
        field: impl IntoFieldPath,
        value: impl Into<BadValue<'v>>,
        valid: &[S],
    ) -> Error {
        Error::build(
            ErrorType::NotSupported,
            field,
            value.into(),
            Detail::Supported(&valid),
        )
    }

    /// `Too long: may not be more than N bytes` (`value is too long` when
    /// `max` is negative).
    #[cold]
    pub fn too_long(field: impl IntoFieldPath, max: i64) -> Error {
        Error::build(
            ErrorType::TooLong,
            field,
            BadValue::String(Cow::Borrowed(VALUE_OMITTED)),
            limit_detail("may not be more than", max, "byte", "value is too long"),
        )
    }

    /// `Too long: may not be more than N characters`.
    #[cold]
    pub fn too_long_characters(field: impl IntoFieldPath, max: i64) -> Error {
        Error::build(
            ErrorType::TooLong,
            field,
            BadValue::String(Cow::Borrowed(VALUE_OMITTED)),
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
    pub fn too_short<'v>(
        field: impl IntoFieldPath,
        value: impl Into<BadValue<'v>>,
        min: i64,
    ) -> Error {
        Error::build(
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
        Error::build(
            ErrorType::TooMany,
            field,
            value,
            limit_detail("must have at most", max, "item", "has too many items"),
        )
    }

    /// `Too few: <actual>: must have at least N items`.
    #[cold]
    pub fn too_few(field: impl IntoFieldPath, actual: i64, min: i64) -> Error {
        Error::build(
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
        Error::build(
            ErrorType::Internal,
            field,
            BadValue::String(Cow::Borrowed(&detail)),
            Detail::Text(&detail),
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

    /// [`mark_short_circuit`](Error::mark_short_circuit) in place.
    pub(crate) fn set_short_circuit(&mut self) {
        self.short_circuit = true;
    }

    /// Marks the error as reported by hand-written validation (upstream's
    /// `MarkFromImperative`, which a 1.36+ API server applies to the
    /// hand-written errors it is given).
    #[must_use]
    pub fn mark_from_imperative(mut self) -> Error {
        self.from_imperative = true;
        self
    }

    /// Marks a hand-written error as one declarative validation covers but
    /// does not return for this input, because it short-circuits before
    /// reaching the validation (Kubernetes 1.37's `MarkShortCircuitedInDV`,
    /// field `ShortCircuitedInDeclarative`). Kubernetes 1.37's API server
    /// does not read the mark; it is kept so hand-written validation ported
    /// from 1.37 keeps its information.
    #[must_use]
    pub fn mark_short_circuited_in_declarative(mut self) -> Error {
        self.short_circuited_in_declarative = true;
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
        let detail = self.static_detail.take().unwrap_or_default();
        let (head, old_detail) = self.text.as_str().split_at(self.value_end as usize);
        let mut text = Text::with_capacity(self.text.len() + prefix.len() + detail.len());
        text.push_str(head);
        text.push_str(prefix);
        text.push_str(detail);
        text.push_str(old_detail);
        self.text = text;
        self
    }

    /// The error type.
    pub fn kind(&self) -> ErrorType {
        self.kind
    }

    /// The rendered field path (`<nil>` for the root object).
    pub fn field(&self) -> &str {
        &self.text.as_str()[..self.field_end as usize]
    }

    /// The detail text (may be empty).
    pub fn detail(&self) -> &str {
        match self.static_detail {
            Some(s) => s,
            None => &self.text.as_str()[self.value_end as usize..],
        }
    }

    /// The origin, if any.
    pub fn origin(&self) -> Option<&str> {
        self.origin.as_deref()
    }

    /// The offending value (its text borrowed from the error).
    pub fn bad_value(&self) -> BadValue<'_> {
        BadValue::from_kind(self.value_kind(), Cow::Borrowed(self.value_text()))
    }

    fn value_kind(&self) -> BadValueKind {
        unpack_value(self.value_tag, self.value_bits)
    }

    fn value_text(&self) -> &str {
        &self.text.as_str()[self.field_end as usize..self.value_end as usize]
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

    /// Whether the error is marked as one declarative validation covers but
    /// short-circuits before returning (upstream 1.37's
    /// `ShortCircuitedInDeclarative`).
    pub fn is_short_circuited_in_declarative(&self) -> bool {
        self.short_circuited_in_declarative
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
        if self.kind.prints_value() && self.value_kind() != BadValueKind::Omitted {
            out.push_str(": ");
            self.bad_value().write_to(out);
        }
        let detail = self.detail();
        if !detail.is_empty() {
            out.push_str(": ");
            out.push_str(detail);
        }
    }
}

impl PartialEq for Error {
    fn eq(&self, other: &Error) -> bool {
        self.kind == other.kind
            && self.field() == other.field()
            && self.bad_value() == other.bad_value()
            && self.detail() == other.detail()
            && self.origin == other.origin
            && self.covered_by_declarative == other.covered_by_declarative
            && self.short_circuit == other.short_circuit
            && self.stability == other.stability
            && self.from_imperative == other.from_imperative
            && self.short_circuited_in_declarative == other.short_circuited_in_declarative
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Error")
            .field("kind", &self.kind)
            .field("field", &self.field())
            .field("bad_value", &self.bad_value())
            .field("detail", &self.detail())
            .field("origin", &self.origin)
            .field("covered_by_declarative", &self.covered_by_declarative)
            .field("short_circuit", &self.short_circuit)
            .field("stability", &self.stability)
            .field("from_imperative", &self.from_imperative)
            .field(
                "short_circuited_in_declarative",
                &self.short_circuited_in_declarative,
            )
            .finish()
    }
}

/// The bad value upstream's `TooLong` carries (`field.TooLong` with a nil value).
const VALUE_OMITTED: &str = "<value omitted>";

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::with_capacity(self.text.len() + 32);
        out.push_str(self.field());
        out.push_str(": ");
        self.write_body(&mut out);
        f.write_str(&out)
    }
}

impl std::error::Error for Error {}

impl<'a, T: ToBadValue + ?Sized> From<&'a T> for BadValue<'a> {
    fn from(v: &'a T) -> Self {
        v.to_bad_value()
    }
}

#[cfg(test)]
#[path = "error_tests.rs"]
mod tests;
