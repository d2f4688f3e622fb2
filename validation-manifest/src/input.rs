//! Where manifests come from: files and directories named on the command
//! line, and standard input, found as kubectl's `-f` finds them.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// Where a manifest came from: a file, or standard input (`-f -`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Source {
    /// A file, as named on the command line or found under a directory.
    File(PathBuf),
    /// Standard input; kubectl calls it `STDIN` in its messages.
    Stdin,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::File(p) => write!(f, "{}", p.display()),
            Source::Stdin => f.write_str("STDIN"),
        }
    }
}

/// The file extensions kubectl reads from a directory.
pub const EXTENSIONS: &[&str] = &["yaml", "yml", "json"];

/// The sources named by `paths`, and notes on what was left out.
#[derive(Debug, Default)]
pub struct Sources {
    /// The sources, in order: each path's, directories' files sorted.
    pub sources: Vec<Source>,
    /// Entries met under a directory and not read (FIFOs, sockets,
    /// devices), each with why.
    pub skipped: Vec<(PathBuf, &'static str)>,
}

/// The sources named by `paths`, as kubectl's `-f` finds them
/// (cli-runtime's `FilenameParam` and `ExpandPathsToFileVisitors`):
///
/// * `-` is standard input;
/// * a path named directly is read whatever it is (a FIFO is how `-f
///   <(helm template .)` arrives), a symbolic link too: a link to a
///   directory is walked only when named with a trailing `/`;
/// * a directory gives its `.yaml`, `.yml` and `.json` files (and, with
///   `recursive`, its subdirectories' files), in lexical order; links to
///   directories are not followed as directories (kubectl's
///   `filepath.Walk` does not follow links, so no loop can occur); FIFOs,
///   sockets and devices are skipped with a note (kubectl would block on a
///   FIFO);
/// * a path that does not exist is an error naming it, as kubectl's (`the
///   path "x" does not exist`), and so is finding no file at all.
pub fn collect_sources(paths: &[String], recursive: bool) -> Result<Sources, String> {
    let mut out = Sources::default();
    for p in paths {
        if p == "-" {
            out.sources.push(Source::Stdin);
            continue;
        }
        let path = Path::new(p);
        // The root as filepath.Walk sees it: a link is a file, unless the
        // path ends with a slash.
        let meta = if p.ends_with('/') {
            std::fs::metadata(path)
        } else {
            std::fs::symlink_metadata(path)
        };
        let meta = match meta {
            Ok(m) => m,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Err(format!("the path {} does not exist", go_quote(p)))
            }
            Err(e) => return Err(format!("the path {} cannot be accessed: {e}", go_quote(p))),
        };
        if meta.is_dir() {
            let mut files = Vec::new();
            walk(path, recursive, &mut files, &mut out.skipped)
                .map_err(|e| format!("error reading {}: {e}", go_quote(p)))?;
            files.sort();
            out.sources.extend(files.into_iter().map(Source::File));
        } else {
            out.sources.push(Source::File(path.to_path_buf()));
        }
    }
    if out.sources.is_empty() {
        return Err(format!(
            "error reading [{}]: recognized file extensions are [.json .yaml .yml]",
            paths.join(" ")
        ));
    }
    Ok(out)
}

/// Go's `%q` of a string (`strconv.Quote`).
fn go_quote(s: &str) -> String {
    k8s_validation::field::go_quote(s)
}

fn walk(
    dir: &Path,
    recursive: bool,
    out: &mut Vec<PathBuf>,
    skipped: &mut Vec<(PathBuf, &'static str)>,
) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("{}: {e}", dir.display()))?;
        let path = entry.path();
        let file_type = entry
            .file_type()
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if file_type.is_dir() {
            if recursive {
                walk(&path, recursive, out, skipped)?;
            }
            continue;
        }
        let wanted = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| EXTENSIONS.contains(&e));
        if !wanted {
            continue;
        }
        // A link is opened as kubectl opens it (a link to a directory then
        // fails to read, as kubectl's does); a FIFO, socket or device is
        // not read.
        let special = if file_type.is_symlink() {
            std::fs::metadata(&path).is_ok_and(|m| !m.is_file() && !m.is_dir())
        } else {
            !file_type.is_file()
        };
        if special {
            skipped.push((path, "not a regular file (a FIFO, socket or device)"));
            continue;
        }
        out.push(path);
    }
    Ok(())
}

/// Opens a source for reading, buffered. A file that cannot be opened
/// (gone since it was listed, or not readable) is an error naming it.
pub fn open(source: &Source) -> Result<Box<dyn BufRead + Send>, String> {
    match source {
        Source::File(p) => {
            let f = File::open(p).map_err(|e| match e.kind() {
                io::ErrorKind::NotFound => {
                    format!("cannot read {}: the file no longer exists", p.display())
                }
                _ => format!("cannot read {}: {e}", p.display()),
            })?;
            // A small file gets a buffer its size: the reader's first fill
            // zeroes the whole buffer, which for 64 KiB cost more than
            // reading a typical manifest.
            let capacity = match f.metadata() {
                Ok(m) if m.is_file() => usize::try_from(m.len())
                    .unwrap_or(usize::MAX)
                    .saturating_add(1)
                    .clamp(4 << 10, 64 << 10),
                _ => 64 << 10,
            };
            Ok(Box::new(BufReader::with_capacity(
                capacity,
                Decoded::new(f),
            )))
        }
        Source::Stdin => Ok(Box::new(BufReader::with_capacity(
            64 << 10,
            Decoded::new(io::stdin()),
        ))),
    }
}

/// A byte stream as kubectl's reader sees it (`golang.org/x/text`'s
/// `unicode.BOMOverride(unicode.UTF8.NewDecoder())`, which kubectl's file
/// visitor applies to files and standard input):
///
/// * UTF-16 with a byte-order mark is converted to UTF-8 (a lone surrogate
///   or an odd last byte becomes U+FFFD);
/// * after a UTF-8 byte-order mark (dropped) the bytes pass unchanged, so
///   invalid UTF-8 reaches the YAML reader, which refuses it;
/// * otherwise each ill-formed UTF-8 sequence becomes U+FFFD (the maximal
///   subpart rule, as Rust's `from_utf8_lossy` and Go's decoder apply it).
pub struct Decoded<R> {
    inner: R,
    state: Bom,
    /// UTF-8 bytes converted and not yet read.
    pending: Vec<u8>,
    pending_at: usize,
    /// An odd byte of UTF-16 left over.
    odd: Option<u8>,
    /// A high surrogate waiting for its pair.
    high: Option<u16>,
    /// Raw UTF-8 not yet checked.
    raw: Vec<u8>,
}

#[derive(Clone, Copy, PartialEq)]
enum Bom {
    Unknown,
    /// After a UTF-8 byte-order mark: bytes as they are.
    Utf8Raw,
    /// No byte-order mark: ill-formed UTF-8 replaced.
    Utf8,
    Utf16 {
        big_endian: bool,
    },
}

impl<R: Read> Decoded<R> {
    /// Wraps `inner`.
    pub fn new(inner: R) -> Decoded<R> {
        Decoded {
            inner,
            state: Bom::Unknown,
            pending: Vec::new(),
            pending_at: 0,
            odd: None,
            high: None,
            raw: Vec::new(),
        }
    }

    fn sniff(&mut self) -> io::Result<()> {
        let mut head = [0u8; 3];
        let mut n = 0;
        while n < 3 {
            let k = self.inner.read(&mut head[n..])?;
            if k == 0 {
                break;
            }
            n += k;
            if n >= 2 && (head[..2] == [0xFF, 0xFE] || head[..2] == [0xFE, 0xFF]) {
                break;
            }
        }
        if n >= 2 && head[..2] == [0xFF, 0xFE] {
            self.state = Bom::Utf16 { big_endian: false };
            self.odd = (n == 3).then_some(head[2]);
        } else if n >= 2 && head[..2] == [0xFE, 0xFF] {
            self.state = Bom::Utf16 { big_endian: true };
            self.odd = (n == 3).then_some(head[2]);
        } else if n == 3 && head == [0xEF, 0xBB, 0xBF] {
            self.state = Bom::Utf8Raw;
        } else {
            self.state = Bom::Utf8;
            self.raw.extend_from_slice(&head[..n]);
        }
        Ok(())
    }

    /// Reads more input and appends it to `pending` with ill-formed UTF-8
    /// replaced; a sequence cut at the end of the read waits for the rest.
    fn fill_utf8(&mut self) -> io::Result<bool> {
        let mut chunk = [0u8; 16 << 10];
        let k = self.inner.read(&mut chunk)?;
        if k == 0 {
            if self.raw.is_empty() {
                return Ok(false);
            }
            // A sequence cut by the end of the input.
            let rest = std::mem::take(&mut self.raw);
            self.pending
                .extend_from_slice(String::from_utf8_lossy(&rest).as_bytes());
            return Ok(true);
        }
        self.raw.extend_from_slice(&chunk[..k]);
        self.convert_raw();
        Ok(true)
    }

    /// Moves `raw` to `pending` with ill-formed UTF-8 replaced, keeping an
    /// incomplete sequence at its end for the next read.
    fn convert_raw(&mut self) {
        let mut at = 0;
        loop {
            match std::str::from_utf8(&self.raw[at..]) {
                Ok(_) => {
                    self.pending.extend_from_slice(&self.raw[at..]);
                    self.raw.clear();
                    return;
                }
                Err(e) => {
                    let good = at + e.valid_up_to();
                    self.pending.extend_from_slice(&self.raw[at..good]);
                    match e.error_len() {
                        Some(bad) => {
                            self.pending.extend_from_slice("\u{FFFD}".as_bytes());
                            at = good + bad;
                        }
                        None => {
                            // Incomplete: keep it for the next read.
                            self.raw.drain(..good);
                            return;
                        }
                    }
                }
            }
        }
    }

    /// The common case, well-formed UTF-8: read straight into `out` (after
    /// the few bytes `raw` holds: the byte-order-mark sniff's, or a
    /// sequence cut by the last read) and check it there. Whatever is not
    /// well-formed (from the first bad or cut sequence on) goes back to
    /// `raw`, to be converted.
    fn read_utf8_direct(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let held = self.raw.len();
        out[..held].copy_from_slice(&self.raw);
        self.raw.clear();
        let k = self.inner.read(&mut out[held..])?;
        let n = held + k;
        let good = match std::str::from_utf8(&out[..n]) {
            Ok(_) => return Ok(n),
            Err(e) => e.valid_up_to(),
        };
        if k == 0 {
            // The input ended inside a sequence.
            let text = String::from_utf8_lossy(&out[..n]).into_owned();
            self.pending.extend_from_slice(text.as_bytes());
            return self.read(out);
        }
        self.raw.extend_from_slice(&out[good..n]);
        if good > 0 {
            // The rest is converted when it is read.
            return Ok(good);
        }
        self.convert_raw();
        self.read(out)
    }

    fn fill_utf16(&mut self, big_endian: bool) -> io::Result<bool> {
        let mut raw = [0u8; 8192];
        let mut n = 0;
        if let Some(b) = self.odd.take() {
            raw[0] = b;
            n = 1;
        }
        let k = self.inner.read(&mut raw[n..])?;
        if k == 0 {
            if n == 1 || self.high.take().is_some() {
                self.pending.extend_from_slice("\u{FFFD}".as_bytes());
                return Ok(true);
            }
            return Ok(false);
        }
        n += k;
        if n % 2 == 1 {
            self.odd = Some(raw[n - 1]);
            n -= 1;
        }
        for pair in raw[..n].chunks_exact(2) {
            let unit = if big_endian {
                u16::from_be_bytes([pair[0], pair[1]])
            } else {
                u16::from_le_bytes([pair[0], pair[1]])
            };
            let ch = match (self.high.take(), unit) {
                (None, 0xD800..=0xDBFF) => {
                    self.high = Some(unit);
                    continue;
                }
                (Some(h), 0xDC00..=0xDFFF) => char::from_u32(
                    0x10000 + ((u32::from(h) - 0xD800) << 10) + (u32::from(unit) - 0xDC00),
                ),
                (Some(_), u) => {
                    self.pending.extend_from_slice("\u{FFFD}".as_bytes());
                    if (0xD800..=0xDBFF).contains(&u) {
                        self.high = Some(u);
                        continue;
                    }
                    char::from_u32(u32::from(u))
                }
                (None, u) => char::from_u32(u32::from(u)),
            };
            let mut buf = [0u8; 4];
            self.pending
                .extend_from_slice(ch.unwrap_or('\u{FFFD}').encode_utf8(&mut buf).as_bytes());
        }
        Ok(true)
    }
}

impl<R: Read> Read for Decoded<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.state == Bom::Unknown {
            self.sniff()?;
        }
        loop {
            if self.pending_at < self.pending.len() {
                let n = out.len().min(self.pending.len() - self.pending_at);
                out[..n].copy_from_slice(&self.pending[self.pending_at..self.pending_at + n]);
                self.pending_at += n;
                if self.pending_at == self.pending.len() {
                    self.pending.clear();
                    self.pending_at = 0;
                }
                return Ok(n);
            }
            let more = match self.state {
                Bom::Utf16 { big_endian } => self.fill_utf16(big_endian)?,
                Bom::Utf8 if out.len() > self.raw.len() + 4 => return self.read_utf8_direct(out),
                Bom::Utf8 => self.fill_utf8()?,
                _ => return self.inner.read(out),
            };
            if !more {
                return Ok(0);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(bytes: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        Decoded::new(bytes).read_to_end(&mut out).unwrap();
        out
    }

    #[test]
    fn byte_order_marks() {
        assert_eq!(decode(b"\xEF\xBB\xBFa: 1\n"), b"a: 1\n");
        assert_eq!(decode(b"a: 1\n"), b"a: 1\n");
        assert_eq!(decode(b"a"), b"a");
        let le: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("a: é😀\n".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        assert_eq!(decode(&le), "a: é😀\n".as_bytes());
        let be: Vec<u8> = [0xFE, 0xFF]
            .into_iter()
            .chain("k: v".encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        assert_eq!(decode(&be), b"k: v");
    }

    #[test]
    fn ill_formed_utf8_is_replaced_unless_after_a_bom() {
        assert_eq!(
            decode(b"bad\xffx \xe2\x82"),
            "bad\u{FFFD}x \u{FFFD}".as_bytes()
        );
        assert_eq!(decode(b"\xEF\xBB\xBFbad\xff"), b"bad\xff");
        // A sequence cut across reads is joined.
        let text = "é".repeat(20_000);
        assert_eq!(decode(text.as_bytes()), text.as_bytes());
    }

    /// Yields its bytes a few at a time, as a pipe may.
    struct Trickle<'a> {
        bytes: &'a [u8],
        sizes: std::iter::Cycle<std::slice::Iter<'a, usize>>,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = (*self.sizes.next().unwrap())
                .min(out.len())
                .min(self.bytes.len());
            out[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    /// Whatever the reads' sizes and wherever a bad or cut sequence falls
    /// (the direct path and the converting one meet at every boundary),
    /// the text is `from_utf8_lossy`'s.
    #[test]
    fn any_split_of_the_input_reads_as_lossy_utf8() {
        let pieces: [&[u8]; 8] = [
            b"ab",
            "é".as_bytes(),
            "😀".as_bytes(),
            b"\xff",
            b"\xe2\x82",
            b"\xf0\x9f",
            b"\n",
            b"\xc3",
        ];
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..2_000 {
            let mut input = Vec::new();
            for _ in 0..next() % 40 {
                input.extend_from_slice(pieces[(next() % 8) as usize]);
            }
            if input.starts_with(&[0xFF]) {
                input.insert(0, b'x'); // not a byte-order mark
            }
            let sizes: Vec<usize> = (0..5).map(|_| 1 + (next() % 7) as usize).collect();
            for out_len in [1, 3, 64] {
                let mut reader = Decoded::new(Trickle {
                    bytes: &input,
                    sizes: sizes.iter().cycle(),
                });
                let mut got = Vec::new();
                let mut buf = vec![0u8; out_len];
                loop {
                    let n = reader.read(&mut buf).unwrap();
                    if n == 0 {
                        break;
                    }
                    got.extend_from_slice(&buf[..n]);
                }
                assert_eq!(
                    got,
                    String::from_utf8_lossy(&input).as_bytes(),
                    "{input:x?} read {sizes:?} into {out_len}"
                );
            }
        }
    }

    #[test]
    fn missing_paths_are_named() {
        assert_eq!(
            collect_sources(&["/no/such/file.yaml".to_owned()], false).unwrap_err(),
            "the path \"/no/such/file.yaml\" does not exist"
        );
    }
}
