//! Plain scalars in flow collections as go-yaml v2 scans them.
//!
//! A `:` followed by `,`, `?`, `[`, `]`, `{` or `}` is part of the scalar
//! (`[C:]` is `["C:"]`), where libyaml-safer 0.3 (libyaml 0.2.5's check)
//! refuses it ("found unexpected ':'"). Each such `:` is made `;` (found
//! with the tags, `tags.rs`), which libyaml reads as part of the scalar,
//! and made `:` again in the scalar's value ([`Colons`]).
//!
//! A `?` ends
//! one (its scanner, a port of libyaml before 0.2.2, takes `?` as the key
//! indicator there), so `[http://a?b]` is a syntax error for kubectl at the
//! `?`. libyaml-safer 0.3 reads on (`"http://a?b"`). So the first `?`
//! inside a plain scalar of a flow collection, as libyaml's scanner finds
//! them, is made a character that ends the scalar there and that the
//! parser refuses after it as it refuses go-yaml's key indicator (`{`),
//! and the rest is dropped: the document fails where and as go-yaml fails
//! it ("did not find expected ',' or ']'").

use std::borrow::Cow;

use libyaml_safer::{Encoding, ScalarStyle, TokenData};

/// The `:` of flow plain scalars that were made `;`: by the scalar's start
/// (its mark), the offsets of those `:`.
#[derive(Default)]
pub(crate) struct Colons(Vec<(usize, usize)>);

impl Colons {
    /// The `:` at `at`, in the plain scalar that starts at `scalar`, was
    /// made `;`.
    pub(crate) fn keep(&mut self, scalar: usize, at: usize) {
        self.0.push((scalar, at));
    }

    /// The value of the plain scalar whose event spans `span` of `text` (as
    /// libyaml's marks count: with its anchor and tag), with its `:` back.
    pub(crate) fn restore(
        &self,
        text: &[u8],
        span: std::ops::Range<usize>,
        value: String,
    ) -> String {
        // The k-th `;` of the scalar's text is the k-th of its value (plain
        // scalars only fold white space).
        let ordinals: Vec<usize> = self
            .0
            .iter()
            // (Those past a `?` that ended the text are gone.)
            .filter(|c| span.contains(&c.0) && c.1 < text.len())
            .map(|&(start, at)| text[start..at].iter().filter(|&&c| c == b';').count())
            .collect();
        if ordinals.is_empty() {
            return value;
        }
        let mut k = 0;
        value
            .chars()
            .map(|c| {
                if c != ';' {
                    return c;
                }
                k += 1;
                if ordinals.contains(&(k - 1)) {
                    ':'
                } else {
                    ';'
                }
            })
            .collect()
    }
}

/// `text` with a `%YAML 1.x` directive other than 1.1 made `%YAML 0.x`: go-yaml
/// v2 refuses any version but 1.1 ("found incompatible YAML document"),
/// libyaml-safer 0.3 takes 1.2 too; both refuse major version 0 there.
pub(crate) fn go_yaml_version(text: &[u8], encoding: Option<Encoding>) -> Cow<'_, [u8]> {
    let base = if encoding.is_none() { 3 } else { 0 };
    if !text[base..].windows(5).any(|w| w == b"%YAML") {
        return Cow::Borrowed(text);
    }
    let scanner = super::encoding::scanner(&text[base..], encoding);
    for token in scanner {
        match token {
            Ok(token) => match token.data {
                TokenData::VersionDirective { major: 1, minor } if minor != 1 => {
                    // The major version's digits, before the last `.`.
                    let (start, end) = (
                        base + token.start_mark.index as usize,
                        base + token.end_mark.index as usize,
                    );
                    let Some(dot) = text[start..end].iter().rposition(|&c| c == b'.') else {
                        break;
                    };
                    let dot = start + dot;
                    let mut text = text.to_vec();
                    for c in text[start..dot].iter_mut().rev() {
                        if !c.is_ascii_digit() {
                            break;
                        }
                        *c = b'0';
                    }
                    return Cow::Owned(text);
                }
                // Directives come first: read no further.
                TokenData::StreamStart { .. }
                | TokenData::VersionDirective { .. }
                | TokenData::TagDirective { .. } => {}
                _ => break,
            },
            Err(_) => break,
        }
    }
    Cow::Borrowed(text)
}

/// `text` with the first `\/` of a double-quoted scalar made `\q`: go-yaml
/// v2 knows no `\/` escape ("found unknown escape character"), where
/// libyaml-safer 0.3 (libyaml 0.2.2's) reads `/`; both refuse `\q` there.
pub(crate) fn go_yaml_escapes(text: &[u8], encoding: Option<Encoding>) -> Cow<'_, [u8]> {
    // Marks count from after a UTF-8 byte-order mark the scanner skips.
    let base = if encoding.is_none() { 3 } else { 0 };
    if !text[base..].windows(2).any(|w| w == b"\\/") {
        return Cow::Borrowed(text);
    }
    let body = &text[base..];
    let scanner = super::encoding::scanner(body, encoding);
    let mut found = None;
    for token in scanner {
        // A double-quoted scalar, or one the scanner stopped in (go-yaml
        // stops at the escape first).
        let (start, end) = match token {
            Ok(token) => match token.data {
                TokenData::Scalar {
                    style: ScalarStyle::DoubleQuoted,
                    ..
                } => (
                    token.start_mark.index as usize,
                    token.end_mark.index as usize,
                ),
                _ => continue,
            },
            Err(e) => match (e.context(), e.context_mark(), e.problem_mark()) {
                (Some("while scanning a quoted scalar"), Some(start), Some(end)) => {
                    (start.index as usize, end.index as usize + 1)
                }
                _ => break,
            },
        };
        let quoted = &body[start..end.min(body.len())];
        if quoted.first() == Some(&b'"') {
            if let Some(i) = escaped_slash(quoted) {
                found = Some(start + i);
                break;
            }
        }
    }
    match found {
        Some(at) => {
            let mut text = text.to_vec();
            text[base + at] = b'q';
            Cow::Owned(text)
        }
        None => Cow::Borrowed(text),
    }
}

/// The `/` of the first `\/` escape of a double-quoted scalar's text.
fn escaped_slash(quoted: &[u8]) -> Option<usize> {
    // Escapes read left to right (`\\/` is a backslash, then `/`).
    let mut i = 1;
    while i + 1 < quoted.len() {
        if quoted[i] == b'\\' {
            if quoted[i + 1] == b'/' {
                return Some(i + 1);
            }
            i += 1;
        }
        i += 1;
    }
    None
}

/// `text` up to the first `?` that go-yaml ends a flow plain scalar at,
/// made `{` (see the module documentation); `encoding` as libyaml's parser
/// will be told.
pub(crate) fn go_yaml_plain_scalars(text: &[u8], encoding: Option<Encoding>) -> Cow<'_, [u8]> {
    // Marks count from after a UTF-8 byte-order mark the scanner skips.
    let base = if encoding.is_none() { 3 } else { 0 };
    if !may_end_at_question_mark(&text[base..]) {
        return Cow::Borrowed(text);
    }
    match question_mark(&text[base..], encoding) {
        Some(at) => {
            // The parse fails there: what follows is not read (libyaml's
            // scanner, reading ahead, could meet what it panics on).
            let mut text = text[..=base + at].to_vec();
            text[base + at] = b'{';
            Cow::Owned(text)
        }
        None => Cow::Borrowed(text),
    }
}

/// Whether the text has a flow collection and a `?` (also after white
/// space inside a scalar: `[a ?b]` is `a`, then a key, to go-yaml).
fn may_end_at_question_mark(text: &[u8]) -> bool {
    text.contains(&b'?') && text.iter().any(|&c| c == b'[' || c == b'{')
}

/// The first `?` after the first character of a plain scalar inside a flow
/// collection, before any error of libyaml's scanner.
fn question_mark(text: &[u8], encoding: Option<Encoding>) -> Option<usize> {
    let scanner = super::encoding::scanner(text, encoding);
    let mut flow = 0usize;
    for token in scanner {
        let token = token.ok()?;
        match token.data {
            TokenData::FlowSequenceStart | TokenData::FlowMappingStart => flow += 1,
            TokenData::FlowSequenceEnd | TokenData::FlowMappingEnd => flow = flow.saturating_sub(1),
            TokenData::Scalar {
                style: ScalarStyle::Plain,
                ..
            } if flow > 0 => {
                let (start, end) = (
                    token.start_mark.index as usize,
                    token.end_mark.index as usize,
                );
                let inside = text.get(start + 1..end).unwrap_or_default();
                if let Some(i) = inside.iter().position(|&c| c == b'?') {
                    return Some(start + 1 + i);
                }
            }
            TokenData::StreamEnd => return None,
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewrite(s: &str) -> String {
        let text = go_yaml_plain_scalars(s.as_bytes(), Some(Encoding::Utf8));
        String::from_utf8(text.into_owned()).unwrap()
    }

    #[test]
    fn a_colon_before_a_flow_indicator_is_part_of_the_scalar() {
        let (text, colons) =
            super::super::tags::go_yaml_scan(b"a: [C:, x;y:]\n", Some(Encoding::Utf8)).unwrap();
        assert_eq!(&text[..], b"a: [C;, x;y;]\n");
        assert_eq!(colons.restore(&text, 4..6, "C;".into()), "C:");
        assert_eq!(colons.restore(&text, 8..12, "x;y;".into()), "x;y:");
        assert_eq!(colons.restore(&text, 0..1, "a".into()), "a");
        // Cut after a `?`: the later `:` are gone with the text.
        assert_eq!(colons.restore(&text[..7], 4..12, "C;".into()), "C:");
    }

    #[test]
    fn go_yaml_reads_yaml_1_1_only() {
        let rewrite = |s: &str| {
            let text = go_yaml_version(s.as_bytes(), Some(Encoding::Utf8));
            String::from_utf8(text.into_owned()).unwrap()
        };
        assert_eq!(rewrite("%YAML 1.2\n---\na: 1\n"), "%YAML 0.2\n---\na: 1\n");
        assert_eq!(rewrite("%YAML 1.1\n---\na: 1\n"), "%YAML 1.1\n---\na: 1\n");
    }

    #[test]
    fn go_yaml_knows_no_escaped_slash() {
        let rewrite = |s: &str| {
            let text = go_yaml_escapes(s.as_bytes(), Some(Encoding::Utf8));
            String::from_utf8(text.into_owned()).unwrap()
        };
        assert_eq!(rewrite("a: \"x\\\\/y\\/z\"\n"), "a: \"x\\\\/y\\qz\"\n");
        for s in ["a: 'x\\/y'\n", "a: x\\/y\n", "# \"\\/\"\n"] {
            assert_eq!(rewrite(s), s);
        }
    }

    #[test]
    fn a_question_mark_ends_a_flow_plain_scalar() {
        assert_eq!(
            rewrite("args: [--url=http://a/b?c=d, x?y]\n"),
            "args: [--url=http://a/b{"
        );
        assert_eq!(
            rewrite("m: {u: \"a?b\", v: c?d}\n"),
            "m: {u: \"a?b\", v: c{"
        );
        assert_eq!(rewrite("{a  ? b}\n"), "{a  {");
        // In block context, quoted, or starting a scalar: left alone.
        for s in ["a: b?c\n", "a: ['b?c']\n", "a: [?b]\n", "# [a?b]\n"] {
            assert_eq!(rewrite(s), s);
        }
    }
}
