//! The fuzz targets' committed inputs, replayed on stable: every file of
//! `fuzz/corpus/<target>/` (the seeds) and `fuzz/regressions/<target>/`
//! (inputs that once failed) goes through the target's body, the same
//! `run` function libFuzzer calls (`fuzz/targets/<target>.rs`, included
//! here by path). A panic fails the test and names the file. See
//! `fuzz/README.md`.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

#[path = "../../fuzz/targets/duration.rs"]
mod duration;
#[path = "../../fuzz/targets/ip.rs"]
mod ip;
#[path = "../../fuzz/targets/manifest.rs"]
mod manifest;
#[path = "../../fuzz/targets/quantity.rs"]
mod quantity;
#[path = "../../fuzz/targets/tag_parser.rs"]
mod tag_parser;
#[path = "../../fuzz/targets/tape_decode.rs"]
mod tape_decode;
#[path = "../../fuzz/targets/time.rs"]
mod time;

/// Runs `run` on every input of `target`; returns how many there were.
fn replay(target: &str, run: fn(&[u8])) -> usize {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut inputs = Vec::new();
    for dir in ["corpus", "regressions"] {
        let Ok(entries) = std::fs::read_dir(fuzz.join(dir).join(target)) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let hidden = path
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'));
            if path.is_file() && !hidden {
                inputs.push(path);
            }
        }
    }
    inputs.sort();
    let mut failed = Vec::new();
    for path in &inputs {
        let data = std::fs::read(path).unwrap();
        if catch_unwind(AssertUnwindSafe(|| run(&data))).is_err() {
            failed.push(
                path.strip_prefix(&fuzz)
                    .unwrap_or(path)
                    .display()
                    .to_string(),
            );
        }
    }
    assert!(
        failed.is_empty(),
        "fuzz target `{target}` fails on {} of {} inputs (messages above): {failed:#?}",
        failed.len(),
        inputs.len()
    );
    inputs.len()
}

/// Every target has seeds: an empty corpus would pass silently.
fn replay_seeded(target: &str, run: fn(&[u8])) {
    let n = replay(target, run);
    assert!(n >= 20, "fuzz/corpus/{target}/ has {n} inputs");
}

#[test]
fn tag_parser_corpus() {
    replay_seeded("tag_parser", tag_parser::run);
}

#[test]
fn quantity_corpus() {
    replay_seeded("quantity", quantity::run);
}

#[test]
fn time_corpus() {
    replay_seeded("time", time::run);
}

#[test]
fn duration_corpus() {
    replay_seeded("duration", duration::run);
}

#[test]
fn ip_corpus() {
    replay_seeded("ip", ip::run);
}

#[test]
fn manifest_corpus() {
    replay_seeded("manifest", manifest::run);
}

#[test]
fn tape_decode_corpus() {
    replay_seeded("tape_decode", tape_decode::run);
}
