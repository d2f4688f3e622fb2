//! The Rust half of the upstream oracle. See `tests/upstream-oracle/README.md`.
//!
//! ```text
//! upstream-oracle emit-go <build> <dir>   write the Go mirror (doc.go, types.go) of a build's fixtures
//! upstream-oracle types <build>           list the root types of a build
//! upstream-oracle coverage                every tag of the fixtures and the positions it is used in
//! upstream-oracle run --go <build>=<driver>... [--cases N] [--seed S] [--case I] [--type T]
//!                     [--max-print N] [--shrink-budget N] [--require-tag-coverage] [--target SUBSTR]
//! upstream-oracle manifests gen --build <real...> --cases N --seed S --out DIR [--packages P,...] [--updates F]
//! upstream-oracle manifests compare --rust RUST.json --go GO.jsonl
//! ```
//!
//! Every difference is printed with its case (`--max-print N` caps the cases
//! printed per kind of difference and lists the ids of the rest).

mod case;
mod compare;
mod coverage;
mod deviations;
mod fixtures;
mod gen;
mod gogen;
mod goproc;
mod manifests;
mod minimise;
mod rust_side;
mod schema;
mod tagcov;
mod target;

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use case::{Case, Verdict};
use fixtures::Build;
use gen::{Gen, Rng};
use goproc::GoDriver;
use schema::Package;

fn main() -> ExitCode {
    // Panics inside validation are caught and reported as verdicts.
    std::panic::set_hook(Box::new(|_| {}));
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("emit-go") => emit_go(&args[1..]),
        Some("types") => types(&args[1..]),
        Some("coverage") => coverage_cmd(),
        Some("run") => run(&args[1..]),
        Some("manifests") => manifests::cmd(&args[1..]),
        _ => Err("usage: upstream-oracle emit-go <build> <dir> | types <build> | run --go <build>=<driver>... [--cases N] [--seed S]".into()),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("upstream-oracle: {e}");
            ExitCode::from(2)
        }
    }
}

fn build_arg(s: Option<&String>) -> Result<Build, String> {
    let s = s.ok_or("missing build name")?;
    Build::from_name(s).ok_or_else(|| {
        format!("unknown build {s:?} (v1.35, v1.36, v1.35-at-1.37, v1.37, v1.35-at-1.38, v1.38, real, real-1.36, real-1.37 or real-1.38)")
    })
}

fn package(build: Build) -> Result<Package, String> {
    Package::parse(build.source()).map_err(|e| format!("{}: {e}", build.source_path()))
}

fn emit_go(args: &[String]) -> Result<ExitCode, String> {
    let build = build_arg(args.first())?;
    let dir = PathBuf::from(args.get(1).ok_or("missing output directory")?);
    let pkg = package(build)?;
    let source = format!("tests/upstream-oracle/rust/{}", build.source_path());
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    std::fs::write(dir.join("doc.go"), gogen::doc_go(&source)).map_err(|e| e.to_string())?;
    std::fs::write(dir.join("types.go"), gogen::types_go(build, &source, &pkg))
        .map_err(|e| e.to_string())?;
    Ok(ExitCode::SUCCESS)
}

fn types(args: &[String]) -> Result<ExitCode, String> {
    let pkg = package(build_arg(args.first())?)?;
    for t in pkg.roots() {
        println!("{}", t.name);
    }
    Ok(ExitCode::SUCCESS)
}

fn coverage_cmd() -> Result<ExitCode, String> {
    for b in Build::ALL.into_iter().chain([Build::V1_38]) {
        let pkg = package(b)?;
        println!("{} ({} types):", b.name(), pkg.types.len());
        for (tag, positions) in coverage::matrix(&pkg) {
            let p: Vec<&str> = positions.iter().map(String::as_str).collect();
            println!("  {tag:<22} {}", p.join(", "));
        }
    }
    Ok(ExitCode::SUCCESS)
}

struct Options {
    cases: u64,
    seed: u64,
    only_case: Option<u64>,
    only_type: Option<String>,
    max_print: usize,
    shrink_budget: usize,
    drivers: BTreeMap<Build, PathBuf>,
    /// Fail when a validation tag line of the real API was not hit both
    /// ways (`--require-tag-coverage`).
    require_tag_coverage: bool,
    /// Only cases aimed at the tag lines whose description contains this
    /// (`--target`, for looking into one line: each case and upstream's
    /// errors are printed).
    target: Option<String>,
}

fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        cases: 20_000,
        seed: 0x5eed_0c1e,
        only_case: None,
        only_type: None,
        max_print: usize::MAX,
        shrink_budget: 3000,
        drivers: BTreeMap::new(),
        require_tag_coverage: false,
        target: None,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut val = || {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{a} needs a value"))
        };
        let num = |s: String| -> Result<u64, String> {
            let s = s.replace('_', "");
            match s.strip_prefix("0x") {
                Some(h) => u64::from_str_radix(h, 16),
                None => s.parse(),
            }
            .map_err(|e| format!("{a}: {e}"))
        };
        match a.as_str() {
            "--cases" => o.cases = num(val()?)?,
            "--seed" => o.seed = num(val()?)?,
            "--case" => o.only_case = Some(num(val()?)?),
            "--type" => o.only_type = Some(val()?),
            "--max-print" => o.max_print = num(val()?)? as usize,
            "--shrink-budget" => o.shrink_budget = num(val()?)? as usize,
            "--require-tag-coverage" => o.require_tag_coverage = true,
            "--target" => o.target = Some(val()?),
            "--go" => {
                let v = val()?;
                let (b, p) = v
                    .split_once('=')
                    .ok_or("--go takes <build>=<driver path>")?;
                o.drivers
                    .insert(build_arg(Some(&b.to_string()))?, PathBuf::from(p));
            }
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(o)
}

/// A difference that no deviation covers.
struct Difference {
    case: Case,
    rust: Verdict,
    go: Verdict,
    signature: String,
}

/// Per-build statistics, for the coverage summary.
#[derive(Default)]
struct Stats {
    cases: u64,
    updates: u64,
    with_errors: u64,
    errors: u64,
    origins: BTreeMap<String, u64>,
    per_type: BTreeMap<String, (u64, u64)>,
}

fn case_rng(seed: u64, i: u64) -> Rng {
    let mut r = Rng::new(seed ^ i.wrapping_mul(0xa076_1d64_78bd_642f));
    r.next_u64();
    r
}

/// How many times each tag line is aimed at, at most (the rest of a long
/// run is random: directed objects are the larger ones).
const DIRECTED_ROUNDS: u64 = 3;

/// Whether case `i` is aimed at one tag line (the real API: two cases in
/// three, the lines in turn, for [`DIRECTED_ROUNDS`] rounds; every case
/// with `--target`).
fn case_is_directed(i: u64, targets: &[target::Target], every: bool) -> bool {
    !targets.is_empty()
        && (every || (i % 3 != 2 && i - i / 3 < DIRECTED_ROUNDS * targets.len() as u64))
}

/// Generates case `i`.
fn make_case(
    seed: u64,
    i: u64,
    roots: &[(Build, String)],
    pkgs: &BTreeMap<Build, Package>,
    unvalidated: &BTreeSet<(Build, String)>,
    targets: &[target::Target],
    every: bool,
) -> Case {
    let mut rng = case_rng(seed, i);
    if case_is_directed(i, targets, every) {
        let k = if every { i } else { i - i / 3 };
        let n = targets.len() as u64;
        let t = &targets[(k.wrapping_add(seed) % n) as usize];
        let build = roots[0].0;
        let pkg = &pkgs[&build];
        let (mut options, mut disabled) = (Vec::new(), Vec::new());
        let mut g = Gen::new(pkg, rng);
        let d = g.directed(t, k / n);
        for o in pkg.options() {
            let on = if d.enable.contains(&o) {
                true
            } else if d.disable.contains(&o) {
                false
            } else {
                g.rng.chance(0.5)
            };
            if on {
                options.push(o);
            } else {
                disabled.push(o);
            }
        }
        let root_only = unvalidated.contains(&(build, d.root.clone()));
        return Case {
            id: i,
            build,
            ty: d.root,
            object: d.object,
            old_object: d.old,
            options,
            disabled,
            subresource: d
                .subresource
                .filter(|_| !root_only)
                .unwrap_or_else(|| "/".into()),
        };
    }
    let (build, ty) = roots[rng.below(roots.len())].clone();
    let root_only = unvalidated.contains(&(build, ty.clone()));
    let pkg = &pkgs[&build];
    let (mut options, mut disabled) = (Vec::new(), Vec::new());
    for o in pkg.options() {
        if rng.chance(0.5) {
            options.push(o);
        } else {
            disabled.push(o);
        }
    }
    // Types with subresource tags get subresource requests half the time;
    // the others now and then (upstream rejects them).
    let has_subresources = pkg.get(&ty).is_some_and(|t| {
        t.tags
            .iter()
            .any(|l| l.starts_with("k8s:supportsSubresource") || l.starts_with("k8s:isSubresource"))
    });
    let p_root = if has_subresources { 0.5 } else { 0.95 };
    // The real API's types: mostly their own subresources (the package's
    // include every other type's).
    let own: Vec<String> = match (pkg.is_mirror(), pkg.get(&ty)) {
        (true, Some(t)) => t
            .tags
            .iter()
            .filter_map(|l| {
                l.strip_prefix("k8s:supportsSubresource=")
                    .or_else(|| l.strip_prefix("k8s:isSubresource="))
            })
            .map(|v| v.trim().trim_matches('"').to_string())
            .collect(),
        _ => Vec::new(),
    };
    let subresource = if rng.chance(p_root) || root_only {
        "/".to_string()
    } else if !own.is_empty() && rng.chance(0.75) {
        rng.pick(&own).clone()
    } else {
        let mut subs = pkg.subresources();
        subs.push("/x".into());
        rng.pick(&subs).clone()
    };
    let update = rng.chance(0.6);
    let mut g = Gen::new(pkg, rng);
    let (object, old_object) = if update {
        let old = g.object(&ty);
        (g.update(&ty, &old), Some(old))
    } else {
        (g.object(&ty), None)
    };
    Case {
        id: i,
        build,
        ty,
        object,
        old_object,
        options,
        disabled,
        subresource,
    }
}

/// Runs the Rust side; the case gets the canonical objects.
fn rust_verdict(case: &mut Case) -> Verdict {
    match fixtures::dispatch(case.build, &case.ty, case) {
        Some(out) => {
            case.object = out.object;
            case.old_object = out.old_object;
            let mut verdict = out.verdict;
            // Only some drivers report stability levels.
            if !case.build.reports_levels() {
                if let Verdict::Errors(errs) = &mut verdict {
                    errs.iter_mut().for_each(|e| e.level.clear());
                }
            }
            verdict
        }
        None => Verdict::Failed(format!("no Rust fixture type {}", case.ty)),
    }
}

fn run(args: &[String]) -> Result<ExitCode, String> {
    let o = parse_options(args)?;
    let start = Instant::now();
    // The builds judged: those with a driver (the fixture builds together,
    // or the real API on its own).
    let builds: Vec<Build> = o.drivers.keys().copied().collect();
    let real = builds.len() == 1 && builds[0].is_real();
    // `run --release 1.36` / `--release 1.37` / `--release 1.38`: that build
    // on its own.
    let alone = real
        || builds == [Build::V1_36]
        || builds == [Build::V1_35At1_37]
        || builds == [Build::V1_35At1_38, Build::V1_38];
    if !alone {
        for b in Build::ALL {
            if !o.drivers.contains_key(&b) {
                return Err(format!(
                    "no Go driver for {} (--go {}=<path>)",
                    b.name(),
                    b.name()
                ));
            }
        }
    }
    let mut pkgs = BTreeMap::new();
    for b in &builds {
        pkgs.insert(*b, package(*b)?);
    }
    let unvalidated = check_go_types(&o, &pkgs)?;
    let roots: Vec<(Build, String)> = builds
        .iter()
        .flat_map(|b| pkgs[b].roots().map(move |t| (*b, t.name.clone())))
        .collect();
    // Tag-line coverage: the real API's, or the 1.38 fixtures'.
    let covered = if real {
        Some(builds[0])
    } else {
        builds.iter().copied().find(|b| *b == Build::V1_38)
    };
    let mut tag_coverage = covered.map(|b| tagcov::Coverage::new(&pkgs[&b]));
    let mut targets = if real {
        target::targets(&pkgs[&builds[0]])
    } else {
        Vec::new()
    };
    if let Some(want) = &o.target {
        targets.retain(|t| t.line.describe().contains(want.as_str()));
        if targets.is_empty() {
            return Err(format!(
                "--target {want}: no tag line that can fail matches"
            ));
        }
    }
    let every = o.target.is_some();
    let (mut time_gen, mut time_rust) = (Duration::ZERO, Duration::ZERO);
    let (mut time_rt, mut time_cov, mut time_line) =
        (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    let mut round_trips = 0u64;

    let mut drivers = BTreeMap::new();
    for (b, p) in &o.drivers {
        drivers.insert(*b, GoDriver::spawn(p)?);
    }
    let mut pending: BTreeMap<Build, VecDeque<(Case, Verdict)>> = BTreeMap::new();
    let mut stats: BTreeMap<Build, Stats> = BTreeMap::new();
    let mut differences: Vec<Difference> = Vec::new();
    let mut excluded: BTreeMap<&'static str, u64> = BTreeMap::new();
    let mut objects = 0u64;
    let mut directed = 0u64;

    let mut settle = |case: Case,
                      rust: Verdict,
                      go: Result<case::GoResult, String>,
                      stats: &mut BTreeMap<Build, Stats>|
     -> Result<(), String> {
        let t0 = Instant::now();
        let mut go = go?;
        if go.id != case.id {
            return Err(format!("Go answered case {} for case {}", go.id, case.id));
        }
        // The real API: what Go decoded must encode back to the same object.
        let round_trip = if case.build.is_real() {
            round_trips += 1;
            round_trip_difference(&case, go.round_trip.take(), go.old_round_trip.take())
        } else {
            None
        };
        let mut go = go.verdict();
        // The fixture driver reads levels where apimachinery has them;
        // compared only for the builds whose Rust side keeps them.
        if !case.build.reports_levels() {
            if let Verdict::Errors(errs) = &mut go {
                errs.iter_mut().for_each(|e| e.level.clear());
            }
        }
        if every {
            println!("case {}: {}", case.id, case.describe());
            print_errors("Go", &go);
        }
        let t1 = Instant::now();
        if let (Some(cov), Verdict::Errors(errs), true) =
            (tag_coverage.as_mut(), &go, Some(case.build) == covered)
        {
            cov.record(&pkgs[&case.build], &case.ty, &case.object, errs);
        }
        time_rt += t1 - t0;
        time_cov += t1.elapsed();
        if let Some(rt) = round_trip {
            differences.push(Difference {
                signature: "round trip".into(),
                case,
                rust,
                go: Verdict::Failed(rt),
            });
            return Ok(());
        }
        let st = stats.entry(case.build).or_default();
        st.cases += 1;
        st.updates += case.is_update() as u64;
        let pt = st.per_type.entry(case.ty.clone()).or_default();
        pt.0 += 1;
        if let Verdict::Errors(errs) = &go {
            if !errs.is_empty() {
                st.with_errors += 1;
                pt.1 += 1;
            }
            st.errors += errs.len() as u64;
            for e in errs {
                let key = if e.origin.is_empty() {
                    format!("({})", e.kind)
                } else {
                    e.origin.clone()
                };
                *st.origins.entry(key).or_default() += 1;
            }
        }
        if compare::difference(&rust, &go).is_some() {
            let covering = deviations::find(&case, &rust, &go);
            for d in &covering {
                *excluded.entry(d.name).or_default() += 1;
            }
            if covering.is_empty() {
                let signature = compare::signature(&rust, &go);
                differences.push(Difference {
                    case,
                    rust,
                    go,
                    signature,
                });
            }
        }
        Ok(())
    };

    let range: Box<dyn Iterator<Item = u64>> = match o.only_case {
        Some(i) => Box::new(std::iter::once(i)),
        None => Box::new(0..o.cases),
    };
    for i in range {
        let t0 = Instant::now();
        let mut case = make_case(o.seed, i, &roots, &pkgs, &unvalidated, &targets, every);
        if let Some(t) = &o.only_type {
            if &case.ty != t {
                let mut j = 0;
                while &case.ty != t {
                    j += 1;
                    case = make_case(
                        o.seed ^ (j << 40),
                        i,
                        &roots,
                        &pkgs,
                        &unvalidated,
                        &targets,
                        every,
                    );
                    if j > 100_000 {
                        return Err(format!("no root type {t}"));
                    }
                }
            }
        }
        let t1 = Instant::now();
        directed += case_is_directed(i, &targets, every) as u64;
        let rust = rust_verdict(&mut case);
        let t2 = Instant::now();
        time_gen += t1 - t0;
        time_rust += t2 - t1;
        objects += 1;
        let d = &drivers[&case.build];
        let t3 = Instant::now();
        let line = case.to_line(&pkgs[&case.build]);
        time_line += t3.elapsed();
        d.send(line);
        let q = pending.entry(case.build).or_default();
        q.push_back((case, rust));
        for (b, d) in &drivers {
            let q = pending.entry(*b).or_default();
            while q.len() > 50_000 {
                let (c, r) = q.pop_front().unwrap();
                settle(c, r, d.recv(), &mut stats)?;
            }
            while !q.is_empty() {
                match d.try_recv() {
                    Some(res) => {
                        let (c, r) = q.pop_front().unwrap();
                        settle(c, r, res, &mut stats)?;
                    }
                    None => break,
                }
            }
        }
    }
    for (b, d) in &drivers {
        let q = pending.entry(*b).or_default();
        while let Some((c, r)) = q.pop_front() {
            settle(c, r, d.recv(), &mut stats)?;
        }
    }
    for (_, d) in drivers {
        d.finish();
    }
    let run_time = start.elapsed();

    // Report.
    println!("== coverage");
    for (b, st) in &stats {
        println!(
            "{}: {} objects ({} updates), {} with errors, {} errors; {} types",
            b.name(),
            st.cases,
            st.updates,
            st.with_errors,
            st.errors,
            st.per_type.len()
        );
        let origins: Vec<String> = st.origins.iter().map(|(k, n)| format!("{k}×{n}")).collect();
        println!("  errors by origin: {}", origins.join(", "));
        let quiet: Vec<&String> = st
            .per_type
            .iter()
            .filter(|(_, (_, e))| *e == 0)
            .map(|(t, _)| t)
            .collect();
        if !quiet.is_empty() {
            println!("  types that never produced an error: {quiet:?}");
        }
    }
    for d in deviations::DEVIATIONS {
        println!(
            "excluded by deviation {}: {} case(s) ({})",
            d.name,
            excluded.get(d.name).copied().unwrap_or(0),
            d.reason
        );
    }
    let mut gaps = Vec::new();
    if let Some(cov) = &tag_coverage {
        gaps = tagcov::report(cov);
        if real {
            println!("round trips checked: {round_trips} (Rust -> Go -> Rust)");
            println!(
                "directed cases: {} over {} tag lines that can fail (see target.rs)",
                directed,
                targets.len()
            );
            println!(
                "re-spelled quantities and timestamps in updates: {}",
                gen::RESPELLED.load(std::sync::atomic::Ordering::Relaxed)
            );
        }
        if !gaps.is_empty() {
            println!("== tag lines not hit both ways ({}):", gaps.len());
            for g in &gaps {
                println!("  {g}");
            }
        }
        // Coverage is asserted on request, over whole runs.
        if !o.require_tag_coverage || o.only_case.is_some() || o.only_type.is_some() {
            gaps.clear();
        }
    }
    if !differences.is_empty() {
        report_differences(&o, &pkgs, &differences)?;
    }
    println!(
        "time: {:.1}s (generating {:.1}s, Rust validation {:.1}s, sending {:.1}s, round trips {:.1}s, tag lines {:.1}s)",
        run_time.as_secs_f64(),
        time_gen.as_secs_f64(),
        time_rust.as_secs_f64(),
        time_line.as_secs_f64(),
        time_rt.as_secs_f64(),
        time_cov.as_secs_f64()
    );
    if real {
        println!(
            "oracle: {} objects over {} real types, {} differences",
            objects,
            roots.len(),
            differences.len()
        );
    } else {
        println!(
            "oracle: {} objects, {} differences",
            objects,
            differences.len()
        );
    }
    Ok(if differences.is_empty() && gaps.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The difference between the object Rust sent and what Go decoded and
/// encoded again (read back by the Rust type), if any: a field the mirror
/// names or types differently from Go does not survive the trip.
fn round_trip_difference(
    case: &Case,
    new: Option<serde_json::Value>,
    old: Option<serde_json::Value>,
) -> Option<String> {
    let pairs = [
        ("object", Some(&case.object), new),
        ("oldObject", case.old_object.as_ref(), old),
    ];
    for (what, sent, back) in pairs {
        let (Some(sent), Some(back)) = (sent, back) else {
            continue;
        };
        // Both sides as the mirror encodes them: Go re-encodes quantities
        // and timestamps canonically (`1024Mi` as `1Gi`, times in UTC), and
        // so does the runtime, so this compares those by value.
        let sent = match rust_side::canonical_real(case.build, &case.ty, sent) {
            None => return Some(format!("no Rust type {}", case.ty)),
            Some(Err(e)) => return Some(format!("{what}: does not decode in Rust: {e}")),
            Some(Ok(v)) => v,
        };
        match rust_side::canonical_real(case.build, &case.ty, &back) {
            None => return Some(format!("no Rust type {}", case.ty)),
            Some(Err(e)) => {
                return Some(format!(
                    "{what}: Go's encoding does not decode in Rust: {e}: {back}"
                ))
            }
            Some(Ok(v)) if v != sent => {
                return Some(format!(
                    "{what} changed on the round trip through Go at {}: {v}",
                    first_difference(&sent, &v, "")
                ))
            }
            Some(Ok(_)) => {}
        }
    }
    None
}

/// The JSON path of the first place `a` and `b` differ.
fn first_difference(a: &serde_json::Value, b: &serde_json::Value, at: &str) -> String {
    use serde_json::Value;
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for k in x.keys().chain(y.keys()) {
                if x.get(k) != y.get(k) {
                    return first_difference(
                        x.get(k).unwrap_or(&Value::Null),
                        y.get(k).unwrap_or(&Value::Null),
                        &format!("{at}.{k}"),
                    );
                }
            }
            at.to_string()
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (p, q)) in x.iter().zip(y).enumerate() {
                if p != q {
                    return first_difference(p, q, &format!("{at}[{i}]"));
                }
            }
            at.to_string()
        }
        _ => format!("{at} ({a} became {b})"),
    }
}

/// The Go driver registers the same root types as the Rust fixtures.
/// Returns the types upstream generated no validation function for (types
/// without validations): upstream has nothing to dispatch on for them, so
/// their cases use the root resource only.
fn check_go_types(
    o: &Options,
    pkgs: &BTreeMap<Build, Package>,
) -> Result<BTreeSet<(Build, String)>, String> {
    let mut unvalidated = BTreeSet::new();
    for (b, path) in &o.drivers {
        let out = std::process::Command::new(path)
            .arg("-list")
            .output()
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let listing = String::from_utf8_lossy(&out.stdout).to_string();
        let mut go: BTreeSet<String> = BTreeSet::new();
        for line in listing.lines().filter(|l| !l.is_empty()) {
            let (name, validated) = match line.split_once('\t') {
                Some((n, _)) => (n, true),
                None => (line, false),
            };
            go.insert(name.to_string());
            if !validated {
                unvalidated.insert((*b, name.to_string()));
            }
        }
        let rust: BTreeSet<String> = pkgs[b].roots().map(|t| t.name.clone()).collect();
        if go != rust {
            return Err(format!(
                "{}: the Go driver's types differ from the fixtures (rebuild it with tests/upstream-oracle/run): only Go {:?}, only Rust {:?}",
                b.name(),
                go.difference(&rust).collect::<Vec<_>>(),
                rust.difference(&go).collect::<Vec<_>>()
            ));
        }
    }
    Ok(unvalidated)
}

fn report_differences(
    o: &Options,
    pkgs: &BTreeMap<Build, Package>,
    differences: &[Difference],
) -> Result<(), String> {
    let mut by_sig: BTreeMap<(Build, String, String), Vec<&Difference>> = BTreeMap::new();
    for d in differences {
        by_sig
            .entry((d.case.build, d.case.ty.clone(), d.signature.clone()))
            .or_default()
            .push(d);
    }
    println!(
        "== {} differences ({} kinds), seed {:#x}",
        differences.len(),
        by_sig.len(),
        o.seed
    );
    let mut drivers: BTreeMap<Build, GoDriver> = BTreeMap::new();
    for (n, ((b, ty, sig), ds)) in by_sig.iter().enumerate() {
        println!(
            "-- difference kind {}: {} {} [{}]: {} case(s)",
            n + 1,
            b.name(),
            ty,
            sig,
            ds.len()
        );
        let first = ds[0];
        // Minimise the first case of each kind.
        if !drivers.contains_key(b) {
            drivers.insert(*b, GoDriver::spawn(&o.drivers[b])?);
        }
        let driver = &drivers[b];
        let pkg = &pkgs[b];
        let mut probe = first.case.clone();
        let (new, old) = minimise::shrink(
            pkg,
            ty,
            first.case.object.clone(),
            first.case.old_object.clone(),
            o.shrink_budget,
            |new, old| {
                probe.object = new.clone();
                probe.old_object = old.cloned();
                let rust = rust_verdict(&mut probe);
                driver.send(probe.to_line(pkg));
                match driver.recv() {
                    Ok(g) => {
                        let go = g.verdict();
                        compare::difference(&rust, &go).is_some()
                            && deviations::find(&probe, &rust, &go).is_empty()
                    }
                    Err(_) => false,
                }
            },
        );
        let mut small = first.case.clone();
        small.object = new;
        small.old_object = old;
        let rust = rust_verdict(&mut small);
        driver.send(small.to_line(pkg));
        let go = driver.recv()?.verdict();
        println!(
            "  minimised case (from case {} of seed {:#x}):",
            first.case.id, o.seed
        );
        println!("    {}", small.describe());
        print!("{}", compare::difference(&rust, &go).unwrap_or_default());
        print_errors("Rust", &rust);
        print_errors("Go", &go);
        for d in ds.iter().take(o.max_print) {
            println!("  case {}: {}", d.case.id, d.case.describe());
            print!(
                "{}",
                compare::difference(&d.rust, &d.go).unwrap_or_default()
            );
        }
        if ds.len() > o.max_print {
            println!(
                "  ... {} more case(s) of this kind (ids: {})",
                ds.len() - o.max_print,
                ds[o.max_print..]
                    .iter()
                    .map(|d| d.case.id.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            );
        }
    }
    for (_, d) in drivers {
        d.finish();
    }
    Ok(())
}

fn print_errors(side: &str, v: &Verdict) {
    match v {
        Verdict::Errors(errs) => {
            println!("    {side} errors:");
            for e in errs {
                println!(
                    "      {} | {} | {:?} | {}",
                    e.kind, e.field, e.origin, e.text
                );
            }
        }
        other => println!("    {side}: {}", compare::short(other)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn first_difference_names_the_path() {
        let a = json!({"spec": {"items": [{"port": null}, {"port": 1}]}});
        let b = json!({"spec": {"items": [{"port": 0}, {"port": 1}]}});
        assert_eq!(
            first_difference(&a, &b, ""),
            ".spec.items[0].port (null became 0)"
        );
        let c = json!({"spec": {}, "extra": 1});
        assert_eq!(
            first_difference(&json!({"spec": {}}), &c, ""),
            ".extra (null became 1)"
        );
    }
}
