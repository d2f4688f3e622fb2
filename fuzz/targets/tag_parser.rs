//! The generator's tag parser (`front/tags`: `extract_with`, the comment-line
//! entry point, and `parse_tag`, the grammar), through the JSON views the
//! tag-parse oracle compares with upstream's gengo (`__private`): the body of
//! the `tag_parser` fuzz target, run by libFuzzer
//! (`fuzz_targets/tag_parser.rs`) and by the stable replay test over the
//! committed corpus (`tests/tests/fuzz_corpora.rs`).
//!
//! The input is one comment line (the text after `///`). Properties:
//!
//! * reading it never panics, under every supported release;
//! * a `+k8s:` line that a release reads as a tag without error has the
//!   grammar's parse, unless that release reads the tag raw (1.35's
//!   subresource tags);
//! * the grammar's error and `grammar_error` agree, and the error's offset
//!   is a character boundary within the text;
//! * a tag the grammar accepts, rendered back from its parse (strings
//!   double-quoted with only `\\` and `\"` escaped, the one escape the
//!   grammar has; ints as written; chains as `=+`), parses to the same tag.

use k8s_validation_gen::Release;
use serde_json::Value as Json;

use k8s_validation_gen::__private::{grammar_as_gengo, grammar_error, read_as_gengo};

/// A release that reads no tag raw, so every parse is the grammar's.
const GRAMMAR_RELEASE: Release = Release::V1_38;

pub fn run(data: &[u8]) {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    // The tag parse oracle reads one line at a time.
    if line.contains('\n') {
        return;
    }
    let grammar = grammar_as_gengo(line, GRAMMAR_RELEASE);
    for &release in Release::SUPPORTED {
        let read = read_as_gengo(line, release);
        match read["kind"].as_str() {
            Some("other" | "default") => {}
            Some("tag") => {
                if let Some(tag) = read.get("tag") {
                    if tag["valueType"] != "raw" {
                        assert_eq!(
                            tag, &grammar["tag"],
                            "{line:?}: {release} reads another tag than the grammar"
                        );
                    }
                }
            }
            _ => panic!("{line:?}: {release} gives {read}"),
        }
    }

    let rest = line.trim_start_matches([' ', '\t']);
    let rest = rest.strip_prefix('+').unwrap_or(rest);
    match (grammar_error(rest), grammar.get("tag")) {
        (Some((at, message)), None) => {
            assert_eq!(grammar["error"], message.as_str(), "{line:?}");
            assert!(
                at <= rest.len() && rest.is_char_boundary(at),
                "{line:?}: error at {at}"
            );
        }
        (None, Some(tag)) => {
            let rendered = render(tag);
            let again = grammar_as_gengo(&rendered, GRAMMAR_RELEASE);
            assert_eq!(
                again.get("tag"),
                Some(tag),
                "{line:?} renders as {rendered:?}, which reads {again}"
            );
        }
        (error, _) => panic!("{line:?}: grammar_error {error:?}, grammar {grammar}"),
    }
}

/// The text of a tag from its JSON form (gengo's `codetags.Tag`).
fn render(tag: &Json) -> String {
    let mut out = tag["name"].as_str().expect("a name").to_string();
    let args = tag["args"].as_array().expect("args");
    if !args.is_empty() {
        let args: Vec<String> = args
            .iter()
            .map(|a| match a["name"].as_str() {
                Some("") | None => scalar(&a["value"], &a["type"]),
                Some(name) => format!("{name}: {}", scalar(&a["value"], &a["type"])),
            })
            .collect();
        out += &format!("({})", args.join(", "));
    }
    match tag["valueType"].as_str() {
        Some("") => {}
        Some("tag") => out += &format!("=+{}", render(&tag["valueTag"])),
        _ => out += &format!("={}", scalar(&tag["value"], &tag["valueType"])),
    }
    out
}

fn scalar(value: &Json, ty: &Json) -> String {
    let value = value
        .as_str()
        .expect("scalars are strings in the JSON form");
    match ty.as_str() {
        Some("string") => format!("\"{}\"", value.replace('\\', r"\\").replace('"', "\\\"")),
        Some("int" | "bool") => value.to_string(),
        other => panic!("a scalar of type {other:?}"),
    }
}
