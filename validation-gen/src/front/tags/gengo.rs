//! The tag parser's results in the shape upstream's parser (gengo's
//! `codetags.Tag`) prints them, for the tag-parse oracle
//! (`examples/tag_parse_oracle.rs`), which compares them with upstream's on
//! every `+k8s:` line of k8s.io/api. Not part of the public API.

use serde_json::{json, Value as Json};

use super::{
    extract_with, parse_tag, Extracted, Line, ParseOptions, Release, Tag, TagValue, Value,
};

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

/// How `release` reads one comment line, in the Go side's shape: `kind`
/// `other` (not a validation tag), `default` (`+default=`) or `tag`, with
/// the tag or the error.
pub fn read_as_gengo(text: &str, release: Release) -> Json {
    let options = ParseOptions::for_release(release);
    let lines = [Line { text, index: 0 }];
    match extract_with(&lines, &options).first() {
        None => json!({"kind": "other"}),
        Some(Extracted::Default(_)) => json!({"kind": "default"}),
        Some(Extracted::Tag(t)) => match &t.tag {
            Ok(tag) => json!({"kind": "tag", "tag": tag_json(tag, &options, true)}),
            Err(e) => json!({"kind": "tag", "error": e.message}),
        },
    }
}

/// The grammar alone (no name checks): the text after `+`, parsed, in the
/// Go side's shape.
pub fn grammar_as_gengo(text: &str, release: Release) -> Json {
    let options = ParseOptions::for_release(release);
    let rest = text.trim_start_matches([' ', '\t']);
    let rest = rest.strip_prefix('+').unwrap_or(rest);
    match parse_tag(rest) {
        Ok(tag) => json!({"kind": "tag", "tag": tag_json(&tag, &options, true)}),
        Err(e) => json!({"kind": "tag", "error": e.message}),
    }
}

/// Where the grammar rejects `text` (the text after `+`) and why: the byte
/// offset of the error and its message; `None` when it parses.
pub fn grammar_error(text: &str) -> Option<(usize, String)> {
    parse_tag(text).err().map(|e| (e.span.start, e.message))
}
