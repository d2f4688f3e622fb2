//! What the command prints, as outcomes are decided: kubectl's messages
//! (text), `-o json`, `-o junit` and `-o sarif`. Every writer streams: an
//! outcome is written when it is decided, and what must wait for the end
//! (the single-object form, the JSON report's bad documents, JUnit's and
//! SARIF's records, which need totals first) waits in a [`Spill`](crate::spill::Spill) buffer,
//! so that memory does not grow with the input. The summary comes from
//! counters.

mod json;
mod junit;
mod sarif;
mod text;

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};
use std::io::{self, Write};
use std::sync::Arc;

use k8s_validation::field::InvalidObject;
use k8s_validation::{ErrorList, Release};
use k8s_validation_manifest::Source;

use crate::check::{Checked, NotRun, Verdict};

pub use json::JsonWriter;
pub use junit::JunitWriter;
pub use sarif::SarifWriter;
pub use text::TextWriter;

/// Where an object sits in its source: the document (from 1, in the order
/// of the stream), the line the document starts on, and for an item of a
/// `List`, its index (from 0, as `items[i]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// The document, counting from 1.
    pub document: usize,
    /// The line of the source the document starts on, from 1.
    pub line: usize,
    /// The item of a `List` document.
    pub item: Option<usize>,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "document {} (line {})", self.document, self.line)?;
        if let Some(i) = self.item {
            write!(f, ", items[{i}]")?;
        }
        Ok(())
    }
}

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
    pub source: Arc<Source>,
    /// The document in the source.
    pub position: Position,
    /// The outcome.
    pub outcome: Outcome,
}

/// The run's settings the reports state.
#[derive(Clone, Debug)]
pub struct RunInfo {
    /// The release.
    pub release: Release,
    /// The gates the run assumed, each with whether it is the release's
    /// default.
    pub gates: Vec<(String, bool, bool)>,
    /// The validation options, by name.
    pub options: Vec<(String, bool)>,
}

/// The counts of a run.
#[derive(Debug, Default, PartialEq, Eq, Clone)]
pub struct Counts {
    /// Objects (bad documents excluded).
    pub objects: usize,
    /// Objects declarative validation found errors in, that do not decode,
    /// or that are over the request body limit.
    pub invalid: usize,
    /// Objects validated without errors.
    pub valid: usize,
    /// Objects not validated.
    pub not_run: usize,
    /// Documents without an object to validate, and unreadable sources.
    pub bad: usize,
    /// Sources read.
    pub files: usize,
}

/// The summary's counters: counts, and per kind what was not validated and
/// what was validated declaratively only (bounded by the kinds seen).
#[derive(Debug, Default)]
pub struct Tally {
    /// The counts.
    pub counts: Counts,
    not_run: BTreeMap<(NotRun, String), usize>,
    handwritten: BTreeMap<String, usize>,
}

impl Tally {
    /// Counts one outcome.
    pub fn add(&mut self, e: &Entry) {
        match &e.outcome {
            Outcome::BadDocument(_) => self.counts.bad += 1,
            Outcome::Object(o) => {
                self.counts.objects += 1;
                match &o.verdict {
                    Verdict::Valid | Verdict::Invalid(_) => {
                        if matches!(o.verdict, Verdict::Valid) {
                            self.counts.valid += 1;
                        } else {
                            self.counts.invalid += 1;
                        }
                        *self.handwritten.entry(qualified_kind(o)).or_default() += 1;
                    }
                    Verdict::Undecodable(_) | Verdict::TooLarge(_) => self.counts.invalid += 1,
                    Verdict::NotRun(why) => {
                        self.counts.not_run += 1;
                        *self
                            .not_run
                            .entry((*why, format!("{} {}", o.api_version, o.kind)))
                            .or_default() += 1;
                    }
                }
            }
        }
    }

    /// Counts a source that could not be read.
    pub fn add_unreadable(&mut self) {
        self.counts.bad += 1;
    }

    /// The exit status: 2 for an unreadable source or a bad document, 1 for
    /// an invalid object, 0 otherwise.
    pub fn exit_code(&self) -> u8 {
        if self.counts.bad > 0 {
            2
        } else if self.counts.invalid > 0 {
            1
        } else {
            0
        }
    }

    /// The summary: counts, what was not validated and why, the gates
    /// assumed, and the kinds whose hand-written validation was not run.
    pub fn summary(&self, info: &RunInfo) -> String {
        let c = &self.counts;
        let mut out = String::new();
        let _ = write!(
            out,
            "Summary (Kubernetes {}): {} in {}: {} invalid, {} valid, {} not validated",
            info.release,
            plural(c.objects, "object"),
            plural(c.files, "file"),
            c.invalid,
            c.valid,
            c.not_run
        );
        if c.bad > 0 {
            let _ = write!(out, ", {}", plural(c.bad, "bad document"));
        }
        out.push('\n');
        let mut by_reason: BTreeMap<NotRun, Vec<String>> = BTreeMap::new();
        for ((why, kind), n) in &self.not_run {
            by_reason
                .entry(*why)
                .or_default()
                .push(format!("{kind} ({n})"));
        }
        for (why, kinds) in by_reason {
            let _ = writeln!(
                out,
                "  {}: {}",
                why.describe(info.release),
                kinds.join(", ")
            );
        }
        let gates: Vec<String> = info
            .gates
            .iter()
            .map(|(name, on, default)| {
                format!("{name}={on}{}", if *default { " (default)" } else { "" })
            })
            .collect();
        let _ = writeln!(out, "  gates assumed: {}", gates.join(", "));
        if !info.options.is_empty() {
            let options: Vec<String> = info
                .options
                .iter()
                .map(|(n, on)| format!("{n}={on}"))
                .collect();
            let _ = writeln!(out, "  validation options: {}", options.join(", "));
        }
        if !self.handwritten.is_empty() {
            let kinds: Vec<String> = self
                .handwritten
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
}

/// A report writer: takes outcomes in input order.
pub trait Writer {
    /// A source that could not be read.
    fn unreadable(&mut self, out: &mut dyn Write, source: &Source, error: &str) -> io::Result<()>;
    /// One outcome.
    fn entry(&mut self, out: &mut dyn Write, e: &Entry) -> io::Result<()>;
    /// The end of the run: what waited, and the summary.
    fn finish(&mut self, out: &mut dyn Write, tally: &Tally, info: &RunInfo) -> io::Result<()>;
}

/// The error lines kubectl prints for an outcome that failed, in the form
/// it uses when several objects failed; `None` for a valid or not-run
/// object.
pub(crate) fn failure_line(e: &Entry) -> Option<String> {
    let o = match &e.outcome {
        Outcome::BadDocument(msg) => {
            return Some(format!("error: {}: {}: {msg}\n", e.source, e.position))
        }
        Outcome::Object(o) => o,
    };
    let source = k8s_validation::field::go_quote(&e.source.to_string());
    match &o.verdict {
        Verdict::Invalid(errs) => {
            let object = InvalidObject::new(&o.group, &o.kind, &o.name);
            Some(format!(
                "Error from server (Invalid): error when {} {source}: {}\n",
                verb(o),
                object.message(errs)
            ))
        }
        Verdict::Undecodable(msg) => {
            let version = o.api_version.rsplit('/').next().unwrap_or("");
            Some(format!(
                "Error from server (BadRequest): error when {} {source}: {} in version {} cannot be handled as a {}: {msg}\n",
                verb(o),
                o.kind,
                k8s_validation::field::go_quote(version),
                o.kind
            ))
        }
        Verdict::TooLarge(msg) => Some(format!(
            "Error from server (RequestEntityTooLarge): error when {} {source}: {msg}\n",
            verb(o)
        )),
        Verdict::Valid | Verdict::NotRun(_) => None,
    }
}

/// `The Deployment "web" is invalid: ...` as kubectl prints a single
/// invalid object: its causes (`<field>: <message>`, repeated texts once),
/// inline for one, one `* ` line each for several.
pub(crate) fn single_invalid(o: &Checked, errs: &ErrorList) -> String {
    let mut causes: Vec<String> = Vec::with_capacity(errs.len());
    for e in errs.iter() {
        let text = format!("{}: {}", e.field(), e.body());
        if !causes.contains(&text) {
            causes.push(text);
        }
    }
    let prefix = format!(
        "The {} {} is invalid: ",
        o.kind,
        k8s_validation::field::go_quote(&o.name)
    );
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

/// Whether an outcome counts as a failed object (invalid, undecodable or
/// too large).
pub(crate) fn failed(e: &Entry) -> bool {
    matches!(&e.outcome, Outcome::Object(o)
        if matches!(o.verdict, Verdict::Invalid(_) | Verdict::Undecodable(_) | Verdict::TooLarge(_)))
}
