//! Throughput of manifest validation on a generated tree of manifests, and
//! the same tree through upstream's Go validators, interleaved.
//!
//! `k8s-validate/benches/run` generates the tree (10,000 objects of the
//! release's root types, `upstream-oracle manifests gen`), builds the Go
//! driver (upstream's generated validators, `run-realapi --build-only`) and
//! runs this bench. Without a tree it says so and measures nothing.
//!
//! Criterion groups: `parse` (split the files into documents, YAML to
//! JSON), `decode` (JSON into the typed mirror objects), `validate`
//! (declarative validation under the release's gates) and `end_to_end`
//! (files read from disk through to verdicts, as the command runs). Then
//! five interleaved rounds of one pass each, Rust in-process and the Go
//! driver (`driver -manifests -bench`: the same phases, single-threaded),
//! and a table of objects per second.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use criterion::{BatchSize, Criterion};
use k8s_validate::report::TextWriter;
use k8s_validate::{apiserver, Settings, Sink, Step, Tally, Validator};
use k8s_validation::Release;
use k8s_validation_manifest::{
    input, objects, parse_document, Format, RawDocument, Splitter, Tape,
};
use k8s_validation_migration::FeatureGates;
use serde_json::Value;

fn corpus_dir() -> PathBuf {
    match std::env::var_os("K8S_VALIDATE_BENCH_DIR") {
        Some(d) => PathBuf::from(d),
        None => [
            env!("CARGO_MANIFEST_DIR"),
            "..",
            "target",
            "manifest-bench",
            "1.38",
            "new",
        ]
        .iter()
        .collect(),
    }
}

fn release() -> Release {
    std::env::var("K8S_VALIDATE_BENCH_RELEASE")
        .ok()
        .and_then(|r| Release::parse(&r))
        .unwrap_or(Release::V1_38)
}

fn sources(dir: &std::path::Path) -> Vec<input::Source> {
    input::collect_sources(&[dir.display().to_string()], true)
        .expect("corpus")
        .sources
}

/// Every file read and split into documents.
fn read_all(dir: &std::path::Path) -> Vec<(Format, RawDocument)> {
    let mut out = Vec::new();
    for s in sources(dir) {
        let mut splitter = Splitter::new(input::open(&s).expect("readable"));
        let format = splitter.format().expect("readable");
        loop {
            let mut raw = RawDocument::default();
            if !splitter.next_into(&mut raw).expect("readable") {
                break;
            }
            out.push((format, raw));
        }
    }
    out
}

/// Every document parsed (YAML to its JSON tape).
fn parse_all(docs: &[(Format, RawDocument)]) -> Vec<Tape> {
    docs.iter()
        .filter_map(|(format, raw)| {
            let mut tape = Tape::new();
            matches!(parse_document(*format, &raw.bytes, &mut tape), Ok(true)).then_some(tape)
        })
        .collect()
}

fn count_objects(tapes: &[Tape]) -> usize {
    tapes
        .iter()
        .map(|t| objects(t.root().expect("a value")).len())
        .sum()
}

fn options(release: Release) -> Vec<(String, bool)> {
    apiserver::server(release)
        .options
        .iter()
        .map(|o| (o.name.to_owned(), o.default))
        .collect()
}

fn validator() -> Validator {
    let release = release();
    Validator::new(FeatureGates::for_release(release), &options(release))
}

fn decode_all(v: &mut Validator, tapes: &[Tape]) -> Vec<Step> {
    tapes
        .iter()
        .flat_map(|t| objects(t.root().expect("a value")))
        .filter_map(|(_, o)| v.decode(o.ok()?, None).ok())
        .collect()
}

fn validate_all(v: &mut Validator, steps: Vec<Step>) -> usize {
    let mut invalid = 0;
    for s in steps {
        let checked = match s {
            Step::Done(c) => c,
            Step::Decoded(d) => v.validate(d),
        };
        if matches!(checked.verdict, k8s_validate::Verdict::Invalid(_)) {
            invalid += 1;
        }
    }
    invalid
}

/// The command's whole run (read, split, parse, decode, validate, the text
/// report into a sink) with `jobs` workers; the objects seen.
fn run(dir: &std::path::Path, jobs: usize) -> usize {
    let release = release();
    let settings = Settings {
        gates: FeatureGates::for_release(release),
        options: options(release),
        live: None,
        jobs,
    };
    let mut out = std::io::sink();
    let mut writer = TextWriter::new();
    let mut tally = Tally::default();
    let mut progress = |_| {};
    let mut sink = Sink {
        out: &mut out,
        writer: &mut writer,
        tally: &mut tally,
        progress: &mut progress,
    };
    k8s_validate::run(&sources(dir), &settings, &mut sink).expect("runs");
    tally.counts.objects
}

/// One pass, phases timed as the Go driver times them.
struct Pass {
    objects: usize,
    invalid: usize,
    read: Duration,
    decode: Duration,
    validate: Duration,
}

fn rust_pass(dir: &std::path::Path) -> Pass {
    let mut v = validator();
    let t = Instant::now();
    let tapes = parse_all(&read_all(dir));
    let read = t.elapsed();
    let t = Instant::now();
    let steps = decode_all(&mut v, &tapes);
    let decode = t.elapsed();
    let t = Instant::now();
    let invalid = validate_all(&mut v, steps);
    let validate = t.elapsed();
    Pass {
        objects: count_objects(&tapes),
        invalid,
        read,
        decode,
        validate,
    }
}

fn go_pass(driver: &str, dir: &std::path::Path) -> Option<Pass> {
    let release = release();
    let server = apiserver::server(release);
    let (mut enable, mut disable) = (Vec::new(), Vec::new());
    for o in server.options {
        if o.default {
            enable.push(o.name)
        } else {
            disable.push(o.name)
        }
    }
    let gates = FeatureGates::for_release(release);
    let out = Command::new(driver)
        .args([
            "-manifests",
            "-bench",
            "-release",
            release.as_str(),
            "-validated",
            &server.validated.join(","),
            "-enforced",
            &server.enforced.join(","),
            &format!("-beta={}", gates.beta()),
            &format!("-takeover={}", gates.takeover()),
            "-enable",
            &enable.join(","),
            "-disable",
            &disable.join(","),
        ])
        .arg(dir)
        .output()
        .ok()?;
    let v: Value = serde_json::from_slice(&out.stdout).ok()?;
    let secs = |k: &str| Duration::from_secs_f64(v[k].as_f64().unwrap_or(0.0));
    Some(Pass {
        objects: v["objects"].as_u64()? as usize,
        invalid: v["invalid"].as_u64()? as usize,
        read: secs("readSeconds"),
        decode: secs("decodeSeconds"),
        validate: secs("validateSeconds"),
    })
}

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

fn per_sec(n: usize, d: Duration) -> f64 {
    n as f64 / d.as_secs_f64()
}

fn main() {
    let dir = corpus_dir();
    if !dir.is_dir() {
        eprintln!(
            "manifests bench skipped: no corpus at {} (k8s-validate/benches/run generates it)",
            dir.display()
        );
        return;
    }
    let docs = read_all(&dir);
    let tapes = parse_all(&docs);
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    eprintln!(
        "manifests bench: {} documents, {} objects, Kubernetes {}, {jobs} cores",
        docs.len(),
        count_objects(&tapes),
        release()
    );

    let mut c = Criterion::default()
        .configure_from_args()
        .sample_size(10)
        .measurement_time(Duration::from_secs(15));
    c.bench_function("manifests/parse", |b| b.iter(|| parse_all(&docs).len()));
    c.bench_function("manifests/decode", |b| {
        let mut v = validator();
        b.iter(|| decode_all(&mut v, &tapes).len())
    });
    c.bench_function("manifests/validate", |b| {
        let mut v = validator();
        b.iter_batched(
            || {
                let mut v = validator();
                decode_all(&mut v, &tapes)
            },
            |steps| validate_all(&mut v, steps),
            BatchSize::PerIteration,
        )
    });
    c.bench_function("manifests/end_to_end", |b| b.iter(|| run(&dir, 1)));
    c.bench_function(&format!("manifests/end_to_end_jobs_{jobs}"), |b| {
        b.iter(|| run(&dir, jobs))
    });

    let Some(driver) = std::env::var("K8S_VALIDATE_GO_DRIVER").ok() else {
        eprintln!(
            "manifests bench: K8S_VALIDATE_GO_DRIVER is not set; no comparison with upstream Go"
        );
        return;
    };
    let (mut rust, mut go) = (Vec::new(), Vec::new());
    for _ in 0..5 {
        rust.push(rust_pass(&dir));
        match go_pass(&driver, &dir) {
            Some(p) => go.push(p),
            None => {
                eprintln!("manifests bench: the Go driver {driver} did not answer");
                return;
            }
        }
    }
    let row = |name: &str, passes: &[Pass]| {
        let n = passes[0].objects;
        let read = median(passes.iter().map(|p| p.read).collect());
        let decode = median(passes.iter().map(|p| p.decode).collect());
        let validate = median(passes.iter().map(|p| p.validate).collect());
        let total = median(
            passes
                .iter()
                .map(|p| p.read + p.decode + p.validate)
                .collect(),
        );
        println!(
            "{name:<5} {n:>8} {:>8} {:>12.0} {:>12.0} {:>12.0} {:>12.0}",
            passes[0].invalid,
            per_sec(n, read),
            per_sec(n, decode),
            per_sec(n, validate),
            per_sec(n, total)
        );
        per_sec(n, total)
    };
    println!("\nobjects per second, median of 5 interleaved passes (single thread)");
    println!(
        "{:<5} {:>8} {:>8} {:>12} {:>12} {:>12} {:>12}",
        "", "objects", "invalid", "parse", "decode", "validate", "end to end"
    );
    let r = row("rust", &rust);
    let g = row("go", &go);
    println!("end to end: Rust {:.1}x Go", r / g);

    // The command's own run (streaming, in input order) on one worker and
    // on every core, against the Go driver's end to end.
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    for j in [1, jobs] {
        let mut times = Vec::new();
        let mut n = 0;
        for _ in 0..5 {
            let t = Instant::now();
            n = run(&dir, j);
            times.push(t.elapsed());
        }
        let rate = per_sec(n, median(times));
        println!(
            "command run, {j} job(s): {rate:.0} objects/s, {:.1}x Go",
            rate / g
        );
    }
}
