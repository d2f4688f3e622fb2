//! Tag extraction and parsing (filled by the tag-parser work).

use super::{Span, Tag, TagError};

/// One comment line with its text (after the `///` / `//!` marker).
#[derive(Clone, Debug)]
pub struct Line<'a> {
    /// The line text.
    pub text: &'a str,
    /// The line's index in the comment block (0-based), for diagnostics.
    pub index: usize,
}

/// A tag found on a comment line.
#[derive(Clone, Debug)]
pub struct ExtractedTag {
    /// The comment line index it came from.
    pub line: usize,
    /// The parsed tag, or the error that prevented parsing it.
    pub tag: Result<Tag, TagError>,
}

/// Finds and parses every validation tag in a comment block.
pub fn extract(_lines: &[Line<'_>]) -> Vec<ExtractedTag> {
    Vec::new()
}

/// Parses one tag (the text after the leading `+`).
pub fn parse_tag(text: &str) -> Result<Tag, TagError> {
    Err(TagError {
        message: format!("not implemented: {text}"),
        span: Span::default(),
    })
}
