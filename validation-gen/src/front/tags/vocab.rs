//! What a catalog entry is made of: where a tag may be used ([`Scope`]), its
//! kind, stability, arguments ([`ArgDef`]) and payload ([`PayloadType`]),
//! and the entry itself ([`TagDef`]). The table of entries is
//! [`super::catalog`].

use std::fmt;

use super::ValueType;

/// Where a tag is used. `Display` gives upstream's wording, used in
/// `tag "k8s:X" cannot be specified on <scope>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scope {
    /// A type definition (`type definitions`).
    Type,
    /// A struct field (`struct fields`).
    Field,
    /// The values of a list (`list values`), through `eachVal` or `item`.
    ListVal,
    /// The keys of a map (`map keys`), through `eachKey`.
    MapKey,
    /// The values of a map (`map values`), through `eachVal`.
    MapVal,
    /// A constant (`constant values`).
    Const,
}

impl Scope {
    /// Every scope, in declaration order.
    pub const ALL: [Scope; 6] = [
        Scope::Type,
        Scope::Field,
        Scope::ListVal,
        Scope::MapKey,
        Scope::MapVal,
        Scope::Const,
    ];

    /// Upstream's name for the scope.
    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Type => "type definitions",
            Scope::Field => "struct fields",
            Scope::ListVal => "list values",
            Scope::MapKey => "map keys",
            Scope::MapVal => "map values",
            Scope::Const => "constant values",
        }
    }
}

impl fmt::Display for Scope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A tag's stability level (upstream `TagStabilityLevel`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stability {
    /// Semantics may still change.
    Alpha,
    /// Semantics are being soaked before becoming stable.
    Beta,
    /// Semantics will not change.
    Stable,
}

impl fmt::Display for Stability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stability::Alpha => "Alpha",
            Stability::Beta => "Beta",
            Stability::Stable => "Stable",
        })
    }
}

/// A Kubernetes minor release; shared with the runtime through
/// `k8s-validation-spec`.
pub use k8s_validation_spec::Release;

/// What a tag is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TagKind {
    /// A validation tag: registered with upstream's tag registry, type
    /// checked, may appear in chains.
    Validator,
    /// A type-level tag read directly by the generator (the subresource
    /// tags). Never chained. Upstream only reads its value; [`type_check`](super::scopes::type_check)
    /// still checks it against its entry (a required string payload, no
    /// arguments, type scope).
    TypeMetadata,
}

/// The declared type of a tag's payload (upstream `PayloadsType`).
///
/// `Display` gives upstream's wording, including the empty string for
/// [`PayloadType::None`] (so a value on a tag without payload reads
/// `tag value has wrong type: got bool, want `, as upstream).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PayloadType {
    /// The tag takes no payload.
    None,
    /// A string: quoted, or a bare identifier.
    String,
    /// An integer literal.
    Int,
    /// `true` or `false`.
    Bool,
    /// A chained tag (`=+k8s:...`).
    Tag,
    /// Any payload; the tag checks it itself (`k8s:neq`).
    Raw,
}

impl PayloadType {
    /// Whether a payload of type `ty` has the declared type.
    pub fn accepts(self, ty: ValueType) -> bool {
        match self {
            PayloadType::None => false,
            PayloadType::Raw => true,
            PayloadType::String => ty == ValueType::String,
            PayloadType::Int => ty == ValueType::Int,
            PayloadType::Bool => ty == ValueType::Bool,
            PayloadType::Tag => ty == ValueType::Tag,
        }
    }
}

impl fmt::Display for PayloadType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PayloadType::None => "",
            PayloadType::String => "string",
            PayloadType::Int => "int",
            PayloadType::Bool => "bool",
            PayloadType::Tag => "tag",
            PayloadType::Raw => "raw",
        })
    }
}

/// The scope a chained payload is checked in, relative to the tag's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChainScope {
    /// The tag's own scope (`ifEnabled`, `ifDisabled`, `ifMode`, `alpha`,
    /// `beta`).
    Inherit,
    /// List values for a list, map values for a map (`eachVal`): only the
    /// caller knows which.
    CollectionValue,
    /// Always this scope: map keys for `eachKey`, list values for `item`,
    /// struct fields for `subfield`.
    Fixed(Scope),
}

/// A documented argument of a tag (upstream `TagArgDoc`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ArgDef {
    /// The name, or `None` for the positional argument.
    pub name: Option<&'static str>,
    /// The type: [`ValueType::String`], [`ValueType::Int`] or
    /// [`ValueType::Bool`].
    pub ty: ValueType,
    /// Whether the argument must be given.
    pub required: bool,
    /// What the argument means.
    pub description: &'static str,
}

/// Everything the catalog knows about one tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TagDef {
    /// The full name, e.g. `k8s:minimum` (`TagName::as_str` of its
    /// variant).
    pub name: &'static str,
    /// Validator or type metadata.
    pub kind: TagKind,
    /// Upstream's stability level for the tag (as of the 1.37 development
    /// line). The subresource tags have none upstream; they are listed as
    /// stable.
    pub stability: Stability,
    /// The first release that accepts the tag under this name.
    pub since: Release,
    /// Where the tag may be used, in `Scope` order.
    pub scopes: &'static [Scope],
    /// The documented arguments.
    pub args: &'static [ArgDef],
    /// Whether arguments not in [`TagDef::args`] are accepted (only
    /// `k8s:item`, whose argument names are list-map key names).
    pub accepts_unknown_args: bool,
    /// The payload type.
    pub payload: PayloadType,
    /// Whether the payload must be given.
    pub payload_required: bool,
    /// For tags with a chained payload, the scope the payload is checked in.
    pub chain_scope: Option<ChainScope>,
    /// One line on what the tag does.
    pub description: &'static str,
}

impl TagDef {
    /// Whether the tag may be used in `scope`.
    pub fn allows(&self, scope: Scope) -> bool {
        self.scopes.contains(&scope)
    }

    /// The documented argument called `name` (`None` for the positional one).
    pub fn arg(&self, name: Option<&str>) -> Option<&'static ArgDef> {
        self.args.iter().find(|a| a.name == name)
    }

    /// The scope a chained payload of this tag is checked in, when the tag
    /// itself is used in `scope`. `collection_value` is the answer for
    /// `eachVal` (`Scope::ListVal` on lists, `Scope::MapVal` on maps).
    /// `None` when the tag takes no chained payload.
    pub fn payload_scope(&self, scope: Scope, collection_value: Scope) -> Option<Scope> {
        Some(match self.chain_scope? {
            ChainScope::Inherit => scope,
            ChainScope::CollectionValue => collection_value,
            ChainScope::Fixed(s) => s,
        })
    }
}
