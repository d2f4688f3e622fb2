//! JSON as Go's `encoding/json` writes it, for bad values: strings (HTML-safe
//! escaping), floats and map keys ([`MapKey`]). The writers of objects and
//! maps of [`ToBadValue`](super::ToBadValue) values are in `value.rs`, with
//! the trait, so that this module depends on nothing of the field module.

use std::fmt::Write as _;

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
