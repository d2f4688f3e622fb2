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

use libyaml_safer::Encoding;

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
