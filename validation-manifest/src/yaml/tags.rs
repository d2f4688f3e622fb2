//! Tags, and colons in flow plain scalars, written as go-yaml v2 reads them. Its scanner (a port of libyaml
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
//! libyaml-safer also refuses a `:` followed by a flow indicator in a flow
//! plain scalar, which go-yaml reads as part of the scalar (`[C:]`): see
//! [`Colons`]. Both are found in the same scans, as each lets libyaml's
//! scanner read further.
//!
//! The tags are found with libyaml's own scanner, never letting it meet
//! what it panics on; only a document with a `!` followed by such a
//! character is scanned.

use std::borrow::Cow;

use libyaml_safer::{Encoding, Token, TokenData};

use super::flow::Colons;

/// Scans of one document at most (one per tag escaped, per `:` kept, and
/// per `!` followed by `,` in a plain scalar of a flow collection).
const MAX_SCANS: usize = 256;

/// `text` with its tags as go-yaml reads them, and the `:` go-yaml keeps in
/// flow plain scalars made `;` (see the module documentation and
/// [`Colons`]); `encoding` as libyaml's parser will be told.
///
/// libyaml's scanner must not meet a tag followed by `,` in a flow
/// collection (it panics), so it scans a probe: the text with every place
/// that may be one, from the first not yet decided on, made `{`, which
/// libyaml refuses after a tag without panicking. Up to the first of those
/// places the probe reads as the text; where the scanner refuses `{` after
/// a tag, a tag ends there; where it starts a flow mapping with it, the `,`
/// ended a plain scalar instead, and the probe is made again from the next
/// place (elsewhere, in quotes, comments or block scalars, `{` and `,` read
/// alike). Each thing fixed lets the scanner read further: the scans go on
/// until it reads to the end or stops at an error go-yaml has too.
pub(crate) fn go_yaml_scan(
    text: &[u8],
    encoding: Option<Encoding>,
) -> Result<(Cow<'_, [u8]>, Colons), String> {
    // Marks count from after a UTF-8 byte-order mark the scanner skips.
    let base = if encoding.is_none() { 3 } else { 0 };
    let colon_before_indicator = text[base..]
        .windows(2)
        .any(|w| w[0] == b':' && b",?[]{}".contains(&w[1]));
    if !colon_before_indicator && candidates(&text[base..]).is_empty() {
        return Ok((Cow::Borrowed(text), Colons::default()));
    }
    let mut text = text[base..].to_vec();
    let mut colons = Colons::default();
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
        // A flow mapping the probe started comes before where it stopped.
        if let Some(&at) = places
            .iter()
            .find(|at| scan.mappings.binary_search(at).is_ok())
        {
            // The `,` ended a plain scalar.
            from = at + 1;
            continue;
        }
        match scan.stop {
            Stop::Tag(at) if places.contains(&at) => {
                if text[at - 1] == b'>' {
                    // A verbatim tag before `,`: go-yaml refuses it there
                    // too.
                    text[at] = b'{';
                    break;
                }
                from = escape_run(&mut text, at);
            }
            Stop::Colon { scalar, at } => {
                text[at] = b';';
                colons.keep(scalar, at);
            }
            Stop::Tag(_) | Stop::Other => break,
        }
    }
    if base > 0 {
        text.splice(0..0, [0xEF, 0xBB, 0xBF]);
    }
    Ok((Cow::Owned(text), colons))
}

/// Where libyaml's scanner stopped a probe.
enum Stop {
    /// At the end, or an error go-yaml has too.
    Other,
    /// It refused the character after a tag.
    Tag(usize),
    /// It refused a `:` followed by a flow indicator in the plain scalar
    /// that starts at `scalar`.
    Colon { scalar: usize, at: usize },
}

/// What libyaml's scanner made of a probe.
struct Scan {
    stop: Stop,
    /// Where flow mappings start, in order.
    mappings: Vec<usize>,
}

fn scan(text: &[u8], encoding: Option<Encoding>) -> Scan {
    let scanner = super::encoding::scanner(text, encoding);
    let mut mappings = Vec::new();
    for token in scanner {
        match token {
            Ok(Token {
                data: TokenData::FlowMappingStart,
                start_mark,
                ..
            }) => mappings.push(start_mark.index as usize),
            Ok(_) => {}
            Err(e) => {
                let at = e.problem_mark().map(|m| m.index as usize);
                let stop = match (e.problem(), at) {
                    ("did not find expected whitespace or line break", Some(at)) => Stop::Tag(at),
                    ("found unexpected ':'", Some(at)) if text.get(at) == Some(&b':') => {
                        match e.context_mark() {
                            Some(m) => Stop::Colon {
                                scalar: m.index as usize,
                                at,
                            },
                            None => Stop::Other,
                        }
                    }
                    _ => Stop::Other,
                };
                return Scan { stop, mappings };
            }
        }
    }
    Scan {
        stop: Stop::Other,
        mappings,
    }
}

/// The places where libyaml may end a tag that go-yaml reads on or
/// refuses: a `,`, `[` or `]` after characters of a shorthand tag among
/// which is a `!` (a tag may follow a `:` with no space: `{"a":!t, b}`), or
/// a `,` after a verbatim tag (`!<...>`).
fn candidates(text: &[u8]) -> Vec<usize> {
    let mut out = Vec::new();
    // Whether the current run of shorthand tag characters holds a `!`.
    let mut bang = false;
    // Inside what may be a verbatim tag. (It may be a plain scalar's text
    // too: both readings are followed.)
    let mut verbatim = false;
    for (i, &c) in text.iter().enumerate() {
        if verbatim {
            if c == b'>' {
                verbatim = false;
                if text.get(i + 1) == Some(&b',') {
                    out.push(i + 1);
                }
            } else if !(libyaml_uri(c) || matches!(c, b',' | b'[' | b']' | b'<')) {
                verbatim = false;
            }
        } else if c == b'!' && text.get(i + 1) == Some(&b'<') {
            verbatim = true;
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
    out.sort_unstable();
    out.dedup();
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
        let (text, _) = go_yaml_scan(s.as_bytes(), Some(Encoding::Utf8)).unwrap();
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
        // `!<` in a plain scalar, then a tag.
        assert_eq!(rewrite("[---\n!<,[!,\n"), "[---\n!<,[!%2C\n");
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
