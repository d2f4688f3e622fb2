//! Go's `time.Duration` text: [`parse`] (`time.ParseDuration`) and
//! [`format()`] (`Duration.String()`), on nanoseconds as an `i64`.
//!
//! Kubernetes 1.38 bounds `time.Duration` fields with duration strings
//! (`+k8s:minimum="1s"`): the generator reads the payload with [`parse`],
//! with Go's error messages, and writes the limit into the error's detail as
//! [`format()`] prints it (`must be less than or equal to 1h30m0s`); the
//! runtime's `Duration` prints itself the same way.
//!
//! ```
//! use k8s_validation_spec::duration::{format, parse};
//!
//! assert_eq!(parse("1h30m"), Ok(5_400_000_000_000));
//! assert_eq!(format(5_400_000_000_000), "1h30m0s");
//! assert_eq!(format(1_500_000), "1.5ms");
//! assert_eq!(
//!     parse("1x").unwrap_err(),
//!     r#"time: unknown unit "x" in duration "1x""#
//! );
//! ```

/// One nanosecond.
pub const NANOSECOND: i64 = 1;
/// One microsecond, in nanoseconds.
pub const MICROSECOND: i64 = 1_000;
/// One millisecond, in nanoseconds.
pub const MILLISECOND: i64 = 1_000_000;
/// One second, in nanoseconds.
pub const SECOND: i64 = 1_000_000_000;
/// One minute, in nanoseconds.
pub const MINUTE: i64 = 60 * SECOND;
/// One hour, in nanoseconds.
pub const HOUR: i64 = 60 * MINUTE;

const OVERFLOW: u64 = 1 << 63;

/// Go's `time.ParseDuration`: a possibly signed sequence of decimal numbers,
/// each with an optional fraction and a unit (`ns`, `us`/`µs`/`μs`, `ms`,
/// `s`, `m`, `h`), such as `300ms`, `-1.5h` or `2h45m`. `0` needs no unit.
///
/// # Errors
///
/// Go's message: `time: invalid duration "<s>"`, `time: missing unit in
/// duration "<s>"` or `time: unknown unit "<u>" in duration "<s>"`.
pub fn parse(text: &str) -> Result<i64, String> {
    let invalid = || format!("time: invalid duration {}", quote(text));
    let mut s = text;
    let mut neg = false;
    if let Some(rest) = s.strip_prefix('-') {
        neg = true;
        s = rest;
    } else if let Some(rest) = s.strip_prefix('+') {
        s = rest;
    }
    if s == "0" {
        return Ok(0);
    }
    if s.is_empty() {
        return Err(invalid());
    }
    let mut d: u64 = 0;
    while !s.is_empty() {
        let first = s.as_bytes()[0];
        if !(first == b'.' || first.is_ascii_digit()) {
            return Err(invalid());
        }
        let before = s.len();
        let (mut v, rest) = leading_int(s).ok_or_else(invalid)?;
        s = rest;
        let pre = before != s.len();
        let (mut f, mut scale, mut post) = (0u64, 1f64, false);
        if let Some(rest) = s.strip_prefix('.') {
            let before = rest.len();
            let (x, sc, rest) = leading_fraction(rest);
            (f, scale, s) = (x, sc, rest);
            post = before != s.len();
        }
        if !pre && !post {
            return Err(invalid());
        }
        let unit_len = s
            .bytes()
            .position(|c| c == b'.' || c.is_ascii_digit())
            .unwrap_or(s.len());
        if unit_len == 0 {
            return Err(format!("time: missing unit in duration {}", quote(text)));
        }
        let (u, rest) = s.split_at(unit_len);
        s = rest;
        let Some(unit) = unit(u) else {
            return Err(format!(
                "time: unknown unit {} in duration {}",
                quote(u),
                quote(text)
            ));
        };
        if v > OVERFLOW / unit {
            return Err(invalid());
        }
        v *= unit;
        if f > 0 {
            // Go: `v += uint64(float64(f) * (float64(unit) / scale))`.
            v += (f as f64 * (unit as f64 / scale)) as u64;
            if v > OVERFLOW {
                return Err(invalid());
            }
        }
        d += v;
        if d > OVERFLOW {
            return Err(invalid());
        }
    }
    if neg {
        return Ok((d as i64).wrapping_neg());
    }
    if d > OVERFLOW - 1 {
        return Err(invalid());
    }
    Ok(d as i64)
}

/// The nanoseconds of a unit (Go's `unitMap`).
fn unit(u: &str) -> Option<u64> {
    Some(match u {
        "ns" => NANOSECOND as u64,
        "us" | "\u{b5}s" | "\u{3bc}s" => MICROSECOND as u64,
        "ms" => MILLISECOND as u64,
        "s" => SECOND as u64,
        "m" => MINUTE as u64,
        "h" => HOUR as u64,
        _ => return None,
    })
}

/// Go's `leadingInt`: the leading digits, or `None` on overflow.
fn leading_int(s: &str) -> Option<(u64, &str)> {
    let mut x: u64 = 0;
    let end = s
        .bytes()
        .position(|c| !c.is_ascii_digit())
        .unwrap_or(s.len());
    for c in s[..end].bytes() {
        if x > OVERFLOW / 10 {
            return None;
        }
        x = x * 10 + u64::from(c - b'0');
        if x > OVERFLOW {
            return None;
        }
    }
    Some((x, &s[end..]))
}

/// Go's `leadingFraction`: the leading digits as a fraction `x / scale`,
/// ignoring the digits that would overflow.
fn leading_fraction(s: &str) -> (u64, f64, &str) {
    let (mut x, mut scale, mut overflow) = (0u64, 1f64, false);
    let end = s
        .bytes()
        .position(|c| !c.is_ascii_digit())
        .unwrap_or(s.len());
    for c in s[..end].bytes() {
        if overflow {
            continue;
        }
        if x > (OVERFLOW - 1) / 10 {
            overflow = true;
            continue;
        }
        let y = x * 10 + u64::from(c - b'0');
        if y > OVERFLOW {
            overflow = true;
            continue;
        }
        x = y;
        scale *= 10.0;
    }
    (x, scale, &s[end..])
}

/// Go's `time.quote`: double quotes, `"` and `\` escaped, bytes outside
/// printable ASCII as `\xNN`.
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        if (c as u32) < 0x20 || (c as u32) >= 0x80 {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        } else {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out.push('"');
    out
}

/// Go's `Duration.String()`: `72h3m0.5s`, `1.5ms`, `2µs`, `0s`; the largest
/// unit is the hour.
pub fn format(nanos: i64) -> String {
    let mut u = nanos.unsigned_abs();
    let mut out: Vec<u8> = Vec::with_capacity(32);
    // Written backwards, as Go does, then reversed.
    if u < SECOND as u64 {
        out.push(b's');
        let prec = match u {
            0 => return "0s".into(),
            u if u < MICROSECOND as u64 => {
                out.push(b'n');
                0
            }
            u if u < MILLISECOND as u64 => {
                // U+00B5, backwards.
                out.extend_from_slice(&[0xb5, 0xc2]);
                3
            }
            _ => {
                out.push(b'm');
                6
            }
        };
        u = frac(&mut out, u, prec);
        int(&mut out, u);
    } else {
        out.push(b's');
        u = frac(&mut out, u, 9);
        int(&mut out, u % 60);
        u /= 60;
        if u > 0 {
            out.push(b'm');
            int(&mut out, u % 60);
            u /= 60;
            if u > 0 {
                out.push(b'h');
                int(&mut out, u);
            }
        }
    }
    if nanos < 0 {
        out.push(b'-');
    }
    out.reverse();
    String::from_utf8(out).expect("ASCII digits and units")
}

/// Go's `fmtFrac`, backwards: the fraction of `v / 10^prec` without
/// trailing zeros (nothing when it is zero); returns the integer part.
fn frac(out: &mut Vec<u8>, mut v: u64, prec: u32) -> u64 {
    let mut print = false;
    for _ in 0..prec {
        let digit = (v % 10) as u8;
        print = print || digit != 0;
        if print {
            out.push(b'0' + digit);
        }
        v /= 10;
    }
    if print {
        out.push(b'.');
    }
    v
}

/// Go's `fmtInt`, backwards.
fn int(out: &mut Vec<u8>, mut v: u64) {
    if v == 0 {
        out.push(b'0');
        return;
    }
    while v > 0 {
        out.push(b'0' + (v % 10) as u8);
        v /= 10;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_as_go_does() {
        for (text, nanos) in [
            ("0", 0),
            ("+0", 0),
            ("-0", 0),
            ("5s", 5 * SECOND),
            ("30s", 30 * SECOND),
            ("1478s", 1478 * SECOND),
            ("-5s", -5 * SECOND),
            ("+5s", 5 * SECOND),
            ("-0s", 0),
            ("5.0s", 5 * SECOND),
            ("5.6s", 5 * SECOND + 600 * MILLISECOND),
            ("5.s", 5 * SECOND),
            (".5s", SECOND / 2),
            ("1.0s", SECOND),
            ("1.00s", SECOND),
            ("1.004s", SECOND + 4 * MILLISECOND),
            ("100.00100s", 100 * SECOND + MILLISECOND),
            ("10ns", 10),
            ("11us", 11 * MICROSECOND),
            ("12\u{b5}s", 12 * MICROSECOND),
            ("12\u{3bc}s", 12 * MICROSECOND),
            ("13ms", 13 * MILLISECOND),
            ("14s", 14 * SECOND),
            ("15m", 15 * MINUTE),
            ("16h", 16 * HOUR),
            ("3h30m", 3 * HOUR + 30 * MINUTE),
            ("10.5s4m", 4 * MINUTE + 10 * SECOND + 500 * MILLISECOND),
            ("-2m3.4s", -(2 * MINUTE + 3 * SECOND + 400 * MILLISECOND)),
            (
                "1h2m3s4ms5us6ns",
                HOUR + 2 * MINUTE + 3 * SECOND + 4 * MILLISECOND + 5 * MICROSECOND + 6,
            ),
            (
                "39h9m14.425s",
                39 * HOUR + 9 * MINUTE + 14 * SECOND + 425 * MILLISECOND,
            ),
            ("52763797000ns", 52763797000),
            ("0.3333333333333333333h", 20 * MINUTE),
            ("9007199254740993ns", (1 << 53) + 1),
            ("9223372036854775807ns", i64::MAX),
            ("9223372036854775.807us", i64::MAX),
            ("9223372036s854ms775us807ns", i64::MAX),
            ("-9223372036854775808ns", i64::MIN),
            ("-9223372036854775.808us", i64::MIN),
            ("-9223372036s854ms775us808ns", i64::MIN),
            ("-2562047h47m16.854775808s", i64::MIN),
            ("0.100000000000000000000h", 6 * MINUTE),
            (
                "0.830103483285477580700h",
                49 * MINUTE + 48 * SECOND + 372539827,
            ),
        ] {
            assert_eq!(parse(text), Ok(nanos), "{text}");
        }
    }

    #[test]
    fn refuses_as_go_does() {
        for (text, message) in [
            ("", r#"time: invalid duration """#),
            ("3", r#"time: missing unit in duration "3""#),
            ("-", r#"time: invalid duration "-""#),
            ("s", r#"time: invalid duration "s""#),
            (".", r#"time: invalid duration ".""#),
            ("-.", r#"time: invalid duration "-.""#),
            (".s", r#"time: invalid duration ".s""#),
            ("+.s", r#"time: invalid duration "+.s""#),
            ("1d", r#"time: unknown unit "d" in duration "1d""#),
            ("1x", r#"time: unknown unit "x" in duration "1x""#),
            (
                "\u{85}\u{85}",
                r#"time: invalid duration "\xc2\x85\xc2\x85""#,
            ),
            ("\u{ffff}", r#"time: invalid duration "\xef\xbf\xbf""#),
            (
                "9223372036854775810ns",
                r#"time: invalid duration "9223372036854775810ns""#,
            ),
            (
                "9223372036854775808ns",
                r#"time: invalid duration "9223372036854775808ns""#,
            ),
            (
                "-9223372036854775809ns",
                r#"time: invalid duration "-9223372036854775809ns""#,
            ),
            (
                "9223372036854776us",
                r#"time: invalid duration "9223372036854776us""#,
            ),
            ("3000000h", r#"time: invalid duration "3000000h""#),
            (
                "9223372036854775.808us",
                r#"time: invalid duration "9223372036854775.808us""#,
            ),
            (
                "9223372036854ms775us808ns",
                r#"time: invalid duration "9223372036854ms775us808ns""#,
            ),
        ] {
            assert_eq!(parse(text).unwrap_err(), message, "{text:?}");
        }
    }

    #[test]
    fn prints_as_go_does() {
        for (nanos, text) in [
            (0, "0s"),
            (1, "1ns"),
            (1100, "1.1\u{b5}s"),
            (2200 * MICROSECOND, "2.2ms"),
            (3300 * MILLISECOND, "3.3s"),
            (4 * MINUTE + 5 * SECOND, "4m5s"),
            (4 * MINUTE + 5001 * MILLISECOND, "4m5.001s"),
            (5 * HOUR + 6 * MINUTE + 7001 * MILLISECOND, "5h6m7.001s"),
            (8 * MINUTE + 1, "8m0.000000001s"),
            (i64::MAX, "2562047h47m16.854775807s"),
            (i64::MIN, "-2562047h47m16.854775808s"),
            (-SECOND, "-1s"),
            (HOUR + 30 * MINUTE, "1h30m0s"),
            (500 * MILLISECOND, "500ms"),
        ] {
            assert_eq!(format(nanos), text, "{nanos}");
        }
    }
}
