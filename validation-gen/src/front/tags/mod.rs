//! The `+k8s:` tag language: extraction from doc comments, the grammar
//! (upstream's `gengo/v2/codetags`), and the catalog of known tags.
//!
//! ```text
//! <tag>             ::= <tagName> [ "(" [ <args> ] ")" ] [ ( "=" <value> | "=+" <tag> ) ]
//! <args>            ::= <value> | <namedArgs>
//! <namedArgs>       ::= <argNameAndValue> [ "," <namedArgs> ]*
//! <argNameAndValue> ::= <identifier> ":" <value>
//! <value>           ::= <identifier> | <string> | <int> | <bool>
//! ```
//!
//! The usual flow is:
//!
//! 1. [`extract_with`] the tags of one comment block (a type, a field or a
//!    constant). It parses every `+k8s:` validation tag, reports unknown
//!    names with a suggestion, skips the tags of the other Kubernetes
//!    generators and returns the raw `+default` values.
//! 2. their [`TagName`]s order them as upstream processes them.
//! 3. [`scopes::type_check`] (or [`scopes::type_check_with`]) checks each
//!    tag, and its chained payloads, against the scope it is used in.
//!
//! For example, `+k8s:eachVal=+k8s:minimum=1` extracts to a tag that
//! renders as `k8s:eachVal=+k8s:minimum=1`, type-checks on a field, and on
//! a constant fails with `tag "k8s:eachVal" cannot be specified on constant
//! values` (`tests/grammar.rs` has these cases and upstream's).

pub mod catalog;
pub(crate) mod gengo;
mod parse;
mod scan;
pub(crate) mod scopes;
pub mod suggest;
#[cfg(test)]
mod tests;
mod vocab;

pub use catalog::{Release, Scope, TagDef, TagName};
pub(crate) use scopes::not_in_scope;

/// Every validation tag of the catalog (what the docs test lists).
pub fn catalog_validators() -> impl Iterator<Item = &'static TagDef> {
    catalog::validators()
}

/// Every tag of the catalog, type metadata (`isSubresource`, ...) too.
pub fn catalog_all() -> &'static [TagDef] {
    catalog::all()
}
#[cfg(test)]
pub use parse::{extract, ExtractedTag, RawDefault, MAX_CHAIN_DEPTH};
pub use parse::{extract_with, parse_tag, Extracted, Line, ParseOptions};

use std::fmt;

/// A byte range within one comment line (after the leading `///` or `//!`
/// marker has been removed), used to point diagnostics at the offending text.
///
/// [`parse_tag`] reports ranges within the text it was given; [`extract_with`]
/// reports ranges within [`Line::text`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    /// Byte offset where the range starts.
    pub start: usize,
    /// Byte offset just past the range.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }
}

/// A parsed tag such as `k8s:item(type: "Approved")=+k8s:zeroOrOneOfMember`.
///
/// `Display` renders upstream's canonical form (`Tag.String()` in gengo):
/// strings double-quoted, `", "` between arguments, ints as written.
#[derive(Clone, Debug, PartialEq)]
pub struct Tag {
    /// Full name, including the `k8s:` prefix (`k8s:minimum`).
    pub name: String,
    /// Arguments in source order.
    pub args: Vec<Arg>,
    /// The value after `=`, if any.
    pub value: Option<TagValue>,
    /// Where the tag name is.
    pub span: Span,
    /// The scalar payload exactly as written (`0x10`, `+5`, `"a\"b"`,
    /// `k8s-short-name`), or `None` when the payload is absent or a chained
    /// tag. Upstream re-parses integer payloads strictly (canonical decimal
    /// only: `0100`, `+5` and `0x10` are rejected by the limit tags although
    /// the grammar accepts them), which needs the original text.
    pub value_literal: Option<String>,
}

/// One argument of a tag: positional (`ifEnabled("F")`) or named (`union: "u"`).
///
/// `Display` renders upstream's canonical form (`name: "value"`, or just the
/// value for a positional argument), which upstream's type-check messages
/// quote.
#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    /// The argument name for named args; `None` for the positional one.
    pub name: Option<String>,
    /// The argument value.
    pub value: Value,
    /// Where the argument is.
    pub span: Span,
    /// The value exactly as written (see [`Tag::value_literal`]).
    pub literal: String,
}

/// A scalar value (of an argument or of a tag payload).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A quoted string or a bare identifier other than `true`/`false`.
    String(String),
    /// An integer literal.
    Int(i64),
    /// `true` or `false` (unquoted).
    Bool(bool),
}

/// The payload of a tag (what follows `=`).
#[derive(Clone, Debug, PartialEq)]
pub enum TagValue {
    /// A scalar: `=5`, `="x"`, `=k8s-short-name`, `=true`.
    Scalar(Value, Span),
    /// A chained tag: `=+k8s:minimum=1`.
    Tag(Box<Tag>),
}

/// The type of a value, as upstream names them in errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueType {
    /// `string`
    String,
    /// `int`
    Int,
    /// `bool`
    Bool,
    /// `tag`
    Tag,
}

impl fmt::Display for ValueType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ValueType::String => "string",
            ValueType::Int => "int",
            ValueType::Bool => "bool",
            ValueType::Tag => "tag",
        })
    }
}

impl Value {
    /// The type of the value.
    pub fn value_type(&self) -> ValueType {
        match self {
            Value::String(_) => ValueType::String,
            Value::Int(_) => ValueType::Int,
            Value::Bool(_) => ValueType::Bool,
        }
    }

    /// The string, for string values.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }
}

/// Canonical rendering: strings Go-quoted (`"a\"b"`), ints in decimal,
/// bools as `true`/`false`.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::String(s) => f.write_str(&k8s_validation_spec::go_quote(s)),
            Value::Int(i) => write!(f, "{i}"),
            Value::Bool(b) => write!(f, "{b}"),
        }
    }
}

impl TagValue {
    /// The type of the payload.
    pub fn value_type(&self) -> ValueType {
        match self {
            TagValue::Scalar(v, _) => v.value_type(),
            TagValue::Tag(_) => ValueType::Tag,
        }
    }

    /// Where the payload is (for a chained tag, where its name is).
    pub fn span(&self) -> Span {
        match self {
            TagValue::Scalar(_, span) => *span,
            TagValue::Tag(t) => t.span,
        }
    }
}

impl Tag {
    /// The positional argument, if the tag has one.
    pub fn positional_arg(&self) -> Option<&Arg> {
        self.args.first().filter(|a| a.name.is_none())
    }

    /// A named argument (the first one, if the name is repeated).
    pub fn named_arg(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|a| a.name.as_deref() == Some(name))
    }

    /// The catalog's name for this tag, or `None` for a name the catalog
    /// does not know.
    pub fn tag_name(&self) -> Option<TagName> {
        TagName::from_name(&self.name)
    }

    /// Whether this is the tag `name`.
    pub fn is(&self, name: TagName) -> bool {
        self.name == name.as_str()
    }

    /// The chained tag, if the payload is a tag.
    pub fn chained(&self) -> Option<&Tag> {
        match &self.value {
            Some(TagValue::Tag(t)) => Some(t),
            _ => None,
        }
    }

    /// The scalar payload, if any.
    pub fn scalar(&self) -> Option<&Value> {
        match &self.value {
            Some(TagValue::Scalar(v, _)) => Some(v),
            _ => None,
        }
    }

    /// The type of the payload, or `None` without one.
    pub fn value_type(&self) -> Option<ValueType> {
        self.value.as_ref().map(TagValue::value_type)
    }

    /// The tags of a chain, outermost first: `a=+b=+c` gives `a`, `b`, `c`.
    pub fn chain(&self) -> impl Iterator<Item = &Tag> {
        std::iter::successors(Some(self), |t| t.chained())
    }

    /// The innermost tag of a chain (`self` when nothing is chained).
    pub fn innermost(&self) -> &Tag {
        self.chain().last().unwrap_or(self)
    }
}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(name) = &self.name {
            write!(f, "{name}: ")?;
        }
        match &self.value {
            Value::Int(_) if !self.literal.is_empty() => f.write_str(&self.literal),
            v => write!(f, "{v}"),
        }
    }
}

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        if !self.args.is_empty() {
            f.write_str("(")?;
            for (i, arg) in self.args.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{arg}")?;
            }
            f.write_str(")")?;
        }
        match &self.value {
            None => Ok(()),
            Some(TagValue::Tag(t)) => write!(f, "=+{t}"),
            Some(TagValue::Scalar(Value::Int(_), _)) if self.value_literal.is_some() => {
                write!(f, "={}", self.value_literal.as_deref().unwrap_or_default())
            }
            Some(TagValue::Scalar(v, _)) => write!(f, "={v}"),
        }
    }
}

/// A tag-language error with the position it refers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagError {
    /// What is wrong, in upstream's words where upstream has them.
    pub message: String,
    /// Where, within the line.
    pub span: Span,
}

impl TagError {
    /// An error with `message` at `span`.
    pub fn new(message: impl Into<String>, span: Span) -> Self {
        TagError {
            message: message.into(),
            span,
        }
    }

    /// Prefixes the message the way upstream wraps errors of an enclosing
    /// tag: `tag "k8s:eachVal": <message>`. The span is kept.
    pub fn in_tag(mut self, tag_name: &str) -> Self {
        self.message = format!(
            "tag {}: {}",
            k8s_validation_spec::go_quote(tag_name),
            self.message
        );
        self
    }
}

impl fmt::Display for TagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for TagError {}
