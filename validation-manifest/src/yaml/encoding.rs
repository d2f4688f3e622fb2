//! go-yaml's reader on the encoding of one document. kubectl strips a
//! file's byte-order mark (and decodes UTF-16) before it splits documents,
//! so go-yaml sees a mark only where one follows (a second mark, or one at
//! the start of a later document after a UTF-8 mark): a UTF-8 mark is
//! skipped, UTF-16 marks switch go-yaml to UTF-16, anything else is UTF-8.
//!
//! libyaml-safer 0.3 differs: a first byte 0xEF that does not begin a UTF-8
//! mark (U+F000..U+FFFF, U+FFFD among them) is "invalid byte order marker",
//! and its UTF-16 reader trips a debug assertion on a lone surrogate. So
//! UTF-16 is decoded here, with go-yaml's reader errors, and libyaml's
//! parser is told UTF-8 whenever no UTF-8 mark starts the document.

use std::borrow::Cow;
use std::io;

use libyaml_safer::{Encoding, Parser, Scanner};

/// go-yaml's raw buffer (`input_raw_buffer_size`).
const RAW_BUFFER: usize = 512;

/// A document as go-yaml's reader takes it in: 512 bytes at a time (with
/// what a character cut at the end left over), each decoded whole when the
/// scanner needs more characters. A reader error (a control character,
/// ill-formed UTF-8 after a byte-order mark) is found when the scanner gets
/// to those 512 bytes, after any syntax error before them, as go-yaml finds
/// it; libyaml-safer reading the whole document at once found it first.
pub(crate) struct Chunks<'a> {
    text: &'a [u8],
    at: usize,
}

impl io::Read for Chunks<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = io::BufRead::fill_buf(self)?.len().min(out.len());
        out[..n].copy_from_slice(&self.text[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

impl io::BufRead for Chunks<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        Ok(&self.text[self.at..(self.at + RAW_BUFFER).min(self.text.len())])
    }

    fn consume(&mut self, n: usize) {
        self.at += n;
    }
}

/// libyaml's parser on `text`, read as go-yaml reads it.
pub(crate) fn parser(text: &[u8], encoding: Option<Encoding>) -> Parser<Chunks<'_>> {
    let mut parser = Parser::new();
    parser.set_input(Chunks { text, at: 0 });
    if let Some(e) = encoding {
        parser.set_encoding(e);
    }
    parser
}

/// libyaml's scanner on `text`, read as go-yaml reads it.
pub(crate) fn scanner(text: &[u8], encoding: Option<Encoding>) -> Scanner<Chunks<'_>> {
    let mut scanner = Scanner::new();
    scanner.set_input(Chunks { text, at: 0 });
    if let Some(e) = encoding {
        scanner.set_encoding(e);
    }
    scanner
}

/// The document as UTF-8 for libyaml's parser, and the encoding to tell it
/// (`None`: a UTF-8 mark starts it, which the parser skips as go-yaml
/// does). The error is go-yaml's reader's.
pub(crate) fn decode(doc: &[u8]) -> Result<(Cow<'_, [u8]>, Option<Encoding>), &'static str> {
    match doc {
        [0xEF, 0xBB, 0xBF, ..] => Ok((Cow::Borrowed(doc), None)),
        [0xFF, 0xFE, rest @ ..] => Ok((Cow::Owned(utf16(rest, false)?), Some(Encoding::Utf8))),
        [0xFE, 0xFF, rest @ ..] => Ok((Cow::Owned(utf16(rest, true)?), Some(Encoding::Utf8))),
        _ => Ok((Cow::Borrowed(doc), Some(Encoding::Utf8))),
    }
}

/// go-yaml's UTF-16 reading (readerc.go), all at once: its reader errors
/// come first (it reads ahead of the scanner, in 512-byte chunks).
fn utf16(b: &[u8], big_endian: bool) -> Result<Vec<u8>, &'static str> {
    let unit = |i: usize| {
        let pair = [b[i], b[i + 1]];
        u32::from(if big_endian {
            u16::from_be_bytes(pair)
        } else {
            u16::from_le_bytes(pair)
        })
    };
    let mut out = String::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b.len() - i < 2 {
            return Err("incomplete UTF-16 character");
        }
        let first = unit(i);
        let c = match first & 0xFC00 {
            0xDC00 => return Err("unexpected low surrogate area"),
            0xD800 => {
                if b.len() - i < 4 {
                    return Err("incomplete UTF-16 surrogate pair");
                }
                let second = unit(i + 2);
                if second & 0xFC00 != 0xDC00 {
                    return Err("expected low surrogate area");
                }
                i += 4;
                0x10000 + ((first & 0x3FF) << 10) + (second & 0x3FF)
            }
            _ => {
                i += 2;
                first
            }
        };
        out.push(char::from_u32(c).expect("not a surrogate"));
    }
    Ok(out.into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(doc: &[u8]) -> Result<(String, bool), &'static str> {
        decode(doc).map(|(t, e)| (String::from_utf8(t.into_owned()).unwrap(), e.is_some()))
    }

    #[test]
    fn marks_as_go_yaml_reads_them() {
        assert_eq!(text(b"\xEF\xBB\xBFa"), Ok(("\u{feff}a".into(), false)));
        assert_eq!(
            text("\u{fffd}: x".as_bytes()),
            Ok(("\u{fffd}: x".into(), true))
        );
        assert_eq!(
            text(b"\xFF\xFEa\x00\x3D\xD8\x00\xDE"),
            Ok(("a\u{1F600}".into(), true))
        );
        assert_eq!(text(b"\xFE\xFF\x00a"), Ok(("a".into(), true)));
        assert_eq!(
            text(b"\xFF\xFEa\x00\x0A"),
            Err("incomplete UTF-16 character")
        );
        assert_eq!(
            text(b"\xFF\xFE\x00\xDC"),
            Err("unexpected low surrogate area")
        );
        assert_eq!(
            text(b"\xFF\xFE\x00\xD8a"),
            Err("incomplete UTF-16 surrogate pair")
        );
        assert_eq!(
            text(b"\xFF\xFE\x00\xD8a\x00"),
            Err("expected low surrogate area")
        );
    }
}
