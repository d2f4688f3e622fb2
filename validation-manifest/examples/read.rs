//! Reads manifest files as kubectl reads them and prints one JSON line per
//! document: `{"document": N, "file": F, "json": V}` or `{"document": N,
//! "error": TEXT, "file": F}` (after which kubectl stops reading the file,
//! so this does too). The lines are written as the Go reader
//! (tests/upstream-oracle/go/yaml) writes them, with Go's `encoding/json`:
//! keys sorted, Go's escapes and number forms. A directory argument stands
//! for its files (not its subdirectories), in name order.
//!
//! With `--compare GO_OUTPUT`, compares its lines with those of the Go
//! reader (kubectl's path), byte for byte, and prints each difference; the
//! exit status is 1 when there is one. `--exceptions FILE` names the
//! differences that are documented and not counted (see
//! tests/upstream-oracle/yaml-exceptions.tsv). This is
//! tests/upstream-oracle/run-yaml's Rust side.
//!
//! ```sh
//! cargo run -q -p k8s-validation-manifest --example read -- a.yaml b.json
//! ```

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write;

use k8s_validation::field::write_json_string;
use k8s_validation_manifest::{input, Kind, Node, RawDocument, Source, Splitter, Tape};

/// One output line, keyed by file and document.
struct Line {
    file: String,
    document: Option<usize>,
    text: String,
}

/// A line as Go's `encoding/json` writes the Go reader's map (keys
/// sorted: `document`, `error`, `file`, `json`).
fn line(file: &str, document: Option<usize>, error: Option<&str>, json: Option<&str>) -> Line {
    let mut text = String::from("{");
    if let Some(n) = document {
        let _ = write!(text, "\"document\":{n},");
    }
    if let Some(e) = error {
        text.push_str("\"error\":");
        write_json_string(e, &mut text);
        text.push(',');
    }
    text.push_str("\"file\":");
    write_json_string(file, &mut text);
    if let Some(v) = json {
        let _ = write!(text, ",\"json\":{v}");
    }
    text.push('}');
    Line {
        file: file.to_owned(),
        document,
        text,
    }
}

fn error_line(file: &str, document: Option<usize>, error: &str) -> Line {
    line(file, document, Some(error), None)
}

fn read(path: &str, out: &mut Vec<Line>) {
    let source = Source::File(path.into());
    let reader = match input::open(&source) {
        Ok(r) => r,
        Err(e) => return out.push(error_line(path, None, &e)),
    };
    let mut splitter = Splitter::new(reader);
    let mut raw = RawDocument::default();
    let mut tape = Tape::new();
    let mut n = 0;
    loop {
        match splitter.next_into(&mut raw) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                out.push(error_line(path, None, &e.to_string()));
                break;
            }
        }
        n += 1;
        match raw.parse(&mut tape) {
            Ok(false) => {}
            Ok(true) => {
                let mut json = String::new();
                write_go_json(tape.root().expect("a value"), &mut json);
                out.push(line(path, Some(n), None, Some(&json)));
            }
            Err(e) => {
                out.push(error_line(path, Some(n), &e));
                break;
            }
        }
    }
}

/// `node` as Go's `encoding/json` writes the `interface{}` kubectl decodes
/// (object keys sorted byte-wise). Recursive: `main` runs on a thread with
/// a stack for 10,000 levels.
fn write_go_json(node: Node<'_>, out: &mut String) {
    match node.kind() {
        Kind::Null => out.push_str("null"),
        Kind::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        Kind::Int(i) => {
            let _ = write!(out, "{i}");
        }
        Kind::Uint(u) => {
            let _ = write!(out, "{u}");
        }
        Kind::Float(f) => out.push_str(&go_float_json(f)),
        Kind::Str(s) => write_json_string(s, out),
        Kind::Array(items) => {
            out.push('[');
            for (i, item) in items.enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_go_json(item, out);
            }
            out.push(']');
        }
        Kind::Object(entries) => {
            let mut entries: Vec<_> = entries.collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            out.push('{');
            for (i, (k, v)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json_string(k, out);
                out.push(':');
                write_go_json(v, out);
            }
            out.push('}');
        }
    }
}

/// A float as `encoding/json` writes it: shortest digits, `%e` below 1e-6
/// and from 1e21 (`e-07` written `e-7`).
fn go_float_json(f: f64) -> String {
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

/// The files an argument stands for: itself, or a directory's files.
fn files(arg: &str) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(arg) else {
        return vec![arg.to_owned()];
    };
    let dir = arg.trim_end_matches('/');
    let mut names: Vec<String> = entries
        .filter_map(|e| {
            let e = e.ok()?;
            e.file_type()
                .ok()?
                .is_file()
                .then(|| e.file_name().to_string_lossy().into_owned())
        })
        .collect();
    names.sort();
    names.into_iter().map(|n| format!("{dir}/{n}")).collect()
}

/// A documented difference (one line of the exceptions file: the input
/// file's name or `*` for any, what the Go line contains, what the Rust
/// line contains, the reason; or `*=`, a text of Go lines, what it is in
/// Rust lines, the reason).
struct Exception {
    name: String,
    go: String,
    rust: String,
    reason: String,
    seen: usize,
}

fn exceptions(path: &str) -> Vec<Exception> {
    let text = std::fs::read_to_string(path).expect("the exceptions file");
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 4, "name, go, rust, reason: {l}");
            Exception {
                name: f[0].to_owned(),
                go: f[1].to_owned(),
                rust: f[2].to_owned(),
                reason: f[3].to_owned(),
                seen: 0,
            }
        })
        .collect()
}

/// The two lines around their first difference.
fn excerpt(go: &str, rust: &str) -> (String, String) {
    let at = go
        .bytes()
        .zip(rust.bytes())
        .position(|(a, b)| a != b)
        .unwrap_or(go.len().min(rust.len()));
    let cut = |s: &str| {
        let mut start = at.saturating_sub(120);
        while !s.is_char_boundary(start) {
            start -= 1;
        }
        let mut end = (at + 240).min(s.len());
        while !s.is_char_boundary(end) {
            end += 1;
        }
        format!(
            "{}{}{}{}",
            if start > 0 { "…" } else { "" },
            &s[start..end],
            if end < s.len() { "…" } else { "" },
            if s.len() > 400 {
                format!(" ({} bytes)", s.len())
            } else {
                String::new()
            }
        )
    };
    (cut(go), cut(rust))
}

fn main() {
    // Documents nest 10,000 levels deep: room for the recursive writer.
    let main = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(real_main)
        .expect("a thread");
    std::process::exit(main.join().unwrap_or(101));
}

fn real_main() -> i32 {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut compare = None;
    let mut excepted = Vec::new();
    loop {
        match args.first().map(String::as_str) {
            Some("--compare") => {
                compare = Some(std::fs::read_to_string(&args[1]).expect("the Go reader's output"));
            }
            Some("--exceptions") => excepted = exceptions(&args[1]),
            _ => break,
        }
        args.drain(..2);
    }
    let mut rust = Vec::new();
    for arg in &args {
        for file in files(arg) {
            read(&file, &mut rust);
        }
    }
    let Some(go) = compare else {
        let mut stdout = std::io::stdout().lock();
        for l in rust {
            let _ = writeln!(stdout, "{}", l.text);
        }
        return 0;
    };
    // The Go lines' keys, read without parsing the whole line (a document
    // may nest deeper than a JSON parser allows): `document` first, then
    // `file` last after `error`, or before `json`.
    let go_key = |l: &str| -> (String, Option<usize>) {
        let (document, rest) = match l.strip_prefix("{\"document\":") {
            Some(r) => {
                let (n, rest) = r.split_once(',').unwrap_or((r, ""));
                (n.parse().ok(), rest)
            }
            None => (None, l.strip_prefix('{').unwrap_or(l)),
        };
        // Inside a JSON string every `"` is escaped: the last `,"file":`
        // of an error line is the key.
        let file_at = if rest.starts_with("\"error\":") {
            rest.rfind(",\"file\":").map(|i| i + 8)
        } else {
            rest.strip_prefix("\"file\":").map(|_| 7)
        };
        let file = file_at
            .and_then(|i| {
                serde_json::Deserializer::from_str(&rest[i..])
                    .into_iter::<String>()
                    .next()?
                    .ok()
            })
            .unwrap_or_default();
        (file, document)
    };
    let go: Vec<(_, &str)> = go.lines().map(|l| (go_key(l), l)).collect();
    let mut rust_by_key: HashMap<(String, Option<usize>), &str> = rust
        .iter()
        .map(|l| ((l.file.clone(), l.document), l.text.as_str()))
        .collect();
    let base = |f: &str| f.rsplit('/').next().unwrap_or(f).to_owned();
    let mut differences = 0;
    let mut report = |file: &str, g: &str, r: &str, what: &str| {
        // `*=` rules: the Go line with each rule's Go text written as its
        // Rust text, all rules together, is the Rust line.
        let mut normal = g.to_owned();
        for e in excepted.iter().filter(|e| e.name == "*=") {
            normal = normal.replace(&e.go, &e.rust);
        }
        if !r.is_empty() && normal == r {
            for e in excepted.iter_mut().filter(|e| e.name == "*=") {
                if g.contains(&e.go) {
                    e.seen += 1;
                }
            }
            return;
        }
        // The others: a file's name (`*`: any file), what the Go line and
        // the Rust line contain.
        if let Some(e) = excepted.iter_mut().find(|e| {
            (e.name == "*" || e.name == base(file))
                && (e.go == "-" || g.contains(&e.go))
                && (e.rust == "-" || r.contains(&e.rust))
        }) {
            e.seen += 1;
            return;
        }
        differences += 1;
        let (g, r) = excerpt(g, r);
        println!("{what}:\n  go:   {g}\n  rust: {r}");
    };
    for (key, g) in &go {
        match rust_by_key.remove(key) {
            Some(r) if r == *g => {}
            Some(r) => report(&key.0, g, r, "differ"),
            None => report(&key.0, g, "", "only go"),
        }
    }
    for l in &rust {
        if rust_by_key.contains_key(&(l.file.clone(), l.document)) {
            report(&l.file, "", &l.text, "only rust");
        }
    }
    for e in &excepted {
        if e.seen > 0 {
            let name = match e.name.as_str() {
                "*" | "*=" => format!("{:?} / {:?}", e.go, e.rust),
                name => name.to_owned(),
            };
            println!("exception ({} documents): {name}: {}", e.seen, e.reason);
        }
    }
    println!(
        "yaml: {} documents compared, {differences} differences",
        go.len().max(rust.len())
    );
    i32::from(differences > 0)
}
