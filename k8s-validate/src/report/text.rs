//! kubectl's messages and the summary, streamed.

use std::io::{self, Write};

use k8s_validation_manifest::Source;

use super::{failed, failure_line, single_invalid, Entry, Outcome, RunInfo, Tally, Writer};
use crate::check::Verdict;
use crate::spill::Spill;

/// The text report. kubectl prints a lone invalid object in its
/// single-object form (`The Deployment "web" is invalid: ...`) and several
/// failures one line each, so the first invalid object waits until a
/// second failure shows (then everything is printed as it comes) or the
/// run ends; what follows it meanwhile waits in a spill buffer.
#[derive(Default)]
pub struct TextWriter {
    /// Failures so far.
    failures: usize,
    /// The first invalid object (its single and multi forms), while it is
    /// the only failure.
    held: Option<(String, String)>,
    /// Lines written after it meanwhile.
    after: Spill,
}

impl TextWriter {
    /// A writer.
    pub fn new() -> TextWriter {
        TextWriter::default()
    }

    fn line(&mut self, out: &mut dyn Write, line: &str) -> io::Result<()> {
        if self.held.is_some() {
            self.after.write(line.as_bytes())
        } else {
            out.write_all(line.as_bytes())
        }
    }

    fn release(&mut self, out: &mut dyn Write, single: bool) -> io::Result<()> {
        if let Some((one, many)) = self.held.take() {
            out.write_all(if single { one } else { many }.as_bytes())?;
            self.after.drain_to(out)?;
        }
        Ok(())
    }
}

impl Writer for TextWriter {
    fn unreadable(&mut self, out: &mut dyn Write, source: &Source, error: &str) -> io::Result<()> {
        self.line(out, &format!("error: {source}: {error}\n"))
    }

    fn entry(&mut self, out: &mut dyn Write, e: &Entry) -> io::Result<()> {
        let Some(line) = failure_line(e) else {
            return Ok(());
        };
        if !failed(e) {
            return self.line(out, &line);
        }
        self.failures += 1;
        if self.failures == 1 {
            if let Outcome::Object(o) = &e.outcome {
                if let Verdict::Invalid(errs) = &o.verdict {
                    self.held = Some((single_invalid(o, errs), line));
                    return Ok(());
                }
            }
        } else if self.failures == 2 {
            self.release(out, false)?;
        }
        self.line(out, &line)
    }

    fn finish(&mut self, out: &mut dyn Write, tally: &Tally, info: &RunInfo) -> io::Result<()> {
        self.release(out, true)?;
        out.write_all(tally.summary(info).as_bytes())
    }
}
