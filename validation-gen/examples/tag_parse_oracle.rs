//! The Rust side of `tests/tag-parse-oracle/run`: reads the JSON lines that
//! the Go program prints (upstream 1.35's parse of each `+k8s:` comment
//! line), parses each line's text with this crate's tag extractor under
//! Kubernetes 1.35's rules, and compares.
//!
//! ```text
//! cargo run -q -p k8s-validation-gen --example tag_parse_oracle < upstream.jsonl
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
//! `--random <n> <seed>` prints `n` random comment lines (`{"text": ...}`
//! JSON lines: well-formed tags, some with one random edit, and random text
//! made of tag pieces) for the Go side to parse, so that the comparison also
//! covers what the corpus does not.
//!
//! `--release 1.36` (or `1.37`) parses with that release's rules instead,
//! which must then differ from 1.35 on the unquoted subresource tags: a
//! check that the comparison can fail.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use k8s_validation_gen::Release;
use serde_json::{json, Value as Json};

/// Our reading of one comment line, in the Go side's shape (`kind` is
/// `tag` for ours, as it is what we would feed the generator).
fn ours(text: &str, release: Release) -> Json {
    k8s_validation_gen::__private::read_as_gengo(text, release)
}

/// The grammar alone (no name checks): `parse_tag` of the text after `+`.
fn grammar(text: &str, release: Release) -> Json {
    k8s_validation_gen::__private::grammar_as_gengo(text, release)
}

/// A line where our reading differs from upstream's: `Ok(kind)` for a
/// documented deviation whose grammar agrees with upstream's, `Err(())`
/// for a difference.
///
/// The deviations (`docs/upstream-differences.md`, rows 5 and 32):
/// * an unknown top-level name: skipped upstream, an error here (its
///   grammar is compared with gengo's);
/// * an unknown or non-validation name in a chain: parsed upstream (which
///   then panics), an error here;
/// * a chain longer than the limit;
/// * a name that 1.35's validation-gen does not read but this catalog
///   knows (a newer tag): its parse is compared with gengo's grammar.
fn judge(
    record: &Json,
    want: &Json,
    got: &Json,
    text: &str,
    release: Release,
) -> Option<Result<&'static str, ()>> {
    let ours_error = got["error"].as_str().unwrap_or_default();
    let name_check = ours_error.contains("unknown validation tag ")
        || ours_error.contains("is not a validation tag and cannot be chained");
    if ours_error.starts_with("too many chained tags") {
        return Some(Ok("chains over the depth limit"));
    }
    if want["kind"] == "other" {
        if got["kind"] == "other" {
            return None;
        }
        // A name this catalog knows and 1.35's registry does not.
        let mut upstream = json!({"kind": "tag"});
        if let Some(t) = record.get("grammarTag") {
            upstream["tag"] = t.clone();
        }
        if let Some(e) = record.get("grammarError") {
            upstream["error"] = e.clone();
        }
        let ours = if name_check {
            grammar(text, release)
        } else {
            got.clone()
        };
        return Some(
            match (
                ours == upstream,
                ours_error.starts_with("unknown validation tag "),
            ) {
                (false, _) if same_but_quoting(&upstream, &ours) => {
                    Ok("plane-1 unassigned code points quoted as themselves")
                }
                (false, _) if stricter_grammar(text) => Ok("stricter grammar"),
                (false, _) => Err(()),
                (true, true) => Ok("unknown names (grammar compared)"),
                (true, false) => Ok("names newer than 1.35 (grammar compared)"),
            },
        );
    }
    if name_check && want.get("tag").is_some() && grammar(text, release) == *want {
        return Some(Ok("unknown or non-validation names in chains"));
    }
    if same_but_quoting(want, got) {
        return Some(Ok("plane-1 unassigned code points quoted as themselves"));
    }
    if stricter_grammar(text) {
        return Some(Ok("stricter grammar"));
    }
    Some(Err(()))
}

/// Whether two readings differ only in how an error message quotes
/// unassigned code points of plane 1 (U+1xxxx), which Go escapes
/// (`'\U0001ea60'`) and this crate prints as themselves (its model of Go's
/// `unicode.IsPrint` has no table for plane 1; see `is_go_print`).
fn same_but_quoting(want: &Json, got: &Json) -> bool {
    let (Some(w), Some(g)) = (want["error"].as_str(), got["error"].as_str()) else {
        return false;
    };
    let mut out = String::new();
    let mut rest = w;
    while let Some(i) = rest.find("\\U0001") {
        out.push_str(&rest[..i]);
        let hex = rest.get(i + 2..i + 10).unwrap_or_default();
        match u32::from_str_radix(hex, 16).ok().and_then(char::from_u32) {
            Some(c) => out.push(c),
            None => return false,
        }
        rest = &rest[i + 10..];
    }
    out.push_str(rest);
    out != w && out == g && want["kind"] == got["kind"]
}

/// Whether our parse error is one of the three inputs upstream accepts by
/// dropping text (`docs/upstream-differences.md`, row 6): `name(k:)`,
/// `name(k: v: w)` and `name()=`.
fn stricter_grammar(text: &str) -> bool {
    let rest = text.trim_start_matches([' ', '\t']);
    let rest = rest.strip_prefix('+').unwrap_or(rest);
    let Some((start, message)) = k8s_validation_gen::__private::grammar_error(rest) else {
        return false;
    };
    let before = rest.get(..start).unwrap_or_default();
    match message.as_str() {
        // `name(k:)` / `name(a: 1, k: )`
        "unexpected character ')'" => before.trim_end().ends_with(':'),
        // `name(k: v: w)`: an identifier right after `k: `, then `:`.
        "unexpected character ':'" => {
            let ident = before.trim_end_matches(|c: char| c.is_alphanumeric() || "_.-".contains(c));
            ident.len() < before.len() && ident.trim_end().ends_with(':')
        }
        // `name()=` at the end.
        "unexpected end of input" => rest.trim_end().ends_with(")="),
        _ => false,
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
    let mut release = Release::DEFAULT;
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [] => {}
        ["--random", n, seed] => {
            let (Ok(n), Ok(seed)) = (n.parse::<usize>(), seed.parse::<u64>()) else {
                eprintln!("usage: tag_parse_oracle --random <n> <seed>");
                return ExitCode::from(2);
            };
            let mut out = std::io::stdout().lock();
            for text in random::lines(n, seed) {
                let _ = writeln!(out, "{}", json!({ "text": text }));
            }
            return ExitCode::SUCCESS;
        }
        ["--release", r] => {
            release = match Release::parse_supported(r) {
                Ok(release) => release,
                Err(e) => {
                    eprintln!("tag-parse oracle: {e}");
                    return ExitCode::from(2);
                }
            }
        }
        _ => {
            eprintln!("usage: tag_parse_oracle [--release 1.35|1.36|1.37|1.38] < upstream.jsonl");
            return ExitCode::from(2);
        }
    }
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let (mut lines, mut differences) = (0usize, 0usize);
    let mut deviations: std::collections::BTreeMap<&'static str, usize> = Default::default();
    let verbose = std::env::var_os("TAG_PARSE_ORACLE_VERBOSE").is_some();
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
        let (want, got) = (theirs(&record), ours(text, release));
        let verdict = if want == got {
            None
        } else {
            judge(&record, &want, &got, text, release)
        };
        match verdict {
            None => {}
            Some(Ok(kind)) => {
                *deviations.entry(kind).or_insert(0) += 1;
                if verbose {
                    let _ = writeln!(
                        out,
                        "{}:{}: `{}`: deviation: {kind}",
                        record["file"].as_str().unwrap_or("?"),
                        record["line"],
                        text.trim()
                    );
                }
            }
            Some(Err(())) => {
                differences += 1;
                let _ = writeln!(
                    out,
                    "{}:{}: `{}`\n  upstream 1.35: {want}\n  ours:          {got}",
                    record["file"].as_str().unwrap_or("?"),
                    record["line"],
                    text.trim()
                );
                if want["kind"] == "other" {
                    let upstream = json!({
                        "tag": record.get("grammarTag"),
                        "error": record.get("grammarError"),
                    });
                    let _ = writeln!(
                        out,
                        "  upstream grammar: {upstream}\n  our grammar:      {}",
                        grammar(text, release)
                    );
                }
            }
        }
    }
    let total: usize = deviations.values().sum();
    let detail: Vec<String> = deviations.iter().map(|(k, n)| format!("{n} {k}")).collect();
    let _ = writeln!(
        out,
        "tag-parse oracle: {lines} lines, {differences} differences, {total} deviations{}",
        if detail.is_empty() {
            String::new()
        } else {
            format!(" ({})", detail.join(", "))
        }
    );
    if differences > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Random comment lines, from proptest strategies with a fixed seed.
mod random {
    use proptest::prelude::*;
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

    fn scalar() -> impl Strategy<Value = String> {
        prop_oneof![
            "[a-zA-Z_][a-zA-Z0-9_.-]{0,8}",
            "[-+]?(0|[1-9][0-9]{0,19}|0x[0-9a-fA-F]{1,4}|0o[0-7]{1,3}|0b[01]{1,4}|0[0-7]{1,3})",
            "[^\"\\\\]{0,8}".prop_map(|s| format!("{s:?}")),
            "[^`]{0,8}".prop_map(|s| format!("`{s}`")),
            Just("true".to_string()),
            Just("false".to_string()),
            Just("/status".to_string()),
        ]
    }

    fn well_formed() -> impl Strategy<Value = String> {
        let name = prop_oneof![
            4 => prop::sample::select(
                k8s_validation_gen::__private::catalog_all()
                    .iter()
                    .map(|d| d.name.to_string())
                    .collect::<Vec<_>>()
            ),
            1 => "k8s:[a-zA-Z][a-zA-Z0-9_.:-]{0,10}",
        ];
        let args = prop_oneof![
            Just(String::new()),
            Just("()".to_string()),
            scalar().prop_map(|v| format!("({v})")),
            prop::collection::vec(("[a-z][a-zA-Z0-9]{0,5}", scalar()), 1..4).prop_map(|v| {
                let inner: Vec<String> = v.into_iter().map(|(n, v)| format!("{n}: {v}")).collect();
                format!("({})", inner.join(", "))
            }),
        ];
        let value = prop_oneof![Just(String::new()), scalar().prop_map(|v| format!("={v}"))];
        let comment = prop_oneof![Just(String::new()), Just(" # note".to_string())];
        (prop::collection::vec((name, args), 1..5), value, comment).prop_map(
            |(chain, value, comment)| {
                let parts: Vec<String> =
                    chain.into_iter().map(|(n, a)| format!("{n}{a}")).collect();
                format!("{}{value}{comment}", parts.join("=+"))
            },
        )
    }

    fn line() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            Just("k8s:".to_string()),
            Just("=+".to_string()),
            Just("=".to_string()),
            Just("(".to_string()),
            Just(")".to_string()),
            Just(", ".to_string()),
            Just(": ".to_string()),
            Just("\"".to_string()),
            Just("`".to_string()),
            Just("\\".to_string()),
            Just(" # ".to_string()),
            "[a-zA-Z_][a-zA-Z0-9_.-]{0,8}",
            "[0-9+-]{1,4}",
            "[ /\t]{1,2}",
        ];
        let edited =
            (well_formed(), any::<prop::sample::Index>(), "[ -~]?").prop_map(|(t, at, c)| {
                let chars: Vec<char> = t.chars().collect();
                let i = at.index(chars.len() + 1);
                let mut out: String = chars[..i].iter().collect();
                out.push_str(&c);
                out.extend(chars.get(i + 1..).unwrap_or_default());
                out
            });
        let tag = prop_oneof![
            3 => well_formed(),
            2 => edited,
            1 => prop::collection::vec(piece, 0..16).prop_map(|v| format!("k8s:{}", v.concat())),
        ];
        (tag, prop_oneof![Just(" "), Just(""), Just("\t ")])
            .prop_map(|(t, lead)| format!("{lead}+{t}"))
    }

    /// `n` lines from `seed`.
    pub fn lines(n: usize, seed: u64) -> Vec<String> {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&seed.to_le_bytes());
        let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &bytes);
        let mut runner = TestRunner::new_with_rng(Config::default(), rng);
        let strategy = line();
        (0..n)
            .filter_map(|_| strategy.new_tree(&mut runner).ok().map(|t| t.current()))
            .collect()
    }
}
