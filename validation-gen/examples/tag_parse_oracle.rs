//! The Rust side of `tests/tag-parse-oracle/run`: reads the JSON lines that
//! the Go program prints (upstream 1.35's parse of each `+k8s:` comment
//! line), parses each line's text with this crate's tag extractor under
//! Kubernetes 1.35's rules, and compares.
//!
//! ```text
//! cargo run -q -p validation-gen --example tag_parse_oracle < upstream.jsonl
//! ```
//!
//! The last line of the output is
//! `tag-parse oracle: <lines> lines, <differences> differences, <n> unknown-name deviations`;
//! the exit status is 1 when there is any difference (2 on bad input or
//! arguments).
//!
//! An unknown `+k8s:` name (upstream skips it; here it is an error with a
//! suggestion, see `docs/upstream-differences.md`) is counted as a
//! deviation, not a difference.
//!
//! `--release 1.36` (or `1.37`) parses with that release's rules instead,
//! which must then differ from 1.35 on the unquoted subresource tags: a
//! check that the comparison can fail.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use serde_json::{json, Value as Json};
use validation_gen::tags::catalog::Release;
use validation_gen::tags::{self, Extracted, ParseOptions, Tag, TagValue, Value};

/// A tag as the Go side prints it (gengo's `codetags.Tag`).
fn tag_json(tag: &Tag, options: &ParseOptions, top: bool) -> Json {
    let args: Vec<Json> = tag
        .args
        .iter()
        .map(|a| {
            let (value, ty) = scalar(&a.value, &a.literal);
            json!({"name": a.name.clone().unwrap_or_default(), "value": value, "type": ty})
        })
        .collect();
    let mut out = json!({"name": tag.name, "args": args});
    let (value_type, value) = match &tag.value {
        None => ("", String::new()),
        Some(TagValue::Tag(inner)) => {
            out["valueTag"] = tag_json(inner, options, false);
            ("tag", String::new())
        }
        Some(TagValue::Scalar(_, _)) if top && options.raw_value(&tag.name) => {
            ("raw", tag.value_literal.clone().unwrap_or_default())
        }
        Some(TagValue::Scalar(v, _)) => {
            let (value, ty) = scalar(v, tag.value_literal.as_deref().unwrap_or_default());
            (ty, value)
        }
    };
    out["valueType"] = json!(value_type);
    out["value"] = json!(value);
    out
}

/// A scalar's text and type name, as gengo keeps them (ints as written).
fn scalar(v: &Value, literal: &str) -> (String, &'static str) {
    match v {
        Value::String(s) => (s.clone(), "string"),
        Value::Int(_) => (literal.to_string(), "int"),
        Value::Bool(b) => (b.to_string(), "bool"),
    }
}

/// Our reading of one comment line, in the Go side's shape (`kind` is
/// `tag` for ours, as it is what we would feed the generator).
fn ours(text: &str, options: &ParseOptions) -> Json {
    let lines = [tags::Line { text, index: 0 }];
    match tags::extract_with(&lines, options).first() {
        None => json!({"kind": "other"}),
        Some(Extracted::Default(_)) => json!({"kind": "default"}),
        Some(Extracted::Tag(t)) => match &t.tag {
            Ok(tag) => json!({"kind": "tag", "tag": tag_json(tag, options, true)}),
            Err(e) => json!({"kind": "tag", "error": e.message}),
        },
    }
}

/// The Go record, with `validation` and `raw` folded into `tag`.
fn theirs(record: &Json) -> Json {
    match record["kind"].as_str() {
        Some("other") => json!({"kind": "other"}),
        _ => {
            let mut out = json!({"kind": "tag"});
            if let Some(tag) = record.get("tag") {
                out["tag"] = tag.clone();
            }
            if let Some(err) = record.get("error") {
                out["error"] = err.clone();
            }
            out
        }
    }
}

fn main() -> ExitCode {
    let mut options = ParseOptions::default();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [] => {}
        ["--release", r] => {
            options.release = match *r {
                "1.35" => Release::V1_35,
                "1.36" => Release::V1_36,
                "1.37" => Release::V1_37,
                _ => {
                    eprintln!("tag-parse oracle: unsupported release {r} (1.35, 1.36, 1.37)");
                    return ExitCode::from(2);
                }
            }
        }
        _ => {
            eprintln!("usage: tag_parse_oracle [--release 1.35|1.36|1.37] < upstream.jsonl");
            return ExitCode::from(2);
        }
    }
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let (mut lines, mut differences, mut deviations) = (0usize, 0usize, 0usize);
    for (i, line) in stdin.lock().lines().enumerate() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("tag-parse oracle: cannot read input: {e}");
                return ExitCode::from(2);
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        let record: Json = match serde_json::from_str(&line) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("tag-parse oracle: input line {}: {e}", i + 1);
                return ExitCode::from(2);
            }
        };
        let Some(text) = record["text"].as_str() else {
            eprintln!("tag-parse oracle: input line {}: no \"text\"", i + 1);
            return ExitCode::from(2);
        };
        lines += 1;
        let (want, got) = (theirs(&record), ours(text, &options));
        let unknown_name = got["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("unknown validation tag "));
        if want["kind"] == "other" && unknown_name {
            deviations += 1;
            let _ = writeln!(
                out,
                "{}:{}: `{}`: unknown name, skipped upstream, an error here (deviation)",
                record["file"].as_str().unwrap_or("?"),
                record["line"],
                text.trim()
            );
        } else if want != got {
            differences += 1;
            let _ = writeln!(
                out,
                "{}:{}: `{}`\n  upstream 1.35: {want}\n  ours:          {got}",
                record["file"].as_str().unwrap_or("?"),
                record["line"],
                text.trim()
            );
        }
    }
    let _ = writeln!(
        out,
        "tag-parse oracle: {lines} lines, {differences} differences, {deviations} unknown-name deviations"
    );
    if differences > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
