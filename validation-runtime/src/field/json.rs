//! JSON as Go's `encoding/json` writes it, for bad values: strings (HTML-safe
//! escaping), floats, objects member by member ([`JsonObject`]) and maps with
//! their keys sorted ([`MapKey`]).

use std::borrow::Cow;
use std::fmt::Write as _;

use super::value::ToBadValue;

/// Writes a JSON object member by member, as Go's `encoding/json` marshals
/// a struct: what generated [`ToBadValue`] impls of structs use.
///
/// ```
/// use validation_runtime::field::JsonObject;
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

/// Map keys as Go's `encoding/json` writes them (always strings).
pub trait MapKey {
    /// The key text, before JSON quoting.
    fn key_str(&self) -> std::borrow::Cow<'_, str>;
}

impl MapKey for String {
    fn key_str(&self) -> std::borrow::Cow<'_, str> {
        std::borrow::Cow::Borrowed(self)
    }
}

impl MapKey for str {
    fn key_str(&self) -> std::borrow::Cow<'_, str> {
        std::borrow::Cow::Borrowed(self)
    }
}

impl<T: crate::Newtype + ?Sized> MapKey for T
where
    T::Inner: MapKey,
{
    fn key_str(&self) -> std::borrow::Cow<'_, str> {
        self.inner().key_str()
    }
}

macro_rules! int_keys {
    ($($t:ty),*) => {$(
        impl MapKey for $t {
            fn key_str(&self) -> std::borrow::Cow<'_, str> { std::borrow::Cow::Owned(self.to_string()) }
        }
    )*};
}
int_keys!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

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

/// The bytes that send [`write_json_string`] down its character-by-character
/// path: control characters, `"`, `\`, `<`, `>`, `&` (escaped), and DEL and
/// every non-ASCII byte (checked there for U+2028 and U+2029). One table
/// lookup per byte.
static JSON_SLOW: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = b < 0x20 || b >= 0x7f || matches!(b as u8, b'"' | b'\\' | b'<' | b'>' | b'&');
        b += 1;
    }
    table
};

/// Writes `s` as a JSON string the way Go's `encoding/json` does (HTML-safe:
/// `<`, `>` and `&` escaped, U+2028 and U+2029 escaped).
pub fn write_json_string(s: &str, out: &mut String) {
    // Nothing to escape (the common case): copied at once.
    if !s.bytes().any(|b| JSON_SLOW[usize::from(b)]) {
        out.reserve(s.len() + 2);
        out.push('"');
        out.push_str(s);
        out.push('"');
        return;
    }
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Writes `NaN`, `+Inf` or `-Inf` (Go's `%v`, and what upstream falls back
/// to for JSON) and returns true when `f` is not finite.
fn write_non_finite(f: f64, out: &mut String) -> bool {
    if f.is_nan() {
        out.push_str("NaN");
    } else if f.is_infinite() {
        out.push_str(if f > 0.0 { "+Inf" } else { "-Inf" });
    } else {
        return false;
    }
    true
}

/// Go's `%v` of a `float64`: shortest representation, `%e` form when the
/// decimal exponent is < -4 or >= 6 (fmt uses precision 6 for that decision
/// when the shortest representation is requested).
pub(super) fn write_go_float_v(f: f64, out: &mut String) {
    if write_non_finite(f, out) {
        return;
    }
    if f == 0.0 {
        out.push_str(if f.is_sign_negative() { "-0" } else { "0" });
        return;
    }
    let exp = f.abs().log10().floor() as i32;
    if !(-4..6).contains(&exp) {
        out.push_str(&go_exponent(&format!("{f:e}")));
    } else {
        let _ = write!(out, "{f}");
    }
}

pub(super) fn format_go_float32_v(f: f32) -> String {
    if f.is_nan() || f.is_infinite() || f == 0.0 {
        let mut s = String::new();
        write_go_float_v(f64::from(f), &mut s);
        return s;
    }
    let exp = f.abs().log10().floor() as i32;
    if !(-4..6).contains(&exp) {
        go_exponent(&format!("{f:e}"))
    } else {
        format!("{f}")
    }
}

/// Rust's `1.5e21` / `1e-7` into Go's `1.5e+21` / `1e-07`.
fn go_exponent(rust: &str) -> String {
    let (mantissa, exp) = rust.split_once('e').unwrap_or((rust, "0"));
    let (sign, digits) = match exp.strip_prefix('-') {
        Some(d) => ('-', d),
        None => ('+', exp),
    };
    if digits.len() < 2 {
        format!("{mantissa}e{sign}0{digits}")
    } else {
        format!("{mantissa}e{sign}{digits}")
    }
}

/// Go's `encoding/json` float encoding: `%f`-like unless the magnitude is
/// below 1e-6 or at least 1e21, then exponent form with a trimmed exponent.
/// NaN and infinities cannot be marshalled; upstream then falls back to `%#v`,
/// which prints `NaN`, `+Inf`, `-Inf`.
pub(super) fn write_json_float(f: f64, bits: u32, out: &mut String) {
    if write_non_finite(f, out) {
        return;
    }
    let abs = f.abs();
    let use_exp = abs != 0.0 && !(1e-6..1e21).contains(&abs);
    let text = if bits == 32 {
        let g = f as f32;
        if use_exp {
            format!("{g:e}")
        } else {
            format!("{g}")
        }
    } else if use_exp {
        format!("{f:e}")
    } else {
        format!("{f}")
    };
    if use_exp {
        // Go writes e-07 as e-7 and always includes the sign: 1e+21.
        let (m, e) = text.split_once('e').unwrap_or((&text, "0"));
        if let Some(d) = e.strip_prefix('-') {
            let _ = write!(out, "{m}e-{d}");
        } else {
            let _ = write!(out, "{m}e+{e}");
        }
    } else {
        out.push_str(&text);
    }
}
