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
        if let Some(e) = &self.error {
            return Err(e.clone());
        }
        if self.too_large {
            return Err(format!(
                "the document is larger than {MAX_DOCUMENT_BYTES} bytes, this tool's limit on one document"
            ));
        }
        crate::parse_document(self.format, &self.bytes, tape)
            .map_err(|e| self.json_error.clone().unwrap_or(e))
    }
}

/// Splits a stream into [`RawDocument`]s.
pub struct Splitter<R> {
    reader: R,
    format: Option<Format>,
    number: usize,
    line: usize,
    limit: usize,
    done: bool,
    /// Bytes consumed from the reader (JSON streams: Go's error offsets).
    consumed: usize,
    /// JSON documents that parsed: after two, the stream is JSON for good.
    json_ok: usize,
    /// Bytes to read before the reader's (a JSON document read again as
    /// YAML).
    prefix: Vec<u8>,
    prefix_at: usize,
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
            reader,
            format: None,
            number: 0,
            line: 1,
            limit,
            done: false,
            consumed: 0,
            json_ok: 0,
            prefix: Vec::new(),
            prefix_at: 0,
            json_error: None,
        }
    }

    /// The stream's format (decided by its first non-blank byte).
    pub fn format(&mut self) -> io::Result<Format> {
        if let Some(f) = self.format {
            return Ok(f);
        }
        // Blank lines before a JSON value count for line numbers; read
        // without consuming them, as kubectl peeks.
        let f = loop {
            let buf = self.reader.fill_buf()?;
            if buf.is_empty() {
                break Format::Yaml;
            }
            match buf.iter().position(|c| !c.is_ascii_whitespace()) {
                Some(i) => {
                    break if buf[i] == b'{' {
                        Format::Json
                    } else {
                        Format::Yaml
                    }
                }
                None => {
                    // Only white space so far: consume it (counting lines)
                    // and look further. For YAML this drops leading blank
                    // lines from the first document, which changes nothing.
                    let n = buf.len();
                    self.line += buf.iter().filter(|&&c| c == b'\n').count();
                    self.consumed += n;
                    self.reader.consume(n);
                }
            }
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
            let (n, overflow) = self.read_line(&mut line)?;
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

    /// One line, from the prefix first.
    fn read_line(&mut self, line: &mut Vec<u8>) -> io::Result<(usize, bool)> {
        if self.prefix_at < self.prefix.len() {
            let rest = &self.prefix[self.prefix_at..];
            let take = memchr_newline(rest).map_or(rest.len(), |i| i + 1);
            line.extend_from_slice(&rest[..take]);
            self.prefix_at += take;
            if self.prefix_at == self.prefix.len() {
                self.prefix = Vec::new();
                self.prefix_at = 0;
            }
            if line.ends_with(b"\n") {
                return Ok((take, false));
            }
            let (n, cut) = read_line(&mut self.reader, line, self.limit)?;
            return Ok((take + n, cut));
        }
        read_line(&mut self.reader, line, self.limit)
    }

    fn next_json(&mut self, doc: &mut RawDocument) -> io::Result<bool> {
        // Skip white space, counting lines.
        loop {
            let buf = self.reader.fill_buf()?;
            if buf.is_empty() {
                self.done = true;
                return Ok(false);
            }
            match buf.iter().position(|c| !c.is_ascii_whitespace()) {
                Some(i) => {
                    self.line += buf[..i].iter().filter(|&&c| c == b'\n').count();
                    self.consumed += i;
                    self.reader.consume(i);
                    break;
                }
                None => {
                    let n = buf.len();
                    self.line += buf.iter().filter(|&&c| c == b'\n').count();
                    self.consumed += n;
                    self.reader.consume(n);
                }
            }
        }
        let start = self.consumed;
        self.number += 1;
        doc.number = self.number;
        doc.line = self.line;
        // Find the end of the value: the bracket that closes the first one
        // (strings skipped), or white space after a scalar.
        let mut depth = 0usize;
        let mut in_string = false;
        let mut escaped = false;
        let mut scalar = false;
        let mut size = 0usize;
        loop {
            let buf = self.reader.fill_buf()?;
            if buf.is_empty() {
                self.done = true;
                return self.json_or_yaml(doc, start);
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
                    c if c.is_ascii_whitespace() && depth == 0 && scalar => {
                        end = Some(i);
                        break;
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
                return self.json_or_yaml(doc, start);
            }
        }
    }

    /// kubectl's `YAMLOrJSONDecoder`: while at most one JSON document has
    /// parsed, a document that does not parse as JSON sends the stream to
    /// the YAML reader from that document on.
    fn json_or_yaml(&mut self, doc: &mut RawDocument, start: usize) -> io::Result<bool> {
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
        // Read this document again, as YAML, and what follows it.
        self.format = Some(Format::Yaml);
        self.number -= 1;
        self.line = doc.line;
        self.prefix = std::mem::take(&mut doc.bytes);
        self.prefix_at = 0;
        self.json_error = Some(error);
        self.done = false;
        doc.format = Format::Yaml;
        self.next_yaml(doc)
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
    b.iter().position(|&c| c == b'\n')
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
    doc.iter().all(printable)
        && doc.split(|&c| c == b'\n').all(|l| {
            let l = l.trim_ascii();
            l.is_empty() || l[0] == b'#'
        })
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
