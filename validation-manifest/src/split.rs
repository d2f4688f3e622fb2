//! A manifest stream split into documents, one at a time, as kubectl's
//! `YAMLOrJSONDecoder` splits it: a JSON stream (the first non-blank byte
//! is `{`) into its values, YAML on `---` separator lines (kubectl's
//! `YAMLReader`). Only one document is held at a time, and none larger than
//! a limit: a larger one is skipped (and reported) without being held.

use std::io::{self, BufRead};

/// The largest raw document the reader holds, in bytes (64 MiB): this
/// tool's limit, not upstream's. The API server refuses a request body over
/// 3 MiB of JSON ([`crate::limits::MAX_REQUEST_BODY`]); a YAML document
/// can be larger than its JSON (comments, indentation), so the raw limit is
/// well above that, and only stops input no API server would take.
pub const MAX_DOCUMENT_BYTES: usize = 64 << 20;

/// How a stream is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// A YAML stream (documents separated by `---` lines).
    #[default]
    Yaml,
    /// A stream of JSON values.
    Json,
}

/// One document of a stream.
#[derive(Debug, Default)]
pub struct RawDocument {
    /// How it is written.
    pub format: Format,
    /// Its number in the stream, from 1 (blank ones count, as kubectl's
    /// reader returns them).
    pub number: usize,
    /// The line of the stream it starts on, from 1.
    pub line: usize,
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// Set when the document was larger than the limit: its bytes are not
    /// kept.
    pub too_large: bool,
    /// kubectl's reader refused the document (a `---` line followed by
    /// more than a comment: `invalid Yaml document separator: |`).
    pub error: Option<String>,
    /// The stream looked like JSON and its first documents did not parse
    /// as JSON, so it is read as YAML from this document on (kubectl's
    /// `YAMLOrJSONDecoder`); if this document does not parse as YAML
    /// either, the answer is the JSON error.
    pub json_error: Option<String>,
}

impl RawDocument {
    /// Reads the document into `tape` (see [`crate::parse_document`]),
    /// with the reader's own verdicts first: a refused separator, a
    /// document over the size limit, a JSON stream's error.
    pub fn parse(&self, tape: &mut crate::Tape) -> Result<bool, String> {
        // The JSON error first: kubectl's decoder answers with it whatever
        // went wrong with the document as YAML.
        let refused = self.error.clone().or_else(|| {
            self.too_large.then(|| {
                format!(
                    "the document is larger than {MAX_DOCUMENT_BYTES} bytes, this tool's limit on one document"
                )
            })
        });
        match refused {
            Some(e) => Err(self.json_error.clone().unwrap_or(e)),
            None => crate::parse_document(self.format, &self.bytes, tape)
                .map_err(|e| self.json_error.clone().unwrap_or(e)),
        }
    }
}

/// How far into a stream kubectl looks for the `{` of a JSON stream
/// (`NewYAMLOrJSONDecoder(r, 4096)`).
const JSON_PEEK: usize = 4096;

/// Splits a stream into [`RawDocument`]s.
pub struct Splitter<R> {
    reader: Input<R>,
    format: Option<Format>,
    number: usize,
    line: usize,
    limit: usize,
    done: bool,
    /// Bytes consumed from the reader (JSON streams: Go's error offsets).
    consumed: usize,
    /// JSON documents that parsed: after two, the stream is JSON for good.
    json_ok: usize,
    /// The white space read before the current JSON document (kubectl
    /// reads it again as YAML if the document does not parse).
    json_space: Vec<u8>,
    /// The JSON error the next YAML document answers with if it does not
    /// parse.
    json_error: Option<String>,
}

impl<R: BufRead> Splitter<R> {
    /// A splitter over `reader`, with [`MAX_DOCUMENT_BYTES`] as the limit.
    pub fn new(reader: R) -> Splitter<R> {
        Splitter::with_limit(reader, MAX_DOCUMENT_BYTES)
    }

    /// A splitter with another size limit.
    pub fn with_limit(reader: R, limit: usize) -> Splitter<R> {
        Splitter {
            reader: Input {
                ahead: Vec::new(),
                at: 0,
                inner: reader,
            },
            format: None,
            number: 0,
            line: 1,
            limit,
            done: false,
            consumed: 0,
            json_ok: 0,
            json_space: Vec::new(),
            json_error: None,
        }
    }

    /// The stream's format: JSON when its first 4,096 bytes, after white
    /// space (Go's `unicode.IsSpace`), start with `{` (kubectl's
    /// `GuessJSONStream`).
    pub fn format(&mut self) -> io::Result<Format> {
        if let Some(f) = self.format {
            return Ok(f);
        }
        let head = self.reader.peek(JSON_PEEK)?;
        let f = match utf8_prefix(head).trim_start().as_bytes().first() {
            Some(b'{') => Format::Json,
            _ => Format::Yaml,
        };
        self.format = Some(f);
        Ok(f)
    }

    /// The next document into `doc` (its buffer reused): `Ok(false)` at
    /// the end of the stream.
    pub fn next_into(&mut self, doc: &mut RawDocument) -> io::Result<bool> {
        if self.done {
            return Ok(false);
        }
        doc.bytes.clear();
        doc.too_large = false;
        doc.error = None;
        doc.json_error = None;
        doc.format = self.format()?;
        match doc.format {
            Format::Yaml => self.next_yaml(doc),
            Format::Json => self.next_json(doc),
        }
    }

    fn next_yaml(&mut self, doc: &mut RawDocument) -> io::Result<bool> {
        let mut line = Vec::new();
        let mut start = self.line;
        let mut size = 0usize;
        let mut any = false;
        loop {
            line.clear();
            let (n, overflow) = read_line(&mut self.reader, &mut line, self.limit)?;
            if n == 0 {
                self.done = true;
                break;
            }
            self.line += 1;
            // kubectl's LineReader: CRLF read as LF, and every line ends
            // with LF (the last one too).
            if line.ends_with(b"\r\n") {
                line.truncate(line.len() - 2);
                line.push(b'\n');
            } else if !line.ends_with(b"\n") {
                line.push(b'\n');
            }
            match separator(&line) {
                Separator::No => {}
                Separator::Yes if any => break,
                // kubectl's reader keeps a separator that starts a document
                // in it (YAML reads it as a document start), so two in a
                // row make an empty document.
                Separator::Yes => {}
                Separator::Invalid(rest) => {
                    // kubectl's reader stops the file here; the document is
                    // reported and reading goes on after the line.
                    doc.error = Some(format!("invalid Yaml document separator: {rest}"));
                    doc.bytes.clear();
                    if !any {
                        start = self.line - 1;
                    }
                    any = true;
                    break;
                }
            }
            if !any {
                any = true;
                start = self.line - 1;
            }
            size += n;
            if overflow || size > self.limit {
                doc.too_large = true;
                doc.bytes.clear();
            }
            if !doc.too_large {
                doc.bytes.extend_from_slice(&line);
            }
        }
        if !any {
            return Ok(false);
        }
        self.number += 1;
        doc.number = self.number;
        doc.line = start;
        doc.json_error = self.json_error.take();
        Ok(true)
    }

    fn next_json(&mut self, doc: &mut RawDocument) -> io::Result<bool> {
        // Skip JSON's white space, counting lines and keeping it (kubectl
        // reads it again as YAML if the document does not parse).
        self.json_space.clear();
        let space_line = self.line;
        loop {
            let buf = self.reader.fill_buf()?;
            if buf.is_empty() {
                self.done = true;
                return Ok(false);
            }
            let n = buf.iter().take_while(|c| is_json_space(**c)).count();
            self.line += buf[..n].iter().filter(|&&c| c == b'\n').count();
            self.consumed += n;
            if self.json_space.len() <= self.limit {
                self.json_space.extend_from_slice(&buf[..n]);
            }
            let more = n == buf.len();
            self.reader.consume(n);
            if !more {
                break;
            }
        }
        let start = self.consumed;
        self.number += 1;
        doc.number = self.number;
        doc.line = self.line;
        // Find the end of the value: the bracket that closes the first one
        // (strings skipped), the quote that closes a string, or for a
        // number or literal the byte after it (parsed below).
        let mut depth = 0usize;
        let mut in_string = false;
        let mut escaped = false;
        let mut scalar = false;
        let mut size = 0usize;
        loop {
            let buf = self.reader.fill_buf()?;
            if buf.is_empty() {
                self.done = true;
                break;
            }
            let mut end = None;
            for (i, &c) in buf.iter().enumerate() {
                if in_string {
                    if escaped {
                        escaped = false;
                    } else if c == b'\\' {
                        escaped = true;
                    } else if c == b'"' {
                        in_string = false;
                        if depth == 0 {
                            end = Some(i + 1);
                            break;
                        }
                    }
                    continue;
                }
                if scalar && (is_json_space(c) || b"{}[],:\"".contains(&c)) {
                    end = Some(i + 1);
                    break;
                }
                match c {
                    b'"' => in_string = true,
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        if depth <= 1 {
                            end = Some(i + 1);
                            break;
                        }
                        depth -= 1;
                    }
                    _ if depth == 0 => scalar = true,
                    _ => {}
                }
            }
            let take = end.unwrap_or(buf.len());
            let chunk = &buf[..take];
            self.line += chunk.iter().filter(|&&c| c == b'\n').count();
            self.consumed += take;
            size += take;
            if size > self.limit {
                doc.too_large = true;
                doc.bytes.clear();
            } else {
                doc.bytes.extend_from_slice(chunk);
            }
            self.reader.consume(take);
            if end.is_some() {
                break;
            }
        }
        if scalar && !doc.too_large {
            // Go's decoder ends a number or literal where it ends: what
            // follows is read again.
            let mut stream = crate::json::JsonStream::new(&doc.bytes);
            let parsed = match stream.next_into(&mut crate::Tape::new()) {
                Some(Ok(())) => true,
                // A number no Go type holds: valid JSON all the same.
                Some(Err(e)) => e.starts_with("json: cannot unmarshal"),
                None => false,
            };
            if parsed {
                let end = stream.offset();
                self.put_back(doc.bytes.split_off(end));
                self.done = false;
            }
        }
        self.json_or_yaml(doc, start, space_line)
    }

    /// Puts bytes read back in front of the reader.
    fn put_back(&mut self, bytes: Vec<u8>) {
        self.line -= bytes.iter().filter(|&&c| c == b'\n').count();
        self.consumed -= bytes.len();
        self.reader.put_back(bytes);
    }

    /// kubectl's `YAMLOrJSONDecoder`: while at most one JSON document has
    /// parsed, a document that does not parse as JSON sends the stream,
    /// from the end of the last document that parsed, to the YAML reader.
    fn json_or_yaml(
        &mut self,
        doc: &mut RawDocument,
        start: usize,
        space_line: usize,
    ) -> io::Result<bool> {
        if self.json_ok > 1 || doc.too_large {
            return Ok(true);
        }
        let mut stream = crate::json::JsonStream::new(&doc.bytes);
        let mut scratch = crate::Tape::new();
        let error = match stream.next_into(&mut scratch) {
            Some(Err(e)) if !e.starts_with("json: cannot unmarshal") => match stream.error_offset()
            {
                Some(at) => format!("json: offset {}: {e}", start + at),
                None => e,
            },
            _ => {
                self.json_ok += 1;
                return Ok(true);
            }
        };
        // Read this document and the white space before it again.
        let mut back = std::mem::take(&mut self.json_space);
        back.append(&mut doc.bytes);
        self.put_back(back);
        debug_assert_eq!(self.line, space_line);
        self.done = false;
        self.number -= 1;
        if !self.skip_space()? {
            // kubectl's reader gives up on YAML: the answer is the JSON
            // error, and the stream ends.
            self.number += 1;
            doc.error = Some(error);
            self.done = true;
            return Ok(true);
        }
        self.format = Some(Format::Yaml);
        self.json_error = Some(error);
        doc.format = Format::Yaml;
        // (Nothing left to read as YAML ends the stream quietly, as
        // kubectl's YAML reader's io.EOF does.)
        self.next_yaml(doc)
    }

    /// kubectl's `consumeWhitespace` before it reads the rest as YAML: white
    /// space (Go's `unicode.IsSpace`) up to and including the first line
    /// break is skipped. It reads 4 bytes at a time, and gives up (`false`)
    /// when fewer are left, or on a character that is not UTF-8 or is
    /// U+FFFD (Go's `utf8.RuneError`).
    fn skip_space(&mut self) -> io::Result<bool> {
        loop {
            let head = self.reader.peek(4)?;
            if head.len() < 4 {
                return Ok(false);
            }
            let c = match utf8_prefix(head).chars().next() {
                Some(c) if c != '\u{FFFD}' => c,
                _ => return Ok(false),
            };
            if !c.is_whitespace() {
                return Ok(true);
            }
            let n = c.len_utf8();
            self.reader.consume(n);
            self.consumed += n;
            if c == '\n' {
                self.line += 1;
                return Ok(true);
            }
        }
    }
}

/// The reader, with bytes in front of it: those kubectl peeks at, and
/// those read again (a JSON document read as YAML, what follows a number).
struct Input<R> {
    ahead: Vec<u8>,
    at: usize,
    inner: R,
}

impl<R: BufRead> Input<R> {
    /// At least `n` bytes ahead (fewer at the end of the stream), not
    /// consumed.
    fn peek(&mut self, n: usize) -> io::Result<&[u8]> {
        while self.ahead.len() - self.at < n {
            let buf = self.inner.fill_buf()?;
            if buf.is_empty() {
                break;
            }
            let take = buf.len().min(n - (self.ahead.len() - self.at));
            self.ahead.extend_from_slice(&buf[..take]);
            self.inner.consume(take);
        }
        Ok(&self.ahead[self.at..])
    }

    fn put_back(&mut self, mut bytes: Vec<u8>) {
        bytes.extend_from_slice(&self.ahead[self.at..]);
        self.ahead = bytes;
        self.at = 0;
    }
}

impl<R: BufRead> io::Read for Input<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let buf = self.fill_buf()?;
        let n = buf.len().min(out.len());
        out[..n].copy_from_slice(&buf[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Input<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at < self.ahead.len() {
            return Ok(&self.ahead[self.at..]);
        }
        self.inner.fill_buf()
    }

    fn consume(&mut self, n: usize) {
        if self.at < self.ahead.len() {
            self.at += n;
            if self.at >= self.ahead.len() {
                self.ahead.clear();
                self.at = 0;
            }
        } else {
            self.inner.consume(n);
        }
    }
}

/// JSON's white space (`encoding/json`'s `isSpace`).
fn is_json_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r')
}

/// The longest prefix of `b` that is UTF-8 (Go's rune-by-rune readers stop
/// at the first invalid byte).
fn utf8_prefix(b: &[u8]) -> &str {
    match std::str::from_utf8(b) {
        Ok(s) => s,
        Err(e) => std::str::from_utf8(&b[..e.valid_up_to()]).expect("valid up to"),
    }
}

/// Reads one line (with its `\n`) into `out`, keeping at most `limit`
/// bytes of it: the line's length, and whether it was cut.
fn read_line<R: BufRead>(r: &mut R, out: &mut Vec<u8>, limit: usize) -> io::Result<(usize, bool)> {
    let mut total = 0;
    let mut cut = false;
    loop {
        let buf = r.fill_buf()?;
        if buf.is_empty() {
            return Ok((total, cut));
        }
        let (take, done) = match memchr_newline(buf) {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        let room = limit.saturating_sub(out.len());
        if take > room {
            cut = true;
            out.extend_from_slice(&buf[..room]);
        } else {
            out.extend_from_slice(&buf[..take]);
        }
        total += take;
        r.consume(take);
        if done {
            return Ok((total, cut));
        }
    }
}

fn memchr_newline(b: &[u8]) -> Option<usize> {
    memchr::memchr(b'\n', b)
}

enum Separator {
    No,
    Yes,
    /// `---` followed by more than a comment (the rest, trimmed).
    Invalid(String),
}

/// kubectl's `YAMLReader`: a line that starts with `---` ends a document;
/// only white space or a comment may follow.
fn separator(line: &[u8]) -> Separator {
    let Some(after) = line.strip_prefix(b"---") else {
        return Separator::No;
    };
    let after = after.trim_ascii();
    if after.is_empty() || after[0] == b'#' {
        Separator::Yes
    } else {
        Separator::Invalid(String::from_utf8_lossy(after).into_owned())
    }
}

/// Whether a YAML document holds only blank and comment lines, in
/// printable ASCII: go-yaml reads such a document as no value. (Its reader
/// refuses a control character, DEL or, after a UTF-8 byte-order mark,
/// ill-formed UTF-8 anywhere, comments included: other documents are
/// parsed.)
pub fn is_blank_yaml(doc: &[u8]) -> bool {
    let printable = |c: &u8| matches!(c, b'\t' | b'\n' | b'\r' | 0x20..=0x7E);
    // The lines first: a document with content stops at its first line.
    doc.split(|&c| c == b'\n').all(|l| {
        let l = l.trim_ascii();
        l.is_empty() || l[0] == b'#'
    }) && doc.iter().all(printable)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str, limit: usize) -> Vec<(usize, usize, String, bool)> {
        let mut s = Splitter::with_limit(text.as_bytes(), limit);
        let mut doc = RawDocument::default();
        let mut out = Vec::new();
        while s.next_into(&mut doc).unwrap() {
            out.push((
                doc.number,
                doc.line,
                String::from_utf8(doc.bytes.clone()).unwrap(),
                doc.too_large,
            ));
        }
        out
    }

    #[test]
    fn yaml_splits_on_separator_lines_only() {
        let text = "---\na: 1\n---\n# comment only\n---   \nb:\n  x: |\n    ---\n--- # end\n---\n";
        assert_eq!(
            split(text, 1000),
            vec![
                (1, 1, "---\na: 1\n".into(), false),
                (2, 4, "# comment only\n".into(), false),
                (3, 6, "b:\n  x: |\n    ---\n".into(), false),
                (4, 10, "---\n".into(), false),
            ]
        );
    }

    #[test]
    fn crlf_final_newline_and_bad_separators() {
        let text = "a: 1\r\nb: |\r\n  x\r\n--- |\nc: 2\n---\nd: 3";
        let got = split(text, 1000);
        // The refused document, then what follows its separator line.
        assert_eq!(got.len(), 3);
        assert_eq!(got[1], (2, 5, "c: 2\n".into(), false));
        assert_eq!(got[2], (3, 7, "d: 3\n".into(), false));
        let mut s = Splitter::new(text.as_bytes());
        let mut doc = RawDocument::default();
        assert!(s.next_into(&mut doc).unwrap());
        assert_eq!(
            doc.error.as_deref(),
            Some("invalid Yaml document separator: |")
        );
    }

    #[test]
    fn comment_only_documents_are_blank_when_go_yaml_reads_them() {
        assert!(is_blank_yaml(b"# a comment\n  \t\n# another\r\n"));
        assert!(!is_blank_yaml(b"a: 1\n"));
        // go-yaml's reader refuses control characters in comments too.
        assert!(!is_blank_yaml(b"# \0\n"));
        let mut tape = crate::Tape::new();
        assert_eq!(
            crate::parse_document(Format::Yaml, b"# \0\n", &mut tape),
            Err("error converting YAML to JSON: yaml: control characters are not allowed".into())
        );
        assert_eq!(
            crate::parse_document(Format::Yaml, "# \u{e9}\n".as_bytes(), &mut tape),
            Ok(false)
        );
    }

    #[test]
    fn json_streams_split_into_values() {
        let text = "\n{\"a\": \"}\\\"\"}\n  {\"b\": [1, {}]} 7 [2]";
        assert_eq!(
            split(text, 1000),
            vec![
                (1, 2, "{\"a\": \"}\\\"\"}".into(), false),
                (2, 3, "{\"b\": [1, {}]}".into(), false),
                (3, 3, "7".into(), false),
                (4, 3, "[2]".into(), false),
            ]
        );
    }

    /// Each document: its format, bytes, and the reader's error or the
    /// JSON error it answers with if YAML fails.
    fn docs(text: &[u8]) -> Vec<(Format, String, Option<String>)> {
        let mut s = Splitter::new(text);
        let mut doc = RawDocument::default();
        let mut out = Vec::new();
        while s.next_into(&mut doc).unwrap() {
            let error = doc.error.clone().or(doc.json_error.clone());
            out.push((
                doc.format,
                String::from_utf8_lossy(&doc.bytes).into_owned(),
                error,
            ));
        }
        out
    }

    #[test]
    fn kubectl_looks_for_json_in_the_first_4096_bytes_after_unicode_space() {
        let format = |text: &[u8]| Splitter::new(text).format().unwrap();
        assert_eq!(
            format(format!("{}{{}}", " ".repeat(4095)).as_bytes()),
            Format::Json
        );
        assert_eq!(
            format(format!("{}{{}}", "\n".repeat(4096)).as_bytes()),
            Format::Yaml
        );
        assert_eq!(format("\u{a0}\u{2028}\x0b{}".as_bytes()), Format::Json);
        assert_eq!(format(b"\xff{}"), Format::Yaml);
        // Not JSON's white space: read again as YAML, after white space up
        // to the first line break.
        assert_eq!(
            docs("\x0b\u{a0}{\"a\": 1}\n".as_bytes()),
            [(
                Format::Yaml,
                "{\"a\": 1}\n".into(),
                Some(
                    "json: offset 1: invalid character '\\v' looking for beginning of value".into()
                )
            )]
        );
    }

    #[test]
    fn a_json_stream_turns_yaml_as_kubectl_s_decoder_does() {
        // From the end of the last document that parsed, white space up to
        // the first line break skipped.
        assert_eq!(
            docs(b"{\"a\":1}\n\n   b: 1\n   c: 2\n")[1],
            (
                Format::Yaml,
                "\n   b: 1\n   c: 2\n".into(),
                Some(
                    "json: offset 13: invalid character 'b' looking for beginning of value".into()
                )
            )
        );
        // Go reads 4 bytes at a time there, and gives up with fewer left,
        // or at U+FFFD.
        assert_eq!(
            docs(b"{\"a\":1}x")[1],
            (
                Format::Json,
                String::new(),
                Some("json: offset 8: invalid character 'x' looking for beginning of value".into())
            )
        );
        assert_eq!(
            docs(b"{\"a\":1}xyzw")[1],
            (
                Format::Yaml,
                "xyzw\n".into(),
                Some("json: offset 8: invalid character 'x' looking for beginning of value".into())
            )
        );
        assert_eq!(docs("{} \u{fffd}\n".as_bytes())[1].0, Format::Json);
        assert_eq!(docs(b"{x}")[0].0, Format::Json);
        // The JSON error is the answer whatever the YAML reader says.
        let mut s = Splitter::new(&b"{\"a\" 1}\n--- x\n"[..]);
        let mut doc = RawDocument::default();
        assert!(s.next_into(&mut doc).unwrap());
        assert_eq!(
            doc.parse(&mut crate::Tape::new()),
            Err("json: offset 6: invalid character '1' after object key".into())
        );
        assert_eq!(docs(b"{x}\n")[0].1, "{x}\n");
        // A number or literal ends where it ends; after two documents the
        // stream is JSON for good.
        assert_eq!(
            docs(b"{}123abc"),
            [
                (Format::Json, "{}".into(), None),
                (Format::Json, "123".into(), None),
                (Format::Json, "abc".into(), None),
            ]
        );
    }

    #[test]
    fn documents_over_the_limit_are_skipped_not_held() {
        let big = "x".repeat(100);
        let text = format!("a: {big}\n---\nb: 1\n");
        let got = split(&text, 50);
        assert_eq!(got[0], (1, 1, String::new(), true));
        assert_eq!(got[1], (2, 3, "b: 1\n".into(), false));
        let json = format!("{{\"a\": \"{big}\"}} {{\"b\": 1}}");
        let got = split(&json, 50);
        assert_eq!(got[0], (1, 1, String::new(), true));
        assert_eq!(got[1], (2, 1, "{\"b\": 1}".into(), false));
    }
}
