//! JSON documents as kubectl reads them: a stream of JSON values
//! (`encoding/json`'s `Decoder`, with its nesting limit of 10,000 and its
//! syntax error texts), each decoded as kubectl decodes an object
//! (integers that fit `int64` stay integers, other numbers are floats, a
//! key written twice keeps its last value, invalid UTF-8 in a string
//! becomes U+FFFD).
//!
//! The parser is iterative: nesting costs heap, not stack, so a hostile
//! document cannot overflow the stack before the limit stops it.

use crate::build::{Builder, Scalar};
use crate::tape::Tape;

/// `encoding/json`'s `maxNestingDepth`.
pub const MAX_DEPTH: usize = 10_000;

/// A stream of JSON values.
pub struct JsonStream<'a> {
    bytes: &'a [u8],
    pos: usize,
    done: bool,
    error_offset: Option<usize>,
    /// The value's first number that no Go type holds: reported once the
    /// whole value is known to be valid JSON, as Go checks it first.
    unmarshal_error: Option<String>,
}

impl<'a> JsonStream<'a> {
    /// The values of `bytes`, one after another (white space between them).
    pub fn new(bytes: &'a [u8]) -> JsonStream<'a> {
        JsonStream {
            bytes,
            pos: 0,
            done: false,
            error_offset: None,
            unmarshal_error: None,
        }
    }

    /// Whether only white space is left.
    pub fn at_end(&mut self) -> bool {
        self.skip_ws();
        self.pos >= self.bytes.len()
    }

    /// The byte offset of the next value.
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// Reads the next value into `tape`: `None` at the end of the stream.
    /// After an error the stream ends (it cannot be resynchronised).
    pub fn next_into(&mut self, tape: &mut Tape) -> Option<Result<(), String>> {
        if self.done || self.at_end() {
            return None;
        }
        let r = self
            .value(tape)
            .and_then(|()| match self.unmarshal_error.take() {
                Some(e) => Err(e),
                None => Ok(()),
            });
        if r.is_err() {
            self.done = true;
        }
        Some(r)
    }

    fn skip_ws(&mut self) {
        while let Some(&c) = self.bytes.get(self.pos) {
            if matches!(c, b' ' | b'\t' | b'\n' | b'\r') {
                self.pos += 1;
            } else {
                break;
            }
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn value(&mut self, tape: &mut Tape) -> Result<(), String> {
        let mut b = Builder::new(tape);
        // The containers open: whether each is an object.
        let mut stack: Vec<bool> = Vec::new();
        let mut scratch = String::new();
        // What the scanner expects next.
        #[derive(PartialEq)]
        enum Want {
            Value,
            /// After `[`: a value or `]`.
            FirstItem,
            /// After `{`: a key or `}`.
            FirstKey,
            Key,
            /// After an item or entry: `,` or the closing bracket.
            Next,
        }
        let mut want = Want::Value;
        loop {
            self.skip_ws();
            let Some(c) = self.peek() else {
                return Err("unexpected EOF".to_owned());
            };
            match want {
                Want::Next => {
                    let object = *stack.last().expect("inside a container");
                    match (c, object) {
                        (b',', true) => want = Want::Key,
                        (b',', false) => want = Want::Value,
                        (b'}', true) | (b']', false) => {
                            stack.pop();
                            b.end();
                            if stack.is_empty() {
                                self.pos += 1;
                                return b.finish();
                            }
                        }
                        (_, true) => {
                            return Err(self.syntax(self.pos, c, "after object key:value pair"))
                        }
                        (_, false) => return Err(self.syntax(self.pos, c, "after array element")),
                    }
                    self.pos += 1;
                    continue;
                }
                Want::FirstKey | Want::Key => {
                    if c == b'}' && want == Want::FirstKey {
                        self.pos += 1;
                        stack.pop();
                        b.end();
                        if stack.is_empty() {
                            return b.finish();
                        }
                        want = Want::Next;
                        continue;
                    }
                    if c != b'"' {
                        return Err(self.syntax(
                            self.pos,
                            c,
                            "looking for beginning of object key string",
                        ));
                    }
                    self.string(&mut scratch)?;
                    b.scalar(Scalar::Str(scratch.as_str().into()), None, false);
                    self.skip_ws();
                    match self.peek() {
                        Some(b':') => self.pos += 1,
                        Some(c) => return Err(self.syntax(self.pos, c, "after object key")),
                        None => return Err("unexpected EOF".to_owned()),
                    }
                    want = Want::Value;
                    continue;
                }
                Want::Value | Want::FirstItem => {}
            }
            if c == b']' && want == Want::FirstItem {
                self.pos += 1;
                stack.pop();
                b.end();
                if stack.is_empty() {
                    return b.finish();
                }
                want = Want::Next;
                continue;
            }
            match c {
                b'{' | b'[' => {
                    if stack.len() >= MAX_DEPTH {
                        return Err(self.syntax(self.pos, c, "exceeded max depth"));
                    }
                    self.pos += 1;
                    let object = c == b'{';
                    stack.push(object);
                    b.start(object, None);
                    want = if object {
                        Want::FirstKey
                    } else {
                        Want::FirstItem
                    };
                    continue;
                }
                b'"' => {
                    self.string(&mut scratch)?;
                    b.scalar(Scalar::Str(scratch.as_str().into()), None, false);
                }
                b't' => {
                    self.literal("true")?;
                    b.scalar(Scalar::Bool(true), None, false);
                }
                b'f' => {
                    self.literal("false")?;
                    b.scalar(Scalar::Bool(false), None, false);
                }
                b'n' => {
                    self.literal("null")?;
                    b.scalar(Scalar::Null, None, false);
                }
                b'-' | b'0'..=b'9' => {
                    let s = self.number()?;
                    b.scalar(s, None, false);
                }
                _ => return Err(self.syntax(self.pos, c, "looking for beginning of value")),
            }
            if stack.is_empty() {
                return b.finish();
            }
            want = Want::Next;
        }
    }

    fn literal(&mut self, word: &str) -> Result<(), String> {
        for (i, expected) in word.bytes().enumerate() {
            match self.bytes.get(self.pos + i) {
                Some(&c) if c == expected => {}
                Some(&c) => {
                    return Err(self.syntax(
                        self.pos + i,
                        c,
                        &format!("in literal {word} (expecting {})", quote_char(expected)),
                    ))
                }
                None => return Err("unexpected EOF".to_owned()),
            }
        }
        self.pos += word.len();
        Ok(())
    }

    /// A number as kubectl decodes it: an integer literal that fits
    /// `int64` is an integer; anything else a float.
    fn number(&mut self) -> Result<Scalar<'static>, String> {
        let start = self.pos;
        let b = self.bytes;
        let mut i = self.pos;
        let digit = |i: usize| b.get(i).is_some_and(u8::is_ascii_digit);
        if b[i] == b'-' {
            i += 1;
            if !digit(i) {
                return match b.get(i) {
                    Some(&c) => Err(self.syntax(i, c, "in numeric literal")),
                    None => Err("unexpected EOF".to_owned()),
                };
            }
        }
        if b[i] == b'0' {
            i += 1;
        } else {
            while digit(i) {
                i += 1;
            }
        }
        let mut integer = true;
        if b.get(i) == Some(&b'.') {
            integer = false;
            i += 1;
            if !digit(i) {
                return match b.get(i) {
                    Some(&c) => Err(self.syntax(i, c, "after decimal point in numeric literal")),
                    None => Err("unexpected EOF".to_owned()),
                };
            }
            while digit(i) {
                i += 1;
            }
        }
        if matches!(b.get(i), Some(b'e' | b'E')) {
            integer = false;
            i += 1;
            if matches!(b.get(i), Some(b'+' | b'-')) {
                i += 1;
            }
            if !digit(i) {
                return match b.get(i) {
                    Some(&c) => Err(self.syntax(i, c, "in exponent of numeric literal")),
                    None => Err("unexpected EOF".to_owned()),
                };
            }
            while digit(i) {
                i += 1;
            }
        }
        self.pos = i;
        let text = std::str::from_utf8(&b[start..i]).expect("ASCII");
        if integer {
            if let Ok(n) = text.parse::<i64>() {
                return Ok(Scalar::Int(n));
            }
        }
        match text.parse::<f64>() {
            Ok(f) if f.is_finite() => Ok(Scalar::Float(f)),
            _ => {
                if self.unmarshal_error.is_none() {
                    self.unmarshal_error = Some(format!(
                        "json: cannot unmarshal number {text} into Go value of type float64"
                    ));
                }
                Ok(Scalar::Null)
            }
        }
    }

    /// A string literal, its content into `out`.
    fn string(&mut self, out: &mut String) -> Result<(), String> {
        out.clear();
        let b = self.bytes;
        let mut i = self.pos + 1;
        loop {
            // The run of bytes that need no attention.
            let run = i;
            while let Some(&c) = b.get(i) {
                if c == b'"' || c == b'\\' || !(0x20..0x80).contains(&c) {
                    break;
                }
                i += 1;
            }
            out.push_str(std::str::from_utf8(&b[run..i]).expect("ASCII"));
            let Some(&c) = b.get(i) else {
                return Err("unexpected EOF".to_owned());
            };
            match c {
                b'"' => {
                    self.pos = i + 1;
                    return Ok(());
                }
                b'\\' => {
                    let Some(&e) = b.get(i + 1) else {
                        return Err("unexpected EOF".to_owned());
                    };
                    i += 2;
                    match e {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let first = self.hex4(b, i)?;
                            i += 4;
                            let ch = if (0xD800..0xDC00).contains(&first)
                                && b.get(i) == Some(&b'\\')
                                && b.get(i + 1) == Some(&b'u')
                            {
                                match self.hex4(b, i + 2) {
                                    Ok(second) if (0xDC00..0xE000).contains(&second) => {
                                        i += 6;
                                        let c =
                                            0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00);
                                        char::from_u32(c).unwrap_or('\u{FFFD}')
                                    }
                                    _ => '\u{FFFD}',
                                }
                            } else {
                                char::from_u32(first).unwrap_or('\u{FFFD}')
                            };
                            out.push(ch);
                        }
                        other => return Err(self.syntax(i - 1, other, "in string escape code")),
                    }
                }
                c if c < 0x20 => return Err(self.syntax(i, c, "in string literal")),
                _ => {
                    // UTF-8: valid sequences as they are, invalid bytes as
                    // U+FFFD (Go's decoder replaces them).
                    let end = b[i..]
                        .iter()
                        .position(|&c| c == b'"' || c == b'\\' || c < 0x20)
                        .map_or(b.len(), |n| i + n);
                    out.push_str(&String::from_utf8_lossy(&b[i..end]));
                    i = end;
                }
            }
        }
    }
}

impl JsonStream<'_> {
    fn hex4(&mut self, b: &[u8], i: usize) -> Result<u32, String> {
        let mut n = 0;
        for k in 0..4 {
            let Some(&c) = b.get(i + k) else {
                return Err("unexpected EOF".to_owned());
            };
            let d = (c as char)
                .to_digit(16)
                .ok_or_else(|| self.syntax(i + k, c, "in \\u hexadecimal character escape"))?;
            n = n * 16 + d;
        }
        Ok(n)
    }

    /// `encoding/json`'s `SyntaxError` text for the byte `c` at `index` of
    /// the stream (recorded: Go's offset counts the bytes read, this one
    /// included).
    fn syntax(&mut self, index: usize, c: u8, context: &str) -> String {
        self.error_offset = Some(index + 1);
        syntax(c, context)
    }

    /// Where the last syntax error was, as Go's `SyntaxError.Offset`
    /// counts it in the stream; `None` when the last error was not a syntax
    /// error (`unexpected EOF`).
    pub fn error_offset(&self) -> Option<usize> {
        self.error_offset
    }
}

/// `encoding/json`'s `SyntaxError` text: `invalid character 'x' <context>`.
fn syntax(c: u8, context: &str) -> String {
    format!("invalid character {} {context}", quote_char(c))
}

/// `encoding/json`'s `quoteChar`.
fn quote_char(c: u8) -> String {
    match c {
        b'\'' => "'\\''".to_owned(),
        b'"' => "'\"'".to_owned(),
        _ => {
            // strconv.Quote(string(rune(c))), single-quoted.
            let ch = c as char;
            let q = match ch {
                '\u{7}' => "\\a".to_owned(),
                '\u{8}' => "\\b".to_owned(),
                '\u{c}' => "\\f".to_owned(),
                '\n' => "\\n".to_owned(),
                '\r' => "\\r".to_owned(),
                '\t' => "\\t".to_owned(),
                '\u{b}' => "\\v".to_owned(),
                '\\' => "\\\\".to_owned(),
                c if (c as u32) < 0x20 || c as u32 == 0x7f => format!("\\x{:02x}", c as u32),
                c if (0x80..0xa0).contains(&(c as u32)) => format!("\\u{:04x}", c as u32),
                c => c.to_string(),
            };
            format!("'{q}'")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn all(s: &str) -> Vec<Result<serde_json::Value, String>> {
        let mut stream = JsonStream::new(s.as_bytes());
        let mut tape = Tape::new();
        let mut out = Vec::new();
        while let Some(r) = stream.next_into(&mut tape) {
            out.push(r.map(|()| tape.to_json()));
        }
        out
    }

    #[test]
    fn a_stream_of_values() {
        assert_eq!(
            all(r#"{"a": [1, 2.5, 1.0, 1e3, -0, true, null, "x\u00e9\ud83d\ude00"]} {"b": {}} []"#),
            vec![
                Ok(json!({"a": [1, 2.5, 1, 1000, 0, true, null, "xé😀"]})),
                Ok(json!({"b": {}})),
                Ok(json!([])),
            ]
        );
        assert_eq!(all(r#"{"k": 1, "k": 2}"#), vec![Ok(json!({"k": 2}))]);
    }

    #[test]
    fn syntax_errors_read_as_go_s() {
        assert_eq!(
            all("{\"a\" 1}"),
            vec![Err("invalid character '1' after object key".to_owned())]
        );
        assert_eq!(
            all("{\"a\": 1 2}"),
            vec![Err(
                "invalid character '2' after object key:value pair".to_owned()
            )]
        );
        assert_eq!(
            all("[1 2]"),
            vec![Err("invalid character '2' after array element".to_owned())]
        );
        assert_eq!(
            all("{1}"),
            vec![Err(
                "invalid character '1' looking for beginning of object key string".to_owned()
            )]
        );
        assert_eq!(
            all("[tru]"),
            vec![Err(
                "invalid character ']' in literal true (expecting 'e')".to_owned()
            )]
        );
        assert_eq!(
            all("[\"a\u{1}\"]"),
            vec![Err("invalid character '\\x01' in string literal".to_owned())]
        );
        assert_eq!(all("[1, "), vec![Err("unexpected EOF".to_owned())]);
        // Go checks the whole value's syntax before it converts numbers.
        assert_eq!(
            all("[1e999, 2e999, \"x\u{1}\"]"),
            vec![Err("invalid character '\\x01' in string literal".to_owned())]
        );
        assert_eq!(
            all("[1e999, 2e999]"),
            vec![Err(
                "json: cannot unmarshal number 1e999 into Go value of type float64".to_owned()
            )]
        );
        // The stream ends at an error.
        assert_eq!(all("{} x {}").len(), 2);
    }

    #[test]
    fn nesting_stops_at_go_s_limit() {
        let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        let mut tape = Tape::new();
        JsonStream::new(ok.as_bytes())
            .next_into(&mut tape)
            .unwrap()
            .unwrap();
        assert_eq!(tape.root().unwrap().width(), MAX_DEPTH);
        let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        assert_eq!(
            all(&deep),
            vec![Err("invalid character '[' exceeded max depth".to_owned())]
        );
    }
}
