//! A manifest stream read as kubectl reads it (`k8s-validation-manifest`):
//! the body of the `manifest` fuzz target, run by libFuzzer
//! (`fuzz_targets/manifest.rs`) and by the stable replay test over the
//! committed corpus (`tests/tests/fuzz_corpora.rs`). The input is the
//! stream's bytes (after kubectl's byte-order-mark handling, which happens
//! when a file is opened): `Splitter` into documents, each
//! `RawDocument::parse`d into a `Tape`, then `objects` (List unwrapping).
//!
//! Properties, for any input:
//!
//! * nothing panics, and the work is bounded (libFuzzer's `-timeout` and
//!   `-rss_limit_mb`, set by `fuzz/run`, catch blow-ups such as alias
//!   expansion beyond go-yaml's limit);
//! * the splitter loses nothing: a YAML stream's documents are its lines
//!   (CRLF read as LF, a final newline added, as kubectl's `LineReader`
//!   reads them) in order, less only the `---` line that ends each one and
//!   the lines of a document refused for its separator; a JSON stream's
//!   documents are its bytes, with only JSON's white space between them, up
//!   to where it turns YAML (after the last JSON document that parsed, and
//!   white space up to a line break, as kubectl's `YAMLOrJSONDecoder`
//!   does); each document's line is where it starts;
//! * parsing is deterministic: a fresh tape and one reused from the previous
//!   document give the same value or the same error;
//! * the fast line reader agrees with libyaml's parser: a YAML document
//!   read by `yaml::parse` (the fast reader where it takes the document)
//!   gives the same value or the same error as `yaml::parse_with_libyaml`;
//! * a document's value written as JSON reads back through the JSON reader
//!   as the same value (YAML's values are all JSON's: strings, finite
//!   numbers, unique keys, at most `encoding/json`'s 10,000 levels);
//! * `objects` unwraps exactly the `*List` kinds with an `items` array, and
//!   each unwrapped object is an object.
//!
//! Every input the fuzzer keeps is also read by kubectl's own reader and
//! compared (`tests/upstream-oracle/run-yaml --fuzz-corpus DIR`).

use k8s_validation_manifest::{objects, Format, Kind, Node, RawDocument, Splitter, Tape};

pub fn run(data: &[u8]) {
    let mut splitter = Splitter::new(data);
    let format = splitter.format().expect("a slice reads");
    let mut docs = Vec::new();
    let mut raw = RawDocument::default();
    while splitter.next_into(&mut raw).expect("a slice reads") {
        assert!(!raw.too_large, "no fuzz input is 64 MiB");
        docs.push(std::mem::take(&mut raw));
    }
    check_coverage(data, format, &docs);

    let mut tape = Tape::new();
    for doc in &docs {
        let reused = doc.parse(&mut tape).map(|v| v.then(|| text(&tape)));
        let mut fresh_tape = Tape::new();
        let fresh = doc
            .parse(&mut fresh_tape)
            .map(|v| v.then(|| text(&fresh_tape)));
        assert_eq!(reused, fresh, "document {} parses alike twice", doc.number);
        if doc.format == Format::Yaml && doc.error.is_none() && !doc.too_large {
            check_fast_reader(&doc.bytes);
        }
        if let Ok(Some(json)) = &fresh {
            check_json_round_trip(json);
            check_objects(fresh_tape.root().expect("a value"));
        }
    }
}

/// The fast reader (where it takes a document) and libyaml's parser read
/// a YAML document alike: the same value, or the same error.
fn check_fast_reader(doc: &[u8]) {
    use k8s_validation_manifest::yaml;
    let mut fast = Tape::new();
    let by_parse = yaml::parse(doc, &mut fast).map(|v| v.then(|| text(&fast)));
    let mut slow = Tape::new();
    let by_libyaml = yaml::parse_with_libyaml(doc, &mut slow).map(|v| v.then(|| text(&slow)));
    assert_eq!(
        by_parse,
        by_libyaml,
        "the fast reader (takes it: {}) and libyaml read the document alike",
        yaml::fast_reader_takes(doc)
    );
}

/// The lines of a YAML stream as kubectl's `LineReader` returns them.
fn lines(stream: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut rest = stream;
    while !rest.is_empty() {
        let (mut line, next) = match rest.iter().position(|&c| c == b'\n') {
            Some(i) => {
                let mut l = &rest[..i];
                if l.last() == Some(&b'\r') {
                    l = &l[..l.len() - 1];
                }
                (l.to_vec(), &rest[i + 1..])
            }
            None => (rest.to_vec(), &rest[rest.len()..]),
        };
        line.push(b'\n');
        out.push(line);
        rest = next;
    }
    out
}

/// kubectl's separator line: `---` then white space or a comment.
fn separator(line: &[u8]) -> Option<bool> {
    let rest = line.strip_prefix(b"---")?.trim_ascii();
    Some(rest.is_empty() || rest[0] == b'#')
}

fn is_json_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r')
}

fn check_coverage(data: &[u8], format: Format, docs: &[RawDocument]) {
    let newlines = |b: &[u8]| b.iter().filter(|&&c| c == b'\n').count();
    // JSON documents: the stream's bytes, JSON's white space between them.
    let mut pos = 0;
    let mut first_yaml = 0;
    while first_yaml < docs.len() && docs[first_yaml].format == Format::Json {
        let doc = &docs[first_yaml];
        assert_eq!(format, Format::Json, "a JSON document in a YAML stream");
        if doc.error.is_some() {
            // kubectl gave up on reading the rest as YAML.
            assert_eq!(
                first_yaml + 1,
                docs.len(),
                "the stream ends at the JSON error"
            );
            return;
        }
        pos += data[pos..]
            .iter()
            .take_while(|c| is_json_space(**c))
            .count();
        assert!(
            data[pos..].starts_with(&doc.bytes),
            "JSON document {} is the stream's next bytes",
            doc.number
        );
        assert_eq!(
            doc.line,
            1 + newlines(&data[..pos]),
            "JSON document {}",
            doc.number
        );
        pos += doc.bytes.len();
        first_yaml += 1;
    }
    let yaml = &docs[first_yaml..];
    let mut yaml_from = 0;
    if format == Format::Json {
        if yaml.is_empty() {
            assert!(
                data[pos..].iter().all(|c| is_json_space(*c)),
                "the stream is read"
            );
            return;
        }
        // YAML from the end of the last JSON document that parsed, after
        // white space up to the first line break (kubectl's
        // consumeWhitespace).
        let rest = match std::str::from_utf8(&data[pos..]) {
            Ok(s) => s,
            Err(e) => std::str::from_utf8(&data[pos..pos + e.valid_up_to()]).expect("valid"),
        };
        yaml_from = pos;
        for c in rest.chars() {
            if !c.is_whitespace() {
                break;
            }
            yaml_from += c.len_utf8();
            if c == '\n' {
                break;
            }
        }
    }
    let lines = lines(&data[yaml_from..]);
    let line_base = 1 + newlines(&data[..yaml_from]);
    let mut cur = 0;
    for doc in yaml {
        assert_eq!(doc.format, Format::Yaml, "once YAML, the stream stays YAML");
        if doc.error.is_some() {
            // The refused document's lines, up to its separator line.
            while separator(&lines[cur]) != Some(false) {
                cur += 1;
            }
            cur += 1;
            continue;
        }
        assert!(!doc.bytes.is_empty(), "document {} has a line", doc.number);
        let mut end = cur;
        let mut len = 0;
        while len < doc.bytes.len() && end < lines.len() {
            len += lines[end].len();
            end += 1;
        }
        assert!(
            lines[cur..end].concat() == doc.bytes,
            "document {} is the stream's next lines",
            doc.number
        );
        assert_eq!(doc.line, line_base + cur, "document {}", doc.number);
        cur = end;
        // The separator that ends it, unless the stream does.
        if cur < lines.len() {
            assert_eq!(
                separator(&lines[cur]),
                Some(true),
                "document {} ends at a separator line",
                doc.number
            );
            cur += 1;
        }
    }
    assert_eq!(
        cur,
        lines.len(),
        "the lines from {} belong to no document",
        line_base + cur
    );
}

/// The value as JSON, written without recursion (documents nest 10,000
/// levels deep): keys in the tape's order, floats in Rust's shortest form.
fn text(tape: &Tape) -> String {
    enum Open<'a> {
        Items(k8s_validation_manifest::Items<'a>),
        Entries(k8s_validation_manifest::Entries<'a>),
    }
    let mut out = String::new();
    let mut stack: Vec<(Open<'_>, bool)> = Vec::new();
    let mut next = tape.root();
    loop {
        if let Some(node) = next.take() {
            match node.kind() {
                Kind::Null => out.push_str("null"),
                Kind::Bool(b) => out.push_str(if b { "true" } else { "false" }),
                Kind::Int(i) => out.push_str(&i.to_string()),
                Kind::Uint(u) => out.push_str(&u.to_string()),
                Kind::Float(f) => {
                    assert!(f.is_finite(), "a JSON number");
                    out.push_str(&format!("{f:?}"));
                }
                Kind::Str(s) => out.push_str(&serde_json::to_string(s).expect("a string")),
                Kind::Array(items) => {
                    out.push('[');
                    stack.push((Open::Items(items), true));
                }
                Kind::Object(entries) => {
                    out.push('{');
                    stack.push((Open::Entries(entries), true));
                }
            }
        }
        let Some((open, first)) = stack.last_mut() else {
            return out;
        };
        let comma = !std::mem::replace(first, false);
        match open {
            Open::Items(items) => match items.next() {
                Some(item) => {
                    if comma {
                        out.push(',');
                    }
                    next = Some(item);
                }
                None => {
                    out.push(']');
                    stack.pop();
                }
            },
            Open::Entries(entries) => match entries.next() {
                Some((k, v)) => {
                    if comma {
                        out.push(',');
                    }
                    out.push_str(&serde_json::to_string(k).expect("a string"));
                    out.push(':');
                    next = Some(v);
                }
                None => {
                    out.push('}');
                    stack.pop();
                }
            },
        }
    }
}

fn check_json_round_trip(json: &str) {
    let mut stream = k8s_validation_manifest::json::JsonStream::new(json.as_bytes());
    let mut tape = Tape::new();
    match stream.next_into(&mut tape) {
        Some(Ok(())) => {}
        other => panic!("the value's JSON reads back: {other:?}"),
    }
    assert!(stream.at_end(), "one value");
    assert_eq!(text(&tape), json, "the JSON reads back as the same value");
}

fn check_objects(root: Node<'_>) {
    let list = root
        .get("kind")
        .and_then(Node::as_str)
        .is_some_and(|k| k.ends_with("List"))
        && root.get("items").and_then(Node::items).is_some();
    let objects = objects(root);
    if !list {
        assert!(matches!(objects[..], [(None, Ok(_))]), "not a List: itself");
        return;
    }
    let items = root.get("items").and_then(Node::items).expect("a List");
    assert_eq!(objects.len(), items.len(), "one object per item");
    for ((i, object), (n, item)) in objects.into_iter().zip(items.enumerate()) {
        assert_eq!(i, Some(n));
        assert_eq!(object.is_ok(), item.entries().is_some(), "item {n}");
    }
}
