//! `-o junit`: kubeconform's JUnit shape, a `<testsuite>` per file and a
//! `<testcase>` per object (`name` the object's `namespace/name`,
//! `classname` its `Kind@apiVersion`): invalid objects are failures,
//! objects the API server refuses before validating (undecodable, over the
//! body limit) and bad documents are errors, objects not validated are
//! skipped. The totals come first in the XML, so the suites wait in a
//! spill buffer.

use std::io::{self, Write};

use k8s_validation_manifest::Source;

use super::{failure_line, Entry, Outcome, RunInfo, Tally, Writer};
use crate::check::Verdict;
use crate::spill::Spill;

/// The JUnit report.
#[derive(Default)]
pub struct JunitWriter {
    suites: Spill,
    id: usize,
    /// The suite being written: its file, counts and cases.
    current: Option<Suite>,
    tests: usize,
    failures: usize,
    errors: usize,
    skipped: usize,
}

#[derive(Default)]
struct Suite {
    name: String,
    tests: usize,
    failures: usize,
    errors: usize,
    skipped: usize,
    cases: Spill,
}

enum Status<'a> {
    Passed,
    Failure(&'a str, &'a str),
    Error(&'a str, &'a str),
    Skipped(&'a str),
}

impl JunitWriter {
    /// A writer.
    pub fn new() -> JunitWriter {
        JunitWriter::default()
    }

    fn suite(&mut self, name: &str) -> io::Result<&mut Suite> {
        if self.current.as_ref().is_some_and(|s| s.name != name) {
            self.close_suite()?;
        }
        if self.current.is_none() {
            self.current = Some(Suite {
                name: name.to_owned(),
                ..Suite::default()
            });
        }
        Ok(self.current.as_mut().expect("just set"))
    }

    fn close_suite(&mut self) -> io::Result<()> {
        let Some(mut s) = self.current.take() else {
            return Ok(());
        };
        self.id += 1;
        writeln!(
            self.suites,
            "  <testsuite name=\"{}\" id=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" disabled=\"0\" skipped=\"{}\">",
            escape(&s.name),
            self.id,
            s.tests,
            s.failures,
            s.errors,
            s.skipped
        )?;
        s.cases.drain_to(&mut self.suites)?;
        self.suites.write(b"  </testsuite>\n")
    }

    fn case(&mut self, file: &str, name: &str, class: &str, status: Status<'_>) -> io::Result<()> {
        self.tests += 1;
        match status {
            Status::Failure(..) => self.failures += 1,
            Status::Error(..) => self.errors += 1,
            Status::Skipped(_) => self.skipped += 1,
            Status::Passed => {}
        }
        let suite = self.suite(file)?;
        suite.tests += 1;
        let open = format!(
            "    <testcase name=\"{}\" classname=\"{}\">",
            escape(name),
            escape(class)
        );
        let body = match status {
            Status::Passed => String::new(),
            Status::Failure(kind, text) => {
                suite.failures += 1;
                format!(
                    "\n      <failure message=\"{}\" type=\"{kind}\">{}</failure>\n    ",
                    escape(first_line(text)),
                    escape(text)
                )
            }
            Status::Error(kind, text) => {
                suite.errors += 1;
                format!(
                    "\n      <error message=\"{}\" type=\"{kind}\">{}</error>\n    ",
                    escape(first_line(text)),
                    escape(text)
                )
            }
            Status::Skipped(why) => {
                suite.skipped += 1;
                format!(
                    "\n      <skipped message=\"{}\"></skipped>\n    ",
                    escape(why)
                )
            }
        };
        writeln!(suite.cases, "{open}{body}</testcase>")
    }
}

impl Writer for JunitWriter {
    fn unreadable(&mut self, _out: &mut dyn Write, source: &Source, error: &str) -> io::Result<()> {
        let file = source.to_string();
        self.case(&file, &file, "", Status::Error("UnreadableFile", error))
    }

    fn entry(&mut self, _out: &mut dyn Write, e: &Entry) -> io::Result<()> {
        let file = e.source.to_string();
        let o = match &e.outcome {
            Outcome::BadDocument(msg) => {
                let name = e.position.to_string();
                return self.case(&file, &name, "", Status::Error("BadDocument", msg));
            }
            Outcome::Object(o) => o,
        };
        let name = if o.namespace.is_empty() {
            o.name.clone()
        } else {
            format!("{}/{}", o.namespace, o.name)
        };
        let class = format!("{}@{}", o.kind, o.api_version);
        let line = failure_line(e).unwrap_or_default();
        let text = line.trim_end();
        let status = match &o.verdict {
            Verdict::Valid => Status::Passed,
            Verdict::Invalid(_) => Status::Failure("Invalid", text),
            Verdict::Undecodable(_) => Status::Error("BadRequest", text),
            Verdict::TooLarge(_) => Status::Error("RequestEntityTooLarge", text),
            Verdict::NotRun(why) => Status::Skipped(why.as_str()),
        };
        self.case(&file, &name, &class, status)
    }

    fn finish(&mut self, out: &mut dyn Write, _tally: &Tally, _info: &RunInfo) -> io::Result<()> {
        self.close_suite()?;
        writeln!(
            out,
            "<testsuites name=\"k8s-validate\" tests=\"{}\" failures=\"{}\" disabled=\"{}\" errors=\"{}\">",
            self.tests, self.failures, self.skipped, self.errors
        )?;
        self.suites.drain_to(out)?;
        out.write_all(b"</testsuites>\n")
    }
}

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("")
}

/// XML text and attribute escaping (as Go's `encoding/xml` writes it).
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&#34;"),
            '\'' => out.push_str("&#39;"),
            '\n' => out.push_str("&#xA;"),
            '\r' => out.push_str("&#xD;"),
            '\t' => out.push_str("&#x9;"),
            c if (c as u32) < 0x20 => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}
