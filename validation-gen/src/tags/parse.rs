//! Tag extraction and parsing.
//!
//! The grammar and its error messages follow gengo's `v2/codetags` package
//! (`parser.go`, `scanner.go`, `extractor.go`), which upstream
//! `validation-gen` uses for every `+k8s:` tag:
//!
//! * whitespace is allowed only after `,` and `:` inside an argument list
//!   (the whole tag is trimmed first);
//! * at most one positional argument; named arguments cannot be mixed with it;
//! * arguments and scalar payloads are strings (`"..."`, `` `...` `` or a bare
//!   identifier), ints (Go integer literals with an optional sign) or the bare
//!   identifiers `true`/`false`;
//! * the only string escapes are `\\` and a backslash before the string's own
//!   quote character, in both quote styles;
//! * `=+name...` chains another tag, to any depth;
//! * after a complete tag, whitespace and a `# comment` may follow.
//!
//! Three inputs that upstream accepts by silently dropping text are errors
//! here: `name()=` (an empty payload after an argument list; `name=` is
//! already an error upstream), `name(k:)` (a named argument without a value)
//! and `name(k: v: w)` (a second `:` re-naming the argument).
//!
//! Messages are upstream's without the ` at position N` suffix: the error's
//! [`Span`] carries the position.

use super::catalog::{self, Release, TagKind, IS_SUBRESOURCE, SUPPORTS_SUBRESOURCE};
use super::suggest;
use super::{Arg, Span, Tag, TagError, TagValue, Value};
use validation_spec::quote::{go_quote, go_quote_char};

/// The most tags one chain may hold (`a=+b=+c` holds 3).
///
/// Upstream's parser has no limit (its validators recurse once per level, on
/// Go's growable stacks); here every level costs a fixed amount of native
/// stack in the type checker and the code generator, so a deeper chain is
/// an error, reported before anything recurses. The deepest chain that
/// upstream's own tests and `k8s.io/api` use has 4 tags.
pub const MAX_CHAIN_DEPTH: usize = 32;

/// How [`extract_with`] reads tags: which Kubernetes release's parser to
/// follow.
///
/// More options may be added; build one with [`ParseOptions::for_release`]
/// or [`Default`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseOptions {
    /// The release whose tag reading is followed. The default is 1.35.
    pub release: Release,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            release: Release::DEFAULT,
        }
    }
}

impl ParseOptions {
    /// The options of `release`.
    pub fn for_release(release: Release) -> Self {
        ParseOptions { release }
    }

    /// Whether upstream's generator of this release reads the top-level tag
    /// `name` with gengo's raw-value mode (everything after `=` is the
    /// value, unparsed) rather than the tag grammar.
    ///
    /// Through 1.35, `validation-gen` reads `k8s:isSubresource` and
    /// `k8s:supportsSubresource` with gengo's `ExtractFunctionStyleCommentTags`,
    /// which is raw: `+k8s:supportsSubresource=/status` (as `k8s.io/api`
    /// writes it) is accepted. From 1.36 on they go through the tag grammar,
    /// which needs a quoted path (`="/status"`).
    pub fn raw_value(&self, name: &str) -> bool {
        self.release <= Release::V1_35 && matches!(name, IS_SUBRESOURCE | SUPPORTS_SUBRESOURCE)
    }
}

/// One comment line with its text (after the `///` / `//!` marker).
#[derive(Clone, Debug)]
pub struct Line<'a> {
    /// The line text.
    pub text: &'a str,
    /// The line's index in the comment block (0-based), for diagnostics.
    pub index: usize,
}

/// A tag found on a comment line.
#[derive(Clone, Debug, PartialEq)]
pub struct ExtractedTag {
    /// The comment line index it came from.
    pub line: usize,
    /// The parsed tag, or the error that prevented parsing it (a syntax
    /// error, or an unknown tag name anywhere in the chain).
    pub tag: Result<Tag, TagError>,
}

/// A `+default` line. Upstream reads it with gengo's raw-value mode: the
/// value is all the text after `=`, unparsed (it is JSON), including any
/// trailing `# ...`.
#[derive(Clone, Debug, PartialEq)]
pub struct ExtractedDefault {
    /// The comment line index it came from.
    pub line: usize,
    /// The raw value, or the error that prevented reading it.
    pub value: Result<RawDefault, TagError>,
}

/// The raw value of a `+default` tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawDefault {
    /// The text after `=` (possibly empty), or `None` for a bare `+default`.
    pub text: Option<String>,
    /// Where the text is; for a bare `+default`, where the name is.
    pub span: Span,
}

/// One item found by [`extract`], in source order.
#[derive(Clone, Debug, PartialEq)]
pub enum Extracted {
    /// A `+k8s:` validation tag, or one of the type-level subresource tags
    /// (`k8s:isSubresource`, `k8s:supportsSubresource`).
    Tag(ExtractedTag),
    /// A `+default=<json>` tag (read by `k8s:optional`).
    Default(ExtractedDefault),
}

impl Extracted {
    /// The comment line index the item came from.
    pub fn line(&self) -> usize {
        match self {
            Extracted::Tag(t) => t.line,
            Extracted::Default(d) => d.line,
        }
    }

    /// The tag, for [`Extracted::Tag`] items.
    pub fn as_tag(&self) -> Option<&ExtractedTag> {
        match self {
            Extracted::Tag(t) => Some(t),
            Extracted::Default(_) => None,
        }
    }

    /// The default, for [`Extracted::Default`] items.
    pub fn as_default(&self) -> Option<&ExtractedDefault> {
        match self {
            Extracted::Default(d) => Some(d),
            Extracted::Tag(_) => None,
        }
    }
}

/// The name `+default` is read under.
const DEFAULT_TAG: &str = "default";

/// Finds the tags of one comment block, in source order.
///
/// A tag line is a line whose text, after leading spaces and tabs, starts
/// with `+`. Its name is the longest prefix of what follows matching
/// `[letter_][letter digit _ . - :]*` (as upstream's extractor). Then:
///
/// * `+default...` gives an [`Extracted::Default`] with the raw value;
/// * a `+k8s:` name of another generator ([`catalog::is_other_generator_tag`])
///   is skipped;
/// * any other `+k8s:` name is parsed into an [`Extracted::Tag`]; an unknown
///   name, at the top or anywhere in a chain, gives an error suggesting the
///   closest known name;
/// * everything else (prose, `+optional`, `+listType=map`, ...) is skipped.
///
/// Spans are byte ranges within [`Line::text`].
///
/// Tags are read as Kubernetes 1.35 reads them; see [`extract_with`].
pub fn extract(lines: &[Line<'_>]) -> Vec<Extracted> {
    extract_with(lines, &ParseOptions::default())
}

/// [`extract`], following the tag reading of `options.release`: through
/// 1.35 the subresource tags take raw values ([`ParseOptions::raw_value`]).
pub fn extract_with(lines: &[Line<'_>], options: &ParseOptions) -> Vec<Extracted> {
    let mut out = Vec::new();
    for line in lines {
        let trimmed = line.text.trim_start_matches([' ', '\t']);
        let Some(rest) = trimmed.strip_prefix('+') else {
            continue;
        };
        let base = line.text.len() - rest.len();
        let name = &rest[..name_end(rest)];
        let name_span = Span::new(base, base + name.len());
        if name == DEFAULT_TAG {
            out.push(Extracted::Default(ExtractedDefault {
                line: line.index,
                value: parse_default(rest, base),
            }));
            continue;
        }
        if !name.starts_with("k8s:") || catalog::is_other_generator_tag(name) {
            continue;
        }
        let tag = match catalog::lookup(name) {
            None => Err(TagError::new(suggest::unknown_tag_message(name), name_span)),
            Some(_) if options.raw_value(name) => parse_raw(rest, base),
            Some(_) => parse_at(rest, base).and_then(|t| check_chain_names(&t).map(|()| t)),
        };
        out.push(Extracted::Tag(ExtractedTag {
            line: line.index,
            tag,
        }));
    }
    out
}

/// Parses one tag (the text after the leading `+`), such as
/// `k8s:ifEnabled("F")=+k8s:maxItems=5 # comment`.
///
/// Only the grammar is checked: names are not looked up (see [`extract`] and
/// [`super::check::type_check`]). Spans are byte ranges within `text`.
pub fn parse_tag(text: &str) -> Result<Tag, TagError> {
    parse_at(text, 0)
}

/// Reports the first chained tag that is not a known validation tag.
fn check_chain_names(tag: &Tag) -> Result<(), TagError> {
    let mut outer = Vec::new();
    for t in tag.chain() {
        if !outer.is_empty() {
            let err = match catalog::lookup(&t.name) {
                None => Some(suggest::unknown_tag_message(&t.name)),
                Some(def) if def.kind != TagKind::Validator => {
                    Some(suggest::not_chainable_message(&t.name))
                }
                Some(_) => None,
            };
            if let Some(message) = err {
                let err = outer
                    .iter()
                    .rev()
                    .fold(TagError::new(message, t.span), |e, name: &&str| {
                        e.in_tag(name)
                    });
                return Err(err);
            }
        }
        outer.push(t.name.as_str());
    }
    Ok(())
}

/// Length of the tag name at the start of `s` (0 when there is none).
fn name_end(s: &str) -> usize {
    let mut chars = s.char_indices();
    match chars.next() {
        Some((_, c)) if is_ident_begin(c) => {}
        _ => return 0,
    }
    chars
        .find(|&(_, c)| !is_tag_name_interior(c))
        .map_or(s.len(), |(i, _)| i)
}

// ---------------------------------------------------------------------------
// Character classes. Upstream uses Go's `unicode.IsLetter` / `IsDigit` /
// `IsSpace`; Rust's closest equivalents are used for non-ASCII text.

fn is_letter(c: char) -> bool {
    c.is_ascii_alphabetic() || (!c.is_ascii() && c.is_alphabetic() && !c.is_numeric())
}

fn is_digit(c: char) -> bool {
    c.is_ascii_digit() || (!c.is_ascii() && c.is_numeric())
}

fn is_ident_begin(c: char) -> bool {
    is_letter(c) || c == '_'
}

fn is_ident_interior(c: char) -> bool {
    is_letter(c) || is_digit(c) || matches!(c, '_' | '.' | '-')
}

fn is_tag_name_interior(c: char) -> bool {
    is_ident_interior(c) || c == ':'
}

fn starts_number(c: char) -> bool {
    c == '-' || c == '+' || is_digit(c)
}

// ---------------------------------------------------------------------------
// Scanner

struct Scanner<'a> {
    src: &'a str,
    pos: usize,
    /// Added to every span, so that spans are relative to the caller's text.
    base: usize,
}

impl<'a> Scanner<'a> {
    fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    fn peek_second(&self) -> Option<char> {
        self.src[self.pos..].chars().nth(1)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.base + start, self.base + end)
    }

    fn error(&self, message: impl Into<String>, start: usize, end: usize) -> TagError {
        TagError::new(message, self.span(start, end))
    }

    /// `unexpected character 'c'` at the current position, or
    /// `unexpected end of input` at the end.
    fn unexpected(&self) -> TagError {
        match self.peek() {
            Some(c) => self.error(
                format!("unexpected character {}", go_quote_char(c)),
                self.pos,
                self.pos + c.len_utf8(),
            ),
            None => self.end_of_input(),
        }
    }

    fn end_of_input(&self) -> TagError {
        self.error("unexpected end of input", self.src.len(), self.src.len())
    }

    /// Reads an identifier (the caller has checked the first character).
    fn ident(&mut self, interior: fn(char) -> bool) -> (&'a str, usize) {
        let start = self.pos;
        self.bump();
        while self.peek().is_some_and(interior) {
            self.bump();
        }
        (&self.src[start..self.pos], start)
    }

    /// Reads an integer token the way upstream's scanner delimits it, then
    /// validates it as Go's `strconv.ParseInt(s, 0, 64)` would.
    fn number(&mut self) -> Result<(i64, &'a str, usize), TagError> {
        enum St {
            Begin,
            Sign,
            Prefix,
            Digits,
        }
        let start = self.pos;
        let mut st = St::Begin;
        while let Some(c) = self.peek() {
            st = match st {
                St::Begin if c == '0' => St::Prefix,
                St::Begin if c == '+' || c == '-' => St::Sign,
                St::Begin if is_digit(c) => St::Digits,
                St::Sign if c == '0' => St::Prefix,
                St::Sign if is_digit(c) => St::Digits,
                St::Prefix if is_digit(c) || matches!(c, 'x' | 'o' | 'b') => St::Digits,
                St::Digits if is_digit(c) || c.is_ascii_hexdigit() => St::Digits,
                _ => break,
            };
            self.bump();
        }
        let text = &self.src[start..self.pos];
        match parse_go_int(text) {
            Some(v) => Ok((v, text, start)),
            None => Err(self.error(
                format!("invalid number {}", go_quote(text)),
                start,
                self.pos,
            )),
        }
    }

    /// Reads a `"..."` or `` `...` `` string (the caller has checked the
    /// opening quote). Returns the unescaped content.
    fn string(&mut self) -> Result<(String, &'a str, usize), TagError> {
        let start = self.pos;
        let quote = self.bump().unwrap_or('"');
        let mut out = String::new();
        loop {
            let at = self.pos;
            match self.bump() {
                None => return Err(self.error("unterminated string", start, self.pos)),
                Some('\\') => match self.peek() {
                    None => return Err(self.error("unterminated string", start, self.pos)),
                    Some(c) if c == quote || c == '\\' => {
                        out.push(c);
                        self.bump();
                    }
                    Some(c) => {
                        return Err(self.error(
                            format!("unhandled escaped character {}", go_quote_char(c)),
                            at,
                            self.pos + c.len_utf8(),
                        ))
                    }
                },
                Some(c) if c == quote => return Ok((out, &self.src[start..self.pos], start)),
                Some(c) => out.push(c),
            }
        }
    }

    /// After a complete tag: nothing, or whitespace and a `#` comment.
    fn trailing(&mut self) -> Result<(), TagError> {
        let save = self.pos;
        self.skip_whitespace();
        if self.peek() == Some('#') {
            self.pos = self.src.len();
            return Ok(());
        }
        self.pos = save;
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.unexpected()),
        }
    }

    /// Reads a scalar value (an argument or a payload) at the current
    /// position, if one starts here.
    fn scalar(&mut self) -> Option<Result<(Value, &'a str, Span), TagError>> {
        let c = self.peek()?;
        let res = if starts_number(c) {
            self.number()
                .map(|(v, text, start)| (Value::Int(v), text, start))
        } else if c == '"' || c == '`' {
            self.string()
                .map(|(s, text, start)| (Value::String(s), text, start))
        } else if is_ident_begin(c) {
            let (ident, start) = self.ident(is_ident_interior);
            Ok((bool_or_string(ident), ident, start))
        } else {
            return None;
        };
        Some(res.map(|(v, text, start)| (v, text, self.span(start, start + text.len()))))
    }

    /// Reads an argument list; the `(` has been consumed.
    fn args(&mut self) -> Result<Vec<Arg>, TagError> {
        let mut args = Vec::new();
        // A named argument whose `name:` has been read, awaiting its value.
        let mut pending: Option<(&'a str, usize)> = None;
        loop {
            // Expecting a value, a name, or `)`.
            let Some(c) = self.peek() else {
                return Err(self.end_of_input());
            };
            if c == ')' {
                if pending.is_some() {
                    return Err(self.unexpected());
                }
                self.bump();
                return Ok(args);
            }
            let (value, literal, span) = if is_ident_begin(c) {
                let (ident, start) = self.ident(is_ident_interior);
                match self.peek() {
                    Some(',' | ')') => (
                        bool_or_string(ident),
                        ident,
                        self.span(start, start + ident.len()),
                    ),
                    Some(':') if pending.is_none() => {
                        self.bump();
                        self.skip_whitespace();
                        pending = Some((ident, start));
                        continue;
                    }
                    _ => return Err(self.unexpected()),
                }
            } else {
                match self.scalar() {
                    Some(res) => res?,
                    None => return Err(self.unexpected()),
                }
            };
            let (name, span) = match pending.take() {
                Some((name, start)) => (
                    Some(name.to_string()),
                    Span::new(self.base + start, span.end),
                ),
                None => (None, span),
            };
            args.push(Arg {
                name,
                value,
                span,
                literal: literal.to_string(),
            });
            // After a value: `,` (then optional whitespace) or `)`.
            match self.peek() {
                Some(',') => {
                    self.bump();
                    self.skip_whitespace();
                }
                Some(')') => {
                    self.bump();
                    return Ok(args);
                }
                _ => return Err(self.unexpected()),
            }
        }
    }
}

fn bool_or_string(ident: &str) -> Value {
    match ident {
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        s => Value::String(s.to_string()),
    }
}

/// Upstream's argument-list rules, applied when a tag is complete: at most
/// one positional argument, and no mixing of positional and named ones.
fn check_args(args: &[Arg]) -> Result<(), TagError> {
    let mut named = false;
    for (i, arg) in args.iter().enumerate() {
        if (named && arg.name.is_none()) || (!named && arg.name.is_some() && i > 0) {
            return Err(TagError::new(
                "can't mix named and positional arguments",
                arg.span,
            ));
        }
        named |= arg.name.is_some();
    }
    if let [first, .., last] = args {
        if !named {
            return Err(TagError::new(
                "multiple arguments must use 'name: value' syntax",
                Span::new(first.span.start, last.span.end),
            ));
        }
    }
    Ok(())
}

/// The leading whitespace that upstream's `strings.TrimSpace` removes, and
/// the trimmed text.
fn trim(text: &str) -> (usize, &str) {
    let start = text.len() - text.trim_start().len();
    (start, text.trim())
}

/// Parses a tag; spans are offset by `base`.
fn parse_at(text: &str, base: usize) -> Result<Tag, TagError> {
    let (lead, body) = trim(text);
    let mut s = Scanner {
        src: body,
        pos: 0,
        base: base + lead,
    };
    // The tags of the chain, outermost first.
    let mut chain: Vec<Tag> = Vec::new();
    loop {
        match s.peek() {
            Some(c) if is_ident_begin(c) => {}
            _ => return Err(s.unexpected()),
        }
        let (name, start) = s.ident(is_tag_name_interior);
        let mut tag = Tag {
            name: name.to_string(),
            args: Vec::new(),
            value: None,
            span: s.span(start, start + name.len()),
            value_literal: None,
        };
        if s.peek() == Some('(') {
            s.bump();
            tag.args = s.args()?;
        }
        if s.peek() == Some('=') {
            s.bump();
            if s.peek() == Some('+') && s.peek_second().is_some_and(is_ident_begin) {
                s.bump();
                check_args(&tag.args)?;
                chain.push(tag);
                if chain.len() == MAX_CHAIN_DEPTH {
                    let (_, start) = s.ident(is_tag_name_interior);
                    return Err(s.error(
                        format!("too many chained tags: a chain may hold at most {MAX_CHAIN_DEPTH} tags"),
                        start,
                        s.pos,
                    ));
                }
                continue;
            }
            let (value, literal, span) = match s.scalar() {
                Some(res) => res?,
                None => return Err(s.unexpected()),
            };
            tag.value = Some(TagValue::Scalar(value, span));
            tag.value_literal = Some(literal.to_string());
        }
        s.trailing()?;
        check_args(&tag.args)?;
        chain.push(tag);
        break;
    }
    let mut tag = chain.pop().expect("the loop pushes at least one tag");
    while let Some(mut outer) = chain.pop() {
        outer.value = Some(TagValue::Tag(Box::new(tag)));
        tag = outer;
    }
    Ok(tag)
}

/// Reads `+default...` (the text after `+`) the way upstream does: gengo's
/// raw-value mode, where everything after `=` is the value, and then the
/// single-string-argument rule of its function-style tag helper.
fn parse_default(text: &str, base: usize) -> Result<RawDefault, TagError> {
    let (name_span, _, raw) = parse_raw_parts(text, base)?;
    Ok(match raw {
        Some((text, span)) => RawDefault {
            text: Some(text.to_string()),
            span,
        },
        None => RawDefault {
            text: None,
            span: name_span,
        },
    })
}

/// Reads a tag that upstream reads in gengo's raw-value mode (see
/// [`ParseOptions::raw_value`]), as its `ExtractFunctionStyleCommentTags`
/// does: the value is all the text after `=` (trailing whitespace removed,
/// a `# ...` included), and there is at most one argument, a positional
/// string.
///
/// The tag's [`Tag::value_literal`] is that raw text. Its value is the raw
/// text as a string, except that a value which is exactly one quoted string
/// (`="/status"`) is unquoted: upstream 1.35 would keep the quotes (and
/// serve a path `"/status"`, quotes included, that no request has), while
/// the releases after it require the quotes; unquoting keeps the quoted
/// spelling meaning the same under every release.
fn parse_raw(text: &str, base: usize) -> Result<Tag, TagError> {
    let (span, args, raw) = parse_raw_parts(text, base)?;
    let (name_start, name_end) = (span.start - base, span.end - base);
    let mut tag = Tag {
        name: text[name_start..name_end].to_string(),
        args,
        value: None,
        span,
        value_literal: None,
    };
    if let Some((raw, raw_span)) = raw {
        let mut s = Scanner {
            src: raw,
            pos: 0,
            base: 0,
        };
        let value = match raw.chars().next() {
            Some('"' | '`') => match s.string() {
                Ok((unquoted, _, _)) if s.pos == raw.len() => unquoted,
                _ => raw.to_string(),
            },
            _ => raw.to_string(),
        };
        tag.value = Some(TagValue::Scalar(Value::String(value), raw_span));
        tag.value_literal = Some(raw.to_string());
    }
    Ok(tag)
}

/// A tag read in raw-value mode: the name's span, the arguments, and the raw
/// value with its span (if there is an `=`).
type RawParts<'a> = (Span, Vec<Arg>, Option<(&'a str, Span)>);

/// The raw-value reading shared by [`parse_default`] and [`parse_raw`]: the
/// name's span, the arguments (checked as upstream's `toStringArgs` does)
/// and the raw value with its span, if there is an `=`.
fn parse_raw_parts(text: &str, base: usize) -> Result<RawParts<'_>, TagError> {
    let (lead, body) = trim(text);
    let mut s = Scanner {
        src: body,
        pos: 0,
        base: base + lead,
    };
    let (name, start) = s.ident(is_tag_name_interior);
    let name_span = s.span(start, start + name.len());
    let mut args = Vec::new();
    if s.peek() == Some('(') {
        s.bump();
        args = s.args()?;
    }
    let mut raw = None;
    if s.peek() == Some('=') {
        s.bump();
        raw = Some((&body[s.pos..], s.span(s.pos, body.len())));
    } else {
        s.trailing()?;
    }
    check_args(&args)?;
    if let [_, second, ..] = args.as_slice() {
        // Go's `%v` of the argument slice.
        let list: Vec<String> = args.iter().map(ToString::to_string).collect();
        return Err(TagError::new(
            format!("expected one argument, got: [{}]", list.join(" ")),
            second.span,
        ));
    }
    if let Some(arg) = args.iter().find(|a| a.name.is_some()) {
        return Err(TagError::new(
            format!(
                "unexpected named argument: {}",
                go_quote(arg.name.as_deref().unwrap_or_default())
            ),
            arg.span,
        ));
    }
    if let Some(arg) = args.iter().find(|a| !matches!(a.value, Value::String(_))) {
        return Err(TagError::new(
            format!("unexpected argument type: {}", arg.value.value_type()),
            arg.span,
        ));
    }
    Ok((name_span, args, raw))
}

/// Go's `strconv.ParseInt(s, 0, 64)`, restricted to what the scanner can
/// produce (no `_` separators): an optional sign, then `0x`/`0o`/`0b`
/// digits, a legacy octal `0...`, or decimal.
fn parse_go_int(s: &str) -> Option<i64> {
    let (negative, unsigned) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    let lower = unsigned.get(..2).map(str::to_ascii_lowercase);
    let (radix, digits) = match lower.as_deref() {
        Some("0x") => (16, &unsigned[2..]),
        Some("0o") => (8, &unsigned[2..]),
        Some("0b") => (2, &unsigned[2..]),
        _ if unsigned.len() > 1 && unsigned.starts_with('0') => (8, &unsigned[1..]),
        _ => (10, unsigned),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return None;
    }
    let magnitude = u64::from_str_radix(digits, radix).ok()?;
    let value = if negative {
        -i128::from(magnitude)
    } else {
        i128::from(magnitude)
    };
    i64::try_from(value).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_int_literals() {
        // Cases from gengo's scanner_test.go (TestNextNumber), plus Go's
        // legacy octal and range limits.
        let ok = [
            ("123", 123),
            ("-123", -123),
            ("+123", 123),
            ("0", 0),
            ("0xFF", 255),
            ("+0xFF", 255),
            ("-0xFF", -255),
            ("0o77", 63),
            ("+0o77", 63),
            ("-0o77", -63),
            ("0b101", 5),
            ("+0b101", 5),
            ("-0b101", -5),
            ("0777", 511),
            ("00", 0),
            ("-0x0000", 0),
            ("9223372036854775807", i64::MAX),
            ("-9223372036854775808", i64::MIN),
        ];
        for (text, want) in ok {
            assert_eq!(parse_go_int(text), Some(want), "{text}");
        }
        let bad = [
            "-",
            "+",
            "0x",
            "0o",
            "0b",
            "123abc",
            "08",
            "0b102",
            "9223372036854775808",
            "-9223372036854775809",
            "1e5",
        ];
        for text in bad {
            assert_eq!(parse_go_int(text), None, "{text}");
        }
    }

    #[test]
    fn scanner_number_boundaries() {
        // The token ends where upstream's scanner ends it.
        let cases = [
            ("123abc", Err("invalid number \"123abc\"")),
            ("0x", Err("invalid number \"0x\"")),
            ("1_000", Ok(("1", 1))),
            ("00x5", Ok(("00", 0))),
            ("0X1F", Ok(("0", 0))),
            ("-0b10101)", Ok(("-0b10101", -21))),
        ];
        for (input, want) in cases {
            let mut s = Scanner {
                src: input,
                pos: 0,
                base: 0,
            };
            let got = s
                .number()
                .map(|(v, text, _)| (text, v))
                .map_err(|e| e.message);
            assert_eq!(got, want.map_err(str::to_string), "{input}");
        }
    }

    #[test]
    fn scanner_strings() {
        // Cases from gengo's scanner_test.go (TestNextString).
        let cases: [(&str, Result<&str, &str>); 11] = [
            (r#""hello""#, Ok("hello")),
            ("`hello`", Ok("hello")),
            (r#""""#, Ok("")),
            ("``", Ok("")),
            (r#""hello \"world\"""#, Ok(r#"hello "world""#)),
            (r#""hello \\world""#, Ok(r"hello \world")),
            (r#""hello"#, Err("unterminated string")),
            ("`hello", Err("unterminated string")),
            (
                r#""hello \n world""#,
                Err("unhandled escaped character 'n'"),
            ),
            (r#""hello" world"#, Ok("hello")),
            ("`a\\`b`", Ok("a`b")),
        ];
        for (input, want) in cases {
            let mut s = Scanner {
                src: input,
                pos: 0,
                base: 0,
            };
            let got = s.string().map(|(v, _, _)| v).map_err(|e| e.message);
            assert_eq!(
                got,
                want.map(str::to_string).map_err(str::to_string),
                "{input}"
            );
        }
    }

    #[test]
    fn tag_name_extent() {
        // Cases from gengo's scanner_test.go (TestNextIdent, tag-name variant)
        // and extractor.go's name rule.
        assert_eq!(name_end("abc:def"), 7);
        assert_eq!(name_end("k8s:minimum=1"), 11);
        assert_eq!(name_end("k8s:ifEnabled(X)=+k8s:required"), 13);
        assert_eq!(name_end("abc@def"), 3);
        assert_eq!(name_end("123abc"), 0);
        assert_eq!(name_end(" name"), 0);
        assert_eq!(name_end(""), 0);
        assert_eq!(name_end("αβγ δ"), "αβγ".len());
    }

    #[test]
    fn go_quoting() {
        assert_eq!(go_quote("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(go_quote("tab\there\n"), r#""tab\there\n""#);
        assert_eq!(go_quote("\u{0}\u{7f}"), r#""\x00\x7f""#);
        assert_eq!(go_quote("é ü"), "\"é ü\"");
        assert_eq!(go_quote("\u{a0}\u{200b}"), r#""\u00a0\u200b""#);
        assert_eq!(go_quote("'"), r#""'""#);
        assert_eq!(go_quote_char(' '), "' '");
        assert_eq!(go_quote_char('\''), r"'\''");
        assert_eq!(go_quote_char('"'), "'\"'");
        assert_eq!(go_quote_char('`'), "'`'");
        assert_eq!(go_quote_char('\t'), r"'\t'");
    }
}
