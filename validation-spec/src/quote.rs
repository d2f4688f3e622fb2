//! Go's `strconv.Quote` and `strconv.QuoteRune`, as upstream prints strings
//! in generation-time diagnostics (`%q`) and runtime error messages.

use std::fmt::Write;

/// Whether Go's `strconv.IsPrint` considers `c` printable: letters, marks,
/// numbers, punctuation, symbols and the ASCII space.
///
/// Exact for ASCII. Above it, the non-printable classes that occur in
/// practice are modelled: controls, separators, format characters (`Cf`),
/// private use, noncharacters, and the unassigned blocks of planes 2, 3 and
/// 14 to 16. Unassigned code points of planes 0 and 1 count as printable,
/// where Go would escape them.
pub fn is_go_print(c: char) -> bool {
    let u = c as u32;
    if u < 0x80 {
        return (0x20..0x7f).contains(&u);
    }
    if c.is_control() || c.is_whitespace() {
        return false;
    }
    if (u & 0xFFFE) == 0xFFFE {
        // The two noncharacters at the end of every plane.
        return false;
    }
    !matches!(u,
        // Format characters (Cf) and separators.
        0x00AD
        | 0x0600..=0x0605
        | 0x061C
        | 0x06DD
        | 0x070F
        | 0x0890..=0x0891
        | 0x08E2
        | 0x180E
        | 0x200B..=0x200F
        | 0x2028..=0x202E
        | 0x2060..=0x206F
        | 0xFEFF
        | 0xFFF9..=0xFFFB
        | 0x110BD
        | 0x110CD
        | 0x13430..=0x1343F
        | 0x1BCA0..=0x1BCA3
        | 0x1D173..=0x1D17A
        // Private use and noncharacters.
        | 0xE000..=0xF8FF
        | 0xFDD0..=0xFDEF
        // Unassigned in planes 2 and 3, tags and unassigned in plane 14,
        // private use planes 15 and 16.
        | 0x2A6E0..=0x2A6FF
        | 0x2B73A..=0x2B73F
        | 0x2B81E..=0x2B81F
        | 0x2CEA2..=0x2CEAF
        | 0x2EBE1..=0x2F7FF
        | 0x2FA1E..=0x2FFFF
        | 0x3134B..=0x3134F
        | 0x323B0..=0xE00FF
        | 0xE01F0..=0x10FFFF
    )
}

/// Appends `c` escaped as Go does inside a literal delimited by `quote`.
fn push_escaped(out: &mut String, c: char, quote: char) {
    match c {
        '\\' => out.push_str("\\\\"),
        c if c == quote => {
            out.push('\\');
            out.push(c);
        }
        c if is_go_print(c) => out.push(c),
        '\u{7}' => out.push_str("\\a"),
        '\u{8}' => out.push_str("\\b"),
        '\u{c}' => out.push_str("\\f"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        '\u{b}' => out.push_str("\\v"),
        c if (c as u32) < 0x80 => {
            let _ = write!(out, "\\x{:02x}", c as u32);
        }
        c if (c as u32) < 0x10000 => {
            let _ = write!(out, "\\u{:04x}", c as u32);
        }
        c => {
            let _ = write!(out, "\\U{:08x}", c as u32);
        }
    }
}

/// Writes `s` as Go's `strconv.Quote` does.
pub fn write_go_quoted(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        push_escaped(out, c, '"');
    }
    out.push('"');
}

/// `s` quoted as Go's `strconv.Quote` does (`%q` of a string).
///
/// ```
/// assert_eq!(k8s_validation_spec::go_quote("a\"b\n\u{200b}"), r#""a\"b\n\u200b""#);
/// ```
pub fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    write_go_quoted(s, &mut out);
    out
}

/// `c` quoted as Go's `strconv.QuoteRune` does (`%q` of a rune).
///
/// ```
/// assert_eq!(k8s_validation_spec::go_quote_char('\''), r"'\''");
/// assert_eq!(k8s_validation_spec::go_quote_char('"'), "'\"'");
/// ```
pub fn go_quote_char(c: char) -> String {
    let mut out = String::from("'");
    push_escaped(&mut out, c, '\'');
    out.push('\'');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_and_escapes() {
        assert_eq!(go_quote(""), "\"\"");
        assert_eq!(go_quote("a b"), "\"a b\"");
        assert_eq!(
            go_quote("\u{7}\u{8}\u{c}\n\r\t\u{b}"),
            r#""\a\b\f\n\r\t\v""#
        );
        assert_eq!(go_quote("\u{0}\u{1f}\u{7f}"), r#""\x00\x1f\x7f""#);
        assert_eq!(go_quote("\\'"), r#""\\'""#);
        assert_eq!(go_quote_char('\\'), r"'\\'");
    }

    #[test]
    fn non_printable_above_ascii() {
        assert_eq!(go_quote("\u{a0}"), r#""\u00a0""#);
        assert_eq!(
            go_quote("\u{2028}\u{feff}\u{e000}"),
            r#""\u2028\ufeff\ue000""#
        );
        assert_eq!(
            go_quote("\u{2065}\u{fdd0}\u{1fffe}"),
            r#""\u2065\ufdd0\U0001fffe""#
        );
        assert_eq!(go_quote("\u{e0001}\u{f0000}"), r#""\U000e0001\U000f0000""#);
        assert_eq!(go_quote("é日本😀\u{e0100}"), "\"é日本😀\u{e0100}\"");
    }
}
