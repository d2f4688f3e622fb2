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

use super::catalog::{self, Release, TagKind, TagName};
use super::scan::{is_ident_begin, is_tag_name_interior, name_end, Scanner};
use super::suggest;
use super::{Arg, Span, Tag, TagError, TagValue, Value};
use k8s_validation_spec::quote::go_quote;

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
        self.behaviour().raw_subresource_tags
            && [TagName::IsSubresource, TagName::SupportsSubresource]
                .iter()
                .any(|t| t.as_str() == name)
    }

    /// Whether `name` is a tag this release no longer knows: 1.37 renamed
    /// 1.36's `k8s:discriminator` / `k8s:member` to `k8s:modeDiscriminator` /
    /// `k8s:ifMode` (the unknown-tag message suggests the new name). Earlier
    /// releases accept them, as every tag that arrived after the release.
    pub fn renamed_away(&self, name: &str) -> bool {
        let modal = self.behaviour().modal;
        modal.renamed
            && [
                TagName::Discriminator,
                TagName::Member,
                TagName::ModeDiscriminator,
                TagName::IfMode,
            ]
            .into_iter()
            .any(|t| name == t.as_str() && t != modal.discriminator && t != modal.member)
    }

    /// The facts of the release.
    pub(crate) fn behaviour(&self) -> &'static crate::front::behaviour::Behaviour {
        crate::front::behaviour::of(self.release)
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

/// One item found by [`extract_with`], in source order.
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
    #[cfg(test)]
    pub fn as_tag(&self) -> Option<&ExtractedTag> {
        match self {
            Extracted::Tag(t) => Some(t),
            Extracted::Default(_) => None,
        }
    }

    /// The default, for [`Extracted::Default`] items.
    #[cfg(test)]
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
#[cfg(test)]
pub fn extract(lines: &[Line<'_>]) -> Vec<Extracted> {
    extract_with(lines, &ParseOptions::default())
}

/// [`extract_with`], following the tag reading of `options.release`: through
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
            Some(_) if options.renamed_away(name) => {
                Err(TagError::new(suggest::unknown_tag_message(name), name_span))
            }
            None => Err(TagError::new(suggest::unknown_tag_message(name), name_span)),
            Some(_) if options.raw_value(name) => parse_raw(rest, base),
            Some(_) => {
                parse_at(rest, base).and_then(|t| check_chain_names(&t, options).map(|()| t))
            }
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
/// Only the grammar is checked: names are not looked up (see [`extract_with`] and
/// [`super::scopes::type_check`]). Spans are byte ranges within `text`.
pub fn parse_tag(text: &str) -> Result<Tag, TagError> {
    parse_at(text, 0)
}

/// Reports the first chained tag that is not a known validation tag.
fn check_chain_names(tag: &Tag, options: &ParseOptions) -> Result<(), TagError> {
    let mut outer = Vec::new();
    for t in tag.chain() {
        if !outer.is_empty() {
            let err = match catalog::lookup(&t.name) {
                None => Some(suggest::unknown_tag_message(&t.name)),
                Some(_) if options.renamed_away(&t.name) => {
                    Some(suggest::unknown_tag_message(&t.name))
                }
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
