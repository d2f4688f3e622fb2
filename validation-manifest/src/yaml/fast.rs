//! The fast reader: the YAML that manifests are written in (block mappings
//! and sequences, plain and quoted scalars (values over several lines too,
//! as CRD descriptions are written), one-line flow collections, literal and
//! folded block scalars, comments, anchors, aliases, merge keys and a
//! document end marker), read line by line straight into the tape builder,
//! with the events libyaml's parser would produce for it.
//!
//! It takes nothing it is not sure of: anything else (tabs, flow
//! collections over several lines, multi-line keys, tags, complex keys,
//! directives, explicit indentation indicators, deep nesting, anything
//! that is an error) makes
//! it give up, and the document is read again by libyaml's parser, which
//! answers for all of YAML, errors included. The two are compared on every
//! corpus the project has and by the `manifest` fuzz target:
//! whatever the fast reader takes, it must read as libyaml does.

use std::borrow::Cow;

use super::resolve;
use crate::build::{Builder, Scalar};

/// The fast reader gave up on the document.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct GiveUp;

type R<T = ()> = Result<T, GiveUp>;

/// Deeper than this, the libyaml path reads the document (and applies
/// go-yaml's depth limits).
const MAX_DEPTH: usize = 64;

/// Reads `doc` into `b` (after `Builder::document`): `Ok(false)` for a
/// document with no content.
pub(crate) fn parse(doc: &[u8], b: &mut Builder<'_>) -> R<bool> {
    let text = std::str::from_utf8(doc).map_err(|_| GiveUp)?;
    if !plain_text(doc) {
        return Err(GiveUp);
    }
    let mut lines = Vec::with_capacity(doc.len() / 24 + 1);
    let mut start = 0;
    for i in memchr::memchr_iter(b'\n', doc) {
        lines.push(Line::new(doc, start, i));
        start = i + 1;
    }
    if start < doc.len() {
        lines.push(Line::new(doc, start, doc.len()));
    }
    let mut r = Reader {
        text,
        lines,
        next: 0,
        b,
        depth: 0,
        anchors: Vec::new(),
    };
    r.document()
}

/// Only LF line breaks, no tabs, no control characters, and none of the
/// line breaks YAML 1.1 has beyond LF (NEL, LS, PS): the fast reader's
/// input.
fn plain_text(doc: &[u8]) -> bool {
    let mut i = 0;
    while i < doc.len() {
        // Sixteen bytes of printable ASCII and LF at a time, without a
        // branch per byte.
        if let Some(chunk) = doc.get(i..i + 16) {
            let plain = chunk.iter().fold(true, |ok, &c| {
                ok & ((c.wrapping_sub(0x20) < 0x5F) | (c == b'\n'))
            });
            if plain {
                i += 16;
                continue;
            }
        }
        let c = doc[i];
        if c < 0x20 {
            if c != b'\n' {
                return false;
            }
        } else if c == 0x7F {
            return false;
        } else if c >= 0x80 {
            // C1 controls (U+0080..U+009F, NEL among them), LS, PS,
            // U+FEFF and U+FFFE/U+FFFF: the libyaml path decides.
            let s = std::str::from_utf8(&doc[i..(i + 4).min(doc.len())])
                .or_else(|e| std::str::from_utf8(&doc[i..i + e.valid_up_to()]))
                .unwrap_or("");
            let Some(ch) = s.chars().next() else {
                return false;
            };
            if matches!(
                ch,
                '\u{80}'
                    ..='\u{9F}' | '\u{2028}' | '\u{2029}' | '\u{FEFF}' | '\u{FFFE}' | '\u{FFFF}'
            ) {
                return false;
            }
            i += ch.len_utf8();
            continue;
        }
        i += 1;
    }
    true
}

/// A line of the document: its byte range (without its LF), its
/// indentation, and whether it has content (not blank, not only a
/// comment), found once.
#[derive(Clone, Copy)]
struct Line {
    start: usize,
    end: usize,
    indent: usize,
    content: bool,
}

impl Line {
    fn new(doc: &[u8], start: usize, end: usize) -> Line {
        let text = &doc[start..end];
        let indent = text.iter().take_while(|&&c| c == b' ').count();
        let content = !matches!(text.get(indent), None | Some(b'#'));
        Line {
            start,
            end,
            indent,
            content,
        }
    }
}

struct Reader<'a, 'b, 't> {
    text: &'a str,
    lines: Vec<Line>,
    /// The next line not yet read.
    next: usize,
    b: &'b mut Builder<'t>,
    depth: usize,
    /// The anchors defined so far (an alias to another one is libyaml's to
    /// report).
    anchors: Vec<&'a str>,
}

impl<'a> Reader<'a, '_, '_> {
    fn line(&self, i: usize) -> &'a str {
        let l = self.lines[i];
        &self.text[l.start..l.end]
    }

    fn indent(line: &str) -> usize {
        line.len() - line.trim_start_matches(' ').len()
    }

    /// The next line with content (not blank, not only a comment), from
    /// `self.next`, and its indentation.
    fn peek(&mut self) -> Option<(usize, usize)> {
        while let Some(l) = self.lines.get(self.next) {
            if l.content {
                return Some((self.next, l.indent));
            }
            self.next += 1;
        }
        None
    }

    fn document(&mut self) -> R<bool> {
        let Some((i, indent)) = self.peek() else {
            return Ok(false);
        };
        let first = &self.line(i)[indent..];
        if indent == 0 && first.starts_with("---") {
            // A separator that starts the document (kubectl's reader keeps
            // it): a document start marker, with a comment at most.
            if !rest_is_blank(&first[3..]) {
                return Err(GiveUp);
            }
            self.next = i + 1;
            if self.peek().is_none() {
                // An explicit document with no content: a null.
                self.b.document();
                self.b.scalar(Scalar::Null, None, false);
                return Ok(true);
            }
            return self.document_body();
        }
        self.document_body()
    }

    fn document_body(&mut self) -> R<bool> {
        let Some((i, indent)) = self.peek() else {
            return Ok(false);
        };
        let line = self.line(i);
        let rest = &line[indent..];
        if rest.starts_with("---") || rest.starts_with("...") || rest.starts_with('%') {
            return Err(GiveUp);
        }
        self.b.document();
        if rest.starts_with('[') || rest.starts_with('{') {
            let end = self.flow(line, indent, None)?;
            if !rest_is_blank(&line[end..]) {
                return Err(GiveUp);
            }
            self.next = i + 1;
        } else {
            self.block_node(i, indent, None)?;
        }
        // A document end marker (`...`) may follow the root; nothing else
        // may (after the marker, more content would be another document).
        if let Some((j, 0)) = self.peek() {
            if is_document_end(self.line(j)) {
                self.next = j + 1;
            }
        }
        if self.peek().is_some() {
            return Err(GiveUp);
        }
        Ok(true)
    }

    /// A block mapping or sequence whose first entry is on line `i` at
    /// column `col`.
    fn block_node(&mut self, i: usize, col: usize, anchor: Option<&'a str>) -> R {
        let line = self.line(i);
        if is_entry(&line[col..]) {
            self.block_sequence(i, col, anchor)
        } else if key_end(line, col).is_some() {
            self.block_mapping(i, col, anchor)
        } else {
            // A scalar on its own lines (a multi-line plain scalar, ...).
            Err(GiveUp)
        }
    }

    fn enter(&mut self) -> R {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(GiveUp);
        }
        Ok(())
    }

    fn block_mapping(&mut self, first: usize, col: usize, anchor: Option<&'a str>) -> R {
        self.enter()?;
        self.b.start(true, anchor);
        let mut i = first;
        let mut at = col;
        loop {
            let line = self.line(i);
            let (key, merge, value_at) = self.key(line, at)?;
            self.b.scalar(key, None, merge);
            self.next = i + 1;
            self.value(line, value_at, col)?;
            match self.peek() {
                Some((j, 0)) if col == 0 && is_document_end(self.line(j)) => break,
                Some((j, indent)) if indent == col => {
                    let l = self.line(j);
                    if is_entry(&l[col..])
                        || l[col..].starts_with("---")
                        || l[col..].starts_with("...")
                    {
                        return Err(GiveUp);
                    }
                    i = j;
                    at = col;
                }
                Some((_, indent)) if indent > col => return Err(GiveUp),
                _ => break,
            }
        }
        self.b.end();
        self.depth -= 1;
        Ok(())
    }

    /// A block sequence whose first `-` is on line `first` at column `col`
    /// (an indentless sequence under a key at `col` too).
    fn block_sequence(&mut self, first: usize, col: usize, anchor: Option<&'a str>) -> R {
        self.enter()?;
        self.b.start(false, anchor);
        let mut i = first;
        loop {
            let line = self.line(i);
            self.next = i + 1;
            // The item follows the `-`.
            self.item(line, col + 1, col)?;
            match self.peek() {
                Some((j, indent)) if indent == col && is_entry(&self.line(j)[col..]) => i = j,
                Some((_, indent)) if indent > col => return Err(GiveUp),
                _ => break,
            }
        }
        self.b.end();
        self.depth -= 1;
        Ok(())
    }

    /// A sequence item that follows the `-` at `at - 1` of `line` (the
    /// sequence at column `seq_col`).
    fn item(&mut self, line: &'a str, at: usize, seq_col: usize) -> R {
        let start = at + Self::indent(&line[at..]);
        let rest = &line[start..];
        if start > at && is_entry(rest) {
            // `- - x`: a compact nested sequence.
            let i = self.next - 1;
            return self.block_sequence(i, start, None);
        }
        if start > at
            && !rest.starts_with(['"', '\'', '[', '{', '&', '*', '|', '>', '#'])
            && key_end(line, start).is_some()
        {
            // `- key: value`: a compact mapping at the key's column.
            let i = self.next - 1;
            return self.block_mapping(i, start, None);
        }
        self.value(line, at, seq_col)
    }

    /// A mapping key at `at` of `line`: the key, whether it is the merge
    /// key, and where its value starts.
    fn key(&mut self, line: &'a str, at: usize) -> R<(Scalar<'a>, bool, usize)> {
        let rest = &line[at..];
        let (key, after, merge) = match rest.as_bytes()[0] {
            b'"' | b'\'' => {
                let (s, len) = quoted(rest)?;
                (Scalar::Str(s), at + len, false)
            }
            _ => {
                let end = key_end(line, at).ok_or(GiveUp)?;
                let text = line[at..end].trim_end_matches(' ');
                if text.len() > 1000 || find_pair(text, b' ', b'#').is_some() || plain_refused(text)
                {
                    return Err(GiveUp);
                }
                (
                    resolve::resolve_plain(text).map_err(|_| GiveUp)?,
                    end,
                    text == "<<",
                )
            }
        };
        // Then `:` and a space or the end of the line.
        let tail = &line[after..];
        let spaces = Self::indent(tail);
        let tail = &tail[spaces..];
        if !tail.starts_with(':') || !(tail.len() == 1 || tail.as_bytes()[1] == b' ') {
            return Err(GiveUp);
        }
        if !short_key(at, after + spaces) {
            return Err(GiveUp);
        }
        Ok((key, merge, after + spaces + 1))
    }

    /// The value that follows a key's `:` or a sequence's `-` at `at - 1`
    /// of `line`, in the block collection at column `parent`.
    fn value(&mut self, line: &'a str, at: usize, parent: usize) -> R {
        let mut after = at;
        let mut anchor = None;
        let pos = at + Self::indent(&line[at..]);
        if pos > at && line[pos..].starts_with('&') {
            let (name, len) = anchor_name(&line[pos + 1..])?;
            self.anchors.push(name);
            anchor = Some(name);
            after = pos + 1 + len;
        }
        if rest_is_blank(&line[after..]) {
            // The value is on the next lines, or null.
            return match self.peek() {
                Some((j, indent))
                    if indent > parent && self.line(j)[indent..].starts_with(['[', '{']) =>
                {
                    // `key:` then a flow collection on its own line.
                    let l = self.line(j);
                    let end = self.flow(l, indent, anchor)?;
                    if !rest_is_blank(&l[end..]) {
                        return Err(GiveUp);
                    }
                    self.next = j + 1;
                    self.end_of_value(parent)
                }
                Some((j, indent))
                    if indent > parent
                        && !is_entry(&self.line(j)[indent..])
                        && key_end(self.line(j), indent).is_none() =>
                {
                    // `key:` then a plain scalar on the next lines.
                    let l = &self.line(j)[indent..];
                    let text = plain_value(l)?;
                    if l.len() > text.len() {
                        return Err(GiveUp);
                    }
                    self.next = j + 1;
                    let s = self.plain_scalar(text, parent, false)?;
                    self.b.scalar(s, anchor, false);
                    self.end_of_value(parent)
                }
                Some((j, indent)) if indent > parent => self.block_node(j, indent, anchor),
                Some((j, indent))
                    if indent == parent
                        && is_entry(&self.line(j)[indent..])
                        && self.is_mapping_value(line, at) =>
                {
                    // An indentless sequence: a mapping's value whose `-`
                    // are in the key's column.
                    self.block_sequence(j, indent, anchor)
                }
                _ => {
                    self.b.scalar(Scalar::Null, anchor, false);
                    Ok(())
                }
            };
        }
        let pos = after + Self::indent(&line[after..]);
        if pos == after {
            // `&a,x`, `key:x`: libyaml decides.
            return Err(GiveUp);
        }
        if let Some(alias) = line[pos..].strip_prefix('*') {
            let (name, len) = anchor_name(alias)?;
            if anchor.is_some() || !rest_is_blank(&alias[len..]) || !self.anchors.contains(&name) {
                return Err(GiveUp);
            }
            self.b.alias(name);
            return self.end_of_value(parent);
        }
        self.inline_value(line, pos, parent, anchor)
    }

    /// Whether the value at `at` of `line` follows a key's `:` (not a
    /// sequence's `-`).
    fn is_mapping_value(&self, line: &str, at: usize) -> bool {
        line[..at].trim_end_matches(' ').ends_with(':')
    }

    /// A value written on its line: a block scalar, a flow collection, a
    /// quoted or plain scalar.
    fn inline_value(
        &mut self,
        line: &'a str,
        pos: usize,
        parent: usize,
        anchor: Option<&'a str>,
    ) -> R {
        let rest = &line[pos..];
        match rest.as_bytes()[0] {
            b'|' | b'>' => {
                let s = self.block_scalar(rest, parent)?;
                self.b.scalar(Scalar::Str(s.into()), anchor, false);
                Ok(())
            }
            b'[' | b'{' => {
                let end = self.flow(line, pos, anchor)?;
                if !rest_is_blank(&line[end..]) {
                    return Err(GiveUp);
                }
                self.end_of_value(parent)
            }
            b'"' | b'\'' => {
                let s = match quoted(rest) {
                    Ok((s, len)) => {
                        if !rest_is_blank(&rest[len..]) {
                            return Err(GiveUp);
                        }
                        s
                    }
                    Err(GiveUp) if !closes_on_line(rest) => {
                        Cow::Owned(self.quoted_lines(rest, parent)?)
                    }
                    Err(e) => return Err(e),
                };
                self.b.scalar(Scalar::Str(s), anchor, false);
                self.end_of_value(parent)
            }
            _ => {
                let text = plain_value(rest)?;
                let commented = rest.len() > text.len() && rest[text.len()..].contains('#');
                let s = self.plain_scalar(text, parent, commented)?;
                self.b.scalar(s, anchor, false);
                self.end_of_value(parent)
            }
        }
    }

    /// The plain scalar whose first line is `first` (followed by a comment
    /// when `commented`), with the lines that continue it, resolved.
    fn plain_scalar(&mut self, first: &'a str, parent: usize, commented: bool) -> R<Scalar<'a>> {
        match self.plain_continuation(first, parent)? {
            None => resolve::resolve_plain(first).map_err(|_| GiveUp),
            // A comment ends a plain scalar: what follows it is an error,
            // libyaml's to report.
            Some(_) if commented => Err(GiveUp),
            Some(folded) => Ok(resolve::resolve_plain(&folded)
                .map_err(|_| GiveUp)?
                .into_owned()),
        }
    }

    /// A quoted scalar that starts at `rest` (a value) and ends on a later
    /// line, folded as libyaml folds it (`yaml_parser_scan_flow_scalar`):
    /// spaces before a line break are dropped, and so is the next line's
    /// indentation; the break becomes a space, or `n` breaks after `n`
    /// blank lines; in a double-quoted scalar a `\` before the break joins
    /// the lines with nothing (blank lines after it still count). Every
    /// line must be deeper than the collection at `parent`; what follows
    /// the closing quote must be blank.
    fn quoted_lines(&mut self, rest: &str, parent: usize) -> R<String> {
        let b = rest.as_bytes();
        let double = b[0] == b'"';
        let mut out = String::new();
        let mut seg: &str = &rest[1..];
        loop {
            // One line's content: up to the closing quote or the line's end.
            let sb = seg.as_bytes();
            let mut i = 0;
            let mut spaces = 0usize; // literal spaces held back
            let mut escaped_break = false;
            let mut closed = None;
            while i < sb.len() {
                match sb[i] {
                    b' ' => {
                        spaces += 1;
                        i += 1;
                        continue;
                    }
                    b'\'' if !double => {
                        out.extend(std::iter::repeat_n(' ', spaces));
                        spaces = 0;
                        if sb.get(i + 1) == Some(&b'\'') {
                            out.push('\'');
                            i += 2;
                            continue;
                        }
                        closed = Some(i + 1);
                        break;
                    }
                    b'"' if double => {
                        out.extend(std::iter::repeat_n(' ', spaces));
                        closed = Some(i + 1);
                        break;
                    }
                    b'\\' if double => {
                        out.extend(std::iter::repeat_n(' ', spaces));
                        spaces = 0;
                        if i + 1 == sb.len() {
                            escaped_break = true;
                            break;
                        }
                        let (ch, len) = escape(seg, i)?;
                        out.push(ch);
                        i += len;
                        continue;
                    }
                    _ => {
                        out.extend(std::iter::repeat_n(' ', spaces));
                        spaces = 0;
                        let ch = seg[i..].chars().next().ok_or(GiveUp)?;
                        out.push(ch);
                        i += ch.len_utf8();
                    }
                }
            }
            if let Some(end) = closed {
                if !rest_is_blank(&seg[end..]) {
                    return Err(GiveUp);
                }
                return Ok(out);
            }
            // The line ended inside the scalar: blank lines, then the next
            // line with content continues it.
            let mut blank = 0usize;
            loop {
                if self.next >= self.lines.len() || out.len() > 1 << 20 {
                    return Err(GiveUp);
                }
                let l = self.line(self.next);
                let indent = self.lines[self.next].indent;
                self.next += 1;
                if indent == l.len() {
                    blank += 1;
                    continue;
                }
                if indent <= parent {
                    return Err(GiveUp);
                }
                if escaped_break {
                    out.extend(std::iter::repeat_n('\n', blank));
                } else if blank == 0 {
                    out.push(' ');
                } else {
                    out.extend(std::iter::repeat_n('\n', blank));
                }
                seg = &l[indent..];
                break;
            }
        }
    }

    /// The lines after a plain scalar's first, `first`, that continue it
    /// (deeper than the collection at `parent`), folded as libyaml folds
    /// them (`yaml_parser_scan_plain_scalar`): a line break between two
    /// lines becomes a space, `n` blank lines between them `n` line breaks,
    /// each line trimmed. `None` when the next line with content is not
    /// deeper (a one-line scalar). Gives up on a line that might end the
    /// scalar or start something else (a comment, `: `, ` #`, an
    /// indicator first).
    fn plain_continuation(&mut self, first: &str, parent: usize) -> R<Option<String>> {
        let mut out: Option<String> = None;
        let mut blank = 0usize;
        let mut j = self.next;
        while j < self.lines.len() {
            let l = self.line(j);
            let indent = self.lines[j].indent;
            let t = l[indent..].trim_end_matches(' ');
            if t.is_empty() {
                blank += 1;
                j += 1;
                continue;
            }
            if indent <= parent || t.starts_with('#') {
                // A comment ends the scalar (a deeper line after it is an
                // error: the caller's `end_of_value` leaves it to libyaml).
                break;
            }
            // Inside a plain scalar a line may start with any character
            // (libyaml checks only for a comment and a document marker);
            // `- ` and `? ` are left to libyaml all the same. `: ` or ` #`
            // would end the scalar where the line goes on: an error.
            if is_entry(t)
                || t == "?"
                || t.starts_with("? ")
                || find_pair(t, b':', b' ').is_some()
                || t.ends_with(':')
                || find_pair(t, b' ', b'#').is_some()
            {
                return Err(GiveUp);
            }
            let o = out.get_or_insert_with(|| first.to_owned());
            if blank == 0 {
                o.push(' ');
            } else {
                o.extend(std::iter::repeat_n('\n', blank));
            }
            o.push_str(t);
            blank = 0;
            j += 1;
            self.next = j;
        }
        Ok(out)
    }

    /// After a value on one line: a deeper line next would continue it (a
    /// multi-line scalar) or be an error.
    fn end_of_value(&mut self, parent: usize) -> R {
        match self.peek() {
            Some((_, indent)) if indent > parent => Err(GiveUp),
            _ => Ok(()),
        }
    }

    /// A block scalar whose header is `header` (`|`, `>-`, ... with maybe a
    /// comment), its content on the next lines, deeper than `parent`.
    fn block_scalar(&mut self, header: &str, parent: usize) -> R<String> {
        let folded = header.starts_with('>');
        let mut h = &header[1..];
        let chomp = match h.as_bytes().first() {
            Some(b'-') => {
                h = &h[1..];
                Chomp::Strip
            }
            Some(b'+') => {
                h = &h[1..];
                Chomp::Keep
            }
            _ => Chomp::Clip,
        };
        if !rest_is_blank(h) {
            return Err(GiveUp);
        }
        // The content's indentation: the first line with content.
        let mut indent = None;
        let mut j = self.next;
        while j < self.lines.len() {
            let l = self.lines[j];
            if l.indent == l.end - l.start {
                j += 1;
                continue;
            }
            indent = Some(l.indent);
            break;
        }
        let indent = match indent {
            Some(n) if n > parent => n,
            // No content (or none deeper): libyaml decides.
            _ => return Err(GiveUp),
        };
        let mut out = String::new();
        let mut breaks = 0usize;
        let mut any = false;
        while self.next < self.lines.len() {
            let l = self.line(self.next);
            let spaces = self.lines[self.next].indent;
            if spaces == l.len() {
                // A blank line: more spaces than the indentation would be
                // content.
                if spaces > indent {
                    return Err(GiveUp);
                }
                breaks += 1;
                self.next += 1;
                continue;
            }
            if spaces < indent {
                if spaces > parent {
                    return Err(GiveUp);
                }
                break;
            }
            let text = &l[indent..];
            if folded && text.starts_with(' ') {
                // More-indented lines keep their breaks: libyaml decides.
                return Err(GiveUp);
            }
            if any {
                if folded {
                    if breaks == 0 {
                        out.push(' ');
                    } else {
                        out.extend(std::iter::repeat_n('\n', breaks));
                    }
                } else {
                    out.extend(std::iter::repeat_n('\n', breaks + 1));
                }
            } else if breaks > 0 {
                // Leading blank lines are kept as breaks.
                out.extend(std::iter::repeat_n('\n', breaks));
            }
            breaks = 0;
            out.push_str(text);
            any = true;
            self.next += 1;
        }
        match chomp {
            Chomp::Strip => {}
            Chomp::Clip => out.push('\n'),
            Chomp::Keep => out.extend(std::iter::repeat_n('\n', breaks + 1)),
        }
        Ok(out)
    }

    /// A flow collection on one line, from `at`: where it ends.
    fn flow(&mut self, line: &'a str, at: usize, anchor: Option<&'a str>) -> R<usize> {
        self.enter()?;
        let bytes = line.as_bytes();
        let object = bytes[at] == b'{';
        let close = if object { b'}' } else { b']' };
        self.b.start(object, anchor);
        let mut i = skip_spaces(line, at + 1);
        if bytes.get(i) == Some(&close) {
            self.b.end();
            self.depth -= 1;
            return Ok(i + 1);
        }
        loop {
            if object {
                let key = i;
                i = self.flow_node(line, i, true)?;
                i = skip_spaces(line, i);
                if bytes.get(i) != Some(&b':') || !short_key(key, i) {
                    return Err(GiveUp);
                }
                i += 1;
                if !matches!(bytes.get(i), Some(b' ')) {
                    return Err(GiveUp);
                }
                i = skip_spaces(line, i);
            }
            i = self.flow_node(line, i, false)?;
            i = skip_spaces(line, i);
            match bytes.get(i) {
                Some(b',') => {
                    i = skip_spaces(line, i + 1);
                    // A trailing comma closes as libyaml's parser allows
                    // (`[a, b,]`); an empty entry is an error.
                    match bytes.get(i) {
                        Some(&c) if c == close => {
                            self.b.end();
                            self.depth -= 1;
                            return Ok(i + 1);
                        }
                        Some(b',' | b']' | b'}') | None => return Err(GiveUp),
                        Some(_) => {}
                    }
                }
                Some(&c) if c == close => {
                    self.b.end();
                    self.depth -= 1;
                    return Ok(i + 1);
                }
                _ => return Err(GiveUp),
            }
        }
    }

    /// A node inside a flow collection, from `at`: where it ends. `key` for
    /// a mapping's key (a scalar).
    fn flow_node(&mut self, line: &'a str, at: usize, key: bool) -> R<usize> {
        let bytes = line.as_bytes();
        match bytes.get(at) {
            Some(b'[' | b'{') if !key => self.flow(line, at, None),
            Some(b'"' | b'\'') => {
                let (s, len) = quoted(&line[at..])?;
                self.b.scalar(Scalar::Str(s), None, false);
                Ok(at + len)
            }
            Some(b'*') if !key => {
                let (name, len) = anchor_name(&line[at + 1..])?;
                if !self.anchors.contains(&name) {
                    return Err(GiveUp);
                }
                self.b.alias(name);
                Ok(at + 1 + len)
            }
            Some(&c) if !is_indicator(c) && c != b' ' => {
                // A plain scalar: up to `,`, a bracket, or `:`; no comment,
                // and no `?`, which ends it for go-yaml (yaml/flow.rs).
                let end = line[at..]
                    .find([',', '[', ']', '{', '}', ':', '#', '?'])
                    .map_or(line.len(), |n| at + n);
                match bytes.get(end) {
                    Some(b',' | b']' | b'}') => {}
                    Some(b':') if key => {}
                    _ => return Err(GiveUp),
                }
                let text = line[at..end].trim_end_matches(' ');
                if key && text == "<<" {
                    return Err(GiveUp);
                }
                let s = resolve::resolve_plain(text).map_err(|_| GiveUp)?;
                self.b.scalar(s, None, false);
                Ok(at + text.len())
            }
            _ => Err(GiveUp),
        }
    }
}

#[derive(Clone, Copy)]
enum Chomp {
    Clip,
    Strip,
    Keep,
}

/// Whether a key from `start` to its `:` at `colon` is well within the
/// scanner's limit on a simple key (1,024 characters up to the `:`, quoted
/// keys and flow keys too; past it go-yaml fails), which libyaml's path
/// then applies.
fn short_key(start: usize, colon: usize) -> bool {
    colon - start <= 1000
}

fn skip_spaces(line: &str, mut i: usize) -> usize {
    let b = line.as_bytes();
    while b.get(i) == Some(&b' ') {
        i += 1;
    }
    i
}

/// What follows a token: only spaces, or at least one space and a comment
/// (a `#` right after a token is not a comment).
fn rest_is_blank(rest: &str) -> bool {
    let t = rest.trim_start_matches(' ');
    t.is_empty() || (t.starts_with('#') && t.len() < rest.len())
}

/// Where the two bytes `a` `b` first occur together in `s` (`: `, ` #`):
/// cheaper than a substring search for a needle this short.
fn find_pair(s: &str, a: u8, b: u8) -> Option<usize> {
    let bytes = s.as_bytes();
    memchr::memchr_iter(a, bytes).find(|&i| bytes.get(i + 1) == Some(&b))
}

/// A document end marker line: `...`, then spaces or a comment.
fn is_document_end(line: &str) -> bool {
    line.strip_prefix("...").is_some_and(rest_is_blank)
}

/// A block sequence entry: `-` then a space or the end of the line.
fn is_entry(rest: &str) -> bool {
    rest == "-" || rest.starts_with("- ")
}

fn is_indicator(c: u8) -> bool {
    matches!(
        c,
        b'-' | b'?'
            | b':'
            | b','
            | b'['
            | b']'
            | b'{'
            | b'}'
            | b'#'
            | b'&'
            | b'*'
            | b'!'
            | b'|'
            | b'>'
            | b'\''
            | b'"'
            | b'%'
            | b'@'
            | b'`'
    )
}

fn starts_with_indicator(text: &str) -> bool {
    text.as_bytes().first().is_none_or(|&c| is_indicator(c))
}

/// Whether a plain scalar (key or value) cannot start `text`, for the fast
/// reader: an indicator starts something else, except `-` before a
/// character that is not a space (`-a`, `--flag`, `-1`), which starts a
/// plain scalar for go-yaml's scanner as for libyaml's (`fetch_next_token`:
/// `-` followed by a non-blank). Tabs and line breaks never get here.
/// (`?x` and `:x` are plain scalars too, in block context; the fast reader
/// leaves those rare ones to libyaml.)
fn plain_refused(text: &str) -> bool {
    match text.as_bytes() {
        [b'-', c, ..] => *c == b' ',
        _ => starts_with_indicator(text),
    }
}

/// Where a plain mapping key that starts at `at` of `line` ends: before
/// `: ` or a final `:`.
fn key_end(line: &str, at: usize) -> Option<usize> {
    let rest = &line[at..];
    if rest.starts_with(['"', '\'']) {
        let (_, len) = quoted(rest).ok()?;
        let tail = rest[len..].trim_start_matches(' ');
        return (tail == ":" || tail.starts_with(": ")).then_some(at + len);
    }
    let b = rest.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b':' && (i + 1 == b.len() || b[i + 1] == b' ') {
            return Some(at + i);
        }
        if b[i] == b' ' && b.get(i + 1) == Some(&b'#') {
            return None;
        }
        i += 1;
    }
    None
}

/// A plain scalar value: the rest of the line, up to a comment, trimmed;
/// refused when it could be anything else.
fn plain_value(rest: &str) -> R<&str> {
    if plain_refused(rest) {
        return Err(GiveUp);
    }
    let end = find_pair(rest, b' ', b'#').unwrap_or(rest.len());
    let text = rest[..end].trim_end_matches(' ');
    if find_pair(text, b':', b' ').is_some() || text.ends_with(':') {
        return Err(GiveUp);
    }
    Ok(text)
}

/// An anchor or alias name (libyaml's: letters, digits, `_` and `-`),
/// followed by a space or the end of the line: the name and its length.
fn anchor_name(s: &str) -> R<(&str, usize)> {
    let len = s
        .bytes()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == b'_' || *c == b'-')
        .count();
    if len == 0
        || !matches!(
            s.as_bytes().get(len),
            None | Some(b' ' | b',' | b']' | b'}')
        )
    {
        return Err(GiveUp);
    }
    Ok((&s[..len], len))
}

/// A quoted scalar on one line at the start of `s`: its value and length.
fn quoted(s: &str) -> R<(Cow<'_, str>, usize)> {
    let b = s.as_bytes();
    if b[0] == b'\'' {
        let mut out: Option<String> = None;
        let mut i = 1;
        let mut run = 1;
        while i < b.len() {
            if b[i] == b'\'' {
                if b.get(i + 1) == Some(&b'\'') {
                    let o = out.get_or_insert_with(String::new);
                    o.push_str(&s[run..i + 1]);
                    i += 2;
                    run = i;
                    continue;
                }
                let value = match out {
                    Some(mut o) => {
                        o.push_str(&s[run..i]);
                        Cow::Owned(o)
                    }
                    None => Cow::Borrowed(&s[1..i]),
                };
                return Ok((value, i + 1));
            }
            i += 1;
        }
        return Err(GiveUp);
    }
    let mut out: Option<String> = None;
    let mut i = 1;
    let mut run = 1;
    while i < b.len() {
        match b[i] {
            b'"' => {
                let value = match out {
                    Some(mut o) => {
                        o.push_str(&s[run..i]);
                        Cow::Owned(o)
                    }
                    None => Cow::Borrowed(&s[1..i]),
                };
                return Ok((value, i + 1));
            }
            b'\\' => {
                let o = out.get_or_insert_with(String::new);
                o.push_str(&s[run..i]);
                let (ch, len) = escape(s, i)?;
                o.push(ch);
                i += len;
                run = i;
            }
            _ => i += 1,
        }
    }
    Err(GiveUp)
}

/// The escape sequence at `i` of `s` (a `\\` in a double-quoted scalar):
/// its character and length (libyaml's `yaml_parser_scan_flow_scalar`).
fn escape(s: &str, i: usize) -> R<(char, usize)> {
    Ok(match s.as_bytes().get(i + 1) {
        Some(b'\\') => ('\\', 2),
        Some(b'"') => ('"', 2),
        Some(b'n') => ('\n', 2),
        Some(b't') => ('\t', 2),
        Some(b'r') => ('\r', 2),
        Some(b'0') => ('\0', 2),
        Some(b'x') => (hex_char(s.get(i + 2..i + 4))?, 4),
        Some(b'u') => (hex_char(s.get(i + 2..i + 6))?, 6),
        Some(b'U') => (hex_char(s.get(i + 2..i + 10))?, 10),
        Some(b'a') => ('\u{7}', 2),
        Some(b'b') => ('\u{8}', 2),
        Some(b'v') => ('\u{B}', 2),
        Some(b'f') => ('\u{C}', 2),
        Some(b'e') => ('\u{1B}', 2),
        Some(b' ') => (' ', 2),
        Some(b'N') => ('\u{85}', 2),
        Some(b'_') => ('\u{A0}', 2),
        Some(b'L') => ('\u{2028}', 2),
        Some(b'P') => ('\u{2029}', 2),
        // `\/` and `\'` (YAML 1.2) are libyaml's and go-yaml's to differ on.
        _ => return Err(GiveUp),
    })
}

/// Whether the quoted scalar at the start of `s` is closed on this line
/// (so that a failure to read it is not for want of more lines).
fn closes_on_line(s: &str) -> bool {
    let b = s.as_bytes();
    let double = b[0] == b'"';
    let mut i = 1;
    while i < b.len() {
        match b[i] {
            b'\\' if double => i += 2,
            b'\'' if !double && b.get(i + 1) == Some(&b'\'') => i += 2,
            c if c == b[0] => return true,
            _ => i += 1,
        }
    }
    false
}

fn hex_char(digits: Option<&str>) -> R<char> {
    let d = digits.ok_or(GiveUp)?;
    if !d.bytes().all(|c| c.is_ascii_hexdigit()) {
        return Err(GiveUp);
    }
    let n = u32::from_str_radix(d, 16).map_err(|_| GiveUp)?;
    char::from_u32(n).ok_or(GiveUp)
}

#[cfg(test)]
mod tests {
    use crate::tape::Tape;
    use crate::yaml::{fast_reader_takes, parse, parse_with_libyaml};

    /// The fast reader's documents: each must be taken, and read as
    /// libyaml reads it.
    const TAKEN: &[&str] = &[
        "a: 1\n",
        "---\na: 1\n",
        "--- # c\na: 1\n",
        "a: 1\nb: two words\nc: \"q\\\\\\\"\\n\\t\\x41\\u00e9\"\nd: 'it''s'\ne:\nf: ~\n",
        "# c\n\na:  x # comment\n  # deeper comment\nb: [1, two, \"3\", {k: v}]\nc: {}\nd: []\n",
        "a:\n  b:\n    c: 1\n  d: 2\ne: 3\n",
        "a:\n- 1\n- 2\nb: 3\n",
        "a:\n  - x\n  -\n  - - y\n    - z\n  - k: v\n    l: w\n",
        "- a\n- b: 1\n  c: 2\n- - d\n",
        "s: |\n  one\n  two\n\n  three\nt: |-\n  x\nu: |+\n  y\n\nv: >\n  folded\n  line\n\n  para\nw: >-\n  z\nx: 1\n",
        "s: |\n\n  lead\n",
        "- |\n  in a list\n- >\n  folded\n",
        "base: &b {x: 1}\nm:\n  <<: *b\n  y: 2\nl: &l\n  - 1\nn: *l\no: &s str\np: *s\n",
        "yes: on\n1: 0x10\n1.5: .5\nk: -1\nt: 2001-12-14\nq: 1e3\nr: 0777\n",
        "  a: 1\n  b: 2\n",
        "a: b # c\nd: 'e' # f\ng: [h] # i\n",
        "k: v\nk: w\n",
        "url: http://example.com:8080/x\nimg: registry:5000/a/b:tag\n",
        "é: ü\nemoji: \"😀\"\n",
        "[1, 2]\n",
        "{a: [b, {c: d}]}\n",
        // Plain scalars over several lines (CRD descriptions), blank
        // lines kept as breaks, a comment ending one.
        "d: one\n  two  \n   three\ne: 1\n",
        "d: one\n\n  two\n\n\n  three\n\ne: 1\n",
        "- a\n  b\n- k: c\n    d\n",
        "a:\n- x\n  y\n",
        "d: x # c\n  # deeper comment\ne: 1\n",
        "d: one\n  two\n  # c\ne: 1\n",
        "d: 1\n  2\ne: yes\n  no\n",
        "d: one\n  -two\n  x:y\n  a-b\n",
        // A value on the line after its key: a flow collection, a plain
        // scalar (resolved: `123` is a number), over lines too.
        "r:\n  [\"a\", b]\ns:\n  {k: v}\nt:\n  123\nu:\n  two\n  lines\nv: &a\n  w\nx: *a\n",
        "- \n  [a]\n",
        // A trailing comma in a flow collection.
        "v: [\"get\", \"list\",]\nw: {a: 1, }\nx: [[a,],]\n",
        // Quoted scalars over several lines: folded, trailing spaces
        // dropped, an escaped line break joining, blank lines kept.
        "d: 'one\n  two  \n\n   three'\ne: \"a \\\n   b\\\n\n  c \\t\n  \\\"d\\\"\"\n",
        "- \"x\n  y\" # c\n- 'it''s\n  ok'\n",
        "d: \"  \n  x  \"\n",
        "d: 'a\n\n\n  b'\n",
        "e: \"\\a\\b\\v\\f\\e\\ \\N\\_\\L\\P \\U0001F600 \\x41\"\n",
        "d: a\n  \"quoted\", {braces} [b] &c *d !e |f >g %h @i `j ,k\n  -l\ne: 1\n",
        // A document end marker.
        "a: 1\n...\n",
        "- a\n... # end\n\n# c\n",
    ];

    fn read(doc: &str, fast: bool) -> Result<serde_json::Value, String> {
        let mut tape = Tape::new();
        let r = if fast {
            parse(doc.as_bytes(), &mut tape)
        } else {
            parse_with_libyaml(doc.as_bytes(), &mut tape)
        };
        r.map(|has| {
            if has {
                tape.to_json()
            } else {
                serde_json::Value::Null
            }
        })
    }

    #[test]
    fn the_fast_reader_reads_as_libyaml() {
        for doc in TAKEN {
            assert!(
                fast_reader_takes(doc.as_bytes()),
                "the fast reader gave up on {doc:?}"
            );
            assert_eq!(read(doc, true), read(doc, false), "{doc:?}");
        }
    }

    /// Documents it leaves to libyaml (each would be read wrongly by a
    /// naive line reader).
    #[test]
    fn a_question_mark_in_a_flow_scalar_is_left_to_libyaml() {
        assert!(!fast_reader_takes(b"a: [x?y]\n"));
        assert!(!fast_reader_takes(b"m: {u: a?b}\n"));
        assert!(fast_reader_takes(b"a: x?y\n"));
    }

    #[test]
    fn long_keys_are_left_to_libyaml() {
        // go-yaml's simple key reaches 1,024 characters up to its `:`.
        let k = "k".repeat(1023);
        for doc in [
            format!("\"{k}\": v\n"),
            format!("{{\"{k}\": v}}\n"),
            format!("{{{k}: v}}\n"),
            format!("{}   : v\n", "k".repeat(999)),
        ] {
            assert!(!fast_reader_takes(doc.as_bytes()), "{doc:.20}");
        }
        assert!(fast_reader_takes(
            format!("{}: v\n", "k".repeat(999)).as_bytes()
        ));
    }

    #[test]
    fn the_fast_reader_gives_up_where_unsure() {
        for doc in [
            "a: multi\n  line: x\n",
            "a: multi\n  - line\n",
            "a: multi # c\n  line\n",
            "a: multi\n  # c\n  line\n",
            "a: \"multi\nline\"\n",
            "a: 'multi\n  line' x\n",
            "a: \"multi\n---\n  line\"\n",
            "a: !!str 1\n",
            "? complex\n: key\n",
            "a:\tb\n",
            "a: b: c\n",
            "a: |2\n   x\n",
            "a: >\n  x\n    more\n  y\n",
            "%YAML 1.1\n---\na: 1\n",
            "a: *nope\n",
            "a: [1,\n  2]\n",
            "a: {\"b\":1}\n",
            "a: 1\n b: 2\n",
            "- a\nb: c\n",
            "a:\n  - b\n  c: d\n",
            "just a scalar\n",
            "a: x\r\n",
            "a: \"\\/\"\n",
            "a: '\u{85}'\n",
        ] {
            assert!(
                !fast_reader_takes(doc.as_bytes()),
                "the fast reader took {doc:?}"
            );
            // Whatever the fast reader leaves, the answer is libyaml's.
            assert_eq!(read(doc, true), read(doc, false), "{doc:?}");
        }
    }

    /// Every file of the edge-case corpus, whole or split as the reader
    /// splits it: the same answer with and without the fast reader.
    #[test]
    fn the_edge_case_corpus_reads_the_same() {
        let dir = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/upstream-oracle/yaml-corpus"
        );
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let bytes = std::fs::read(entry.path()).unwrap();
            let mut splitter = crate::Splitter::new(&bytes[..]);
            let mut raw = crate::RawDocument::default();
            while splitter.next_into(&mut raw).unwrap() {
                if raw.format != crate::Format::Yaml || raw.error.is_some() {
                    continue;
                }
                let (mut a, mut b) = (Tape::new(), Tape::new());
                let fast = parse(&raw.bytes, &mut a).map(|h| h.then(|| a.to_json()));
                let slow = parse_with_libyaml(&raw.bytes, &mut b).map(|h| h.then(|| b.to_json()));
                assert_eq!(
                    fast,
                    slow,
                    "{}: {:?}",
                    entry.path().display(),
                    String::from_utf8_lossy(&raw.bytes)
                );
            }
        }
    }
}
