//! The API server's limit on a request body, measured on the JSON kubectl
//! sends.

use crate::tape::{Kind, Node};

/// The API server's `MaxRequestBodyBytes` default (3 MiB): a create whose
/// body is larger is refused with `413 RequestEntityTooLarge`.
pub const MAX_REQUEST_BODY: usize = 3 * 1024 * 1024;

/// The API server's message for a body over the limit.
pub fn request_too_large_message() -> String {
    format!("Request entity too large: limit is {MAX_REQUEST_BODY}")
}

/// The size in bytes of `node` as compact JSON written by Go's
/// `encoding/json` (what kubectl sends for a create): strings with Go's
/// escapes (`<`, `>`, `&`, U+2028 and U+2029 as `\uXXXX`; control
/// characters as `\n`, `\r`, `\t` or `\u00XX`), numbers as Go writes them.
pub fn json_size(node: Node<'_>) -> usize {
    // Iterative: a deep document costs heap, not stack.
    let mut size = 0usize;
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        size += match n.kind() {
            Kind::Null => 4,
            Kind::Bool(b) => {
                if b {
                    4
                } else {
                    5
                }
            }
            Kind::Int(i) => decimal_len(i.unsigned_abs()) + usize::from(i < 0),
            Kind::Uint(u) => decimal_len(u),
            Kind::Float(f) => go_float_json(f).len(),
            Kind::Str(s) => string_size(s),
            Kind::Array(items) => {
                let len = items.len();
                stack.extend(items);
                2 + len.saturating_sub(1)
            }
            Kind::Object(entries) => {
                let len = entries.len();
                let mut keys = 0;
                for (k, v) in entries {
                    keys += string_size(k) + 1;
                    stack.push(v);
                }
                2 + len.saturating_sub(1) + keys
            }
        };
    }
    size
}

fn decimal_len(mut n: u64) -> usize {
    let mut len = 1;
    while n >= 10 {
        n /= 10;
        len += 1;
    }
    len
}

/// What each byte adds to a string's length when Go escapes it: `\"`,
/// `\\`, `\n`, `\r`, `\t`, `\b`, `\f` (Go ≥ 1.22 writes \b and \f short
/// too) one byte; `<`, `>`, `&` and the other control characters, written
/// `\u00XX`, five.
const ESCAPE_EXTRA: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = 5;
        b += 1;
    }
    t[b'"' as usize] = 1;
    t[b'\\' as usize] = 1;
    t[b'\n' as usize] = 1;
    t[b'\r' as usize] = 1;
    t[b'\t' as usize] = 1;
    t[0x08] = 1;
    t[0x0C] = 1;
    t[b'<' as usize] = 5;
    t[b'>' as usize] = 5;
    t[b'&' as usize] = 5;
    t
};

fn string_size(s: &str) -> usize {
    let b = s.as_bytes();
    let extra: usize = b
        .iter()
        .map(|&c| usize::from(ESCAPE_EXTRA[usize::from(c)]))
        .sum();
    // U+2028 and U+2029 (E2 80 A8, E2 80 A9) are written `\u2028`, `\u2029`:
    // six bytes for three.
    let separators = memchr::memchr_iter(0xE2, b)
        .filter(|&i| b.get(i + 1) == Some(&0x80) && matches!(b.get(i + 2), Some(0xA8 | 0xA9)))
        .count();
    2 + b.len() + extra + 3 * separators
}

/// A float as `encoding/json` writes it: `%f`-style shortest digits, or
/// `%e` below 1e-6 and from 1e21 (with `e-07` written `e-7`).
pub(crate) fn go_float_json(f: f64) -> String {
    let abs = f.abs();
    if abs != 0.0 && !(1e-6..1e21).contains(&abs) {
        let e = format!("{f:e}");
        let (m, exp) = e.split_once('e').expect("an exponent");
        let exp: i32 = exp.parse().expect("an integer");
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{m}e{sign}{:02}", exp.abs()).replace("e-0", "e-")
    } else {
        format!("{f}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tape::Tape;
    use serde_json::json;

    /// The table agrees with Go's escapes written out character by
    /// character, on every character that matters next to each other.
    #[test]
    fn string_size_counts_go_escapes() {
        fn by_char(s: &str) -> usize {
            2 + s
                .chars()
                .map(|c| match c {
                    '"' | '\\' | '\n' | '\r' | '\t' | '\u{8}' | '\u{c}' => 2,
                    '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => 6,
                    c if (c as u32) < 0x20 => 6,
                    c => c.len_utf8(),
                })
                .sum::<usize>()
        }
        let alphabet = [
            "a", "\"", "\\", "\n", "\r", "\t", "\u{8}", "\u{c}", "\u{1}", "\u{1f}", "<", ">", "&",
            "\u{7f}", "é", "\u{2027}", "\u{2028}", "\u{2029}", "\u{202a}", "€", "😀", " ",
        ];
        for a in alphabet {
            for b in alphabet {
                for c in alphabet {
                    let s = format!("{a}{b}{c}");
                    assert_eq!(string_size(&s), by_char(&s), "{s:?}");
                }
            }
        }
    }

    #[test]
    fn sizes_are_go_s_compact_json() {
        let v = json!({"a": [1, -20, true, null, "x<y\n", 1.5], "é": {}});
        let tape = Tape::from_json(&v);
        // {"a":[1,-20,true,null,"x\u003cy\n",1.5],"é":{}}
        let go = r#"{"a":[1,-20,true,null,"x\u003cy\n",1.5],"é":{}}"#;
        assert_eq!(json_size(tape.root().unwrap()), go.len());
        // "a\bb\fc\u0001", as Go 1.26's encoding/json writes it.
        let tape = Tape::from_json(&json!("a\u{8}b\u{c}c\u{1}"));
        assert_eq!(json_size(tape.root().unwrap()), 15);
        assert_eq!(go_float_json(1e21), "1e+21");
        assert_eq!(go_float_json(1e-7), "1e-7");
        assert_eq!(go_float_json(0.000123), "0.000123");
        assert_eq!(
            request_too_large_message(),
            "Request entity too large: limit is 3145728"
        );
    }
}
