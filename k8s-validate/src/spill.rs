//! Output that must wait (the single-object form, the JSON report's bad
//! documents, JUnit's and SARIF's records, which need totals first): kept
//! in memory up to a bound, then in a temporary file, so that memory stays
//! bounded whatever the input.

use std::fs::File;
use std::io::{self, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Bytes kept in memory before spilling to a file (1 MiB).
pub const IN_MEMORY: usize = 1 << 20;

/// A byte buffer that moves to a temporary file past [`IN_MEMORY`].
pub struct Spill {
    memory: Vec<u8>,
    file: Option<(PathBuf, BufWriter<File>)>,
    len: u64,
}

impl Default for Spill {
    fn default() -> Spill {
        Spill::new()
    }
}

impl Spill {
    /// An empty buffer.
    pub fn new() -> Spill {
        Spill {
            memory: Vec::new(),
            file: None,
            len: 0,
        }
    }

    /// Whether nothing was written.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Appends `bytes`.
    pub fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        if bytes.is_empty() {
            return Ok(());
        }
        self.len += bytes.len() as u64;
        if let Some((_, f)) = &mut self.file {
            return f.write_all(bytes);
        }
        self.memory.extend_from_slice(bytes);
        if self.memory.len() > IN_MEMORY {
            let (path, file) = temp_file()?;
            let mut w = BufWriter::new(file);
            w.write_all(&self.memory)?;
            self.memory = Vec::new();
            self.file = Some((path, w));
        }
        Ok(())
    }

    /// Copies everything written to `out`, and empties the buffer.
    pub fn drain_to(&mut self, out: &mut dyn Write) -> io::Result<()> {
        match self.file.take() {
            None => {
                out.write_all(&self.memory)?;
                self.memory.clear();
            }
            Some((path, w)) => {
                let mut file = w.into_inner().map_err(|e| e.into_error())?;
                file.seek(SeekFrom::Start(0))?;
                let mut buf = vec![0u8; 64 << 10];
                loop {
                    let n = file.read(&mut buf)?;
                    if n == 0 {
                        break;
                    }
                    out.write_all(&buf[..n])?;
                }
                drop(file);
                let _ = std::fs::remove_file(path);
            }
        }
        self.len = 0;
        Ok(())
    }
}

impl Write for Spill {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        Spill::write(self, buf)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Drop for Spill {
    fn drop(&mut self) {
        if let Some((path, _)) = self.file.take() {
            let _ = std::fs::remove_file(path);
        }
    }
}

fn temp_file() -> io::Result<(PathBuf, File)> {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir();
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path = dir.join(format!("k8s-validate-{}-{n}.spill", std::process::id()));
        match File::options()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(f) => return Ok((path, f)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_and_large_contents_come_back_whole() {
        let mut s = Spill::new();
        s.write(b"abc").unwrap();
        let mut out = Vec::new();
        s.drain_to(&mut out).unwrap();
        assert_eq!(out, b"abc");
        assert!(s.is_empty());
        let line = vec![b'x'; 1000];
        for _ in 0..3000 {
            s.write(&line).unwrap();
        }
        assert!(s.file.is_some(), "spilled past the bound");
        let path = s.file.as_ref().unwrap().0.clone();
        let mut out = Vec::new();
        s.drain_to(&mut out).unwrap();
        assert_eq!(out.len(), 3_000_000);
        assert!(!path.exists(), "the file is removed");
    }
}
