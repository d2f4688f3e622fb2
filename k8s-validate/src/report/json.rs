//! `-o json`: the report documented in docs/manifests.md, streamed: the
//! objects as they are decided, the bad documents (kept compact in a spill
//! buffer meanwhile) and the summary at the end.

use std::io::{self, Write};

use k8s_validation::ErrorList;
use k8s_validation_manifest::Source;
use serde_json::{json, Map, Value};

use super::{Entry, Outcome, RunInfo, Tally, Writer};
use crate::check::Verdict;
use crate::spill::Spill;

/// The JSON report.
#[derive(Default)]
pub struct JsonWriter {
    started: bool,
    objects: usize,
    bad: Spill,
    bad_count: usize,
}

impl JsonWriter {
    /// A writer.
    pub fn new() -> JsonWriter {
        JsonWriter::default()
    }

    fn start(&mut self, out: &mut dyn Write, info: &RunInfo) -> io::Result<()> {
        if self.started {
            return Ok(());
        }
        self.started = true;
        let gates: Map<String, Value> = info
            .gates
            .iter()
            .map(|(n, on, _)| (n.clone(), Value::Bool(*on)))
            .collect();
        let options: Map<String, Value> = info
            .options
            .iter()
            .map(|(n, on)| (n.clone(), Value::Bool(*on)))
            .collect();
        write!(
            out,
            "{{\n  \"kubernetesVersion\": {},\n  \"gates\": {},\n  \"options\": {},\n  \"objects\": [",
            Value::String(info.release.as_str().to_owned()),
            pretty(&Value::Object(gates), "  "),
            pretty(&Value::Object(options), "  "),
        )
    }

    fn bad_record(&mut self, record: Value) -> io::Result<()> {
        let sep: &[u8] = if self.bad_count == 0 {
            b"\n    "
        } else {
            b",\n    "
        };
        self.bad_count += 1;
        self.bad.write(sep)?;
        self.bad.write(pretty(&record, "    ").as_bytes())
    }
}

/// Writes the JSON report. The header needs the run's settings, which the
/// first call brings; [`JsonWriter::begin`] writes it before any outcome.
impl JsonWriter {
    /// Writes the report's header (call once, before the outcomes).
    pub fn begin(&mut self, out: &mut dyn Write, info: &RunInfo) -> io::Result<()> {
        self.start(out, info)
    }
}

impl Writer for JsonWriter {
    fn unreadable(&mut self, _out: &mut dyn Write, source: &Source, error: &str) -> io::Result<()> {
        self.bad_record(json!({
            "file": source.to_string(), "document": null, "line": null, "item": null, "error": error,
        }))
    }

    fn entry(&mut self, out: &mut dyn Write, e: &Entry) -> io::Result<()> {
        let o = match &e.outcome {
            Outcome::BadDocument(msg) => {
                return self.bad_record(json!({
                    "file": e.source.to_string(),
                    "document": e.position.document,
                    "line": e.position.line,
                    "item": e.position.item,
                    "error": msg,
                }))
            }
            Outcome::Object(o) => o,
        };
        let (result, reason, errors) = match &o.verdict {
            Verdict::Valid => ("valid", Value::Null, Vec::new()),
            Verdict::Invalid(errs) => ("invalid", Value::Null, errors_json(errs)),
            Verdict::Undecodable(m) => ("undecodable", Value::String(m.clone()), Vec::new()),
            Verdict::TooLarge(m) => ("too-large", Value::String(m.clone()), Vec::new()),
            Verdict::NotRun(why) => ("not-run", Value::String(why.as_str().into()), Vec::new()),
        };
        let record = json!({
            "file": e.source.to_string(),
            "document": e.position.document,
            "line": e.position.line,
            "item": e.position.item,
            "apiVersion": o.api_version,
            "kind": o.kind,
            "namespace": o.namespace,
            "name": o.name,
            "operation": if o.update { "update" } else { "create" },
            "result": result,
            "reason": reason,
            "errors": errors,
        });
        let sep = if self.objects == 0 {
            "\n    "
        } else {
            ",\n    "
        };
        self.objects += 1;
        write!(out, "{sep}{}", pretty(&record, "    "))
    }

    fn finish(&mut self, out: &mut dyn Write, tally: &Tally, info: &RunInfo) -> io::Result<()> {
        self.start(out, info)?;
        out.write_all(if self.objects == 0 { b"]" } else { b"\n  ]" })?;
        out.write_all(b",\n  \"badDocuments\": [")?;
        self.bad.drain_to(out)?;
        out.write_all(if self.bad_count == 0 { b"]" } else { b"\n  ]" })?;
        let c = &tally.counts;
        let summary = json!({
            "files": c.files,
            "objects": c.objects,
            "invalid": c.invalid,
            "valid": c.valid,
            "notRun": c.not_run,
            "badDocuments": c.bad,
        });
        writeln!(out, ",\n  \"summary\": {}\n}}", pretty(&summary, "  "))
    }
}

/// `v` pretty-printed, its lines after the first indented by `indent`.
fn pretty(v: &Value, indent: &str) -> String {
    let s = serde_json::to_string_pretty(v).expect("JSON values encode");
    s.replace('\n', &format!("\n{indent}"))
}

pub(crate) fn errors_json(errs: &ErrorList) -> Vec<Value> {
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
