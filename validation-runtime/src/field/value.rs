//! Bad values: the offending value carried by an [`Error`](super::Error), and
//! how it is printed.
//!
//! Upstream prints a bad value according to its Go dynamic type
//! (`field.Error.ErrorBody`): `int64`, `int32`, `float64`, `float32` and `bool`
//! with `%v`, a plain `string` Go-quoted (`strconv.Quote`), and everything else
//! (named string types, pointers, slices, maps, structs, `nil`) as JSON
//! (`encoding/json`, which escapes `<`, `>` and `&`). [`BadValue`] keeps that
//! distinction: a Rust `String` is a Go `string`; an `Option`, a newtype, a
//! list, a map or a struct is rendered as JSON through [`ToBadValue`].

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::fmt::{self, Write as _};

use super::json::{
    format_go_float32_v, write_go_float_v, write_json_float, write_json_string, MapKey,
};

/// The offending value of an error, already reduced to how upstream prints it.
///
/// Text values borrow where they can (`BadValue<'a>`): an [`Error`](super::Error)
/// copies the text into its own buffer once, next to its field path, so
/// passing `value.as_str()` costs no allocation of its own.
#[derive(Clone, Debug, PartialEq)]
pub enum BadValue<'a> {
    /// No value (upstream's `omitValue` sentinel, or a kind that never prints
    /// its value, such as `Required`).
    Omitted,
    /// Go `nil`: printed `null`.
    Null,
    /// A Go `bool`: `true` / `false`.
    Bool(bool),
    /// A Go integer: printed in decimal.
    Int(i64),
    /// A Go unsigned integer: printed in decimal.
    Uint(u64),
    /// A Go `float64` printed with `%v`.
    Float(f64),
    /// A plain Go `string`: printed Go-quoted (`"a\tb"`).
    String(Cow<'a, str>),
    /// Anything else, already rendered as JSON (named string types, pointers,
    /// lists, maps, structs).
    Json(Cow<'a, str>),
}

/// What a [`BadValue`] is, without its text: the kind
/// [`ToBadValue::write_bad_value`] returns after writing the text (of a
/// `String` or `Json` value) into a buffer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BadValueKind {
    /// [`BadValue::Omitted`].
    Omitted,
    /// [`BadValue::Null`].
    Null,
    /// [`BadValue::Bool`].
    Bool(bool),
    /// [`BadValue::Int`].
    Int(i64),
    /// [`BadValue::Uint`].
    Uint(u64),
    /// [`BadValue::Float`].
    Float(f64),
    /// [`BadValue::String`]: the text is the string.
    String,
    /// [`BadValue::Json`]: the text is the JSON.
    Json,
}

thread_local! {
    /// The buffer bad values are rendered into before an error copies them.
    static SCRATCH: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Renders `value`'s bad value into a reused per-thread buffer and calls `f`
/// with it, borrowed: the error `f` builds copies the text once, so a JSON
/// value (a whole list item, a named string type) costs no allocation of its
/// own.
pub(crate) fn with_bad_value<R>(value: &dyn ToBadValue, f: impl FnOnce(BadValue<'_>) -> R) -> R {
    if let Some(value) = value.borrowed_bad_value() {
        return f(value);
    }
    SCRATCH.with(|scratch| match scratch.try_borrow_mut() {
        Ok(mut buf) => {
            buf.clear();
            let kind = value.write_bad_value(&mut buf);
            let result = f(BadValue::from_kind(kind, Cow::Borrowed(buf.as_str())));
            if buf.capacity() > 64 * 1024 {
                *buf = String::new();
            }
            result
        }
        // A value whose rendering renders another bad value re-enters: that
        // one gets its own buffer.
        Err(_) => {
            let mut own = String::new();
            let kind = value.write_bad_value(&mut own);
            f(BadValue::from_kind(kind, Cow::Borrowed(own.as_str())))
        }
    })
}

impl BadValue<'static> {
    /// A bad value printed as JSON from anything that implements [`ToBadValue`].
    ///
    /// The JSON is written into a reused per-thread buffer and copied out
    /// once, so a large value (a whole list item, for a duplicate) costs one
    /// allocation rather than one per doubling of its text.
    pub fn json<T: ToBadValue + ?Sized>(value: &T) -> BadValue<'static> {
        struct AsJson<'t, T: ?Sized>(&'t T);
        impl<T: ToBadValue + ?Sized> ToBadValue for AsJson<'_, T> {
            fn write_json(&self, out: &mut String) {
                self.0.write_json(out)
            }
        }
        BadValue::of(&AsJson(value))
    }

    /// `value`'s bad value ([`ToBadValue::write_bad_value`]) owning its text,
    /// rendered through a reused per-thread buffer (one allocation).
    pub fn of<T: ToBadValue + ?Sized>(value: &T) -> BadValue<'static> {
        owned_bad_value(&value)
    }
}

/// [`BadValue::of`] without generics: compiled once, in this crate.
#[inline(never)]
fn owned_bad_value(value: &dyn ToBadValue) -> BadValue<'static> {
    with_bad_value(value, |v| v.into_owned())
}

impl<'a> BadValue<'a> {
    /// The bad value of `kind`, with `text` for a `String` or `Json` kind.
    pub fn from_kind(kind: BadValueKind, text: Cow<'a, str>) -> BadValue<'a> {
        match kind {
            BadValueKind::Omitted => BadValue::Omitted,
            BadValueKind::Null => BadValue::Null,
            BadValueKind::Bool(b) => BadValue::Bool(b),
            BadValueKind::Int(i) => BadValue::Int(i),
            BadValueKind::Uint(u) => BadValue::Uint(u),
            BadValueKind::Float(f) => BadValue::Float(f),
            BadValueKind::String => BadValue::String(text),
            BadValueKind::Json => BadValue::Json(text),
        }
    }

    /// The kind of this value, without its text.
    pub fn kind(&self) -> BadValueKind {
        match self {
            BadValue::Omitted => BadValueKind::Omitted,
            BadValue::Null => BadValueKind::Null,
            BadValue::Bool(b) => BadValueKind::Bool(*b),
            BadValue::Int(i) => BadValueKind::Int(*i),
            BadValue::Uint(u) => BadValueKind::Uint(*u),
            BadValue::Float(f) => BadValueKind::Float(*f),
            BadValue::String(_) => BadValueKind::String,
            BadValue::Json(_) => BadValueKind::Json,
        }
    }
}

impl BadValue<'_> {
    /// Writes the value as upstream's `ErrorBody` prints it.
    pub fn write_to(&self, out: &mut String) {
        match self {
            BadValue::Omitted => {}
            BadValue::Null => out.push_str("null"),
            BadValue::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            BadValue::Int(i) => push_int(out, i128::from(*i)),
            BadValue::Uint(u) => push_int(out, i128::from(*u)),
            BadValue::Float(f) => write_go_float_v(*f, out),
            BadValue::String(s) => write_go_quoted(s, out),
            BadValue::Json(j) => out.push_str(j),
        }
    }

    /// Whether this is the omitted sentinel.
    pub fn is_omitted(&self) -> bool {
        matches!(self, BadValue::Omitted)
    }

    /// The same value, owning its text.
    pub fn into_owned(self) -> BadValue<'static> {
        match self {
            BadValue::Omitted => BadValue::Omitted,
            BadValue::Null => BadValue::Null,
            BadValue::Bool(b) => BadValue::Bool(b),
            BadValue::Int(i) => BadValue::Int(i),
            BadValue::Uint(u) => BadValue::Uint(u),
            BadValue::Float(f) => BadValue::Float(f),
            BadValue::String(s) => BadValue::String(Cow::Owned(s.into_owned())),
            BadValue::Json(j) => BadValue::Json(Cow::Owned(j.into_owned())),
        }
    }

    /// The text a `String` or `Json` value carries (empty for the others).
    pub(crate) fn text(&self) -> &str {
        match self {
            BadValue::String(s) | BadValue::Json(s) => s,
            _ => "",
        }
    }
}

impl fmt::Display for BadValue<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.write_to(&mut s);
        f.write_str(&s)
    }
}

impl From<String> for BadValue<'static> {
    fn from(s: String) -> Self {
        BadValue::String(Cow::Owned(s))
    }
}

impl From<i64> for BadValue<'static> {
    fn from(v: i64) -> Self {
        BadValue::Int(v)
    }
}

impl From<bool> for BadValue<'static> {
    fn from(v: bool) -> Self {
        BadValue::Bool(v)
    }
}

/// Appends `n` in decimal without going through `fmt` (which is several times
/// slower for the short numbers of error messages).
pub(crate) fn push_int<S: super::text::Sink + ?Sized>(out: &mut S, n: i128) {
    if n < 0 {
        out.push('-');
    }
    let u = n.unsigned_abs();
    // Most numbers in errors and JSON are one or two digits.
    if u < 10 {
        out.push(char::from(b'0' + u as u8));
        return;
    }
    if u < 100 {
        out.push(char::from(b'0' + (u / 10) as u8));
        out.push(char::from(b'0' + (u % 10) as u8));
        return;
    }
    let mut buf = [0u8; 40];
    let mut pos = buf.len();
    let mut digit = |d: u8| {
        pos -= 1;
        buf[pos] = b'0' + d;
    };
    if let Ok(mut small) = u64::try_from(u) {
        loop {
            digit((small % 10) as u8);
            small /= 10;
            if small == 0 {
                break;
            }
        }
    } else {
        let mut u = u;
        loop {
            digit((u % 10) as u8);
            u /= 10;
            if u == 0 {
                break;
            }
        }
    }
    for &b in &buf[pos..] {
        out.push(char::from(b));
    }
}

/// Conversion of a Rust value into the bad value upstream would print for the
/// corresponding Go value.
///
/// [`to_bad_value`](ToBadValue::to_bad_value) is the top-level rendering (a
/// `String` is a Go `string` and is Go-quoted); [`write_json`](ToBadValue::write_json)
/// is the JSON rendering used for everything nested and for named types.
/// `#[derive(Validate)]` implements this trait for your types, using their
/// JSON field names.
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not implement `ToBadValue`",
    label = "this value may be printed in an error",
    note = "add #[derive(Validate)] to `{Self}` (it implements `ToBadValue`), or mark the field `+k8s:opaqueType`"
)]
pub trait ToBadValue {
    /// Writes the value as a top-level bad value: its text, when it has one
    /// (a string, or JSON), into `out`, and returns its kind. Defaults to
    /// JSON ([`write_json`](ToBadValue::write_json)).
    ///
    /// This is what errors print; override it, not
    /// [`to_bad_value`](ToBadValue::to_bad_value), to print a value
    /// differently (a Go plain `string` is [`BadValueKind::String`]).
    fn write_bad_value(&self, out: &mut String) -> BadValueKind {
        self.write_json(out);
        BadValueKind::Json
    }

    /// The value as a top-level bad value, as
    /// [`write_bad_value`](ToBadValue::write_bad_value) writes it (borrowed
    /// for strings, numbers and `None`; rendered once otherwise). Not meant
    /// to be overridden.
    fn to_bad_value(&self) -> BadValue<'_> {
        match self.borrowed_bad_value() {
            Some(value) => value,
            None => BadValue::of(self),
        }
    }

    /// The bad value when it needs no rendering (a string, a number, a
    /// bool, `None`), so that errors skip the buffer they render into. It
    /// must agree with `write_bad_value`; the runtime's own impls provide it.
    #[doc(hidden)]
    fn borrowed_bad_value(&self) -> Option<BadValue<'_>> {
        None
    }

    /// Writes the value as Go's `encoding/json` would marshal it.
    fn write_json(&self, out: &mut String);
}

impl<T: ToBadValue + ?Sized> ToBadValue for &T {
    fn write_bad_value(&self, out: &mut String) -> BadValueKind {
        (**self).write_bad_value(out)
    }
    fn borrowed_bad_value(&self) -> Option<BadValue<'_>> {
        (**self).borrowed_bad_value()
    }
    fn to_bad_value(&self) -> BadValue<'_> {
        (**self).to_bad_value()
    }
    fn write_json(&self, out: &mut String) {
        (**self).write_json(out)
    }
}

impl ToBadValue for str {
    fn write_bad_value(&self, out: &mut String) -> BadValueKind {
        out.push_str(self);
        BadValueKind::String
    }
    fn borrowed_bad_value(&self) -> Option<BadValue<'_>> {
        Some(BadValue::String(Cow::Borrowed(self)))
    }
    fn write_json(&self, out: &mut String) {
        write_json_string(self, out)
    }
}

impl ToBadValue for String {
    fn write_bad_value(&self, out: &mut String) -> BadValueKind {
        out.push_str(self);
        BadValueKind::String
    }
    fn borrowed_bad_value(&self) -> Option<BadValue<'_>> {
        Some(BadValue::String(Cow::Borrowed(self)))
    }
    fn write_json(&self, out: &mut String) {
        write_json_string(self, out)
    }
}

impl ToBadValue for bool {
    fn write_bad_value(&self, _: &mut String) -> BadValueKind {
        BadValueKind::Bool(*self)
    }
    fn borrowed_bad_value(&self) -> Option<BadValue<'_>> {
        Some(BadValue::Bool(*self))
    }
    fn write_json(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" })
    }
}

macro_rules! signed {
    ($($t:ty),*) => {$(
        impl ToBadValue for $t {
            fn write_bad_value(&self, _: &mut String) -> BadValueKind { BadValueKind::Int(*self as i64) }
            fn borrowed_bad_value(&self) -> Option<BadValue<'_>> { Some(BadValue::Int(*self as i64)) }
            fn write_json(&self, out: &mut String) { push_int(out, *self as i128); }
        }
    )*};
}
macro_rules! unsigned {
    ($($t:ty),*) => {$(
        impl ToBadValue for $t {
            fn write_bad_value(&self, _: &mut String) -> BadValueKind { BadValueKind::Uint(*self as u64) }
            fn borrowed_bad_value(&self) -> Option<BadValue<'_>> { Some(BadValue::Uint(*self as u64)) }
            fn write_json(&self, out: &mut String) { push_int(out, *self as i128); }
        }
    )*};
}
signed!(i8, i16, i32, i64, isize);
unsigned!(u8, u16, u32, u64, usize);

impl ToBadValue for f64 {
    fn write_bad_value(&self, _: &mut String) -> BadValueKind {
        BadValueKind::Float(*self)
    }
    fn borrowed_bad_value(&self) -> Option<BadValue<'_>> {
        Some(BadValue::Float(*self))
    }
    fn write_json(&self, out: &mut String) {
        write_json_float(*self, 64, out)
    }
}

impl ToBadValue for f32 {
    fn write_bad_value(&self, out: &mut String) -> BadValueKind {
        // Go prints a float32 with %v using 32-bit shortest formatting; the
        // decimal rendering of the f32 is what `Display` gives.
        out.push_str(&format_go_float32_v(*self));
        BadValueKind::Json
    }
    fn write_json(&self, out: &mut String) {
        write_json_float(f64::from(*self), 32, out)
    }
}

impl<T: ToBadValue> ToBadValue for Option<T> {
    fn write_bad_value(&self, out: &mut String) -> BadValueKind {
        match self {
            None => BadValueKind::Null,
            Some(v) => {
                v.write_json(out);
                BadValueKind::Json
            }
        }
    }
    fn borrowed_bad_value(&self) -> Option<BadValue<'_>> {
        match self {
            None => Some(BadValue::Null),
            Some(_) => None,
        }
    }
    fn write_json(&self, out: &mut String) {
        match self {
            None => out.push_str("null"),
            Some(v) => v.write_json(out),
        }
    }
}

impl<T: ToBadValue + ?Sized> ToBadValue for Box<T> {
    fn write_json(&self, out: &mut String) {
        (**self).write_json(out)
    }
}

impl<T: ToBadValue> ToBadValue for [T] {
    fn write_json(&self, out: &mut String) {
        out.push('[');
        for (i, v) in self.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            v.write_json(out);
        }
        out.push(']');
    }
}

impl<T: ToBadValue> ToBadValue for Vec<T> {
    fn write_json(&self, out: &mut String) {
        self.as_slice().write_json(out)
    }
}

impl<K: MapKey, V: ToBadValue> ToBadValue for BTreeMap<K, V> {
    fn write_json(&self, out: &mut String) {
        write_json_map(self.iter(), out)
    }
}

impl<K: MapKey, V: ToBadValue, S> ToBadValue for HashMap<K, V, S> {
    fn write_json(&self, out: &mut String) {
        write_json_map(self.iter(), out)
    }
}

impl ToBadValue for serde_json::Value {
    fn write_json(&self, out: &mut String) {
        use serde_json::Value;
        match self {
            Value::Null => out.push_str("null"),
            Value::Bool(b) => b.write_json(out),
            Value::Number(n) => {
                if let Some(f) = n.as_f64().filter(|_| n.is_f64()) {
                    write_json_float(f, 64, out)
                } else {
                    let _ = write!(out, "{n}");
                }
            }
            Value::String(s) => write_json_string(s, out),
            Value::Array(a) => a.write_json(out),
            Value::Object(o) => write_json_map(o.iter(), out),
        }
    }
}

impl ToBadValue for () {
    fn write_bad_value(&self, _: &mut String) -> BadValueKind {
        BadValueKind::Null
    }
    fn borrowed_bad_value(&self) -> Option<BadValue<'_>> {
        Some(BadValue::Null)
    }
    fn write_json(&self, out: &mut String) {
        out.push_str("null")
    }
}

pub use k8s_validation_spec::quote::{go_quote, write_go_quoted};

/// Writes a JSON object member by member, as Go's `encoding/json` marshals
/// a struct: what generated [`ToBadValue`] impls of structs use.
///
/// ```
/// use k8s_validation::field::JsonObject;
///
/// let mut out = String::new();
/// let mut json = JsonObject::new(&mut out);
/// json.field("name", "web");
/// json.field("replicas", &Some(3));
/// json.end();
/// assert_eq!(out, r#"{"name":"web","replicas":3}"#);
/// ```
pub struct JsonObject<'o> {
    out: &'o mut String,
    /// Where the object's members start (just after `{`).
    start: usize,
}

impl<'o> JsonObject<'o> {
    /// Opens the object (`{`).
    #[inline]
    pub fn new(out: &'o mut String) -> Self {
        out.push('{');
        let start = out.len();
        JsonObject { out, start }
    }

    fn key(&mut self, key: &str) {
        if self.out.len() > self.start {
            self.out.push(',');
        }
        write_json_string(key, self.out);
        self.out.push(':');
    }

    /// Writes the member `key` with `value`.
    pub fn field<T: ToBadValue + ?Sized>(&mut self, key: &str, value: &T) {
        self.key(key);
        value.write_json(self.out);
    }

    /// Writes a member whose key is already written as JSON, with the comma
    /// that separates it from the member before and the colon after it:
    /// `,"name":` (the comma is dropped for the first member). Generated
    /// [`ToBadValue`] impls call it for keys that need no escaping, which
    /// the generator checks (the others go through [`JsonObject::field`]),
    /// so that a struct's keys are not scanned for escapes each time one is
    /// printed.
    ///
    /// ```
    /// use k8s_validation::field::JsonObject;
    ///
    /// let mut out = String::new();
    /// let mut json = JsonObject::new(&mut out);
    /// json.member(",\"name\":", "web");
    /// json.member(",\"replicas\":", &3);
    /// json.end();
    /// assert_eq!(out, r#"{"name":"web","replicas":3}"#);
    /// ```
    #[inline]
    pub fn member<T: ToBadValue + ?Sized>(&mut self, key: &'static str, value: &T) {
        debug_assert!(
            is_member_key(key),
            "JsonObject::member: {key:?} is not `,\"key\":` with a key that needs no escaping"
        );
        let key = match self.out.len() > self.start {
            true => key,
            false => key.strip_prefix(',').unwrap_or(key),
        };
        self.out.push_str(key);
        value.write_json(self.out);
    }

    /// Writes the member `key` as `null`: a value whose type is opaque to
    /// validation (`+k8s:opaqueType`).
    pub fn null(&mut self, key: &str) {
        self.key(key);
        self.out.push_str("null");
    }

    /// Writes the members of `value`'s own object into this one
    /// (`#[serde(flatten)]`, Go's embedded struct).
    pub fn flatten<T: ToBadValue + ?Sized>(&mut self, value: &T) {
        let mut inner = String::new();
        value.write_json(&mut inner);
        if inner.len() > 2 {
            if self.out.len() > self.start {
                self.out.push(',');
            }
            self.out.push_str(&inner[1..inner.len() - 1]);
        }
    }

    /// Closes the object (`}`).
    #[inline]
    pub fn end(self) {
        self.out.push('}');
    }
}

/// Whether `key` is `,"<name>":` with a name [`write_json_string`] would
/// copy unescaped: what [`JsonObject::member`] expects.
fn is_member_key(key: &str) -> bool {
    let Some(name) = key.strip_prefix(",\"").and_then(|k| k.strip_suffix("\":")) else {
        return false;
    };
    let mut quoted = String::new();
    write_json_string(name, &mut quoted);
    quoted.len() == name.len() + 2
}

pub(super) fn write_json_map<'a, K, V, I>(entries: I, out: &mut String)
where
    K: MapKey + 'a + ?Sized,
    V: ToBadValue + 'a,
    I: Iterator<Item = (&'a K, &'a V)>,
{
    let mut items: Vec<(Cow<'_, str>, &dyn ToBadValue)> = entries
        .map(|(k, v)| (k.key_str(), v as &dyn ToBadValue))
        .collect();
    write_json_entries(&mut items, out);
}

/// The members of a JSON object, sorted by key as Go sorts map keys (by
/// their string form). Not generic, so the sort is compiled once, here.
#[inline(never)]
fn write_json_entries(items: &mut [(Cow<'_, str>, &dyn ToBadValue)], out: &mut String) {
    items.sort_by(|a, b| a.0.cmp(&b.0));
    out.push('{');
    for (i, (k, v)) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_json_string(k, out);
        out.push(':');
        v.write_json(out);
    }
    out.push('}');
}

#[cfg(test)]
#[path = "value_tests.rs"]
mod tests;
