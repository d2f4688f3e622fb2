//! The catalog of known tags: every `+k8s:` validation tag of upstream
//! `validation-gen` (45 at the time of writing, up to the 1.37 development
//! line), plus the two type-level subresource tags the generator also reads.
//!
//! For each tag the catalog records where it may be used ([`Scope`]), its
//! documented arguments and payload (which [`super::check::type_check`] enforces with
//! upstream's messages), its stability level, the release that introduced it
//! and a one-line description.
//!
//! It also defines upstream's processing order ([`sort_tags`]) and the rule
//! that recognises other generators' tags ([`is_other_generator_tag`]).
//! Checking a tag against its entry is [`super::check`]; the "did you mean"
//! lookup for misspelled names is [`super::suggest`].

use std::cmp::Ordering;
use std::fmt;

use super::{Tag, ValueType};

// ---------------------------------------------------------------------------
// Tag names

/// `+k8s:alpha(since: "1.36")=+<tag>`: marks the payload validation as alpha.
pub const ALPHA: &str = "k8s:alpha";
/// `+k8s:beta(since: "1.36")=+<tag>`: marks the payload validation as beta.
pub const BETA: &str = "k8s:beta";
/// `+k8s:customUnique`: uniqueness of the list is checked by hand-written code.
pub const CUSTOM_UNIQUE: &str = "k8s:customUnique";
/// `+k8s:customValidation`: calls a hand-written `ValidateCustom_*` function.
pub const CUSTOM_VALIDATION: &str = "k8s:customValidation";
/// `+k8s:dependentForbidden(<sibling>)`: the sibling must be unset when this field is set.
pub const DEPENDENT_FORBIDDEN: &str = "k8s:dependentForbidden";
/// `+k8s:dependentRequired(<sibling>)`: the sibling must be set when this field is set.
pub const DEPENDENT_REQUIRED: &str = "k8s:dependentRequired";
/// `+k8s:eachKey=+<tag>`: validates every key of a map.
pub const EACH_KEY: &str = "k8s:eachKey";
/// `+k8s:eachVal=+<tag>`: validates every value of a list or map.
pub const EACH_VAL: &str = "k8s:eachVal";
/// `+k8s:enum`: the string type's constants are its only allowed values.
pub const ENUM: &str = "k8s:enum";
/// `+k8s:enumExclude`: this constant is not a value of its enum.
pub const ENUM_EXCLUDE: &str = "k8s:enumExclude";
/// `+k8s:forbidden`: the field may not be set.
pub const FORBIDDEN: &str = "k8s:forbidden";
/// `+k8s:format=<name>`: the string has a named format (`k8s-short-name`, ...).
pub const FORMAT: &str = "k8s:format";
/// `+k8s:ifDisabled(<option>)=+<tag>`: the payload applies when the option is off.
pub const IF_DISABLED: &str = "k8s:ifDisabled";
/// `+k8s:ifEnabled(<option>)=+<tag>`: the payload applies when the option is on.
pub const IF_ENABLED: &str = "k8s:ifEnabled";
/// `+k8s:ifMode(<mode>)=+<tag>`: the payload applies in one mode of a discriminator.
pub const IF_MODE: &str = "k8s:ifMode";
/// `+k8s:immutable`: the value may not change on update.
pub const IMMUTABLE: &str = "k8s:immutable";
/// `+k8s:isSubresource="/scale"`: the type is the type of that subresource.
pub const IS_SUBRESOURCE: &str = "k8s:isSubresource";
/// `+k8s:item(<key>: <value>, ...)=+<tag>`: validates the list-map item with that key.
pub const ITEM: &str = "k8s:item";
/// `+k8s:listMapKey=<json name>`: a key field of a `listType=map` list.
pub const LIST_MAP_KEY: &str = "k8s:listMapKey";
/// `+k8s:listType=atomic|set|map`: the list's semantics.
pub const LIST_TYPE: &str = "k8s:listType";
/// `+k8s:maxBytes=<n>`: the string is at most n bytes long.
pub const MAX_BYTES: &str = "k8s:maxBytes";
/// `+k8s:maxItems=<n>`: the list has at most n items.
pub const MAX_ITEMS: &str = "k8s:maxItems";
/// `+k8s:maxLength=<n>`: the string is at most n characters long.
pub const MAX_LENGTH: &str = "k8s:maxLength";
/// `+k8s:maxProperties=<n>`: the map has at most n entries.
pub const MAX_PROPERTIES: &str = "k8s:maxProperties";
/// `+k8s:maximum=<n>`: the integer is at most n.
pub const MAXIMUM: &str = "k8s:maximum";
/// `+k8s:minItems=<n>`: the list has at least n items.
pub const MIN_ITEMS: &str = "k8s:minItems";
/// `+k8s:minLength=<n>`: the string is at least n characters long.
pub const MIN_LENGTH: &str = "k8s:minLength";
/// `+k8s:minProperties=<n>`: the map has at least n entries.
pub const MIN_PROPERTIES: &str = "k8s:minProperties";
/// `+k8s:minimum=<n>`: the integer is at least n.
pub const MINIMUM: &str = "k8s:minimum";
/// `+k8s:modeDiscriminator`: the field selects the mode for `ifMode` siblings.
pub const MODE_DISCRIMINATOR: &str = "k8s:modeDiscriminator";
/// `+k8s:monotonic`: the integer may not decrease on update.
pub const MONOTONIC: &str = "k8s:monotonic";
/// `+k8s:neq=<value>`: the value may not equal the given one.
pub const NEQ: &str = "k8s:neq";
/// `+k8s:opaqueType`: do not descend into the type's own validations.
pub const OPAQUE_TYPE: &str = "k8s:opaqueType";
/// `+k8s:optional`: the field may be omitted.
pub const OPTIONAL: &str = "k8s:optional";
/// `+k8s:required`: the field must be set.
pub const REQUIRED: &str = "k8s:required";
/// `+k8s:subfield(<json name>)=+<tag>`: validates a field of the struct.
pub const SUBFIELD: &str = "k8s:subfield";
/// `+k8s:supportsSubresource="/status"`: the type's validation also serves that subresource.
pub const SUPPORTS_SUBRESOURCE: &str = "k8s:supportsSubresource";
/// `+k8s:unionDiscriminator`: the field names the set member of a union.
pub const UNION_DISCRIMINATOR: &str = "k8s:unionDiscriminator";
/// `+k8s:unionMember`: the field is a member of an exactly-one-of union.
pub const UNION_MEMBER: &str = "k8s:unionMember";
/// `+k8s:unique=set|map`: the list's items are unique.
pub const UNIQUE: &str = "k8s:unique";
/// `+k8s:update=NoSet|NoUnset|NoModify|NoAddItem|NoRemoveItem`: update constraints.
pub const UPDATE: &str = "k8s:update";
/// `+k8s:validateError="<msg>"`: fails code generation (testing).
pub const VALIDATE_ERROR: &str = "k8s:validateError";
/// `+k8s:validateFalse="<msg>"`: always fails validation (testing).
pub const VALIDATE_FALSE: &str = "k8s:validateFalse";
/// `+k8s:validateTrue`: always passes validation (testing).
pub const VALIDATE_TRUE: &str = "k8s:validateTrue";
/// `+k8s:validateTrueAlpha`: always passes; its tag stability is alpha (testing).
pub const VALIDATE_TRUE_ALPHA: &str = "k8s:validateTrueAlpha";
/// `+k8s:validateTrueBeta`: always passes; its tag stability is beta (testing).
pub const VALIDATE_TRUE_BETA: &str = "k8s:validateTrueBeta";
/// `+k8s:zeroOrOneOfMember`: the field is a member of an at-most-one-of union.
pub const ZERO_OR_ONE_OF_MEMBER: &str = "k8s:zeroOrOneOfMember";

// ---------------------------------------------------------------------------
// Vocabulary

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
/// `validation-spec`.
pub use validation_spec::Release;

/// What a tag is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TagKind {
    /// A validation tag: registered with upstream's tag registry, type
    /// checked, may appear in chains.
    Validator,
    /// A type-level tag read directly by the generator (the subresource
    /// tags). Never chained. Upstream only reads its value; [`type_check`]
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
    /// The full name, e.g. `k8s:minimum`.
    pub name: &'static str,
    /// Validator or type metadata.
    pub kind: TagKind,
    /// Upstream's stability level for the tag (as of the 1.37 development
    /// line). The subresource tags have none upstream; they are listed as
    /// stable.
    pub stability: Stability,
    /// The first release that accepts the tag under this name.
    pub since: Release,
    /// Where the tag may be used, in [`Scope`] order.
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
    /// `eachVal` ([`Scope::ListVal`] on lists, [`Scope::MapVal`] on maps).
    /// `None` when the tag takes no chained payload.
    pub fn payload_scope(&self, scope: Scope, collection_value: Scope) -> Option<Scope> {
        Some(match self.chain_scope? {
            ChainScope::Inherit => scope,
            ChainScope::CollectionValue => collection_value,
            ChainScope::Fixed(s) => s,
        })
    }
}

// ---------------------------------------------------------------------------
// The table

use Scope::{Const, Field, ListVal, MapKey, MapVal, Type};

/// Type, field, list value, map key, map value: most tags.
const ANY_VALUE: &[Scope] = &[Type, Field, ListVal, MapKey, MapVal];
/// Everything, including constants (`ifEnabled`, `ifDisabled`).
const ANYWHERE: &[Scope] = &[Type, Field, ListVal, MapKey, MapVal, Const];
/// Type, field, list value, map value (no map keys).
const NOT_KEYS: &[Scope] = &[Type, Field, ListVal, MapVal];
const TYPE_OR_FIELD: &[Scope] = &[Type, Field];
const FIELD_ONLY: &[Scope] = &[Field];
const FIELD_OR_LIST_VALUE: &[Scope] = &[Field, ListVal];
const UPDATABLE: &[Scope] = &[Field, ListVal, MapVal];
const TYPE_ONLY: &[Scope] = &[Type];
const CONST_ONLY: &[Scope] = &[Const];

const NO_ARGS: &[ArgDef] = &[];

const fn positional(required: bool, description: &'static str) -> ArgDef {
    ArgDef {
        name: None,
        ty: ValueType::String,
        required,
        description,
    }
}

const fn named(name: &'static str, description: &'static str) -> ArgDef {
    ArgDef {
        name: Some(name),
        ty: ValueType::String,
        required: false,
        description,
    }
}

const LEVEL_ARGS: &[ArgDef] = &[named(
    "since",
    "the Kubernetes version (`<major>.<minor>`) that added the validation",
)];
const SIBLING_ARG: &[ArgDef] = &[positional(true, "the JSON name of a sibling field")];
const OPTION_ARG: &[ArgDef] = &[positional(true, "the name of a validation option")];
const SUBFIELD_ARG: &[ArgDef] = &[positional(true, "the JSON name of the struct's field")];
const IF_MODE_ARGS: &[ArgDef] = &[
    positional(false, "the discriminator value the payload applies to"),
    named(
        "modality",
        "the discriminator group, when a struct has several",
    ),
    named("mode", "the discriminator value the payload applies to"),
];
const MODE_DISCRIMINATOR_ARGS: &[ArgDef] = &[named(
    "modality",
    "the discriminator group, when a struct has several",
)];
const UNION_DISCRIMINATOR_ARGS: &[ArgDef] = &[named(
    "union",
    "the union's name, when a struct has several",
)];
const UNION_MEMBER_ARGS: &[ArgDef] = &[
    named("union", "the union's name, when a struct has several"),
    named(
        "memberName",
        "the member's name in the union (default: the Go field name)",
    ),
];
const FIXED_RESULT_ARGS: &[ArgDef] = &[
    named(
        "flags",
        "comma-separated function flags: ShortCircuit, NonError",
    ),
    named(
        "typeArg",
        "explicit type argument of the generated call (the value type)",
    ),
    named("cohort", "groups validations into a named cohort"),
];

/// A catalog entry with the defaults of a plain validator: no arguments, no
/// payload, stable.
const fn validator(
    name: &'static str,
    since: Release,
    scopes: &'static [Scope],
    description: &'static str,
) -> TagDef {
    TagDef {
        name,
        kind: TagKind::Validator,
        stability: Stability::Stable,
        since,
        scopes,
        args: NO_ARGS,
        accepts_unknown_args: false,
        payload: PayloadType::None,
        payload_required: false,
        chain_scope: None,
        description,
    }
}

impl TagDef {
    const fn with_stability(mut self, stability: Stability) -> Self {
        self.stability = stability;
        self
    }

    const fn with_args(mut self, args: &'static [ArgDef]) -> Self {
        self.args = args;
        self
    }

    const fn with_payload(mut self, payload: PayloadType, required: bool) -> Self {
        self.payload = payload;
        self.payload_required = required;
        self
    }

    const fn with_chain(mut self, scope: ChainScope) -> Self {
        self.payload = PayloadType::Tag;
        self.payload_required = true;
        self.chain_scope = Some(scope);
        self
    }
}

/// Every known tag, sorted bytewise by name (upstream's processing order).
static TAGS: &[TagDef] = &[
    validator(ALPHA, Release::V1_36, ANY_VALUE,
        "Marks the payload validation as alpha: its errors are reported but not enforced.")
        .with_stability(Stability::Beta)
        .with_args(LEVEL_ARGS)
        .with_chain(ChainScope::Inherit),
    validator(BETA, Release::V1_36, ANY_VALUE,
        "Marks the payload validation as beta: its errors are enforced only when declarative validation beta is on.")
        .with_stability(Stability::Beta)
        .with_args(LEVEL_ARGS)
        .with_chain(ChainScope::Inherit),
    validator(CUSTOM_UNIQUE, Release::V1_35, ANY_VALUE,
        "The list's uniqueness is checked by hand-written code; no uniqueness check is generated."),
    validator(CUSTOM_VALIDATION, Release::V1_37, TYPE_OR_FIELD,
        "Calls the hand-written ValidateCustom_<Type>[_<Field>] function of the generated package."),
    validator(DEPENDENT_FORBIDDEN, Release::V1_37, FIELD_ONLY,
        "When this field is set, the named sibling field must not be set.")
        .with_stability(Stability::Alpha)
        .with_args(SIBLING_ARG),
    validator(DEPENDENT_REQUIRED, Release::V1_37, FIELD_ONLY,
        "When this field is set, the named sibling field must be set too.")
        .with_stability(Stability::Alpha)
        .with_args(SIBLING_ARG),
    validator(EACH_KEY, Release::V1_33, ANY_VALUE,
        "Applies the payload validation to every key of a map.")
        .with_chain(ChainScope::Fixed(MapKey)),
    validator(EACH_VAL, Release::V1_33, ANY_VALUE,
        "Applies the payload validation to every value of a list or map.")
        .with_chain(ChainScope::CollectionValue),
    validator(ENUM, Release::V1_34, TYPE_ONLY,
        "The string type's constants are the only values it accepts."),
    validator(ENUM_EXCLUDE, Release::V1_35, CONST_ONLY,
        "Leaves this constant out of its type's enum, possibly only under an option (with ifEnabled/ifDisabled).")
        .with_stability(Stability::Alpha),
    validator(FORBIDDEN, Release::V1_33, FIELD_ONLY,
        "The field may not be set.")
        .with_stability(Stability::Beta),
    validator(FORMAT, Release::V1_35, ANY_VALUE,
        "The string must have the named format (k8s-short-name, k8s-long-name, k8s-uuid, ...).")
        .with_payload(PayloadType::String, true),
    validator(IF_DISABLED, Release::V1_35, ANYWHERE,
        "Applies the payload validation only when the named validation option is disabled.")
        .with_args(OPTION_ARG)
        .with_chain(ChainScope::Inherit),
    validator(IF_ENABLED, Release::V1_35, ANYWHERE,
        "Applies the payload validation only when the named validation option is enabled.")
        .with_args(OPTION_ARG)
        .with_chain(ChainScope::Inherit),
    validator(IF_MODE, Release::V1_37, FIELD_ONLY,
        "Applies the payload validation only in the given mode of the struct's mode discriminator; the field is forbidden in modes that have no rule.")
        .with_args(IF_MODE_ARGS)
        .with_chain(ChainScope::Inherit),
    validator(IMMUTABLE, Release::V1_33, NOT_KEYS,
        "The value may not change once the object exists."),
    TagDef {
        kind: TagKind::TypeMetadata,
        ..validator(IS_SUBRESOURCE, Release::V1_34, TYPE_ONLY,
            "The type is the type of the given subresource (e.g. \"/scale\"); its validation serves only that path and the supported subresources.")
            .with_payload(PayloadType::String, true)
    },
    TagDef {
        accepts_unknown_args: true,
        ..validator(ITEM, Release::V1_34, ANY_VALUE,
            "Applies the payload validation to the list-map item whose key fields equal the named arguments.")
            .with_chain(ChainScope::Fixed(ListVal))
    },
    validator(LIST_MAP_KEY, Release::V1_33, ANY_VALUE,
        "Names (by JSON name) a key field of a listType=map list; repeat for composite keys.")
        .with_payload(PayloadType::String, true),
    validator(LIST_TYPE, Release::V1_33, ANY_VALUE,
        "The list's semantics: atomic, set (unique values) or map (unique keys).")
        .with_payload(PayloadType::String, true),
    validator(MAX_BYTES, Release::V1_36, ANY_VALUE,
        "The string may be at most this many bytes long.")
        .with_payload(PayloadType::Int, true),
    validator(MAX_ITEMS, Release::V1_35, NOT_KEYS,
        "The list may have at most this many items.")
        .with_payload(PayloadType::Int, true),
    validator(MAX_LENGTH, Release::V1_35, ANY_VALUE,
        "The string may be at most this many characters long.")
        .with_payload(PayloadType::Int, true),
    validator(MAX_PROPERTIES, Release::V1_37, TYPE_OR_FIELD,
        "The map may have at most this many entries.")
        .with_payload(PayloadType::Int, true),
    validator(MAXIMUM, Release::V1_36, ANY_VALUE,
        "The integer may be at most this value.")
        .with_payload(PayloadType::Int, true),
    validator(MIN_ITEMS, Release::V1_36, NOT_KEYS,
        "The list must have at least this many items.")
        .with_payload(PayloadType::Int, true),
    validator(MIN_LENGTH, Release::V1_36, ANY_VALUE,
        "The string must be at least this many characters long.")
        .with_payload(PayloadType::Int, true),
    validator(MIN_PROPERTIES, Release::V1_37, TYPE_OR_FIELD,
        "The map must have at least this many entries.")
        .with_payload(PayloadType::Int, true),
    validator(MINIMUM, Release::V1_33, ANY_VALUE,
        "The integer must be at least this value.")
        .with_payload(PayloadType::Int, true),
    validator(MODE_DISCRIMINATOR, Release::V1_37, FIELD_ONLY,
        "The field (a string or bool) selects the mode that ifMode rules of sibling fields depend on.")
        .with_args(MODE_DISCRIMINATOR_ARGS),
    validator(MONOTONIC, Release::V1_37, TYPE_OR_FIELD,
        "The integer may not decrease on update.")
        .with_stability(Stability::Alpha),
    validator(NEQ, Release::V1_34, ANY_VALUE,
        "The value (string, integer or bool) may not equal the payload.")
        .with_stability(Stability::Alpha)
        .with_payload(PayloadType::Raw, true),
    validator(OPAQUE_TYPE, Release::V1_33, ANY_VALUE,
        "Ignores the validations declared on the referenced type."),
    validator(OPTIONAL, Release::V1_33, FIELD_ONLY,
        "The field may be omitted; its other validations are skipped when it is (with +default, it is effectively required)."),
    validator(REQUIRED, Release::V1_33, FIELD_ONLY,
        "The field must be set."),
    validator(SUBFIELD, Release::V1_33, ANY_VALUE,
        "Applies the payload validation to the named (JSON name) field of the struct.")
        .with_args(SUBFIELD_ARG)
        .with_chain(ChainScope::Fixed(Field)),
    TagDef {
        kind: TagKind::TypeMetadata,
        ..validator(SUPPORTS_SUBRESOURCE, Release::V1_34, TYPE_ONLY,
            "The type's validation also serves the given subresource path (e.g. \"/status\"); repeatable.")
            .with_payload(PayloadType::String, true)
    },
    validator(UNION_DISCRIMINATOR, Release::V1_34, FIELD_OR_LIST_VALUE,
        "The string field names which member of the union is set.")
        .with_stability(Stability::Beta)
        .with_args(UNION_DISCRIMINATOR_ARGS),
    validator(UNION_MEMBER, Release::V1_34, FIELD_OR_LIST_VALUE,
        "The field is a member of a union: exactly one member must be set.")
        .with_args(UNION_MEMBER_ARGS),
    validator(UNIQUE, Release::V1_35, ANY_VALUE,
        "The list's items are unique: as values (set) or by their listMapKey fields (map).")
        .with_payload(PayloadType::String, true),
    validator(UPDATE, Release::V1_35, UPDATABLE,
        "Constrains updates: NoSet, NoUnset, NoModify, NoAddItem or NoRemoveItem; repeatable.")
        .with_payload(PayloadType::String, false),
    validator(VALIDATE_ERROR, Release::V1_33, ANY_VALUE,
        "Fails code generation with the payload as message (for testing).")
        .with_stability(Stability::Alpha)
        .with_payload(PayloadType::String, false),
    validator(VALIDATE_FALSE, Release::V1_33, ANY_VALUE,
        "Always fails validation, with the payload in the message (for testing).")
        .with_stability(Stability::Alpha)
        .with_args(FIXED_RESULT_ARGS)
        .with_payload(PayloadType::String, false),
    validator(VALIDATE_TRUE, Release::V1_33, ANY_VALUE,
        "Always passes validation (for testing).")
        .with_stability(Stability::Alpha)
        .with_args(FIXED_RESULT_ARGS)
        .with_payload(PayloadType::String, false),
    validator(VALIDATE_TRUE_ALPHA, Release::V1_36, ANY_VALUE,
        "Always passes validation; an alpha-level tag for testing stability lint rules.")
        .with_stability(Stability::Alpha)
        .with_args(FIXED_RESULT_ARGS)
        .with_payload(PayloadType::String, false),
    validator(VALIDATE_TRUE_BETA, Release::V1_36, ANY_VALUE,
        "Always passes validation; a beta-level tag for testing stability lint rules.")
        .with_stability(Stability::Beta)
        .with_args(FIXED_RESULT_ARGS)
        .with_payload(PayloadType::String, false),
    validator(ZERO_OR_ONE_OF_MEMBER, Release::V1_34, FIELD_OR_LIST_VALUE,
        "The field is a member of a zero-or-one-of union: at most one member may be set.")
        .with_args(UNION_MEMBER_ARGS),
];

/// Every known tag, sorted bytewise by name: the 45 validation tags and the
/// two subresource tags.
pub fn all() -> &'static [TagDef] {
    TAGS
}

/// The validation tags (those upstream registers as tag validators).
pub fn validators() -> impl Iterator<Item = &'static TagDef> {
    TAGS.iter().filter(|d| d.kind == TagKind::Validator)
}

/// The catalog entry for a full tag name (`k8s:minimum`).
pub fn lookup(name: &str) -> Option<&'static TagDef> {
    TAGS.binary_search_by(|d| d.name.cmp(name))
        .ok()
        .map(|i| &TAGS[i])
}

// ---------------------------------------------------------------------------
// Other generators' tags

/// Whether `name` (a full tag name such as `k8s:deepcopy-gen:interfaces`)
/// belongs to another Kubernetes code generator, or to a tool other than
/// `validation-gen`, so that [`super::extract`] skips it instead of
/// reporting an unknown tag.
///
/// The rule, after the `k8s:` prefix:
///
/// * anything containing `-gen` (the generators' own tags, as upstream's
///   `known-tags-only` lint identifies them: `deepcopy-gen`,
///   `deepcopy-gen:interfaces`, `conversion-gen`,
///   `conversion-gen-external-types`, `conversion-gen:explicit-from`,
///   `defaulter-gen`, `defaulter-gen-input`, `openapi-gen`, `protobuf-gen`,
///   `register-gen`, `client-gen`, `applyconfiguration-gen`, `informer-gen`,
///   `lister-gen`, `prerelease-lifecycle-gen` and its `:introduced`,
///   `:deprecated`, `:removed` and `:replacement` forms, and
///   `validation-gen` with its `-input`, `-nolint`, `-scheme-registry`,
///   `-test-fixture` and `-test-targets` package tags);
/// * anything starting with `openapi` (`openapi-model-package`, read by
///   openapi-gen);
/// * anything starting with `validation:` (kube-openapi's value-validation
///   markers, such as `k8s:validation:maxLength`);
/// * `conversion-fn` (conversion-gen's field tag) and `deprecated`
///   (reserved protobuf fields in `k8s.io/api`).
///
/// Names without the `k8s:` prefix are not `+k8s:` tags and return false.
pub fn is_other_generator_tag(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("k8s:") else {
        return false;
    };
    rest.contains("-gen")
        || rest.starts_with("openapi")
        || rest.starts_with("validation:")
        || matches!(rest, "conversion-fn" | "deprecated")
}

// ---------------------------------------------------------------------------
// Processing order

/// The key upstream sorts the tags of one comment block by: the full name of
/// the outermost tag (`k8s:ifEnabled(X)=+k8s:minimum=1` sorts as
/// `k8s:ifEnabled`).
pub fn sort_key(tag: &Tag) -> &str {
    &tag.name
}

/// Upstream's order between two tags: bytewise by [`sort_key`], so
/// uppercase sorts before lowercase (`k8s:listMapKey < k8s:listType`,
/// `k8s:maxProperties < k8s:maximum`).
pub fn compare_tags(a: &Tag, b: &Tag) -> Ordering {
    sort_key(a).as_bytes().cmp(sort_key(b).as_bytes())
}

/// Sorts tags into upstream's processing order. The sort is stable: tags
/// with the same name keep their source order.
pub fn sort_tags(tags: &mut [Tag]) {
    tags.sort_by(compare_tags);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_and_unique() {
        for pair in TAGS.windows(2) {
            assert!(
                pair[0].name.as_bytes() < pair[1].name.as_bytes(),
                "{} must sort before {}",
                pair[0].name,
                pair[1].name
            );
        }
    }

    #[test]
    fn table_is_consistent() {
        for def in TAGS {
            assert!(def.name.starts_with("k8s:"), "{}", def.name);
            assert!(!def.scopes.is_empty(), "{}", def.name);
            assert!(
                def.scopes.windows(2).all(|w| w[0] < w[1]),
                "{}: scopes in order",
                def.name
            );
            assert_eq!(
                def.chain_scope.is_some(),
                def.payload == PayloadType::Tag,
                "{}",
                def.name
            );
            assert!(!def.description.is_empty(), "{}", def.name);
            assert!(!is_other_generator_tag(def.name), "{}", def.name);
            if def.payload == PayloadType::None {
                assert!(!def.payload_required, "{}", def.name);
            }
            let positional = def.args.iter().filter(|a| a.name.is_none()).count();
            assert!(positional <= 1, "{}", def.name);
        }
    }
}
