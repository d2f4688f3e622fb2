//! Scalars as go-yaml v2 resolves them (YAML 1.1, as kubectl reads YAML):
//!
//! * plain `~`, `null`, `Null`, `NULL` and the empty scalar are null;
//! * plain `y`, `Y`, `yes`, `Yes`, `YES`, `on`, `On`, `ON`, `true`, `True`,
//!   `TRUE` are true, and the `n`/`no`/`off`/`false` family false;
//! * plain numbers as Go's `strconv.ParseInt(s, 0, 64)` reads them with `_`
//!   removed (`0x1F`, `0o17`, `0777` octal, `0b101`), then unsigned, then
//!   floats (`.inf` and `.nan` included: the JSON encoder refuses them
//!   later);
//! * timestamps stay strings (they decode into `interface{}` as such);
//! * quoted and block scalars, and `!!str`, are strings; `!!binary` is the
//!   text its base64 holds.

use super::Scalar;

/// go-yaml's `yaml_STR_TAG` and friends, as a tag's handle and suffix
/// arrive from the parser.
const PREFIX: &str = "tag:yaml.org,2002:";

/// The value of a scalar: `plain` when it was written without quotes or
/// block indicator, `tag` its explicit tag (`None` for none).
pub(crate) fn scalar<'a>(
    text: &'a str,
    plain: bool,
    tag: Option<&str>,
) -> Result<Scalar<'a>, String> {
    let Some(tag) = tag else {
        return Ok(if plain {
            resolve_plain(text)?
        } else {
            Scalar::Str(text.into())
        });
    };
    let short = tag.strip_prefix(PREFIX).map_or(tag, |s| s);
    let explicit = tag.starts_with(PREFIX) || tag.starts_with("!!");
    let short = short.strip_prefix("!!").unwrap_or(short);
    if !explicit || tag == "!" {
        // A local tag (`!foo`) is not resolved: the text is a string.
        return Ok(Scalar::Str(text.into()));
    }
    match short {
        "str" => Ok(Scalar::Str(text.into())),
        "binary" => binary(text),
        "int" | "float" | "bool" | "null" | "timestamp" => {
            let resolved = resolve_plain(text)?;
            let got = match &resolved {
                Scalar::Null => "null",
                Scalar::Bool(_) => "bool",
                Scalar::Int(_) | Scalar::Uint(_) => "int",
                Scalar::Float(_) => "float",
                // go-yaml tries a timestamp only for a plain scalar or one
                // tagged !!timestamp.
                Scalar::Str(_) if short == "timestamp" && is_timestamp(text) => "timestamp",
                Scalar::Str(_) => "str",
            };
            if got == short {
                return Ok(resolved);
            }
            match (short, resolved) {
                // go-yaml widens an integer tagged !!float.
                ("float", Scalar::Int(i)) => Ok(Scalar::Float(i as f64)),
                ("float", Scalar::Uint(u)) => Ok(Scalar::Float(u as f64)),
                _ => Err(format!("cannot decode !!{got} `{text}` as a !!{short}")),
            }
        }
        // Tags go-yaml does not resolve (`!!map` on a scalar, ...): the text.
        _ => Ok(Scalar::Str(text.into())),
    }
}

/// `!!binary`: standard base64, white space ignored; the bytes as text
/// (invalid UTF-8 replaced, as Go's JSON encoder replaces it).
fn binary(text: &str) -> Result<Scalar<'static>, String> {
    let clean: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    match decode_base64(&clean) {
        Some(bytes) => Ok(Scalar::Str(
            String::from_utf8_lossy(&bytes).into_owned().into(),
        )),
        None => Err("!!binary value contains invalid base64 data".to_owned()),
    }
}

/// Standard base64 with padding (Go's `base64.StdEncoding`).
fn decode_base64(s: &[u8]) -> Option<Vec<u8>> {
    if s.len() % 4 != 0 {
        return None;
    }
    let val = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let mut out = Vec::with_capacity(s.len() / 4 * 3);
    for (i, chunk) in s.chunks(4).enumerate() {
        let last = i == s.len() / 4 - 1;
        let pad = chunk.iter().rev().take_while(|&&c| c == b'=').count();
        if pad > 2 || (pad > 0 && !last) {
            return None;
        }
        let mut n = 0u32;
        for &c in &chunk[..4 - pad] {
            n = (n << 6) | val(c)?;
        }
        n <<= 6 * pad as u32;
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..3 - pad]);
    }
    Some(out)
}

/// A plain scalar (see the module documentation).
pub(crate) fn resolve_plain(s: &str) -> Result<Scalar<'_>, String> {
    match s {
        "" | "~" | "null" | "Null" | "NULL" => return Ok(Scalar::Null),
        "y" | "Y" | "yes" | "Yes" | "YES" | "on" | "On" | "ON" | "true" | "True" | "TRUE" => {
            return Ok(Scalar::Bool(true))
        }
        "n" | "N" | "no" | "No" | "NO" | "off" | "Off" | "OFF" | "false" | "False" | "FALSE" => {
            return Ok(Scalar::Bool(false))
        }
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => {
            return Ok(Scalar::Float(f64::INFINITY))
        }
        "-.inf" | "-.Inf" | "-.INF" => return Ok(Scalar::Float(f64::NEG_INFINITY)),
        ".nan" | ".NaN" | ".NAN" => return Ok(Scalar::Float(f64::NAN)),
        _ => {}
    }
    let first = s.as_bytes()[0];
    if first == b'.' {
        // go-yaml v2 hands these to Go's strconv.ParseFloat as they are:
        // underscores between digits allowed, an exponent allowed.
        return Ok(match go_float_underscores(s) {
            Some(t) if is_yaml_float(&t) => {
                go_parse_float(&t).map_or_else(|| Scalar::Str(s.into()), Scalar::Float)
            }
            _ => Scalar::Str(s.into()),
        });
    }
    if !(first.is_ascii_digit() || first == b'+' || first == b'-') {
        return Ok(Scalar::Str(s.into()));
    }
    if is_timestamp(s) {
        return Ok(Scalar::Str(s.into()));
    }
    let plain: std::borrow::Cow<'_, str> = if s.contains('_') {
        s.replace('_', "").into()
    } else {
        s.into()
    };
    if let Some(i) = go_parse_int(&plain) {
        return Ok(Scalar::Int(i));
    }
    if let Some(u) = go_parse_uint(&plain) {
        return Ok(Scalar::Uint(u));
    }
    if is_yaml_float(&plain) {
        if let Some(f) = go_parse_float(&plain) {
            return Ok(Scalar::Float(f));
        }
    }
    Ok(Scalar::Str(s.into()))
}

/// `s` without its underscores when each sits between two digits (Go's
/// `underscoreOK` for a decimal literal); `None` otherwise.
fn go_float_underscores(s: &str) -> Option<String> {
    let b = s.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        if c == b'_' {
            let before = i > 0 && b[i - 1].is_ascii_digit();
            let after = b.get(i + 1).is_some_and(u8::is_ascii_digit);
            if !(before && after) {
                return None;
            }
        }
    }
    Some(s.replace('_', ""))
}

/// Go's `strconv.ParseFloat(s, 64)` where it succeeds: a value too large
/// for a float64 is an error there (`ErrRange`), so go-yaml keeps the text.
pub(crate) fn go_parse_float(s: &str) -> Option<f64> {
    s.parse::<f64>().ok().filter(|f| f.is_finite())
}

/// `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$` (go-yaml v2's
/// float pattern).
fn is_yaml_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - start
    };
    if i < b.len() && b[i] == b'.' {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    } else {
        if digits(&mut i) == 0 {
            return false;
        }
        if i < b.len() && b[i] == b'.' {
            i += 1;
            digits(&mut i);
        }
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// Go's `strconv.ParseInt(s, 0, 64)`: sign, then `0x`/`0X` hex, `0o`/`0O`
/// or a leading `0` octal, `0b`/`0B` binary, decimal otherwise.
fn go_parse_int(s: &str) -> Option<i64> {
    let (neg, rest) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    let magnitude = go_parse_uint(rest)?;
    if neg {
        if magnitude <= i64::MAX as u64 + 1 {
            Some((magnitude as i64).wrapping_neg())
        } else {
            None
        }
    } else {
        i64::try_from(magnitude).ok()
    }
}

/// Go's `strconv.ParseUint(s, 0, 64)` (no sign).
fn go_parse_uint(s: &str) -> Option<u64> {
    let (radix, digits) = if let Some(d) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        (16, d)
    } else if let Some(d) = s.strip_prefix("0o").or_else(|| s.strip_prefix("0O")) {
        (8, d)
    } else if let Some(d) = s.strip_prefix("0b").or_else(|| s.strip_prefix("0B")) {
        (2, d)
    } else if s.len() > 1 && s.starts_with('0') {
        (8, &s[1..])
    } else {
        (10, s)
    };
    if digits.is_empty() || !digits.bytes().all(|b| (b as char).is_digit(radix)) {
        return None;
    }
    u64::from_str_radix(digits, radix).ok()
}

/// go-yaml v2's `parseTimestamp`: four digits and `-`, then one of its
/// layouts as Go's `time.Parse` reads them (`2006-1-2T15:4:5.999999999Z07:00`,
/// the same with `t`, `2006-1-2 15:4:5.999999999`, `2006-1-2`), the date
/// and time in range. A timestamp decodes into `interface{}` as the string
/// itself; the tag matters in errors (`cannot decode !!timestamp ...`).
fn is_timestamp(s: &str) -> bool {
    let b = s.as_bytes();
    // 1 or 2 digits (Go's `getnum`), and the rest.
    fn num(b: &[u8]) -> Option<(u32, &[u8])> {
        let d = |i: usize| {
            b.get(i)
                .filter(|c| c.is_ascii_digit())
                .map(|c| u32::from(c - b'0'))
        };
        let first = d(0)?;
        Some(match d(1) {
            Some(second) => (first * 10 + second, &b[2..]),
            None => (first, &b[1..]),
        })
    }
    if b.len() < 5 || !b[..4].iter().all(u8::is_ascii_digit) || b[4] != b'-' {
        return false;
    }
    let year: u32 = s[..4].parse().expect("four digits");
    let Some((month, rest)) = num(&b[5..]) else {
        return false;
    };
    let Some(rest) = rest.strip_prefix(b"-") else {
        return false;
    };
    let Some((day, rest)) = num(rest) else {
        return false;
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    if !(1..=days).contains(&day) {
        return false;
    }
    let (zone, rest) = match rest {
        [] => return true,
        [b'T' | b't', rest @ ..] => (true, rest),
        [b' ', rest @ ..] => (false, rest),
        _ => return false,
    };
    let time = || -> Option<&[u8]> {
        let (hour, rest) = num(rest)?;
        let (minute, rest) = num(rest.strip_prefix(b":")?)?;
        let (second, mut rest) = num(rest.strip_prefix(b":")?)?;
        if hour > 23 || minute > 59 || second > 59 {
            return None;
        }
        // A fraction, after `.` or `,`.
        if let [b'.' | b',', d, ..] = rest {
            if d.is_ascii_digit() {
                let n = rest[1..].iter().take_while(|c| c.is_ascii_digit()).count();
                rest = &rest[1 + n..];
            }
        }
        Some(rest)
    };
    let Some(rest) = time() else {
        return false;
    };
    if !zone {
        return rest.is_empty();
    }
    match rest {
        b"Z" => true,
        [b'+' | b'-', h1, h2, b':', m1, m2] => {
            [h1, h2, m1, m2].iter().all(|c| c.is_ascii_digit())
                && (h1 - b'0') * 10 + (h2 - b'0') <= 24
                && (m1 - b'0') * 10 + (m2 - b'0') <= 60
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(s: &str) -> Scalar<'_> {
        resolve_plain(s).unwrap()
    }

    #[test]
    fn yaml_1_1_plain_scalars() {
        assert_eq!(plain("yes"), Scalar::Bool(true));
        assert_eq!(plain("Off"), Scalar::Bool(false));
        assert_eq!(plain("~"), Scalar::Null);
        assert_eq!(plain("0777"), Scalar::Int(511));
        assert_eq!(plain("0x1F"), Scalar::Int(31));
        assert_eq!(plain("1_000"), Scalar::Int(1000));
        assert_eq!(plain("1.0"), Scalar::Float(1.0));
        assert_eq!(plain(".0_0"), Scalar::Float(0.0));
        assert_eq!(plain("._5"), Scalar::Str("._5".into()));
        // Not octal: a float, which JSON writes as 8.
        assert_eq!(plain("08"), Scalar::Float(8.0));
        assert_eq!(plain("2001-12-14"), Scalar::Str("2001-12-14".into()));
        // Go's time.Parse of go-yaml's layouts.
        for t in [
            "2001-12-14t21:59:43.10-05:00",
            "2001-1-2 3:4:5",
            "2000-02-29",
            "2001-12-14T21:59:43Z",
        ] {
            assert!(is_timestamp(t), "{t}");
        }
        for t in [
            "2001-02-29",
            "2001-13-01",
            "0020-12-!!int",
            "2001-12-14 21:59:43 -5",
            "2001-12-14T24:00:00Z",
        ] {
            assert!(!is_timestamp(t), "{t}");
        }
        assert_eq!(
            plain("9223372036854775808"),
            Scalar::Uint(9223372036854775808)
        );
        assert_eq!(plain("-.Inf"), Scalar::Float(f64::NEG_INFINITY));
    }

    #[test]
    fn tags() {
        assert_eq!(
            scalar("true", true, Some("tag:yaml.org,2002:str")).unwrap(),
            Scalar::Str("true".into())
        );
        assert_eq!(
            scalar("aGk=", true, Some("tag:yaml.org,2002:binary")).unwrap(),
            Scalar::Str("hi".into())
        );
        assert_eq!(
            scalar("1", true, Some("tag:yaml.org,2002:float")).unwrap(),
            Scalar::Float(1.0)
        );
        assert_eq!(
            scalar("abc", true, Some("tag:yaml.org,2002:int")).unwrap_err(),
            "cannot decode !!str `abc` as a !!int"
        );
        assert_eq!(
            scalar("12", true, Some("!local")).unwrap(),
            Scalar::Str("12".into())
        );
        assert_eq!(decode_base64(b"aGVsbG8="), Some(b"hello".to_vec()));
        assert_eq!(decode_base64(b"aGVsbG8"), None);
    }
}
