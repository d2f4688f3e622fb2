//! One YAML document as the JSON kubectl makes of it.
//!
//! kubectl converts YAML to JSON on the client (`sigs.k8s.io/yaml`: go-yaml
//! v2 decodes the document into `interface{}`, `encoding/json` writes it),
//! so the API server sees `enabled: yes` as `true` and `mode: 0644` as
//! `420`: YAML 1.1, where serde's YAML crates read YAML 1.2. This module
//! reads a document with libyaml's scanner and parser (go-yaml v2 is a port
//! of libyaml; [`libyaml_safer`] is another) and decodes its events as
//! go-yaml v2 does (`resolve.rs` for scalars, the tape builder for anchors,
//! aliases, merge keys and repeated keys), with go-yaml's limits:
//!
//! * alias expansion: go-yaml's `allowedAliasRatio` heuristic
//!   (`document contains excessive aliasing`);
//! * nesting: `exceeded max depth of 10000` (flow and block collections).
//!
//! Errors read as kubectl prints them: `error converting YAML to JSON:
//! yaml: line 3: did not find expected key`, with go-yaml's line numbers
//! (counted in the document, from 0 for parser errors and from 1 for
//! scanner errors, as go-yaml v2 counts them).

mod encoding;
mod fast;
mod flow;
pub(crate) mod resolve;
mod tags;

use std::collections::HashSet;

use libyaml_safer::{ErrorKind, EventData, MappingStyle, ScalarStyle, SequenceStyle};

use crate::build::Builder;
pub(crate) use crate::build::Scalar;
use crate::tape::Tape;

/// go-yaml v2's nesting limit (`max_flow_level`, `max_indents`).
pub const MAX_DEPTH: usize = 10_000;

/// The prefix kubectl gives every error of the conversion.
pub const ERROR_PREFIX: &str = "error converting YAML to JSON: ";

/// Reads one YAML document into `tape`: `Ok(false)` when it holds no value
/// (empty, or only comments), `Ok(true)` when the tape holds its value.
///
/// The fast reader (`fast.rs`: the YAML manifests are written in, read
/// line by line) reads the document when it can; anything it is not sure
/// of goes to libyaml's parser ([`parse_with_libyaml`]), which reads all
/// of YAML. Both give the same answer wherever the fast reader answers.
///
/// A document is read as kubectl's reader hands it to go-yaml: with a line
/// break at its end (kubectl's `LineReader` ends every line, the last one
/// too, with one), which is added when missing.
pub fn parse(doc: &[u8], tape: &mut Tape) -> Result<bool, String> {
    // (libyaml-safer 0.3 also panics on a block scalar that ends the input
    // without a line break: its READ_LINE has no end of input, where
    // libyaml's reads the buffer's NUL padding.)
    let ended;
    let doc = if doc.is_empty() || doc.ends_with(b"\n") {
        doc
    } else {
        ended = [doc, b"\n"].concat();
        &ended
    };
    let mut b = Builder::new(tape);
    if let Ok(has_value) = fast::parse(doc, &mut b) {
        return b.finish().map(|()| has_value).map_err(error_text);
    }
    parse_events(doc, tape).map_err(error_text)
}

/// [`parse`] by libyaml's parser alone, which reads all of YAML: the
/// reference the fast reader is compared with (tests, fuzzing).
pub fn parse_with_libyaml(doc: &[u8], tape: &mut Tape) -> Result<bool, String> {
    let ended;
    let doc = if doc.is_empty() || doc.ends_with(b"\n") {
        doc
    } else {
        ended = [doc, b"\n"].concat();
        &ended
    };
    parse_events(doc, tape).map_err(error_text)
}

/// Whether the fast reader reads `doc` (or leaves it to libyaml's
/// parser): for tests, fuzzing and benchmarks.
#[doc(hidden)]
pub fn fast_reader_takes(doc: &[u8]) -> bool {
    let mut tape = Tape::new();
    let mut b = Builder::new(&mut tape);
    fast::parse(doc, &mut b).is_ok()
}

fn error_text(e: String) -> String {
    if e.starts_with(crate::build::JSON_TOO_DEEP_PREFIX) {
        e
    } else {
        format!("{ERROR_PREFIX}{e}")
    }
}

fn parse_events(doc: &[u8], tape: &mut Tape) -> Result<bool, String> {
    let (decoded, encoding) = encoding::decode(doc).map_err(|e| format!("yaml: {e}"))?;
    // The tags first: libyaml's scanner reads ahead, and may meet what it
    // panics on however early a scan means to stop.
    let (scanned, colons) = tags::go_yaml_scan(&decoded, encoding)?;
    let versioned = flow::go_yaml_version(&scanned, encoding);
    let escaped = flow::go_yaml_escapes(&versioned, encoding);
    let text = flow::go_yaml_plain_scalars(&escaped, encoding);
    // libyaml's marks count from after a UTF-8 byte-order mark.
    let marked = &text[if encoding.is_none() { 3 } else { 0 }..];
    let mut parser = encoding::parser(&text, encoding);
    let mut b = Builder::new(tape);
    let mut has_value = false;
    let mut depth = Depth::default();
    // The anchors defined so far (go-yaml registers one when its node starts).
    let mut anchors: HashSet<String> = HashSet::new();
    loop {
        let event = parser
            .parse()
            .map_err(|e| format!("yaml: {}", go_yaml_error(&e, doc)))?;
        match event.data {
            EventData::StreamStart { .. } => {}
            EventData::DocumentStart { .. } => b.document(),
            // go-yaml decodes the first document of the input only.
            EventData::DocumentEnd { .. } | EventData::StreamEnd => break,
            EventData::Scalar {
                anchor,
                tag,
                value,
                plain_implicit,
                style,
                ..
            } => {
                has_value = true;
                let value = if style == ScalarStyle::Plain {
                    colons.restore(
                        marked,
                        event.start_mark.index as usize..event.end_mark.index as usize,
                        value,
                    )
                } else {
                    value
                };
                // go-yaml: an untagged scalar is resolved when plain
                // (`implicit`), a string otherwise; `<<` is a merge key
                // when plain or tagged `!!merge`.
                let plain = tag.is_none() && plain_implicit && style == ScalarStyle::Plain;
                let merge_key =
                    value == "<<" && (plain || tag.as_deref() == Some("tag:yaml.org,2002:merge"));
                if let Some(a) = &anchor {
                    anchors.insert(a.clone());
                }
                let scalar = if b.has_failed() {
                    Scalar::Null
                } else {
                    // A decoding error: a later syntax error wins over it.
                    resolve::scalar(&value, plain, tag.as_deref()).unwrap_or_else(|e| {
                        b.decode_error(e);
                        Scalar::Null
                    })
                };
                b.scalar(scalar, anchor.as_deref(), merge_key);
            }
            EventData::Alias { anchor } => {
                has_value = true;
                // go-yaml's parser resolves aliases as it builds the node
                // tree, before decoding: an unknown one is a parse error.
                if !anchors.contains(&anchor) {
                    return Err(format!("yaml: unknown anchor '{anchor}' referenced"));
                }
                b.alias(&anchor);
            }
            EventData::SequenceStart { anchor, style, .. } => {
                has_value = true;
                depth.open(style == SequenceStyle::Flow, &event.start_mark)?;
                if let Some(a) = &anchor {
                    anchors.insert(a.clone());
                }
                b.start(false, anchor.as_deref());
            }
            EventData::MappingStart { anchor, style, .. } => {
                has_value = true;
                depth.open(style == MappingStyle::Flow, &event.start_mark)?;
                if let Some(a) = &anchor {
                    anchors.insert(a.clone());
                }
                b.start(true, anchor.as_deref());
            }
            EventData::SequenceEnd | EventData::MappingEnd => {
                depth.close();
                b.end();
            }
        }
    }
    b.finish()?;
    Ok(has_value)
}

/// go-yaml's nesting limits, as its scanner keeps them: the open flow
/// collections (`[`, `{`), and the block collections that moved to a
/// deeper column (an indentless sequence, `key:` then `- a` in the key's
/// column, pushes no indent). Each is limited to [`MAX_DEPTH`] on its own.
#[derive(Default)]
struct Depth {
    flow: usize,
    /// The columns of the block collections that pushed an indent.
    indents: Vec<u64>,
    /// For each open collection: whether closing it pops a level, and which.
    open: Vec<Level>,
}

#[derive(Clone, Copy)]
enum Level {
    Flow,
    Indent,
    None,
}

impl Depth {
    fn open(&mut self, flow: bool, mark: &libyaml_safer::Mark) -> Result<(), String> {
        if flow || self.flow > 0 {
            // Inside a flow collection every collection is a flow one.
            self.flow += 1;
            self.open.push(Level::Flow);
            if self.flow > MAX_DEPTH {
                return Err(depth_error(mark));
            }
            return Ok(());
        }
        let deeper = self.indents.last().is_none_or(|&c| mark.column > c);
        if !deeper {
            self.open.push(Level::None);
            return Ok(());
        }
        self.indents.push(mark.column);
        self.open.push(Level::Indent);
        if self.indents.len() > MAX_DEPTH {
            return Err(depth_error(mark));
        }
        Ok(())
    }

    fn close(&mut self) {
        match self.open.pop() {
            Some(Level::Flow) => self.flow -= 1,
            Some(Level::Indent) => {
                self.indents.pop();
            }
            _ => {}
        }
    }
}

/// A scanner error: go-yaml prints its line from 1, and none on the first
/// line.
fn depth_error(mark: &libyaml_safer::Mark) -> String {
    if mark.line == 0 {
        format!("yaml: exceeded max depth of {MAX_DEPTH}")
    } else {
        format!(
            "yaml: line {}: exceeded max depth of {MAX_DEPTH}",
            mark.line + 1
        )
    }
}

/// go-yaml v2's `parser.fail()`: `line N: problem`, where N is the problem
/// mark's line (from 0; plus one for a scanner error), else the context
/// mark's, and no line when both are 0.
fn go_yaml_error(e: &libyaml_safer::Error, doc: &[u8]) -> String {
    if e.kind() == ErrorKind::Reader && e.problem() == "invalid UTF-8" {
        // libyaml-safer words every UTF-8 problem alike; go-yaml (as
        // libyaml) names which.
        return utf8_problem(doc).to_owned();
    }
    let problem_line = e.problem_mark().map_or(0, |m| m.line);
    let line = if problem_line != 0 {
        problem_line + u64::from(e.kind() == ErrorKind::Scanner)
    } else {
        e.context_mark().map_or(0, |m| m.line)
    };
    let problem = match e.problem() {
        "" => "unknown problem parsing YAML content",
        p => p,
    };
    if line != 0 {
        format!("line {line}: {problem}")
    } else {
        problem.to_owned()
    }
}

/// go-yaml's reader on the first ill-formed UTF-8 sequence of `doc`
/// (readerc.go): which of its problems it reports. Reader errors carry no
/// line.
fn utf8_problem(doc: &[u8]) -> &'static str {
    let mut i = 0;
    while i < doc.len() {
        let lead = doc[i];
        let width = match lead {
            _ if lead & 0x80 == 0 => 1,
            _ if lead & 0xE0 == 0xC0 => 2,
            _ if lead & 0xF0 == 0xE0 => 3,
            _ if lead & 0xF8 == 0xF0 => 4,
            _ => return "invalid leading UTF-8 octet",
        };
        if i + width > doc.len() {
            return "incomplete UTF-8 octet sequence";
        }
        let mut value = u32::from(match width {
            1 => lead & 0x7F,
            2 => lead & 0x1F,
            3 => lead & 0x0F,
            _ => lead & 0x07,
        });
        for &b in &doc[i + 1..i + width] {
            if b & 0xC0 != 0x80 {
                return "invalid trailing UTF-8 octet";
            }
            value = (value << 6) | u32::from(b & 0x3F);
        }
        let shortest = match width {
            1 => true,
            2 => value >= 0x80,
            3 => value >= 0x800,
            _ => value >= 0x10000,
        };
        if !shortest {
            return "invalid length of a UTF-8 sequence";
        }
        if (0xD800..=0xDFFF).contains(&value) || value > 0x10FFFF {
            return "invalid Unicode character";
        }
        i += width;
    }
    "invalid UTF-8"
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn json(s: &str) -> Value {
        let mut tape = Tape::new();
        assert!(parse(s.as_bytes(), &mut tape).unwrap(), "{s}");
        tape.to_json()
    }

    fn err(s: &str) -> String {
        let mut tape = Tape::new();
        parse(s.as_bytes(), &mut tape).unwrap_err()
    }

    #[test]
    fn plain_scalars_resolve_as_yaml_1_1() {
        assert_eq!(
            json("a: [yes, No, on, OFF, y, n, ~, null, '', 'yes', \"on\", !!str true]"),
            json!({"a": [true, false, true, false, true, false, null, null, "", "yes", "on", "true"]})
        );
        assert_eq!(
            json("a: [0777, 0x1F, 0o17, 0b101, 1_000, -12, +7, 1.0, 1.5, 1e3, .5, .0_0, .5e1, ._5, 08, 2001-12-14, 1:30, 9223372036854775808]"),
            json!({"a": [511, 31, 15, 5, 1000, -12, 7, 1, 1.5, 1000, 0.5, 0, 5, "._5", 8, "2001-12-14", "1:30", 9.223372036854776e18]})
        );
        assert_eq!(
            err("a: .inf"),
            "error converting YAML to JSON: json: unsupported value: +Inf"
        );
    }

    #[test]
    fn keys_anchors_and_merges() {
        assert_eq!(
            json("base: &b {x: 1, z: 2}\nm:\n  <<: *b\n  z: 3\n1: a\nyes: b\nk: v\nk: w\n"),
            json!({"base": {"x": 1, "z": 2}, "m": {"x": 1, "z": 3}, "1": "a", "true": "b", "k": "w"})
        );
        // As with kubectl: a key `y` is the boolean true.
        assert_eq!(json("y: 1\nn: 2\n"), json!({"true": 1, "false": 2}));
    }

    #[test]
    fn errors_read_as_go_yaml_v2_writes_them() {
        // A parser error: go-yaml prints the problem mark's line from 0.
        assert_eq!(
            err("a: 1\nb: [2\n"),
            "error converting YAML to JSON: yaml: line 2: did not find expected ',' or ']'"
        );
        // A scanner error: from 1.
        assert_eq!(
            err("a: 1\nb: \"x\n"),
            "error converting YAML to JSON: yaml: line 3: found unexpected end of stream"
        );
        assert_eq!(
            err("a: *nope\n"),
            "error converting YAML to JSON: yaml: unknown anchor 'nope' referenced"
        );
        // go-yaml decodes after it parsed: a syntax error wins over a
        // scalar that does not resolve as its tag says.
        assert_eq!(
            err("a: !!int x\nc: [1\n"),
            "error converting YAML to JSON: yaml: line 2: did not find expected ',' or ']'"
        );
        assert_eq!(
            err("~:\n"),
            "error converting YAML to JSON: unsupported map key of type: %!s(<nil>), key: <nil>, value: <nil>"
        );
    }

    #[test]
    fn utf8_problems_are_go_yaml_s() {
        assert_eq!(utf8_problem(b"ok \xff"), "invalid leading UTF-8 octet");
        assert_eq!(
            utf8_problem(b"ok \xe2\x82"),
            "incomplete UTF-8 octet sequence"
        );
        assert_eq!(
            utf8_problem(b"\xe2\x28\xa1"),
            "invalid trailing UTF-8 octet"
        );
        assert_eq!(
            utf8_problem(b"\xc0\x80"),
            "invalid length of a UTF-8 sequence"
        );
        assert_eq!(utf8_problem(b"\xed\xa0\x80"), "invalid Unicode character");
    }

    #[test]
    fn block_scalars_are_strings() {
        assert_eq!(
            json("a: |\n  yes\nb: >\n  12\n"),
            json!({"a": "yes\n", "b": "12\n"})
        );
    }

    #[test]
    fn the_last_line_ends_with_a_line_break() {
        // kubectl's reader adds it; libyaml-safer panicked without it.
        assert_eq!(json("a: |\n  last"), json!({"a": "last\n"}));
        assert_eq!(json("a: |-\n  last"), json!({"a": "last"}));
        assert_eq!(json("a: 'x\n  y'"), json!({"a": "x y"}));
    }

    #[test]
    fn empty_documents_hold_no_value() {
        let mut tape = Tape::new();
        assert!(!parse(b"# nothing\n", &mut tape).unwrap());
        assert!(!parse(b"", &mut tape).unwrap());
    }

    #[test]
    fn the_billion_laughs_fail_at_once() {
        let mut doc = String::from("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: lol}\ndata:\n  a: &a [\"l\",\"l\",\"l\",\"l\",\"l\",\"l\",\"l\",\"l\",\"l\"]\n");
        let mut prev = 'a';
        for c in "bcdefghij".chars() {
            doc.push_str(&format!("  {c}: &{c} [*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev}]\n"));
            prev = c;
        }
        assert_eq!(
            err(&doc),
            "error converting YAML to JSON: yaml: document contains excessive aliasing"
        );
    }

    #[test]
    fn deep_flow_nesting_stops_at_go_yaml_s_limit() {
        let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        let mut tape = Tape::new();
        assert!(parse(ok.as_bytes(), &mut tape).unwrap());
        assert_eq!(tape.root().unwrap().width(), MAX_DEPTH);
        let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        assert_eq!(
            err(&deep),
            "error converting YAML to JSON: yaml: exceeded max depth of 10000"
        );
        let deep_map: String = (0..10_001)
            .map(|i| format!("{}k:\n", " ".repeat(i)))
            .collect();
        assert_eq!(
            err(&deep_map),
            "error converting YAML to JSON: yaml: line 10001: exceeded max depth of 10000"
        );
        // Indentless sequences push no indent: 6,000 of them under 6,000
        // mappings pass go-yaml, and their JSON is too deep.
        let mixed: String = "k:\n".to_owned()
            + &(0..6_000)
                .map(|i| format!("{}- k:\n", " ".repeat(i * 2)))
                .collect::<String>();
        assert_eq!(
            err(&mixed),
            "error unmarshaling JSON: while decoding JSON: invalid character '{' exceeded max depth"
        );
    }
}
