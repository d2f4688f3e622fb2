//! Tags written as go-yaml v2 reads them. Its scanner (a port of libyaml
//! before 0.2.5) takes `,`, `[` and `]` as characters of a shorthand tag in
//! every context: `[!t, x]` is the sequence `["x"]`, tagged `!t,`.
//! libyaml-safer 0.3 ends the tag before them and then refuses what
//! follows, or, before a `,` in a flow collection, panics (its issue #7,
//! "TODO: What is expected here?"). So before libyaml's parser reads a
//! document, those characters of a shorthand tag are written as URI escapes
//! (`!t%2C`), which it decodes back to go-yaml's tag text; a verbatim tag
//! (`!<x>`) followed by `,` in a flow collection, which go-yaml refuses,
//! gets a character libyaml refuses at the same place.
//!
//! The tags are found with libyaml's own scanner, never letting it meet
//! what it panics on; only a document with a `!` followed by such a
//! character is scanned.

use std::borrow::Cow;

use libyaml_safer::{Encoding, Scanner, Token, TokenData};

/// Scans of one document at most (one per tag escaped, and one per `!`
/// followed by `,` in a plain scalar of a flow collection).
const MAX_SCANS: usize = 256;

/// `text` with its tags as go-yaml reads them (see the module
/// documentation); `encoding` as libyaml's parser will be told.
///
/// libyaml's scanner must not meet a tag followed by `,` in a flow
/// collection (it panics), so it scans a probe: the text with every place
/// that may be one, from the first not yet decided on, made `{`, which
/// libyaml refuses after a tag without panicking. Up to the first of those
/// places the probe reads as the text; where the scanner refuses `{` after
/// a tag, a tag ends there; where it starts a flow mapping with it, the `,`
/// ended a plain scalar instead, and the probe is made again from the next
/// place (elsewhere, in quotes, comments or block scalars, `{` and `,` read
/// alike).
pub(crate) fn go_yaml_tags(
    text: &[u8],
    encoding: Option<Encoding>,
) -> Result<Cow<'_, [u8]>, String> {
    // Marks count from after a UTF-8 byte-order mark the scanner skips.
    let base = if encoding.is_none() { 3 } else { 0 };
    if candidates(&text[base..]).is_empty() {
        return Ok(Cow::Borrowed(text));
    }
    let mut text = text[base..].to_vec();
    let mut from = 0;
    for _ in 0..MAX_SCANS {
        let places: Vec<usize> = candidates(&text)
            .into_iter()
            .filter(|&c| c >= from)
            .collect();
        let mut probe = text.clone();
        for &at in &places {
            probe[at] = b'{';
        }
        let scan = scan(&probe, encoding);
        let first = places
            .iter()
            .copied()
            .find(|&at| scan.refused == Some(at) || scan.mappings.binary_search(&at).is_ok());
        match first {
            None => {
                if base > 0 {
                    text.splice(0..0, [0xEF, 0xBB, 0xBF]);
                }
                return Ok(Cow::Owned(text));
            }
            // The `,` ended a plain scalar.
            Some(at) if scan.refused != Some(at) => from = at + 1,
            // A verbatim tag before `,`: go-yaml refuses it there too.
            Some(at) if text[at - 1] == b'>' => {
                text[at] = b'{';
                from = at + 1;
            }
            Some(at) => from = escape_run(&mut text, at),
        }
    }
    Err(format!(
        "yaml: more than {MAX_SCANS} tags ending in ',', '[' or ']' (this tool's limit)"
    ))
}

/// What libyaml's scanner made of a probe.
struct Scan {
    /// Where it refused the character after a tag.
    refused: Option<usize>,
    /// Where flow mappings start, in order.
    mappings: Vec<usize>,
}

fn scan(text: &[u8], encoding: Option<Encoding>) -> Scan {
    let mut input = text;
    let mut scanner = Scanner::<&mut &[u8]>::new();
    scanner.set_input_string(&mut input);
    if let Some(e) = encoding {
        scanner.set_encoding(e);
    }
    let mut out = Scan {
        refused: None,
        mappings: Vec::new(),
    };
    for token in scanner {
        match token {
            Ok(Token {
                data: TokenData::FlowMappingStart,
                start_mark,
                ..
            }) => out.mappings.push(start_mark.index as usize),
            Ok(_) => {}
            Err(e) => {
                if e.problem() == "did not find expected whitespace or line break" {
                    out.refused = e.problem_mark().map(|m| m.index as usize);
                }
                break;
            }
        }
    }
    out
}

/// The places where libyaml may end a tag that go-yaml reads on or
/// refuses: a `,`, `[` or `]` after characters of a shorthand tag among
/// which is a `!` (a tag may follow a `:` with no space: `{"a":!t, b}`), or
/// a `,` after a verbatim tag (`!<...>`).
fn candidates(text: &[u8]) -> Vec<usize> {
    let mut out = Vec::new();
    // Whether the current run of shorthand tag characters holds a `!`.
    let mut bang = false;
    let mut verbatim = false;
    for (i, &c) in text.iter().enumerate() {
        if verbatim {
            if c == b'>' {
                verbatim = false;
                bang = false;
                if text.get(i + 1) == Some(&b',') {
                    out.push(i + 1);
                }
                continue;
            }
            if libyaml_uri(c) || matches!(c, b',' | b'[' | b']' | b'<') {
                continue;
            }
            verbatim = false;
        }
        if c == b'!' && text.get(i + 1) == Some(&b'<') {
            verbatim = true;
            continue;
        }
        if libyaml_uri(c) {
            bang |= c == b'!';
            continue;
        }
        if matches!(c, b',' | b'[' | b']') && bang {
            out.push(i);
        }
        bang = false;
    }
    out
}

/// A character of a shorthand tag for libyaml-safer.
fn libyaml_uri(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"-_;/?:@&=+$.%!~*'()".contains(&c)
}

/// Escapes the `,`, `[` and `]` of the rest of a go-yaml tag from `at`
/// (its URI characters: libyaml's and those three); where it ends now.
fn escape_run(text: &mut Vec<u8>, at: usize) -> usize {
    let len = text[at..]
        .iter()
        .take_while(|&&c| libyaml_uri(c) || matches!(c, b',' | b'[' | b']'))
        .count();
    let mut run = Vec::with_capacity(len * 3);
    for &c in &text[at..at + len] {
        match c {
            b',' => run.extend_from_slice(b"%2C"),
            b'[' => run.extend_from_slice(b"%5B"),
            b']' => run.extend_from_slice(b"%5D"),
            c => run.push(c),
        }
    }
    let end = at + run.len();
    text.splice(at..at + len, run);
    end
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewrite(s: &str) -> String {
        let text = go_yaml_tags(s.as_bytes(), Some(Encoding::Utf8)).unwrap();
        String::from_utf8(text.into_owned()).unwrap()
    }

    #[test]
    fn tags_run_on_as_go_yaml_reads_them() {
        assert_eq!(rewrite("a: [!, x]\n"), "a: [!%2C x]\n");
        assert_eq!(rewrite("a: [x, !t,y, z]\n"), "a: [x, !t%2Cy%2C z]\n");
        assert_eq!(
            rewrite("- !t, x\n- !!str] y\n"),
            "- !t%2C x\n- !!str%5D y\n"
        );
        assert_eq!(rewrite("a: [!<x>, y]\n"), "a: [!<x>{ y]\n");
        assert_eq!(
            rewrite("{\"a\": 1, \"b\":!!int, c}\n"),
            "{\"a\": 1, \"b\":!!int%2C c}\n"
        );
        // Not tags: left alone.
        for s in [
            "a: \"!b, c\"\n",
            "a: x !b, c\n",
            "# !b,\na: 1\n",
            "a: [x !b, c]\n",
        ] {
            assert_eq!(rewrite(s), s);
        }
    }
}
