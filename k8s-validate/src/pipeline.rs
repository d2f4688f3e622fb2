//! The run: sources read and split into documents in order on one thread,
//! documents parsed and validated on `jobs` workers, outcomes written in
//! input order.
//!
//! Documents travel in batches (up to [`BATCH_BYTES`] of text or
//! [`BATCH_DOCUMENTS`] documents, cut at the end of each file, and one
//! document at a time from standard input, which may be a slow pipe), so
//! that handing work between threads costs little beside the work itself
//! (manifests are small: one hand-off per document took as much CPU as
//! validating it).
//!
//! Memory is bounded by the window of batches in flight (read, being
//! validated, or waiting for an earlier one to be written): at most
//! [`window`] batches, each at most [`BATCH_BYTES`] or one document (at
//! most the reader's document limit), plus what the report writers keep
//! (see `report`). With one job everything runs on the calling thread;
//! with more, the output is the same, byte for byte.

use std::io::{self, Write};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use k8s_validation_manifest::{input, objects, RawDocument, Source, Splitter, Tape};
use k8s_validation_migration::FeatureGates;

use crate::check::Validator;
use crate::report::{Entry, Outcome, Position, Tally, Writer};
use crate::LiveObjects;

/// What a run needs besides its sources.
#[derive(Clone)]
pub struct Settings {
    /// The API server's gates.
    pub gates: FeatureGates,
    /// The validation options.
    pub options: Vec<(String, bool)>,
    /// The live objects (`--old`).
    pub live: Option<Arc<LiveObjects>>,
    /// Worker threads (at least 1).
    pub jobs: usize,
}

/// Batches in flight at once with `jobs` workers.
pub fn window(jobs: usize) -> usize {
    jobs * 4 + 4
}

/// A batch is sent once it holds this much document text...
pub const BATCH_BYTES: usize = 64 << 10;

/// ... or this many documents.
pub const BATCH_DOCUMENTS: usize = 128;

/// A unit of work, in input order.
enum Unit {
    Document {
        source: Arc<Source>,
        raw: RawDocument,
    },
    Unreadable {
        source: Arc<Source>,
        error: String,
    },
    /// A source read to its end (for progress).
    SourceEnd,
}

/// A unit's result.
enum Done {
    Entries(Vec<Entry>),
    Unreadable { source: Arc<Source>, error: String },
    SourceEnd,
}

/// Everything the writer side keeps.
pub struct Sink<'a> {
    /// Where the report goes.
    pub out: &'a mut dyn Write,
    /// The report writer.
    pub writer: &'a mut dyn Writer,
    /// The counts.
    pub tally: &'a mut Tally,
    /// Called with the number of sources done.
    pub progress: &'a mut dyn FnMut(usize),
}

impl Sink<'_> {
    fn take(&mut self, done: Done, files_done: &mut usize) -> io::Result<()> {
        match done {
            Done::Entries(entries) => {
                for e in &entries {
                    self.tally.add(e);
                    self.writer.entry(self.out, e)?;
                }
            }
            Done::Unreadable { source, error } => {
                self.tally.add_unreadable();
                self.writer.unreadable(self.out, &source, &error)?;
            }
            Done::SourceEnd => {
                *files_done += 1;
                (self.progress)(*files_done);
            }
        }
        Ok(())
    }
}

/// Validates every document of `sources`, writing outcomes to `sink` in
/// input order.
pub fn run(sources: &[Source], settings: &Settings, sink: &mut Sink<'_>) -> io::Result<()> {
    sink.tally.counts.files += sources.len();
    let mut files_done = 0;
    if settings.jobs <= 1 {
        let mut worker = Worker::new(settings);
        return read_units(sources, &mut |unit| {
            let done = worker.process(unit);
            sink.take(done, &mut files_done)
        });
    }
    let window = window(settings.jobs);
    std::thread::scope(|scope| {
        let (job_tx, job_rx) = mpsc::sync_channel::<(u64, Vec<Unit>)>(window);
        let job_rx = Arc::new(Mutex::new(job_rx));
        let (done_tx, done_rx) = mpsc::channel::<(u64, Vec<Done>)>();
        // Tokens bound the batches in flight: the reader takes one per
        // batch, the writer returns it once the batch is written.
        let (token_tx, token_rx) = mpsc::sync_channel::<()>(window);
        for _ in 0..window {
            token_tx.send(()).expect("room for every token");
        }
        let reader = scope.spawn(move || {
            let mut seq = 0u64;
            let mut batch = Vec::new();
            let mut bytes = 0;
            let mut send = |batch: Vec<Unit>| -> io::Result<()> {
                if token_rx.recv().is_err() {
                    return Err(io::Error::other("the writer stopped"));
                }
                job_tx
                    .send((seq, batch))
                    .map_err(|_| io::Error::other("the workers stopped"))?;
                seq += 1;
                Ok(())
            };
            read_units(sources, &mut |unit| {
                let cut = match &unit {
                    Unit::Document { source, raw } => {
                        bytes += raw.bytes.len();
                        matches!(**source, Source::Stdin)
                    }
                    Unit::Unreadable { .. } => false,
                    Unit::SourceEnd => true,
                };
                batch.push(unit);
                if cut || bytes >= BATCH_BYTES || batch.len() >= BATCH_DOCUMENTS {
                    bytes = 0;
                    send(std::mem::take(&mut batch))?;
                }
                Ok(())
            })?;
            if batch.is_empty() {
                Ok(())
            } else {
                send(batch)
            }
        });
        for _ in 0..settings.jobs {
            let job_rx = Arc::clone(&job_rx);
            let done_tx = done_tx.clone();
            scope.spawn(move || {
                let mut worker = Worker::new(settings);
                loop {
                    let job = job_rx.lock().expect("not poisoned").recv();
                    let Ok((seq, batch)) = job else { break };
                    let done = batch.into_iter().map(|unit| worker.process(unit)).collect();
                    if done_tx.send((seq, done)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        let mut pending = std::collections::BTreeMap::new();
        let mut next = 0u64;
        let mut result = Ok(());
        for (seq, done) in done_rx {
            pending.insert(seq, done);
            while let Some(batch) = pending.remove(&next) {
                for done in batch {
                    if result.is_ok() {
                        result = sink.take(done, &mut files_done);
                    }
                }
                next += 1;
                let _ = token_tx.send(());
            }
        }
        drop(token_tx);
        let read = reader.join().expect("the reader does not panic");
        result.and(read)
    })
}

/// Reads `sources` in order and hands each unit to `f`.
fn read_units(sources: &[Source], f: &mut dyn FnMut(Unit) -> io::Result<()>) -> io::Result<()> {
    for source in sources {
        let source = Arc::new(source.clone());
        let read = (|| -> Result<(), ReadStop> {
            let reader = input::open(&source).map_err(ReadStop::Source)?;
            let mut splitter = Splitter::new(reader);
            loop {
                let mut raw = RawDocument::default();
                match splitter.next_into(&mut raw) {
                    Ok(true) => f(Unit::Document {
                        source: Arc::clone(&source),
                        raw,
                    })
                    .map_err(ReadStop::Output)?,
                    Ok(false) => return Ok(()),
                    Err(e) => return Err(ReadStop::Source(format!("read {source}: {e}"))),
                }
            }
        })();
        match read {
            Ok(()) => {}
            Err(ReadStop::Source(error)) => f(Unit::Unreadable {
                source: Arc::clone(&source),
                error,
            })?,
            Err(ReadStop::Output(e)) => return Err(e),
        }
        f(Unit::SourceEnd)?;
    }
    Ok(())
}

enum ReadStop {
    /// The source could not be read (further).
    Source(String),
    /// The other side stopped.
    Output(io::Error),
}

/// One worker's state: a validator and a reusable tape.
struct Worker {
    validator: Validator,
    live: Option<Arc<LiveObjects>>,
    tape: Tape,
}

impl Worker {
    fn new(settings: &Settings) -> Worker {
        Worker {
            validator: Validator::new(settings.gates, &settings.options),
            live: settings.live.clone(),
            tape: Tape::new(),
        }
    }

    fn process(&mut self, unit: Unit) -> Done {
        match unit {
            Unit::Document { source, raw } => Done::Entries(self.document(&source, &raw)),
            Unit::Unreadable { source, error } => Done::Unreadable { source, error },
            Unit::SourceEnd => Done::SourceEnd,
        }
    }

    /// The outcomes of one document.
    fn document(&mut self, source: &Arc<Source>, raw: &RawDocument) -> Vec<Entry> {
        let at = |item| Position {
            document: raw.number,
            line: raw.line,
            item,
        };
        let bad = |msg: String| {
            vec![Entry {
                source: Arc::clone(source),
                position: at(None),
                outcome: Outcome::BadDocument(msg),
            }]
        };
        match raw.parse(&mut self.tape) {
            Err(e) => bad(e),
            Ok(false) => Vec::new(),
            Ok(true) => {
                let root = self.tape.root().expect("a document with a value");
                let mut out = Vec::new();
                for (item, object) in objects(root) {
                    let outcome = match object {
                        Err(e) => Outcome::BadDocument(e.to_owned()),
                        Ok(obj) => {
                            let old = self.live.as_ref().and_then(|l| l.find(obj));
                            match self.validator.check(obj, old) {
                                Ok(checked) => Outcome::Object(checked),
                                Err(e) => Outcome::BadDocument(e),
                            }
                        }
                    };
                    out.push(Entry {
                        source: Arc::clone(source),
                        position: at(item),
                        outcome,
                    });
                }
                out
            }
        }
    }
}
