//! `-o sarif`: SARIF 2.1.0 for code-scanning dashboards. One result per
//! field error of an invalid object (its rule the error's type,
//! `FieldValueInvalid`, ...), and one per object the API server refuses
//! before validating, per bad document and per unreadable file; each
//! located at the document's first line. The rules are known in advance,
//! so the results are streamed.

use std::io::{self, Write};

use k8s_validation::ErrorType;
use k8s_validation_manifest::Source;
use serde_json::{json, Value};

use super::{failure_line, Entry, Outcome, RunInfo, Tally, Writer};
use crate::check::Verdict;

/// The SARIF report.
#[derive(Default)]
pub struct SarifWriter {
    started: bool,
    results: usize,
}

const ERROR_TYPES: &[ErrorType] = &[
    ErrorType::NotFound,
    ErrorType::Required,
    ErrorType::Duplicate,
    ErrorType::Invalid,
    ErrorType::NotSupported,
    ErrorType::Forbidden,
    ErrorType::TooLong,
    ErrorType::TooShort,
    ErrorType::TooMany,
    ErrorType::TooFew,
    ErrorType::Internal,
    ErrorType::TypeInvalid,
];

/// The rules that are not field error types.
const OTHER_RULES: &[(&str, &str)] = &[
    (
        "BadRequest",
        "The object does not decode as its kind (the API server answers 400 BadRequest)",
    ),
    (
        "RequestEntityTooLarge",
        "The object is larger than the API server's request body limit (413)",
    ),
    ("BadDocument", "The document holds no object to validate"),
    ("UnreadableFile", "The file could not be read"),
];

impl SarifWriter {
    /// A writer.
    pub fn new() -> SarifWriter {
        SarifWriter::default()
    }

    fn start(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if self.started {
            return Ok(());
        }
        self.started = true;
        let mut rules: Vec<Value> = ERROR_TYPES
            .iter()
            .map(|t| json!({"id": t.as_str(), "shortDescription": {"text": t.description()}}))
            .collect();
        rules.extend(
            OTHER_RULES
                .iter()
                .map(|(id, text)| json!({"id": id, "shortDescription": {"text": text}})),
        );
        let driver = json!({
            "name": "k8s-validate",
            "version": env!("CARGO_PKG_VERSION"),
            "rules": rules,
        });
        write!(
            out,
            "{{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n  \"runs\": [\n    {{\n      \"tool\": {{\"driver\": {}}},\n      \"results\": [",
            serde_json::to_string(&driver).expect("JSON encodes")
        )
    }

    fn result(
        &mut self,
        out: &mut dyn Write,
        rule: &str,
        text: &str,
        source: &Source,
        line: Option<usize>,
    ) -> io::Result<()> {
        self.start(out)?;
        let mut location = json!({"artifactLocation": {"uri": source.to_string()}});
        if let Some(line) = line {
            location["region"] = json!({"startLine": line});
        }
        let result = json!({
            "ruleId": rule,
            "level": "error",
            "message": {"text": text},
            "locations": [{"physicalLocation": location}],
        });
        let sep = if self.results == 0 {
            "\n        "
        } else {
            ",\n        "
        };
        self.results += 1;
        write!(
            out,
            "{sep}{}",
            serde_json::to_string(&result).expect("JSON encodes")
        )
    }
}

impl Writer for SarifWriter {
    fn unreadable(&mut self, out: &mut dyn Write, source: &Source, error: &str) -> io::Result<()> {
        self.result(out, "UnreadableFile", error, source, None)
    }

    fn entry(&mut self, out: &mut dyn Write, e: &Entry) -> io::Result<()> {
        let line = Some(e.position.line);
        let o = match &e.outcome {
            Outcome::BadDocument(msg) => {
                return self.result(
                    out,
                    "BadDocument",
                    &format!("{}: {msg}", e.position),
                    &e.source,
                    line,
                )
            }
            Outcome::Object(o) => o,
        };
        match &o.verdict {
            Verdict::Invalid(errs) => {
                let object = format!("{} {}", o.kind, k8s_validation::field::go_quote(&o.name));
                for err in errs.iter() {
                    self.result(
                        out,
                        err.kind().as_str(),
                        &format!("{object}: {err}"),
                        &e.source,
                        line,
                    )?;
                }
                Ok(())
            }
            Verdict::Undecodable(_) | Verdict::TooLarge(_) => {
                let rule = if matches!(o.verdict, Verdict::TooLarge(_)) {
                    "RequestEntityTooLarge"
                } else {
                    "BadRequest"
                };
                let text = failure_line(e).unwrap_or_default();
                self.result(out, rule, text.trim_end(), &e.source, line)
            }
            Verdict::Valid | Verdict::NotRun(_) => Ok(()),
        }
    }

    fn finish(&mut self, out: &mut dyn Write, _tally: &Tally, _info: &RunInfo) -> io::Result<()> {
        self.start(out)?;
        out.write_all(if self.results == 0 {
            b"]"
        } else {
            b"\n      ]"
        })?;
        out.write_all(b"\n    }\n  ]\n}\n")
    }
}
