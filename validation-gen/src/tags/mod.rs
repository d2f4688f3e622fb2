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

pub mod catalog;
mod parse;

pub use parse::{extract, parse_tag, ExtractedTag, Line};

use std::fmt;

/// A byte range within one comment line (after the leading `///` or `//!`
/// marker has been removed), used to point diagnostics at the offending text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    /// Byte offset where the range starts.
    pub start: usize,
    /// Byte offset just past the range.
    pub end: usize,
}

/// A parsed tag such as `k8s:item(type: "Approved")=+k8s:zeroOrOneOfMember`.
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
}

/// One argument of a tag: positional (`ifEnabled("F")`) or named (`union: "u"`).
#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    /// The argument name for named args; `None` for the positional one.
    pub name: Option<String>,
    /// The argument value.
    pub value: Value,
    /// Where the argument is.
    pub span: Span,
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
}

impl Tag {
    /// The positional argument, if the tag has one.
    pub fn positional_arg(&self) -> Option<&Arg> {
        self.args.first().filter(|a| a.name.is_none())
    }

    /// A named argument.
    pub fn named_arg(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|a| a.name.as_deref() == Some(name))
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
}

/// A tag-language error with the position it refers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagError {
    /// What is wrong, in upstream's words where upstream has them.
    pub message: String,
    /// Where, within the line.
    pub span: Span,
}

impl fmt::Display for TagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for TagError {}
