//! The scanner: tag names, arguments and scalar payloads as gengo's
//! `v2/codetags` scanner reads them (`scanner.go`), and Go's integer
//! literals. [`super::parse`] builds tags from what it returns.

use super::{Arg, Span, TagError, Value};
use k8s_validation_spec::quote::{go_quote, go_quote_char};

/// Length of the tag name at the start of `s` (0 when there is none).
pub(super) fn name_end(s: &str) -> usize {
    let mut chars = s.char_indices();
    match chars.next() {
        Some((_, c)) if is_ident_begin(c) => {}
        _ => return 0,
    }
    chars
        .find(|&(_, c)| !is_tag_name_interior(c))
        .map_or(s.len(), |(i, _)| i)
}

// ---------------------------------------------------------------------------
// Character classes. Upstream uses Go's `unicode.IsLetter` / `IsDigit` /
// `IsSpace`; Rust's closest equivalents are used for non-ASCII text.

pub(super) fn is_letter(c: char) -> bool {
    c.is_ascii_alphabetic() || (!c.is_ascii() && c.is_alphabetic() && !c.is_numeric())
}

pub(super) fn is_digit(c: char) -> bool {
    c.is_ascii_digit() || (!c.is_ascii() && c.is_numeric())
}

pub(super) fn is_ident_begin(c: char) -> bool {
    is_letter(c) || c == '_'
}

pub(super) fn is_ident_interior(c: char) -> bool {
    is_letter(c) || is_digit(c) || matches!(c, '_' | '.' | '-')
}

pub(super) fn is_tag_name_interior(c: char) -> bool {
    is_ident_interior(c) || c == ':'
}

pub(super) fn starts_number(c: char) -> bool {
    c == '-' || c == '+' || is_digit(c)
}

// ---------------------------------------------------------------------------
// Scanner

pub(super) struct Scanner<'a> {
    pub(super) src: &'a str,
    pub(super) pos: usize,
    /// Added to every span, so that spans are relative to the caller's text.
    pub(super) base: usize,
}

impl<'a> Scanner<'a> {
    pub(super) fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    pub(super) fn peek_second(&self) -> Option<char> {
        self.src[self.pos..].chars().nth(1)
    }

    pub(super) fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    pub(super) fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    pub(super) fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.base + start, self.base + end)
    }

    pub(super) fn error(&self, message: impl Into<String>, start: usize, end: usize) -> TagError {
        TagError::new(message, self.span(start, end))
    }

    /// `unexpected character 'c'` at the current position, or
    /// `unexpected end of input` at the end.
    pub(super) fn unexpected(&self) -> TagError {
        match self.peek() {
            Some(c) => self.error(
                format!("unexpected character {}", go_quote_char(c)),
                self.pos,
                self.pos + c.len_utf8(),
            ),
            None => self.end_of_input(),
        }
    }

    pub(super) fn end_of_input(&self) -> TagError {
        self.error("unexpected end of input", self.src.len(), self.src.len())
    }

    /// Reads an identifier (the caller has checked the first character).
    pub(super) fn ident(&mut self, interior: fn(char) -> bool) -> (&'a str, usize) {
        let start = self.pos;
        self.bump();
        while self.peek().is_some_and(interior) {
            self.bump();
        }
        (&self.src[start..self.pos], start)
    }

    /// Reads an integer token the way upstream's scanner delimits it, then
    /// validates it as Go's `strconv.ParseInt(s, 0, 64)` would.
    pub(super) fn number(&mut self) -> Result<(i64, &'a str, usize), TagError> {
        enum St {
            Begin,
            Sign,
            Prefix,
            Digits,
        }
        let start = self.pos;
        let mut st = St::Begin;
        while let Some(c) = self.peek() {
            st = match st {
                St::Begin if c == '0' => St::Prefix,
                St::Begin if c == '+' || c == '-' => St::Sign,
                St::Begin if is_digit(c) => St::Digits,
                St::Sign if c == '0' => St::Prefix,
                St::Sign if is_digit(c) => St::Digits,
                St::Prefix if is_digit(c) || matches!(c, 'x' | 'o' | 'b') => St::Digits,
                St::Digits if is_digit(c) || c.is_ascii_hexdigit() => St::Digits,
                _ => break,
            };
            self.bump();
        }
        let text = &self.src[start..self.pos];
        match parse_go_int(text) {
            Some(v) => Ok((v, text, start)),
            None => Err(self.error(
                format!("invalid number {}", go_quote(text)),
                start,
                self.pos,
            )),
        }
    }

    /// Reads a `"..."` or `` `...` `` string (the caller has checked the
    /// opening quote). Returns the unescaped content.
    pub(super) fn string(&mut self) -> Result<(String, &'a str, usize), TagError> {
        let start = self.pos;
        let quote = self.bump().unwrap_or('"');
        let mut out = String::new();
        loop {
            let at = self.pos;
            match self.bump() {
                None => return Err(self.error("unterminated string", start, self.pos)),
                Some('\\') => match self.peek() {
                    None => return Err(self.error("unterminated string", start, self.pos)),
                    Some(c) if c == quote || c == '\\' => {
                        out.push(c);
                        self.bump();
                    }
                    Some(c) => {
                        return Err(self.error(
                            format!("unhandled escaped character {}", go_quote_char(c)),
                            at,
                            self.pos + c.len_utf8(),
                        ))
                    }
                },
                Some(c) if c == quote => return Ok((out, &self.src[start..self.pos], start)),
                Some(c) => out.push(c),
            }
        }
    }

    /// After a complete tag: nothing, or whitespace and a `#` comment.
    pub(super) fn trailing(&mut self) -> Result<(), TagError> {
        let save = self.pos;
        self.skip_whitespace();
        if self.peek() == Some('#') {
            self.pos = self.src.len();
            return Ok(());
        }
        self.pos = save;
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.unexpected()),
        }
    }

    /// Reads a scalar value (an argument or a payload) at the current
    /// position, if one starts here.
    pub(super) fn scalar(&mut self) -> Option<Result<(Value, &'a str, Span), TagError>> {
        let c = self.peek()?;
        let res = if starts_number(c) {
            self.number()
                .map(|(v, text, start)| (Value::Int(v), text, start))
        } else if c == '"' || c == '`' {
            self.string()
                .map(|(s, text, start)| (Value::String(s), text, start))
        } else if is_ident_begin(c) {
            let (ident, start) = self.ident(is_ident_interior);
            Ok((bool_or_string(ident), ident, start))
        } else {
            return None;
        };
        Some(res.map(|(v, text, start)| (v, text, self.span(start, start + text.len()))))
    }

    /// Reads an argument list; the `(` has been consumed.
    pub(super) fn args(&mut self) -> Result<Vec<Arg>, TagError> {
        let mut args = Vec::new();
        // A named argument whose `name:` has been read, awaiting its value.
        let mut pending: Option<(&'a str, usize)> = None;
        loop {
            // Expecting a value, a name, or `)`.
            let Some(c) = self.peek() else {
                return Err(self.end_of_input());
            };
            if c == ')' {
                if pending.is_some() {
                    return Err(self.unexpected());
                }
                self.bump();
                return Ok(args);
            }
            let (value, literal, span) = if is_ident_begin(c) {
                let (ident, start) = self.ident(is_ident_interior);
                match self.peek() {
                    Some(',' | ')') => (
                        bool_or_string(ident),
                        ident,
                        self.span(start, start + ident.len()),
                    ),
                    Some(':') if pending.is_none() => {
                        self.bump();
                        self.skip_whitespace();
                        pending = Some((ident, start));
                        continue;
                    }
                    _ => return Err(self.unexpected()),
                }
            } else {
                match self.scalar() {
                    Some(res) => res?,
                    None => return Err(self.unexpected()),
                }
            };
            let (name, span) = match pending.take() {
                Some((name, start)) => (
                    Some(name.to_string()),
                    Span::new(self.base + start, span.end),
                ),
                None => (None, span),
            };
            args.push(Arg {
                name,
                value,
                span,
                literal: literal.to_string(),
            });
            // After a value: `,` (then optional whitespace) or `)`.
            match self.peek() {
                Some(',') => {
                    self.bump();
                    self.skip_whitespace();
                }
                Some(')') => {
                    self.bump();
                    return Ok(args);
                }
                _ => return Err(self.unexpected()),
            }
        }
    }
}

pub(super) fn bool_or_string(ident: &str) -> Value {
    match ident {
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        s => Value::String(s.to_string()),
    }
}

/// Go's `strconv.ParseInt(s, 0, 64)`, restricted to what the scanner can
/// produce (no `_` separators): an optional sign, then `0x`/`0o`/`0b`
/// digits, a legacy octal `0...`, or decimal.
pub(super) fn parse_go_int(s: &str) -> Option<i64> {
    let (negative, unsigned) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    let lower = unsigned.get(..2).map(str::to_ascii_lowercase);
    let (radix, digits) = match lower.as_deref() {
        Some("0x") => (16, &unsigned[2..]),
        Some("0o") => (8, &unsigned[2..]),
        Some("0b") => (2, &unsigned[2..]),
        _ if unsigned.len() > 1 && unsigned.starts_with('0') => (8, &unsigned[1..]),
        _ => (10, unsigned),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return None;
    }
    let magnitude = u64::from_str_radix(digits, radix).ok()?;
    let value = if negative {
        -i128::from(magnitude)
    } else {
        i128::from(magnitude)
    };
    i64::try_from(value).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    pub(super) fn go_int_literals() {
        // Cases from gengo's scanner_test.go (TestNextNumber), plus Go's
        // legacy octal and range limits.
        let ok = [
            ("123", 123),
            ("-123", -123),
            ("+123", 123),
            ("0", 0),
            ("0xFF", 255),
            ("+0xFF", 255),
            ("-0xFF", -255),
            ("0o77", 63),
            ("+0o77", 63),
            ("-0o77", -63),
            ("0b101", 5),
            ("+0b101", 5),
            ("-0b101", -5),
            ("0777", 511),
            ("00", 0),
            ("-0x0000", 0),
            ("9223372036854775807", i64::MAX),
            ("-9223372036854775808", i64::MIN),
        ];
        for (text, want) in ok {
            assert_eq!(parse_go_int(text), Some(want), "{text}");
        }
        let bad = [
            "-",
            "+",
            "0x",
            "0o",
            "0b",
            "123abc",
            "08",
            "0b102",
            "9223372036854775808",
            "-9223372036854775809",
            "1e5",
        ];
        for text in bad {
            assert_eq!(parse_go_int(text), None, "{text}");
        }
    }

    #[test]
    pub(super) fn scanner_number_boundaries() {
        // The token ends where upstream's scanner ends it.
        let cases = [
            ("123abc", Err("invalid number \"123abc\"")),
            ("0x", Err("invalid number \"0x\"")),
            ("1_000", Ok(("1", 1))),
            ("00x5", Ok(("00", 0))),
            ("0X1F", Ok(("0", 0))),
            ("-0b10101)", Ok(("-0b10101", -21))),
        ];
        for (input, want) in cases {
            let mut s = Scanner {
                src: input,
                pos: 0,
                base: 0,
            };
            let got = s
                .number()
                .map(|(v, text, _)| (text, v))
                .map_err(|e| e.message);
            assert_eq!(got, want.map_err(str::to_string), "{input}");
        }
    }

    #[test]
    pub(super) fn scanner_strings() {
        // Cases from gengo's scanner_test.go (TestNextString).
        let cases: [(&str, Result<&str, &str>); 11] = [
            (r#""hello""#, Ok("hello")),
            ("`hello`", Ok("hello")),
            (r#""""#, Ok("")),
            ("``", Ok("")),
            (r#""hello \"world\"""#, Ok(r#"hello "world""#)),
            (r#""hello \\world""#, Ok(r"hello \world")),
            (r#""hello"#, Err("unterminated string")),
            ("`hello", Err("unterminated string")),
            (
                r#""hello \n world""#,
                Err("unhandled escaped character 'n'"),
            ),
            (r#""hello" world"#, Ok("hello")),
            ("`a\\`b`", Ok("a`b")),
        ];
        for (input, want) in cases {
            let mut s = Scanner {
                src: input,
                pos: 0,
                base: 0,
            };
            let got = s.string().map(|(v, _, _)| v).map_err(|e| e.message);
            assert_eq!(
                got,
                want.map(str::to_string).map_err(str::to_string),
                "{input}"
            );
        }
    }

    #[test]
    pub(super) fn tag_name_extent() {
        // Cases from gengo's scanner_test.go (TestNextIdent, tag-name variant)
        // and extractor.go's name rule.
        assert_eq!(name_end("abc:def"), 7);
        assert_eq!(name_end("k8s:minimum=1"), 11);
        assert_eq!(name_end("k8s:ifEnabled(X)=+k8s:required"), 13);
        assert_eq!(name_end("abc@def"), 3);
        assert_eq!(name_end("123abc"), 0);
        assert_eq!(name_end(" name"), 0);
        assert_eq!(name_end(""), 0);
        assert_eq!(name_end("αβγ δ"), "αβγ".len());
    }

    #[test]
    pub(super) fn go_quoting() {
        assert_eq!(go_quote("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(go_quote("tab\there\n"), r#""tab\there\n""#);
        assert_eq!(go_quote("\u{0}\u{7f}"), r#""\x00\x7f""#);
        assert_eq!(go_quote("é ü"), "\"é ü\"");
        assert_eq!(go_quote("\u{a0}\u{200b}"), r#""\u00a0\u200b""#);
        assert_eq!(go_quote("'"), r#""'""#);
        assert_eq!(go_quote_char(' '), "' '");
        assert_eq!(go_quote_char('\''), r"'\''");
        assert_eq!(go_quote_char('"'), "'\"'");
        assert_eq!(go_quote_char('`'), "'`'");
        assert_eq!(go_quote_char('\t'), r"'\t'");
    }
}
