//! What the command prints: kubectl's error lines, or `-o json`, and the
//! summary.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use k8s_validation::field::{go_quote, InvalidObject};
use k8s_validation::{ErrorList, Release};
use serde_json::{json, Value};

use crate::check::{Checked, NotRun, Verdict};
use crate::input::{Position, Source};

/// One object's outcome, or a bad document.
#[derive(Debug)]
pub enum Outcome {
    /// An object and its verdict.
    Object(Checked),
    /// A document that holds no object to validate, and why.
    BadDocument(String),
}

/// An outcome where it was found.
#[derive(Debug)]
pub struct Entry {
    /// The source.
    pub source: Source,
    /// The document in the source.
    pub position: Position,
    /// The outcome.
    pub outcome: Outcome,
}

/// The whole run.
#[derive(Debug)]
pub struct Report {
    /// The release.
    pub release: Release,
    /// The gates the run assumed, each with whether it is the release's
    /// default.
    pub gates: Vec<(String, bool, bool)>,
    /// The validation options set, by name.
    pub options: Vec<(String, bool)>,
    /// Every outcome in input order.
    pub entries: Vec<Entry>,
    /// The sources read.
    pub files: usize,
    /// Sources that could not be read, with the error.
    pub unreadable: Vec<(Source, String)>,
}

/// The counts of a report.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Objects (bad documents excluded).
    pub objects: usize,
    /// Objects declarative validation found errors in, or that do not decode.
    pub invalid: usize,
    /// Objects validated without errors.
    pub valid: usize,
    /// Objects not validated.
    pub not_run: usize,
    /// Documents without an object to validate, and unreadable sources.
    pub bad: usize,
}

impl Report {
    /// The counts.
    pub fn counts(&self) -> Counts {
        let mut c = Counts {
            bad: self.unreadable.len(),
            ..Counts::default()
        };
        for e in &self.entries {
            match &e.outcome {
                Outcome::BadDocument(_) => c.bad += 1,
                Outcome::Object(o) => {
                    c.objects += 1;
                    match o.verdict {
                        Verdict::Valid => c.valid += 1,
                        Verdict::Invalid(_) | Verdict::Undecodable(_) => c.invalid += 1,
                        Verdict::NotRun(_) => c.not_run += 1,
                    }
                }
            }
        }
        c
    }

    /// The exit status: 2 for an unreadable source or a bad document, 1 for
    /// an invalid object, 0 otherwise.
    pub fn exit_code(&self) -> u8 {
        let c = self.counts();
        if c.bad > 0 {
            2
        } else if c.invalid > 0 {
            1
        } else {
            0
        }
    }

    /// The kubectl-shaped text: one line (or block) per invalid object and
    /// bad document, then the summary.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for (source, e) in &self.unreadable {
            let _ = writeln!(out, "error: {source}: {e}");
        }
        let failed = self
            .entries
            .iter()
            .filter(|e| {
                matches!(&e.outcome, Outcome::Object(o)
                    if matches!(o.verdict, Verdict::Invalid(_) | Verdict::Undecodable(_)))
            })
            .count();
        for e in &self.entries {
            match &e.outcome {
                Outcome::BadDocument(msg) => {
                    let _ = writeln!(out, "error: {}: {}: {msg}", e.source, e.position);
                }
                Outcome::Object(o) => match &o.verdict {
                    Verdict::Invalid(errs) if failed == 1 => out.push_str(&single_invalid(o, errs)),
                    Verdict::Invalid(errs) => {
                        let object = InvalidObject::new(&o.group, &o.kind, &o.name);
                        let _ = writeln!(
                            out,
                            "Error from server (Invalid): error when {} {}: {}",
                            verb(o),
                            go_quote(&e.source.to_string()),
                            object.message(errs)
                        );
                    }
                    Verdict::Undecodable(msg) => {
                        let version = o.api_version.rsplit('/').next().unwrap_or("");
                        let _ = writeln!(
                            out,
                            "Error from server (BadRequest): error when {} {}: {} in version {} cannot be handled as a {}: {msg}",
                            verb(o),
                            go_quote(&e.source.to_string()),
                            o.kind,
                            go_quote(version),
                            o.kind
                        );
                    }
                    Verdict::Valid | Verdict::NotRun(_) => {}
                },
            }
        }
        out.push_str(&self.summary());
        out
    }

    /// The summary: counts, what was not validated and why, the gates
    /// assumed, and the kinds whose hand-written validation was not run.
    pub fn summary(&self) -> String {
        let c = self.counts();
        let mut out = String::new();
        let _ = write!(
            out,
            "Summary (Kubernetes {}): {} in {}: {} invalid, {} valid, {} not validated",
            self.release,
            plural(c.objects, "object"),
            plural(self.files, "file"),
            c.invalid,
            c.valid,
            c.not_run
        );
        if c.bad > 0 {
            let _ = write!(out, ", {}", plural(c.bad, "bad document"));
        }
        out.push('\n');
        let mut not_run: BTreeMap<(NotRun, String), usize> = BTreeMap::new();
        let mut handwritten: BTreeMap<String, usize> = BTreeMap::new();
        for e in &self.entries {
            let Outcome::Object(o) = &e.outcome else {
                continue;
            };
            match o.verdict {
                Verdict::NotRun(why) => {
                    *not_run
                        .entry((why, format!("{} {}", o.api_version, o.kind)))
                        .or_default() += 1;
                }
                Verdict::Valid | Verdict::Invalid(_) => {
                    *handwritten.entry(qualified_kind(o)).or_default() += 1;
                }
                Verdict::Undecodable(_) => {}
            }
        }
        if !not_run.is_empty() {
            let mut by_reason: BTreeMap<NotRun, Vec<String>> = BTreeMap::new();
            for ((why, kind), n) in not_run {
                by_reason
                    .entry(why)
                    .or_default()
                    .push(format!("{kind} ({n})"));
            }
            for (why, kinds) in by_reason {
                let _ = writeln!(
                    out,
                    "  {}: {}",
                    why.describe(self.release),
                    kinds.join(", ")
                );
            }
        }
        let gates: Vec<String> = self
            .gates
            .iter()
            .map(|(name, on, default)| {
                format!("{name}={on}{}", if *default { " (default)" } else { "" })
            })
            .collect();
        let _ = writeln!(out, "  gates assumed: {}", gates.join(", "));
        if !self.options.is_empty() {
            let options: Vec<String> = self
                .options
                .iter()
                .map(|(n, on)| format!("{n}={on}"))
                .collect();
            let _ = writeln!(out, "  validation options: {}", options.join(", "));
        }
        if !handwritten.is_empty() {
            let kinds: Vec<String> = handwritten
                .iter()
                .map(|(k, n)| format!("{k} ({n})"))
                .collect();
            let _ = writeln!(
                out,
                "  hand-written validation not checked: {} (the API server runs it too and may reject more)",
                kinds.join(", ")
            );
        }
        out
    }

    /// The `-o json` document (docs/manifests.md describes it).
    pub fn to_json(&self) -> Value {
        let c = self.counts();
        let gates: serde_json::Map<String, Value> = self
            .gates
            .iter()
            .map(|(n, on, _)| (n.clone(), Value::Bool(*on)))
            .collect();
        let options: serde_json::Map<String, Value> = self
            .options
            .iter()
            .map(|(n, on)| (n.clone(), Value::Bool(*on)))
            .collect();
        let mut objects = Vec::new();
        let mut bad = Vec::new();
        for (source, e) in &self.unreadable {
            bad.push(
                json!({"file": source.to_string(), "document": null, "item": null, "error": e}),
            );
        }
        for e in &self.entries {
            match &e.outcome {
                Outcome::BadDocument(msg) => bad.push(json!({
                    "file": e.source.to_string(),
                    "document": e.position.document,
                    "item": e.position.item,
                    "error": msg,
                })),
                Outcome::Object(o) => {
                    let (result, reason, errors) = match &o.verdict {
                        Verdict::Valid => ("valid", Value::Null, Vec::new()),
                        Verdict::Invalid(errs) => ("invalid", Value::Null, errors_json(errs)),
                        Verdict::Undecodable(m) => {
                            ("undecodable", Value::String(m.clone()), Vec::new())
                        }
                        Verdict::NotRun(why) => {
                            ("not-run", Value::String(why.as_str().into()), Vec::new())
                        }
                    };
                    objects.push(json!({
                        "file": e.source.to_string(),
                        "document": e.position.document,
                        "item": e.position.item,
                        "apiVersion": o.api_version,
                        "kind": o.kind,
                        "namespace": o.namespace,
                        "name": o.name,
                        "operation": if o.update { "update" } else { "create" },
                        "result": result,
                        "reason": reason,
                        "errors": errors,
                    }));
                }
            }
        }
        json!({
            "kubernetesVersion": self.release.as_str(),
            "gates": gates,
            "options": options,
            "objects": objects,
            "badDocuments": bad,
            "summary": {
                "files": self.files,
                "objects": c.objects,
                "invalid": c.invalid,
                "valid": c.valid,
                "notRun": c.not_run,
                "badDocuments": c.bad,
            },
        })
    }
}

fn errors_json(errs: &ErrorList) -> Vec<Value> {
    errs.iter()
        .map(|e| {
            json!({
                "type": e.kind().as_str(),
                "field": e.field(),
                "origin": e.origin().unwrap_or(""),
                "detail": e.detail(),
                "message": e.to_string(),
            })
        })
        .collect()
}

/// `The Deployment "web" is invalid: ...` as kubectl prints a single
/// invalid object: its causes (`<field>: <message>`, repeated texts once),
/// inline for one, one `* ` line each for several.
fn single_invalid(o: &Checked, errs: &ErrorList) -> String {
    let mut causes: Vec<String> = Vec::with_capacity(errs.len());
    for e in errs.iter() {
        let text = format!("{}: {}", e.field(), e.body());
        if !causes.contains(&text) {
            causes.push(text);
        }
    }
    let prefix = format!("The {} {} is invalid: ", o.kind, go_quote(&o.name));
    match causes.as_slice() {
        [one] => format!("{prefix}{one}\n"),
        many => {
            let mut out = format!("{prefix}\n");
            for c in many {
                let _ = writeln!(out, "* {c}");
            }
            out
        }
    }
}

fn verb(o: &Checked) -> &'static str {
    if o.update {
        "replacing"
    } else {
        "creating"
    }
}

fn qualified_kind(o: &Checked) -> String {
    if o.group.is_empty() {
        o.kind.clone()
    } else {
        format!("{}.{}", o.kind, o.group)
    }
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}
