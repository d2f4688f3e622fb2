//! Offline replay: run hand-written and declarative validation over a
//! directory of stored objects and report every disagreement, grouped by
//! origin and field, so a team can measure parity in CI before it turns
//! takeover on.
//!
//! # Directory layout
//!
//! The directory is walked recursively (in path order). Files ending in
//! `.json`, `.yaml` or `.yml` are read; everything else is ignored.
//!
//! * `<name>.<ext>`: every object in it is validated as a **create**. A YAML
//!   file may hold several documents (`---`), and an object of kind `List`
//!   stands for its `items`.
//! * `<name>.old.<ext>` + `<name>.new.<ext>` (same directory): one
//!   **update** from the old object to the new one. Each must hold exactly
//!   one object; the extensions may differ.
//!
//! Each object is decoded by its `kind` (and `apiVersion`, when the type was
//! registered with one) into the type registered with
//! [`TypeRegistration::from_json`](crate::TypeRegistration::from_json);
//! the type also needs its hand-written validation
//! ([`TypeRegistration::handwritten`](crate::TypeRegistration::handwritten)).
//!
//! ```no_run
//! use k8s_validation_migration::replay::{replay_dir, ReplayOptions};
//! # use k8s_validation_migration::Registry;
//! # let registry = Registry::new();
//! let report = replay_dir(&registry, "testdata/objects", &ReplayOptions::default()).unwrap();
//! print!("{report}");
//! if !report.is_clean() {
//!     std::process::exit(1);
//! }
//! ```

use std::any::Any;
use std::collections::BTreeMap;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use crate::matcher::{gather_mismatches_for, Mismatch, MismatchKind, NormalizationRule};
use crate::registry::{Entry, Registry};
use crate::run_guarded;
use k8s_validation::field::go_quote;
use k8s_validation::{Operation, Release};

/// How to validate the replayed objects.
///
/// Every declarative error is compared with the covered hand-written ones,
/// whatever its stability level, with the comparison of
/// [`release`](Self::release) ([`gather_mismatches_for`]):
/// the replay is the parity gate, stricter than a 1.37 server (or a 1.36
/// one for a type with enforcement), which only compares alpha and beta
/// errors.
#[derive(Clone, Debug)]
pub struct ReplayOptions {
    /// The subresource of every request (`/status`); the root resource by default.
    pub subresource: Option<String>,
    /// Validation options enabled for every request (`+k8s:ifEnabled`).
    pub options: Vec<String>,
    /// Validation options defined disabled for every request (needed by
    /// code generated for 1.37 for each option its tags name; an option in
    /// both lists is enabled). Options a type's registration defines
    /// ([`TypeRegistration::option`](crate::TypeRegistration::option))
    /// apply where these lists say nothing.
    pub disabled_options: Vec<String>,
    /// Path normalization for declarative errors.
    pub normalization_rules: Vec<NormalizationRule>,
    /// The release whose comparison is used (default:
    /// [`KUBERNETES_RELEASE`](k8s_validation::KUBERNETES_RELEASE)).
    pub release: Release,
}

impl Default for ReplayOptions {
    fn default() -> Self {
        ReplayOptions {
            subresource: None,
            options: Vec::new(),
            disabled_options: Vec::new(),
            normalization_rules: Vec::new(),
            release: k8s_validation::KUBERNETES_RELEASE,
        }
    }
}

/// One disagreement found by the replay.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayMismatch {
    /// The case: the file relative to the replayed directory (`a.json`,
    /// `sub/list.yaml#2` for the third object of a file,
    /// `sub/a.{old,new}.json` for an update).
    pub case: String,
    /// The object's kind.
    pub kind: String,
    /// The disagreement, with the message an API server would log.
    pub mismatch: Mismatch,
}

/// A case the replay could not validate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayFailure {
    /// The case (see [`ReplayMismatch::case`]).
    pub case: String,
    /// What went wrong (unreadable file, bad JSON/YAML, unknown kind,
    /// decode error, no hand-written validation, unpaired update file).
    pub reason: String,
}

/// A panic caught in one side's validation of a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayPanic {
    /// The case.
    pub case: String,
    /// `declarative` or `handwritten`.
    pub side: &'static str,
    /// The panic message.
    pub message: String,
}

/// The result of a replay.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReplayReport {
    /// Objects validated as creates.
    pub creates: usize,
    /// Old/new pairs validated as updates.
    pub updates: usize,
    /// Every disagreement, in case order.
    pub mismatches: Vec<ReplayMismatch>,
    /// Panics caught (the case's comparison is skipped).
    pub panics: Vec<ReplayPanic>,
    /// Cases that could not be validated.
    pub failures: Vec<ReplayFailure>,
}

/// The key mismatches are grouped by: the error's origin (empty when it has
/// none) and its field as compared.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GroupKey {
    /// The origin (`minimum`, `format=k8s-short-name`, ...), or empty.
    pub origin: String,
    /// The field path (normalized for declarative errors).
    pub field: String,
}

impl ReplayReport {
    /// Whether both validations agreed on every case and nothing failed or
    /// panicked.
    pub fn is_clean(&self) -> bool {
        self.mismatches.is_empty() && self.panics.is_empty() && self.failures.is_empty()
    }

    /// The mismatches grouped by origin and field (sorted).
    pub fn groups(&self) -> BTreeMap<GroupKey, Vec<&ReplayMismatch>> {
        let mut groups: BTreeMap<GroupKey, Vec<&ReplayMismatch>> = BTreeMap::new();
        for m in &self.mismatches {
            let key = GroupKey {
                origin: m.mismatch.error.origin().unwrap_or("").to_owned(),
                field: m.mismatch.field.clone(),
            };
            groups.entry(key).or_default().push(m);
        }
        groups
    }
}

/// A summary line, then one block per origin and field, then panics and
/// failures:
///
/// ```text
/// replay: 4 cases (3 creates, 1 update), 2 mismatches in 1 group, 0 panics, 0 failures
/// origin="maxLength" field="spec.displayName": 2 mismatches (0 unmatched, 2 extra)
///   extra  objects/long.json: {Type="Too long", Field="spec.displayName", Origin="maxLength"}
///   ...
/// ```
impl fmt::Display for ReplayReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let groups = self.groups();
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        writeln!(
            f,
            "replay: {} ({}, {}), {} in {}, {}, {}",
            plural(self.creates + self.updates, "case", "cases"),
            plural(self.creates, "create", "creates"),
            plural(self.updates, "update", "updates"),
            plural(self.mismatches.len(), "mismatch", "mismatches"),
            plural(groups.len(), "group", "groups"),
            plural(self.panics.len(), "panic", "panics"),
            plural(self.failures.len(), "failure", "failures"),
        )?;
        for (key, ms) in &groups {
            let unmatched = ms
                .iter()
                .filter(|m| m.mismatch.kind == MismatchKind::Unmatched)
                .count();
            writeln!(
                f,
                "origin={} field={}: {} ({} unmatched, {} extra)",
                go_quote(&key.origin),
                go_quote(&key.field),
                plural(ms.len(), "mismatch", "mismatches"),
                unmatched,
                ms.len() - unmatched
            )?;
            for m in ms {
                writeln!(
                    f,
                    "  {:<9} {}: {}",
                    m.mismatch.kind.to_string(),
                    m.case,
                    m.mismatch.rendered
                )?;
            }
        }
        for p in &self.panics {
            writeln!(
                f,
                "panic in {} validation of {}: {}",
                p.side, p.case, p.message
            )?;
        }
        for x in &self.failures {
            writeln!(f, "failed {}: {}", x.case, x.reason)?;
        }
        Ok(())
    }
}

/// Replays every object under `dir` (see the [module docs](self) for the
/// layout). An error is returned only when `dir` cannot be listed; problems
/// with single files are [`ReplayReport::failures`].
pub fn replay_dir(
    registry: &Registry,
    dir: impl AsRef<Path>,
    options: &ReplayOptions,
) -> io::Result<ReplayReport> {
    let mut files = Vec::new();
    collect_files(dir.as_ref(), &mut files)?;
    files.sort();

    let cx = Cx {
        registry,
        options,
        root: dir.as_ref(),
    };
    let mut report = ReplayReport::default();
    let mut updates: BTreeMap<(PathBuf, String), [Option<PathBuf>; 2]> = BTreeMap::new();
    for file in files {
        let Some(name) = file.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let Some((stem, _ext)) = split_ext(name) else {
            continue;
        };
        let parent = file.parent().map(Path::to_path_buf).unwrap_or_default();
        if let Some(base) = stem.strip_suffix(".old") {
            updates.entry((parent, base.to_owned())).or_default()[0] = Some(file.clone());
        } else if let Some(base) = stem.strip_suffix(".new") {
            updates.entry((parent, base.to_owned())).or_default()[1] = Some(file.clone());
        } else {
            replay_creates(&cx, &file, &mut report);
        }
    }
    for ((parent, base), pair) in updates {
        match pair {
            [Some(old), Some(new)] => replay_update(&cx, &old, &new, &mut report),
            [Some(one), None] | [None, Some(one)] => report.failures.push(ReplayFailure {
                case: cx.rel(&one),
                reason: format!(
                    "update file without its pair (an update needs both {} and {})",
                    cx.rel(&parent.join(format!("{base}.old.*"))),
                    cx.rel(&parent.join(format!("{base}.new.*")))
                ),
            }),
            [None, None] => {}
        }
    }
    Ok(report)
}

fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect_files(&path, out)?;
        } else if split_ext(path.file_name().and_then(|n| n.to_str()).unwrap_or("")).is_some() {
            out.push(path);
        }
    }
    Ok(())
}

fn split_ext(name: &str) -> Option<(&str, &str)> {
    let (stem, ext) = name.rsplit_once('.')?;
    matches!(ext, "json" | "yaml" | "yml").then_some((stem, ext))
}

/// What every case of one replay shares.
struct Cx<'a> {
    registry: &'a Registry,
    options: &'a ReplayOptions,
    root: &'a Path,
}

impl Cx<'_> {
    /// A path relative to the replayed directory, with `/` separators.
    fn rel(&self, p: &Path) -> String {
        let rel = p.strip_prefix(self.root).unwrap_or(p);
        rel.components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/")
    }
}

fn operation(options: &ReplayOptions, update: bool) -> Operation {
    let mut op = if update {
        Operation::update()
    } else {
        Operation::create()
    };
    if let Some(sub) = &options.subresource {
        op = op.with_subresource(sub);
    }
    for o in &options.disabled_options {
        op = op.with_option_disabled(o.clone());
    }
    for o in &options.options {
        op = op.with_option(o.clone());
    }
    op
}

/// Every object in a file: YAML documents (JSON is YAML), `List`s expanded.
fn read_objects(file: &Path) -> Result<Vec<serde_json::Value>, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read: {e}"))?;
    let is_json = file.extension().and_then(|e| e.to_str()) == Some("json");
    let docs: Vec<serde_json::Value> = if is_json {
        vec![serde_json::from_str(&text).map_err(|e| format!("invalid JSON: {e}"))?]
    } else {
        let mut docs = Vec::new();
        for doc in serde_norway::Deserializer::from_str(&text) {
            let v: serde_json::Value =
                serde::Deserialize::deserialize(doc).map_err(|e| format!("invalid YAML: {e}"))?;
            if !v.is_null() {
                docs.push(v);
            }
        }
        docs
    };
    let mut out = Vec::with_capacity(docs.len());
    for doc in docs {
        let is_list = doc.get("kind").and_then(|k| k.as_str()) == Some("List");
        match (is_list, doc) {
            (true, serde_json::Value::Object(mut m)) => match m.remove("items") {
                Some(serde_json::Value::Array(items)) => out.extend(items),
                Some(_) => return Err("a List's items must be an array".to_owned()),
                None => {}
            },
            (_, doc) => out.push(doc),
        }
    }
    Ok(out)
}

struct Decoded<'r> {
    entry: &'r Entry,
    value: Box<dyn Any + Send>,
}

fn decode<'r>(registry: &'r Registry, v: serde_json::Value) -> Result<Decoded<'r>, String> {
    let kind = v
        .get("kind")
        .and_then(|k| k.as_str())
        .ok_or("object has no kind")?
        .to_owned();
    let api_version = v
        .get("apiVersion")
        .and_then(|k| k.as_str())
        .map(str::to_owned);
    let entry = registry
        .entry_for_kind(api_version.as_deref(), &kind)
        .ok_or_else(|| match &api_version {
            Some(av) => format!("no type is registered for kind {kind} ({av})"),
            None => format!("no type is registered for kind {kind}"),
        })?;
    let dec = entry
        .decode
        .as_ref()
        .ok_or_else(|| format!("kind {kind} is not registered with from_json()"))?;
    if entry.handwritten.is_none() {
        return Err(format!(
            "kind {kind} has no hand-written validation registered"
        ));
    }
    let value = dec(v).map_err(|e| format!("cannot decode {kind}: {e}"))?;
    Ok(Decoded { entry, value })
}

fn replay_creates(cx: &Cx<'_>, file: &Path, report: &mut ReplayReport) {
    let objects = match read_objects(file) {
        Ok(o) => o,
        Err(reason) => {
            report.failures.push(ReplayFailure {
                case: cx.rel(file),
                reason,
            });
            return;
        }
    };
    let many = objects.len() > 1;
    for (i, v) in objects.into_iter().enumerate() {
        let case = if many {
            format!("{}#{i}", cx.rel(file))
        } else {
            cx.rel(file)
        };
        match decode(cx.registry, v) {
            Ok(d) => {
                report.creates += 1;
                let op = operation(cx.options, false);
                compare(cx.options, &case, d.entry, &*d.value, None, &op, report);
            }
            Err(reason) => report.failures.push(ReplayFailure { case, reason }),
        }
    }
}

fn replay_update(cx: &Cx<'_>, old: &Path, new: &Path, report: &mut ReplayReport) {
    let case = update_case(&cx.rel(old), &cx.rel(new));
    let one = |file: &Path| -> Result<Decoded<'_>, String> {
        let mut objects = read_objects(file)?;
        if objects.len() != 1 {
            return Err(format!(
                "{} holds {} objects; an update file holds exactly one",
                cx.rel(file),
                objects.len()
            ));
        }
        decode(cx.registry, objects.remove(0))
    };
    let (old_obj, new_obj) = match (one(old), one(new)) {
        (Ok(o), Ok(n)) => (o, n),
        (Err(reason), _) | (_, Err(reason)) => {
            report.failures.push(ReplayFailure { case, reason });
            return;
        }
    };
    if !std::ptr::eq(old_obj.entry, new_obj.entry) {
        report.failures.push(ReplayFailure {
            case,
            reason: format!(
                "old and new objects are of different kinds ({} and {})",
                old_obj.entry.kind, new_obj.entry.kind
            ),
        });
        return;
    }
    report.updates += 1;
    let op = operation(cx.options, true);
    compare(
        cx.options,
        &case,
        new_obj.entry,
        &*new_obj.value,
        Some(&*old_obj.value),
        &op,
        report,
    );
}

/// `dir/a.{old,new}.json` (or both names when the extensions differ).
fn update_case(o: &str, n: &str) -> String {
    if let (Some(oi), Some(ni)) = (o.rfind(".old."), n.rfind(".new.")) {
        if o[..oi] == n[..ni] && o[oi + 5..] == n[ni + 5..] {
            return format!("{}.{{old,new}}.{}", &o[..oi], &o[oi + 5..]);
        }
    }
    format!("{o} -> {n}")
}

fn compare(
    options: &ReplayOptions,
    case: &str,
    entry: &Entry,
    obj: &(dyn Any + Send),
    old: Option<&(dyn Any + Send)>,
    op: &Operation,
    report: &mut ReplayReport,
) {
    let obj: &dyn Any = obj;
    let old: Option<&dyn Any> = old.map(|o| o as &dyn Any);
    let handwritten = match run_guarded(|| entry.run_handwritten(obj, old, op).unwrap_or_default())
    {
        Ok(errs) => errs,
        Err(message) => {
            report.panics.push(ReplayPanic {
                case: case.to_owned(),
                side: "handwritten",
                message,
            });
            return;
        }
    };
    let mut dop = op.clone();
    for (name, enabled) in &entry.options {
        if dop.option(name).is_none() {
            dop = dop.with_option_set(name.clone(), *enabled);
        }
    }
    let declarative = match run_guarded(|| entry.run_declarative(obj, old, &dop)) {
        Ok(errs) => errs,
        Err(message) => {
            report.panics.push(ReplayPanic {
                case: case.to_owned(),
                side: "declarative",
                message,
            });
            return;
        }
    };
    for mismatch in gather_mismatches_for(
        options.release,
        &handwritten,
        &declarative,
        false,
        &options.normalization_rules,
        entry.short_circuit_mismatch,
    ) {
        report.mismatches.push(ReplayMismatch {
            case: case.to_owned(),
            kind: entry.kind.clone(),
            mismatch,
        });
    }
}
