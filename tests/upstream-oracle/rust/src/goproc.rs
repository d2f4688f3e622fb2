//! The Go driver as a subprocess: cases go in on stdin from a writer thread,
//! results come back on stdout through a reader thread, in order.

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, SyncSender, TryRecvError};
use std::thread::JoinHandle;

use crate::case::GoResult;

pub struct GoDriver {
    tx: Option<SyncSender<String>>,
    rx: Receiver<Result<GoResult, String>>,
    child: Child,
    writer: Option<JoinHandle<()>>,
    reader: Option<JoinHandle<()>>,
}

impl GoDriver {
    pub fn spawn(path: &Path) -> Result<GoDriver, String> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", path.display()))?;
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::sync_channel::<String>(4096);
        let writer = std::thread::spawn(move || {
            let mut w = BufWriter::with_capacity(1 << 20, stdin);
            loop {
                let line = match lines.try_recv() {
                    Ok(l) => l,
                    Err(TryRecvError::Empty) => {
                        if w.flush().is_err() {
                            return;
                        }
                        match lines.recv() {
                            Ok(l) => l,
                            Err(_) => return,
                        }
                    }
                    Err(TryRecvError::Disconnected) => return,
                };
                if w.write_all(line.as_bytes()).is_err() || w.write_all(b"\n").is_err() {
                    return;
                }
            }
        });
        let (rtx, rx) = mpsc::channel();
        let reader = std::thread::spawn(move || {
            let r = BufReader::with_capacity(1 << 20, stdout);
            for line in r.lines() {
                let msg = match line {
                    Ok(l) => serde_json::from_str::<GoResult>(&l)
                        .map_err(|e| format!("bad driver output {l:?}: {e}")),
                    Err(e) => Err(format!("reading driver output: {e}")),
                };
                if rtx.send(msg).is_err() {
                    return;
                }
            }
            let _ = rtx.send(Err("the Go driver exited".into()));
        });
        Ok(GoDriver {
            tx: Some(tx),
            rx,
            child,
            writer: Some(writer),
            reader: Some(reader),
        })
    }

    /// Queues one case line.
    pub fn send(&self, line: String) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(line);
        }
    }

    /// The next result (blocking).
    pub fn recv(&self) -> Result<GoResult, String> {
        self.rx
            .recv()
            .unwrap_or_else(|_| Err("the Go driver exited".into()))
    }

    /// The next result, if one is ready.
    pub fn try_recv(&self) -> Option<Result<GoResult, String>> {
        self.rx.try_recv().ok()
    }

    /// Closes stdin and waits for the driver.
    pub fn finish(mut self) {
        self.tx = None;
        if let Some(w) = self.writer.take() {
            let _ = w.join();
        }
        let _ = self.child.wait();
        if let Some(r) = self.reader.take() {
            let _ = r.join();
        }
    }
}
