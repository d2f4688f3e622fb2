//! The interleaving harness behind `benches/compare`: times every contender
//! on every input in rounds (A B C A B C ...), so that the machine's speed
//! drift hits all contenders alike, and reports per-round ratios.
//!
//! ```text
//! cargo bench -p validation-benches --features bench --bench interleave -- \
//!     [--rounds N] [--reps N] [--batch-ms MS] [--go-bin PATH --inputs DIR] [--compile FILE]
//! cargo bench -p validation-benches --features bench --bench interleave -- --write-inputs DIR
//! ```
//!
//! `--go-bin` is a compiled `go test` binary of `benches/go/workload`; one
//! run of all its benchmarks is interleaved after every Rust round.
//! `--compile FILE` adds the clean-build times that `benches/compare`
//! measured (`key=seconds` lines).

use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use k8s_validation::{Operation, Validate};
use validation_benches::alloc::{allocations, Counting};
use validation_benches::{handwritten as hand, inputs, with_garde, with_validator, workload};

#[global_allocator]
static GLOBAL: Counting = Counting;

/// One contender on one input: runs one validation, returns its error count.
struct Contender {
    name: &'static str,
    run: Box<dyn Fn() -> usize>,
    iters: u64,
    /// Nanoseconds per validation, one entry per round.
    samples: Vec<f64>,
    allocs: u64,
    errors: usize,
}

struct Case {
    name: String,
    /// List length, for per-item times.
    items: Option<usize>,
    contenders: Vec<Contender>,
    /// Upstream Go: ns/op per round, allocs/op.
    go_key: String,
    go: Vec<f64>,
    go_allocs: Option<u64>,
}

fn contender(name: &'static str, run: impl Fn() -> usize + 'static) -> Contender {
    Contender {
        name,
        run: Box::new(run),
        iters: 1,
        samples: Vec::new(),
        allocs: 0,
        errors: 0,
    }
}

fn deployment_case(
    name: &str,
    new: workload::Deployment,
    old: Option<workload::Deployment>,
) -> Case {
    let gn = with_garde::Deployment::from(&new);
    let vn = with_validator::Deployment::from(&new);
    let contenders = match old {
        None => vec![
            contender("generated", {
                let d = new.clone();
                move || black_box(&d).validate(&Operation::create()).len()
            }),
            contender("handwritten", {
                let d = new.clone();
                move || hand::validate(black_box(&d)).len()
            }),
            contender("hand-tuned", {
                let d = new.clone();
                move || hand::validate_tuned(black_box(&d)).len()
            }),
            contender("garde", move || {
                with_garde::errors(garde::Validate::validate(black_box(&gn))).len()
            }),
            contender("validator", move || {
                with_validator::error_count(&validator::Validate::validate(black_box(&vn)))
            }),
        ],
        Some(old) => vec![
            contender("generated", {
                let (d, o) = (new.clone(), old.clone());
                move || {
                    black_box(&d)
                        .validate_update(black_box(&o), &Operation::update())
                        .len()
                }
            }),
            contender("handwritten", {
                let (d, o) = (new.clone(), old.clone());
                move || hand::validate_update(black_box(&d), black_box(&o)).len()
            }),
            contender("hand-tuned", {
                let (d, o) = (new.clone(), old.clone());
                move || hand::validate_update_tuned(black_box(&d), black_box(&o)).len()
            }),
            contender("garde", move || {
                with_garde::errors(garde::Validate::validate(black_box(&gn))).len()
            }),
            contender("validator", move || {
                with_validator::error_count(&validator::Validate::validate(black_box(&vn)))
            }),
        ],
    };
    Case {
        name: name.to_owned(),
        items: None,
        contenders,
        go_key: match name {
            "valid" => "Valid",
            "invalid" => "Invalid",
            _ => "Update",
        }
        .to_owned(),
        go: Vec::new(),
        go_allocs: None,
    }
}

fn unique_case(n: usize) -> Case {
    let list = inputs::port_list(n);
    let gl = with_garde::PortList::from(&list);
    let vl = with_validator::PortList::from(&list);
    let contenders = vec![
        contender("generated", {
            let l = list.clone();
            move || black_box(&l).validate(&Operation::create()).len()
        }),
        contender("handwritten", {
            let l = list.clone();
            move || hand::validate_ports(black_box(&l)).len()
        }),
        contender("hand-tuned", {
            let l = list.clone();
            move || hand::validate_ports_tuned(black_box(&l)).len()
        }),
        contender("garde", move || {
            with_garde::errors(garde::Validate::validate(black_box(&gl))).len()
        }),
        contender("validator", move || {
            with_validator::error_count(&validator::Validate::validate(black_box(&vl)))
        }),
    ];
    Case {
        name: format!("unique-{n}"),
        items: Some(n),
        contenders,
        go_key: format!("Unique/{n}"),
        go: Vec::new(),
        go_allocs: None,
    }
}

fn time_batch(c: &Contender) -> f64 {
    let start = Instant::now();
    for _ in 0..c.iters {
        black_box((c.run)());
    }
    start.elapsed().as_nanos() as f64 / c.iters as f64
}

fn calibrate(c: &mut Contender, batch: Duration) {
    c.errors = (c.run)();
    c.allocs = allocations(|| (c.run)());
    let mut iters = 1u64;
    loop {
        c.iters = iters;
        let start = Instant::now();
        for _ in 0..iters {
            black_box((c.run)());
        }
        let t = start.elapsed();
        if t >= batch / 4 || iters >= 1 << 30 {
            let per = t.as_nanos().max(1) as f64 / iters as f64;
            c.iters = ((batch.as_nanos() as f64 / per) as u64).max(1);
            return;
        }
        iters *= 4;
    }
}

fn median(v: &[f64]) -> f64 {
    let mut s: Vec<f64> = v.iter().copied().filter(|x| x.is_finite()).collect();
    if s.is_empty() {
        return f64::NAN;
    }
    s.sort_by(|a, b| a.total_cmp(b));
    let m = s.len() / 2;
    if s.len() % 2 == 1 {
        s[m]
    } else {
        (s[m - 1] + s[m]) / 2.0
    }
}

fn min_max(v: &[f64]) -> (f64, f64) {
    v.iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &x| {
            (lo.min(x), hi.max(x))
        })
}

/// Runs every Go benchmark; returns `name -> (ns/op, allocs/op)`. Like the
/// Rust passes, each benchmark runs several short times (`-count`) and the
/// fastest counts, so that preemption by other processes is dropped; the
/// 10,000-item list-map (about a second per op) runs once.
fn run_go(bin: &Path, inputs: &Path) -> BTreeMap<String, (f64, u64)> {
    let mut res: BTreeMap<String, (f64, u64)> = BTreeMap::new();
    for (bench, benchtime, count) in [
        ("^Benchmark(Valid|Invalid|Update)$", "20ms", "5"),
        ("^BenchmarkUnique$/^(10|100|1000)$", "60ms", "3"),
        ("^BenchmarkUnique$/^10000$", "1x", "1"),
    ] {
        let out = Command::new(bin)
            .args([
                "-test.run=^$",
                "-test.benchmem",
                &format!("-test.bench={bench}"),
                &format!("-test.benchtime={benchtime}"),
                &format!("-test.count={count}"),
            ])
            .env("BENCH_INPUTS", inputs)
            .output()
            .expect("run the Go benchmark binary");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "Go benchmarks failed:\n{text}");
        for line in text.lines().filter(|l| l.starts_with("Benchmark")) {
            let f: Vec<&str> = line.split_whitespace().collect();
            // BenchmarkUnique/100-2  12345  9876 ns/op  1234 B/op  56 allocs/op
            let name = f[0].trim_start_matches("Benchmark");
            let name = name.rsplit_once('-').map_or(name, |(n, _)| n);
            let field = |unit: &str| {
                f.iter()
                    .position(|&x| x == unit)
                    .and_then(|i| f[i - 1].parse::<f64>().ok())
            };
            if let (Some(ns), Some(allocs)) = (field("ns/op"), field("allocs/op")) {
                let e = res.entry(name.to_owned()).or_insert((f64::INFINITY, 0));
                if ns < e.0 {
                    *e = (ns, allocs as u64);
                }
            }
        }
    }
    res
}

fn write_inputs(dir: &Path) {
    std::fs::create_dir_all(dir).expect("create the inputs directory");
    let write = |name: &str, v: &dyn erased::Json| {
        std::fs::write(dir.join(name), v.json()).expect("write an input");
    };
    write("valid.json", &inputs::valid());
    write("invalid.json", &inputs::invalid());
    let (new, old) = inputs::update();
    write("update-new.json", &new);
    write("update-old.json", &old);
    for n in inputs::UNIQUE_SIZES {
        write(&format!("ports-{n}.json"), &inputs::port_list(n));
    }
    let errs: Vec<String> = inputs::invalid()
        .validate(&Operation::create())
        .iter()
        .map(ToString::to_string)
        .collect();
    let mut sorted = errs;
    sorted.sort();
    std::fs::write(
        dir.join("rust-invalid-errors.txt"),
        sorted.join("\n") + "\n",
    )
    .expect("write the Rust errors");
}

mod erased {
    pub trait Json {
        fn json(&self) -> String;
    }
    impl<T: serde::Serialize> Json for T {
        fn json(&self) -> String {
            serde_json::to_string_pretty(self).expect("serialize an input")
        }
    }
}

/// Per-struct expansion time of `#[derive(Validate)]` on the workload, in
/// microseconds: `(struct name, median µs)`.
fn expansion_times() -> Vec<(String, f64)> {
    let file: syn::File =
        syn::parse_str(include_str!("../src/workload.rs")).expect("parse the workload");
    let mut out = Vec::new();
    for item in file.items {
        let syn::Item::Struct(s) = item else { continue };
        let name = s.ident.to_string();
        let tokens = quote_tokens(&s);
        let mut samples = Vec::new();
        for _ in 0..7 {
            let n = 40;
            let start = Instant::now();
            for _ in 0..n {
                black_box(k8s_validation_gen::expand_derive(black_box(tokens.clone())));
            }
            samples.push(start.elapsed().as_nanos() as f64 / n as f64 / 1000.0);
        }
        out.push((name, median(&samples)));
    }
    out
}

fn quote_tokens(s: &syn::ItemStruct) -> proc_macro2::TokenStream {
    quote::ToTokens::to_token_stream(s)
}

struct Args {
    rounds: usize,
    /// Passes over the contenders per round.
    reps: usize,
    batch: Duration,
    go_bin: Option<PathBuf>,
    inputs: Option<PathBuf>,
    compile: Option<PathBuf>,
    write_inputs: Option<PathBuf>,
    /// `case/contender`: run only that one for a few seconds (for `perf`).
    profile: Option<String>,
}

fn args() -> Args {
    let mut a = Args {
        rounds: 15,
        reps: 9,
        batch: Duration::from_millis(1),
        go_bin: None,
        inputs: None,
        compile: None,
        write_inputs: None,
        profile: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut val = || it.next().unwrap_or_else(|| panic!("{arg} needs a value"));
        match arg.as_str() {
            "--rounds" => a.rounds = val().parse().expect("--rounds N"),
            "--reps" => a.reps = val().parse().expect("--reps N"),
            "--batch-ms" => a.batch = Duration::from_millis(val().parse().expect("--batch-ms MS")),
            "--go-bin" => a.go_bin = Some(val().into()),
            "--inputs" => a.inputs = Some(val().into()),
            "--compile" => a.compile = Some(val().into()),
            "--write-inputs" => a.write_inputs = Some(val().into()),
            "--profile" => a.profile = Some(val()),
            "--bench" => {} // passed by `cargo bench`
            other => panic!("unknown argument {other}"),
        }
    }
    a
}

fn fmt_ns(ns: f64) -> String {
    if !ns.is_finite() {
        "-".into()
    } else if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.2} µs", ns / 1e3)
    } else {
        format!("{ns:.0} ns")
    }
}

fn main() {
    let args = args();
    if let Some(dir) = &args.write_inputs {
        write_inputs(dir);
        println!("wrote the inputs to {}", dir.display());
        return;
    }
    let go = match (&args.go_bin, &args.inputs) {
        (Some(bin), Some(dir)) => Some((bin.clone(), dir.clone())),
        (None, None) => None,
        _ => panic!("--go-bin and --inputs go together"),
    };

    let (new, old) = inputs::update();
    let mut cases = vec![
        deployment_case("valid", inputs::valid(), None),
        deployment_case("invalid", inputs::invalid(), None),
        deployment_case("update", new, Some(old)),
    ];
    cases.extend(inputs::UNIQUE_SIZES.map(unique_case));

    if let Some(which) = &args.profile {
        let (case, name) = which.split_once('/').expect("--profile case/contender");
        let case = cases.iter().find(|c| c.name == case).expect("no such case");
        let c = case
            .contenders
            .iter()
            .find(|c| c.name == name)
            .expect("no such contender");
        let start = Instant::now();
        let mut n = 0u64;
        while start.elapsed() < Duration::from_secs(5) {
            for _ in 0..100 {
                black_box((c.run)());
            }
            n += 100;
        }
        println!(
            "{which}: {}",
            fmt_ns(start.elapsed().as_nanos() as f64 / n as f64)
        );
        return;
    }

    eprintln!("calibrating...");
    for case in &mut cases {
        for c in &mut case.contenders {
            calibrate(c, args.batch);
        }
    }
    for r in 0..args.rounds {
        eprint!("\rround {}/{}", r + 1, args.rounds);
        for case in &mut cases {
            let k = case.contenders.len();
            // A round is `reps` passes A B C ... over the contenders, the
            // order rotated so no contender always runs first; a
            // contender's time for the round is its fastest pass, which
            // drops passes another process preempted.
            let mut best = vec![f64::INFINITY; k];
            for rep in 0..args.reps {
                for i in 0..k {
                    let j = (i + r + rep) % k;
                    best[j] = best[j].min(time_batch(&case.contenders[j]));
                }
            }
            for (c, ns) in case.contenders.iter_mut().zip(best) {
                c.samples.push(ns);
            }
        }
        if let Some((bin, dir)) = &go {
            let res = run_go(bin, dir);
            for case in &mut cases {
                let (ns, allocs) = res.get(&case.go_key).copied().unwrap_or((f64::NAN, 0));
                case.go.push(ns);
                case.go_allocs = Some(allocs);
            }
        }
    }
    eprintln!();

    let compile = args
        .compile
        .as_deref()
        .map(read_compile)
        .unwrap_or_default();
    report(&cases, go.is_some(), &compile, &expansion_times());
}

fn read_compile(path: &Path) -> BTreeMap<String, f64> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split_once('='))
        .filter_map(|(k, v)| Some((k.trim().to_owned(), v.trim().parse().ok()?)))
        .collect()
}

fn ratio_samples(a: &[f64], b: &[f64]) -> Vec<f64> {
    a.iter().zip(b).map(|(x, y)| x / y).collect()
}

fn report(
    cases: &[Case],
    with_go: bool,
    compile: &BTreeMap<String, f64>,
    expansion: &[(String, f64)],
) {
    println!();
    println!(
        "| input | contender | median time / validation | per item | allocations | ratio to handwritten (median, min-max of rounds) | errors |"
    );
    println!("|---|---|---:|---:|---:|---|---:|");
    for case in cases {
        let hand = &case.contenders[1].samples;
        for c in &case.contenders {
            let t = median(&c.samples);
            let ratios = ratio_samples(&c.samples, hand);
            let (lo, hi) = min_max(&ratios);
            println!(
                "| {} | {} | {} | {} | {} | {:.2}x ({:.2}-{:.2}) | {} |",
                case.name,
                c.name,
                fmt_ns(t),
                case.items.map_or("".into(), |n| fmt_ns(t / n as f64)),
                c.allocs,
                median(&ratios),
                lo,
                hi,
                c.errors,
            );
        }
        if with_go {
            let t = median(&case.go);
            let ratios = ratio_samples(&case.go, hand);
            let (lo, hi) = min_max(&ratios);
            println!(
                "| {} | upstream Go 1.35 | {} | {} | {} | {:.2}x ({:.2}-{:.2}) | |",
                case.name,
                fmt_ns(t),
                case.items.map_or("".into(), |n| fmt_ns(t / n as f64)),
                case.go_allocs.map_or("-".into(), |a| a.to_string()),
                median(&ratios),
                lo,
                hi,
            );
        }
    }

    println!();
    println!("| compile cost | value |");
    println!("|---|---:|");
    for (k, v) in compile {
        println!("| {k} | {v:.1} s |");
    }
    let total: f64 = expansion.iter().map(|(_, t)| t).sum();
    println!(
        "| derive expansion, per struct (mean of {}; in-process, release build) | {:.0} µs |",
        expansion.len(),
        total / expansion.len() as f64
    );
    for (name, t) in expansion {
        println!("| derive expansion: {name} | {t:.0} µs |");
    }

    let find = |case: &str| cases.iter().find(|c| c.name == case).expect("case");
    let valid = find("valid");
    let gen_hand_valid = median(&ratio_samples(
        &valid.contenders[0].samples,
        &valid.contenders[1].samples,
    ));
    let gen_go_valid = median(&ratio_samples(&valid.contenders[0].samples, &valid.go));
    let (u100, u10k) = (find("unique-100"), find("unique-10000"));
    let per_item = median(
        &u10k.contenders[0]
            .samples
            .iter()
            .zip(&u100.contenders[0].samples)
            .map(|(a, b)| (a / 10_000.0) / (b / 100.0))
            .collect::<Vec<_>>(),
    );

    println!();
    println!("Goals:");
    let invalid = find("invalid");
    let gen_hand_invalid = median(&ratio_samples(
        &invalid.contenders[0].samples,
        &invalid.contenders[1].samples,
    ));
    let goal =
        |ok: bool, what: String| println!("  [{}] {what}", if ok { "met" } else { "MISSED" });
    goal(
        gen_hand_valid <= 1.05,
        format!("generated/handwritten valid {gen_hand_valid:.3} <= 1.05"),
    );
    goal(
        gen_hand_invalid <= 1.2,
        format!("generated/handwritten invalid {gen_hand_invalid:.3} <= 1.2"),
    );
    for case in cases {
        let g = &case.contenders[0].samples;
        for other in case
            .contenders
            .iter()
            .filter(|c| c.name == "garde" || c.name == "validator")
        {
            let r = median(&ratio_samples(g, &other.samples));
            goal(
                r < 1.0,
                format!("generated/{} {} {r:.3} < 1", other.name, case.name),
            );
        }
    }
    goal(
        valid.contenders[0].allocs == 0,
        format!(
            "allocations generated valid {} == 0",
            valid.contenders[0].allocs
        ),
    );
    if with_go {
        goal(
            gen_go_valid <= 1.0 / 15.0,
            format!(
                "generated/upstream-go valid {gen_go_valid:.4} <= 1/15 ({:.1}x faster)",
                1.0 / gen_go_valid
            ),
        );
    }
    goal(
        per_item <= 2.0,
        format!("uniqueness 10000/100 per-item time ratio {per_item:.3} <= 2"),
    );

    println!();
    println!("ratio generated/handwritten valid: {gen_hand_valid:.3}");
    println!(
        "ratio generated/upstream-go valid: {}",
        if with_go {
            format!("{gen_go_valid:.4}")
        } else {
            "n/a (no Go toolchain)".into()
        }
    );
    println!(
        "allocations generated valid: {}",
        valid.contenders[0].allocs
    );
    println!("uniqueness 10000/100 per-item time ratio: {per_item:.3}");
}
