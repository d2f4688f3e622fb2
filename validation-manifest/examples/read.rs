//! Reads manifest files as kubectl reads them and prints one JSON line per
//! document: `{"file": F, "document": N, "json": V}` or `{"file": F,
//! "document": N, "error": TEXT}` (after which kubectl stops reading the
//! file, so this does too).
//!
//! With `--compare GO_OUTPUT`, compares its lines with those of the Go
//! reader (tests/upstream-oracle/go/yaml, kubectl's path) and prints each
//! difference; the exit status is 1 when there is one. This is
//! tests/upstream-oracle/run-yaml's Rust side.
//!
//! ```sh
//! cargo run -q -p k8s-validation-manifest --example read -- a.yaml b.json
//! ```

use std::io::Write;

use k8s_validation_manifest::{input, RawDocument, Source, Splitter, Tape};
use serde_json::{json, Value};

fn read(path: &str) -> Vec<Value> {
    let mut out = Vec::new();
    let source = Source::File(path.into());
    let reader = match input::open(&source) {
        Ok(r) => r,
        Err(e) => return vec![json!({"file": path, "error": e})],
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
                out.push(json!({"file": path, "error": e.to_string()}));
                break;
            }
        }
        n += 1;
        match raw.parse(&mut tape) {
            Ok(false) => {}
            Ok(true) => out.push(json!({"file": path, "document": n, "json": tape.to_json()})),
            Err(e) => {
                out.push(json!({"file": path, "document": n, "error": e}));
                break;
            }
        }
    }
    out
}

/// Numbers compared as the float64 values Go holds (`9223372036854776000`
/// and `9.223372036854776e18` are one value).
fn numbers_as_floats(v: Value) -> Value {
    match v {
        Value::Number(n) => serde_json::Number::from_f64(n.as_f64().unwrap_or(0.0) + 0.0)
            .map_or(Value::Null, Value::Number),
        Value::Array(items) => Value::Array(items.into_iter().map(numbers_as_floats).collect()),
        Value::Object(m) => Value::Object(
            m.into_iter()
                .map(|(k, v)| (k, numbers_as_floats(v)))
                .collect(),
        ),
        other => other,
    }
}

fn json_floats(mut line: Value) -> Value {
    if let Some(v) = line.get_mut("json") {
        *v = numbers_as_floats(v.take());
    }
    line
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let compare = match args.first().map(String::as_str) {
        Some("--compare") => {
            let go = std::fs::read_to_string(&args[1]).expect("the Go reader's output");
            args.drain(..2);
            Some(go)
        }
        _ => None,
    };
    let rust: Vec<Value> = args.iter().flat_map(|f| read(f)).collect();
    let Some(go) = compare else {
        let mut stdout = std::io::stdout().lock();
        for v in rust {
            let _ = writeln!(stdout, "{v}");
        }
        return;
    };
    let go: Vec<Value> = go
        .lines()
        .map(|l| json_floats(serde_json::from_str(l).expect("a JSON line")))
        .collect();
    let rust: Vec<Value> = rust.into_iter().map(json_floats).collect();
    let key = |v: &Value| {
        (
            v["file"].as_str().unwrap_or("").to_owned(),
            v["document"].as_u64().unwrap_or(0),
        )
    };
    let mut rust_by_key: std::collections::HashMap<_, &Value> =
        rust.iter().map(|v| (key(v), v)).collect();
    let mut differences = 0;
    for g in &go {
        match rust_by_key.remove(&key(g)) {
            Some(r) if r == g => {}
            Some(r) => {
                differences += 1;
                println!("differ:\n  go:   {g}\n  rust: {r}");
            }
            None => {
                differences += 1;
                println!("only go:   {g}");
            }
        }
    }
    for r in rust.iter().filter(|r| rust_by_key.contains_key(&key(r))) {
        differences += 1;
        println!("only rust: {r}");
    }
    println!(
        "yaml: {} documents compared, {differences} differences",
        go.len().max(rust.len())
    );
    std::process::exit(i32::from(differences > 0));
}
