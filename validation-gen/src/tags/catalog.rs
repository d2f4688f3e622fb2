//! Catalog of known tags (temporary stub; replaced by the tag-parser work).

use super::{Tag, TagError};

/// Where a tag is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// On a type definition.
    Type,
    /// On a struct field.
    Field,
    /// On list values (through eachVal).
    ListVal,
    /// On map keys (through eachKey).
    MapKey,
    /// On map values (through eachVal).
    MapVal,
    /// On a constant.
    Const,
}

/// Checks a tag's scope, arguments and payload type.
pub fn type_check(_tag: &Tag, _scope: Scope) -> Result<(), TagError> {
    Ok(())
}
