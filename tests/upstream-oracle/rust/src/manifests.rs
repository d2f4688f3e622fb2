//! Manifest corpora for `k8s-validate`, and the comparison of its verdicts
//! with the Go driver's.
//!
//! ```text
//! upstream-oracle manifests gen --build <real|real-1.36|real-1.37|real-1.38> --cases N --seed S
//!                               --out DIR [--packages p1,p2,...] [--updates FRACTION]
//! upstream-oracle manifests compare --rust RUST.json --go GO.jsonl
//! ```
//!
//! `gen` writes random objects of a build's root types (their Go view, with
//! `apiVersion` and `kind` set) under `DIR/new/`, spread over single- and
//! multi-document YAML files, `List` documents, JSON files and streams, and
//! `.yml` files in a subdirectory; the live objects of updates (named
//! `upd-<i>`, like their new objects) go to `DIR/old/`.
//!
//! `compare` matches the objects of `k8s-validate -o json` with the Go
//! driver's lines by (file, document, item) and reports every object whose
//! result or errors differ.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::{Map, Value};

use crate::gen::{Gen, Rng};
use crate::schema::Ty;

const USAGE: &str =
    "usage: upstream-oracle manifests gen --build <real|real-1.36|real-1.37|real-1.38> \
--cases N --seed S --out DIR [--packages p1,p2,...] [--updates FRACTION] | \
manifests compare --rust RUST.json --go GO.jsonl";

pub fn cmd(args: &[String]) -> Result<ExitCode, String> {
    match args.first().map(String::as_str) {
        Some("gen") => gen(&args[1..]),
        Some("compare") => compare_cmd(&args[1..]),
        _ => Err(USAGE.into()),
    }
}

/// `--name value` pairs.
fn flags(args: &[String], known: &[&str]) -> Result<BTreeMap<String, String>, String> {
    let mut out = BTreeMap::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if !known.contains(&a.as_str()) {
            return Err(format!("unknown option {a} ({USAGE})"));
        }
        let v = it.next().ok_or_else(|| format!("{a} needs a value"))?;
        out.insert(a.clone(), v.clone());
    }
    Ok(out)
}

fn number(flag: &str, s: &str) -> Result<u64, String> {
    let s = s.replace('_', "");
    match s.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16),
        None => s.parse(),
    }
    .map_err(|e| format!("{flag}: {e}"))
}

// ---------------------------------------------------------------- gen

/// The `k8s.io/api` package of a root type: `apps_v1::Deployment` →
/// `apps/v1`.
fn package_of(root: &str) -> String {
    let (pkg, _) = root.split_once("::").unwrap_or((root, ""));
    pkg.replacen('_', "/", 1)
}

/// The `apiVersion` and `kind` of a root type: `apps_v1::Deployment` →
/// (`apps/v1`, `Deployment`); `core_v1::Pod` → (`v1`, `Pod`).
fn api_version_kind(root: &str) -> Result<(String, String), String> {
    let (pkg, kind) = root
        .split_once("::")
        .ok_or_else(|| format!("root type {root} has no package"))?;
    let (name, version) = pkg
        .split_once('_')
        .ok_or_else(|| format!("root type {root}: package {pkg} has no version"))?;
    let group = k8s_validation_api::group_of_package(name)
        .ok_or_else(|| format!("root type {root}: no API group for package {name}"))?;
    let api_version = if group.is_empty() {
        version.to_string()
    } else {
        format!("{group}/{version}")
    };
    Ok((api_version, kind.to_string()))
}

/// `v`'s `metadata` object (made one if it is not).
fn metadata(v: &mut Value) -> &mut Map<String, Value> {
    if !v.is_object() {
        *v = Value::Object(Map::new());
    }
    let m = v.as_object_mut().expect("an object");
    let meta = m
        .entry("metadata")
        .or_insert_with(|| Value::Object(Map::new()));
    if !meta.is_object() {
        *meta = Value::Object(Map::new());
    }
    meta.as_object_mut().expect("an object")
}

/// One generated object: its Go view, and the live object's when it is an
/// update.
struct Generated {
    new: Value,
    old: Option<Value>,
}

/// How the objects are laid out in files.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Layout {
    /// One YAML document (`*.yaml`).
    Single,
    /// 2-5 YAML documents separated by `---` lines.
    Multi,
    /// One `kind: List` document of 2-4 items.
    List,
    /// A pretty-printed JSON object, or a stream of 2-3.
    Json,
    /// One or more YAML documents in `sub/x/*.yml`.
    Nested,
}

fn pick_layout(rng: &mut Rng) -> Layout {
    match rng.below(100) {
        0..=39 => Layout::Single,
        40..=64 => Layout::Multi,
        65..=79 => Layout::List,
        80..=89 => Layout::Json,
        _ => Layout::Nested,
    }
}

fn yaml(v: &Value) -> Result<String, String> {
    let mut s = serde_norway::to_string(v).map_err(|e| format!("writing YAML: {e}"))?;
    if !s.ends_with('\n') {
        s.push('\n');
    }
    Ok(s)
}

fn json(v: &Value) -> String {
    let mut s = serde_json::to_string_pretty(v).expect("a JSON value");
    s.push('\n');
    s
}

/// The text of a multi-document YAML file: the documents separated by
/// `---` lines, sometimes with a leading one and a comment-only document.
fn multi_yaml(docs: &[&Value], rng: &mut Rng) -> Result<String, String> {
    let mut chunks = Vec::new();
    for d in docs {
        chunks.push(yaml(d)?);
    }
    if rng.chance(0.3) {
        let at = rng.below(chunks.len() + 1);
        chunks.insert(at, "# note\n".to_string());
    }
    let mut out = String::new();
    if rng.chance(0.3) {
        out.push_str("---\n");
    }
    for (i, c) in chunks.iter().enumerate() {
        if i > 0 {
            out.push_str("---\n");
        }
        out.push_str(c);
    }
    Ok(out)
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

fn gen(args: &[String]) -> Result<ExitCode, String> {
    let f = flags(
        args,
        &[
            "--build",
            "--cases",
            "--seed",
            "--out",
            "--packages",
            "--updates",
        ],
    )?;
    let build = crate::build_arg(f.get("--build"))?;
    if !build.is_real() {
        return Err(format!(
            "--build {}: manifests need a real-API build (real, real-1.36, real-1.37 or real-1.38)",
            build.name()
        ));
    }
    let cases = number("--cases", f.get("--cases").ok_or("missing --cases")?)?;
    let seed = number("--seed", f.get("--seed").ok_or("missing --seed")?)?;
    let out = PathBuf::from(f.get("--out").ok_or("missing --out")?);
    let updates: f64 = match f.get("--updates") {
        Some(s) => s
            .parse()
            .ok()
            .filter(|x: &f64| (0.0..=1.0).contains(x))
            .ok_or_else(|| format!("--updates {s}: not a fraction in 0..1"))?,
        None => 0.3,
    };
    let pkg = crate::package(build)?;
    let roots: Vec<String> = pkg.roots().map(|t| t.name.clone()).collect();
    let (inside, outside): (Vec<String>, Vec<String>) = match f.get("--packages") {
        None => (roots.clone(), Vec::new()),
        Some(list) => {
            let wanted: Vec<&str> = list
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .collect();
            for w in &wanted {
                if !roots.iter().any(|r| package_of(r) == *w) {
                    eprintln!(
                        "upstream-oracle manifests: warning: no root type of {} in package {w}",
                        build.name()
                    );
                }
            }
            roots
                .iter()
                .cloned()
                .partition(|r| wanted.contains(&package_of(r).as_str()))
        }
    };
    if inside.is_empty() {
        return Err("no root type in --packages".into());
    }

    // The objects.
    let mut rng = Rng::new(seed);
    let mut objects = Vec::new();
    let mut n_updates = 0u64;
    for i in 0..cases {
        let ty = if !outside.is_empty() && rng.chance(0.05) {
            rng.pick(&outside)
        } else {
            rng.pick(&inside)
        };
        let (api_version, kind) = api_version_kind(ty)?;
        let update = rng.chance(updates);
        let mut g = Gen::new(&pkg, crate::case_rng(seed, i));
        let (mut new, mut old) = if update {
            let old = g.object(ty);
            (g.update(ty, &old), Some(old))
        } else {
            (g.object(ty), None)
        };
        if let Some(old) = &mut old {
            n_updates += 1;
            let name = Value::String(format!("upd-{i}"));
            let namespace = metadata(old)
                .get("namespace")
                .filter(|n| !n.is_null())
                .cloned();
            for m in [metadata(old), metadata(&mut new)] {
                m.insert("name".into(), name.clone());
                match &namespace {
                    Some(ns) => m.insert("namespace".into(), ns.clone()),
                    None => m.remove("namespace"),
                };
            }
        }
        let view = |v: &Value| {
            let mut v = pkg.go_view(v, &Ty::Named(ty.clone()));
            if let Value::Object(m) = &mut v {
                m.insert("apiVersion".into(), Value::String(api_version.clone()));
                m.insert("kind".into(), Value::String(kind.clone()));
            }
            v
        };
        objects.push(Generated {
            new: view(&new),
            old: old.as_ref().map(view),
        });
    }

    // The files.
    let new_dir = out.join("new");
    let old_dir = out.join("old");
    for d in [&new_dir, &old_dir] {
        if d.exists() {
            std::fs::remove_dir_all(d).map_err(|e| format!("{}: {e}", d.display()))?;
        }
        std::fs::create_dir_all(d).map_err(|e| format!("{}: {e}", d.display()))?;
    }
    let mut files = 0usize;
    let mut next = 0usize;
    while next < objects.len() {
        let layout = pick_layout(&mut rng);
        let want = match layout {
            Layout::Single => 1,
            Layout::Multi => 2 + rng.below(4),
            Layout::List => 2 + rng.below(3),
            Layout::Json => {
                if rng.chance(0.5) {
                    1
                } else {
                    2 + rng.below(2)
                }
            }
            Layout::Nested => 1 + rng.below(3),
        };
        let take = want.min(objects.len() - next);
        let docs: Vec<&Value> = objects[next..next + take].iter().map(|o| &o.new).collect();
        let (path, text) = match layout {
            Layout::Single => (new_dir.join(format!("o{files:04}.yaml")), yaml(docs[0])?),
            Layout::Multi => (
                new_dir.join(format!("m{files:04}.yaml")),
                multi_yaml(&docs, &mut rng)?,
            ),
            Layout::List => {
                let list = serde_json::json!({
                    "apiVersion": "v1",
                    "kind": "List",
                    "items": docs,
                });
                (new_dir.join(format!("l{files:04}.yaml")), yaml(&list)?)
            }
            Layout::Json => (
                new_dir.join(format!("j{files:04}.json")),
                docs.iter().map(|d| json(d)).collect(),
            ),
            Layout::Nested => (
                new_dir
                    .join("sub")
                    .join("x")
                    .join(format!("n{files:04}.yml")),
                multi_yaml(&docs, &mut rng)?,
            ),
        };
        write(&path, &text)?;
        files += 1;
        next += take;
    }
    let old_docs: Vec<&Value> = objects.iter().filter_map(|o| o.old.as_ref()).collect();
    if !old_docs.is_empty() {
        let mut text = String::new();
        for d in old_docs {
            text.push_str("---\n");
            text.push_str(&yaml(d)?);
        }
        write(&old_dir.join("live.yaml"), &text)?;
    }
    println!(
        "manifests: {} objects in {files} files ({n_updates} updates)",
        objects.len()
    );
    Ok(ExitCode::SUCCESS)
}

// ---------------------------------------------------------------- compare

/// Where an object is: file, document (1-based), item of a `List`
/// (0-based).
type Key = (String, Option<u64>, Option<u64>);

/// One error: type, field, origin, detail.
type ErrorKey = (String, String, String, String);

/// One side's verdict on one object (or bad document: result `bad`).
#[derive(Clone, Debug)]
struct Entry {
    key: Key,
    api_version: String,
    kind: String,
    name: String,
    result: String,
    reason: String,
    errors: Vec<ErrorKey>,
    messages: Vec<String>,
}

fn text(v: Option<&Value>) -> String {
    match v {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    }
}

fn position(v: Option<&Value>, what: &str) -> Result<Option<u64>, String> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .map(Some)
            .ok_or_else(|| format!("{what} is not a number: {v}")),
    }
}

fn entry(v: &Value, message_field: &str, bad: bool) -> Result<Entry, String> {
    if !v.is_object() {
        return Err(format!("an entry is not an object: {v}"));
    }
    let file = text(v.get("file"));
    let file = file.strip_prefix("./").unwrap_or(&file).to_string();
    let key = (
        file,
        position(v.get("document"), "document")?,
        position(v.get("item"), "item")?,
    );
    let mut errors = Vec::new();
    let mut messages = Vec::new();
    if let Some(Value::Array(errs)) = v.get("errors") {
        for e in errs {
            errors.push((
                text(e.get("type")),
                text(e.get("field")),
                text(e.get("origin")),
                text(e.get("detail")),
            ));
            messages.push(text(e.get(message_field)));
        }
    }
    errors.sort();
    messages.sort();
    Ok(Entry {
        key,
        api_version: text(v.get("apiVersion")),
        kind: text(v.get("kind")),
        name: text(v.get("name")),
        result: if bad {
            "bad".into()
        } else {
            text(v.get("result"))
        },
        reason: text(v.get(if bad { "error" } else { "reason" })),
        errors,
        messages,
    })
}

/// The entries of `k8s-validate -o json`'s output.
fn rust_entries(v: &Value) -> Result<Vec<Entry>, String> {
    let objects = v
        .get("objects")
        .and_then(Value::as_array)
        .ok_or("no \"objects\" array")?;
    let mut out = Vec::new();
    for o in objects {
        out.push(entry(o, "message", false)?);
    }
    if let Some(bad) = v.get("badDocuments").and_then(Value::as_array) {
        for b in bad {
            out.push(entry(b, "message", true)?);
        }
    }
    Ok(out)
}

/// The entries of the Go driver's lines.
fn go_entries(text: &str) -> Result<Vec<Entry>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(line).map_err(|e| format!("line {}: {e}", i + 1))?;
        out.push(entry(&v, "text", false).map_err(|e| format!("line {}: {e}", i + 1))?);
    }
    Ok(out)
}

#[derive(Debug)]
struct Difference {
    what: String,
    rust: Option<Entry>,
    go: Option<Entry>,
}

#[derive(Debug, Default)]
struct Report {
    matched: usize,
    differences: Vec<Difference>,
    rust_counts: BTreeMap<String, usize>,
    go_counts: BTreeMap<String, usize>,
    /// Objects whose difference a documented deviation accounts for, by
    /// deviation name (../DEVIATIONS.md).
    deviations: BTreeMap<String, usize>,
}

/// The text rewrites of the documented deviations that make the two sides'
/// messages equal, by name; `None` when they do not.
fn rewrite_deviations(r: &[String], g: &[String]) -> Option<Vec<&'static str>> {
    let (mut r, mut g) = (r.to_vec(), g.to_vec());
    let mut used = Vec::new();
    for d in crate::deviations::DEVIATIONS {
        if let crate::deviations::Rule::Rewrite(f) = d.rule {
            let r2: Vec<String> = r.iter().map(|t| f(t)).collect();
            let g2: Vec<String> = g.iter().map(|t| f(t)).collect();
            let (mut r2, mut g2) = (r2, g2);
            r2.sort();
            g2.sort();
            // Attributed only when it changes texts of a pair that differs.
            if r != g && (r2 != r || g2 != g) {
                used.push(d.name);
            }
            (r, g) = (r2, g2);
        }
    }
    (r == g).then_some(used)
}

fn compare(rust: Vec<Entry>, go: Vec<Entry>) -> Report {
    let mut report = Report::default();
    for e in &rust {
        *report.rust_counts.entry(e.result.clone()).or_default() += 1;
    }
    for e in &go {
        *report.go_counts.entry(e.result.clone()).or_default() += 1;
    }
    let mut by_key: BTreeMap<Key, Vec<Entry>> = BTreeMap::new();
    for e in rust {
        by_key.entry(e.key.clone()).or_default().push(e);
    }
    for g in go {
        let r = by_key.get_mut(&g.key).and_then(|v| {
            // A bad document matches a bad document; an object an object.
            let i = v
                .iter()
                .position(|r| (r.result == "bad") == (g.result == "bad"))
                .unwrap_or(0);
            (!v.is_empty()).then(|| v.remove(i))
        });
        let Some(r) = r else {
            report.differences.push(Difference {
                what: "no Rust entry".into(),
                rust: None,
                go: Some(g),
            });
            continue;
        };
        report.matched += 1;
        let what = if g.result == "panic" && g.reason.contains("nil pointer dereference") {
            // Upstream's nil dereferences (DEVIATIONS.md, upstream-panic-*):
            // the project validates instead.
            *report
                .deviations
                .entry("upstream-panic-nil-dereference".into())
                .or_default() += 1;
            None
        } else if r.result != g.result {
            Some(format!("result: Rust {}, Go {}", r.result, g.result))
        } else if r.result == "invalid" {
            match (r.errors == g.errors, r.messages == g.messages) {
                (true, true) => None,
                (false, _) => Some("errors differ".to_string()),
                (true, false) => match rewrite_deviations(&r.messages, &g.messages) {
                    Some(names) => {
                        for n in names {
                            *report.deviations.entry(n.into()).or_default() += 1;
                        }
                        None
                    }
                    None => Some("error messages differ".to_string()),
                },
            }
        } else {
            None
        };
        if let Some(what) = what {
            report.differences.push(Difference {
                what,
                rust: Some(r),
                go: Some(g),
            });
        }
    }
    for r in by_key.into_values().flatten() {
        report.differences.push(Difference {
            what: "no Go entry".into(),
            rust: Some(r),
            go: None,
        });
    }
    report
}

fn describe_key(k: &Key) -> String {
    let doc = k.1.map_or("-".to_string(), |d| d.to_string());
    let item = k.2.map_or("-".to_string(), |i| i.to_string());
    format!("{} document {doc} item {item}", k.0)
}

/// The errors of `e`, those missing from `other` marked with `*`.
fn describe_errors(out: &mut String, side: &str, e: Option<&Entry>, other: Option<&Entry>) {
    let Some(e) = e else {
        let _ = writeln!(out, "    {side}: (none)");
        return;
    };
    let reason = if e.reason.is_empty() {
        String::new()
    } else {
        format!(" ({})", e.reason)
    };
    let _ = writeln!(out, "    {side}: {}{reason}", e.result);
    let mut rest_errors: Vec<&ErrorKey> =
        other.map(|o| o.errors.iter().collect()).unwrap_or_default();
    let mut rest_messages: Vec<&String> = other
        .map(|o| o.messages.iter().collect())
        .unwrap_or_default();
    for err in &e.errors {
        let (t, f, o, d) = err;
        let mark = match rest_errors.iter().position(|x| *x == err) {
            Some(i) => {
                rest_errors.remove(i);
                ' '
            }
            None => '*',
        };
        let _ = writeln!(out, "     {mark} {t} {f} origin={o:?} detail={d:?}");
    }
    for m in &e.messages {
        let mark = match rest_messages.iter().position(|x| *x == m) {
            Some(i) => {
                rest_messages.remove(i);
                ' '
            }
            None => '*',
        };
        let _ = writeln!(out, "     {mark} message: {m}");
    }
}

fn render(report: &Report, max_detail: usize) -> String {
    let mut out = String::new();
    for (i, d) in report.differences.iter().enumerate().take(max_detail) {
        let e = d.go.as_ref().or(d.rust.as_ref()).expect("one side");
        let _ = writeln!(
            out,
            "difference {}: {}: {} {} {:?}: {}",
            i + 1,
            describe_key(&e.key),
            e.api_version,
            e.kind,
            e.name,
            d.what
        );
        describe_errors(&mut out, "rust", d.rust.as_ref(), d.go.as_ref());
        describe_errors(&mut out, "go", d.go.as_ref(), d.rust.as_ref());
    }
    if report.differences.len() > max_detail {
        let _ = writeln!(
            out,
            "... and {} more differences:",
            report.differences.len() - max_detail
        );
        for d in &report.differences[max_detail..] {
            let e = d.go.as_ref().or(d.rust.as_ref()).expect("one side");
            let _ = writeln!(out, "  {}: {}", describe_key(&e.key), d.what);
        }
    }
    let counts = |c: &BTreeMap<String, usize>| {
        c.iter()
            .map(|(r, n)| format!("{r} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = writeln!(out, "rust: {}", counts(&report.rust_counts));
    let _ = writeln!(out, "go:   {}", counts(&report.go_counts));
    if !report.deviations.is_empty() {
        let _ = writeln!(
            out,
            "documented deviations (../DEVIATIONS.md), objects: {}",
            counts(&report.deviations)
        );
    }
    let _ = writeln!(
        out,
        "manifests: {} objects compared, {} differences",
        report.matched,
        report.differences.len()
    );
    out
}

fn compare_cmd(args: &[String]) -> Result<ExitCode, String> {
    let f = flags(args, &["--rust", "--go"])?;
    let rust_path = f.get("--rust").ok_or("missing --rust")?;
    let go_path = f.get("--go").ok_or("missing --go")?;
    let rust_text = std::fs::read_to_string(rust_path).map_err(|e| format!("{rust_path}: {e}"))?;
    let rust_json: Value =
        serde_json::from_str(&rust_text).map_err(|e| format!("{rust_path}: {e}"))?;
    let rust = rust_entries(&rust_json).map_err(|e| format!("{rust_path}: {e}"))?;
    let go_text = std::fs::read_to_string(go_path).map_err(|e| format!("{go_path}: {e}"))?;
    let go = go_entries(&go_text).map_err(|e| format!("{go_path}: {e}"))?;
    let report = compare(rust, go);
    print!("{}", render(&report, 20));
    Ok(if report.differences.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn rust_side(objects: Value) -> Vec<Entry> {
        rust_entries(&json!({"objects": objects, "badDocuments": []})).unwrap()
    }

    fn go_side(lines: &[Value]) -> Vec<Entry> {
        let text: Vec<String> = lines.iter().map(Value::to_string).collect();
        go_entries(&text.join("\n")).unwrap()
    }

    fn rust_error(field: &str, origin: &str) -> Value {
        json!({"type": "FieldValueInvalid", "field": field, "origin": origin,
               "detail": "bad", "message": format!("{field}: Invalid value: bad")})
    }

    fn go_error(field: &str, origin: &str) -> Value {
        json!({"type": "FieldValueInvalid", "field": field, "origin": origin,
               "detail": "bad", "text": format!("{field}: Invalid value: bad"), "level": ""})
    }

    fn rust_object(file: &str, result: &str, errors: Vec<Value>) -> Value {
        json!({"file": file, "document": 1, "item": null, "apiVersion": "apps/v1",
               "kind": "Deployment", "namespace": null, "name": "a", "operation": "create",
               "result": result, "reason": null, "errors": errors})
    }

    fn go_object(file: &str, result: &str, errors: Vec<Value>) -> Value {
        json!({"file": file, "document": 1, "item": null, "apiVersion": "apps/v1",
               "kind": "Deployment", "name": "a", "result": result, "reason": "",
               "errors": errors})
    }

    #[test]
    fn the_same_errors_in_another_order_are_no_difference() {
        let rust = rust_side(json!([rust_object(
            "new/a.yaml",
            "invalid",
            vec![rust_error("spec.a", "minimum"), rust_error("spec.b", "")]
        )]));
        let go = go_side(&[go_object(
            "./new/a.yaml",
            "invalid",
            vec![go_error("spec.b", ""), go_error("spec.a", "minimum")],
        )]);
        let report = compare(rust, go);
        assert_eq!(report.matched, 1);
        assert!(report.differences.is_empty(), "{report:?}");
        assert!(render(&report, 20).ends_with("manifests: 1 objects compared, 0 differences\n"));
    }

    #[test]
    fn a_missing_error_is_a_difference() {
        let rust = rust_side(json!([rust_object(
            "new/a.yaml",
            "invalid",
            vec![rust_error("spec.a", "minimum"), rust_error("spec.b", "")]
        )]));
        let go = go_side(&[go_object(
            "new/a.yaml",
            "invalid",
            vec![go_error("spec.a", "minimum")],
        )]);
        let report = compare(rust, go);
        assert_eq!(report.matched, 1);
        assert_eq!(report.differences.len(), 1);
        assert_eq!(report.differences[0].what, "errors differ");
        let text = render(&report, 20);
        assert!(text.contains("* FieldValueInvalid spec.b"), "{text}");
        assert!(text.ends_with("manifests: 1 objects compared, 1 differences\n"));
    }

    #[test]
    fn a_result_mismatch_is_a_difference() {
        let rust = rust_side(json!([
            rust_object("new/a.yaml", "valid", vec![]),
            rust_object("new/b.yaml", "not-run", vec![]),
        ]));
        let go = go_side(&[
            go_object("new/a.yaml", "invalid", vec![go_error("spec.a", "")]),
            json!({"file": "new/b.yaml", "document": 1, "item": null,
                   "result": "not-run", "reason": "some other reason", "errors": []}),
        ]);
        let report = compare(rust, go);
        assert_eq!(report.matched, 2);
        assert_eq!(report.differences.len(), 1, "{report:?}");
        assert_eq!(report.differences[0].what, "result: Rust valid, Go invalid");
    }

    #[test]
    fn different_messages_are_a_difference() {
        let rust = rust_side(json!([rust_object(
            "new/a.yaml",
            "invalid",
            vec![rust_error("spec.a", "")]
        )]));
        let mut e = go_error("spec.a", "");
        e["text"] = json!("spec.a: something else");
        let go = go_side(&[go_object("new/a.yaml", "invalid", vec![e])]);
        let report = compare(rust, go);
        assert_eq!(report.differences.len(), 1);
        assert_eq!(report.differences[0].what, "error messages differ");
    }

    #[test]
    fn missing_counterparts_and_bad_documents() {
        let rust = rust_entries(&json!({
            "objects": [rust_object("new/a.yaml", "valid", vec![])],
            "badDocuments": [{"file": "new/c.yaml", "document": 2, "item": null,
                              "error": "error parsing YAML"}],
        }))
        .unwrap();
        let go = go_side(&[
            json!({"file": "new/c.yaml", "document": 2, "item": null, "result": "bad",
                   "reason": "yaml: line 1", "errors": []}),
            go_object("new/d.yaml", "valid", vec![]),
        ]);
        let report = compare(rust, go);
        assert_eq!(report.matched, 1);
        let whats: Vec<&str> = report.differences.iter().map(|d| d.what.as_str()).collect();
        assert_eq!(whats, ["no Rust entry", "no Go entry"]);
    }

    #[test]
    fn root_types_give_api_versions() {
        assert_eq!(package_of("apps_v1::Deployment"), "apps/v1");
        assert_eq!(
            api_version_kind("apps_v1::Deployment").unwrap(),
            ("apps/v1".to_string(), "Deployment".to_string())
        );
        assert_eq!(
            api_version_kind("core_v1::Pod").unwrap(),
            ("v1".to_string(), "Pod".to_string())
        );
        assert_eq!(
            api_version_kind("rbac_v1::Role").unwrap().0,
            "rbac.authorization.k8s.io/v1"
        );
    }
}
