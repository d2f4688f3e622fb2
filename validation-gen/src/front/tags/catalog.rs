//! The catalog of known tags: every `+k8s:` validation tag of upstream
//! `validation-gen` (up to the 1.37 development line), plus the two
//! type-level subresource tags the generator also reads.
//!
//! One macro table gives each tag its [`TagName`] variant, its name constant
//! and its entry ([`TagDef`]): where it may be used ([`Scope`]), its
//! documented arguments and payload (which [`super::scopes::type_check`]
//! enforces with upstream's messages), its stability level, the release
//! that introduced it and a one-line description.
//!
//! Its order is upstream's processing order ([`TagName`]'s `Ord`), and the rule
//! that recognises other generators' tags ([`is_other_generator_tag`]).
//! Checking a tag against its entry is [`super::scopes`]; the "did you mean"
//! lookup for misspelled names is [`super::suggest`].

use std::fmt;

use super::ValueType;

pub use super::vocab::*;

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
const DISCRIMINATOR_ARGS: &[ArgDef] = &[named(
    "name",
    "the name of the discriminator group, if more than one exists",
)];
const MEMBER_ARGS: &[ArgDef] = &[
    positional(
        false,
        "the value of the discriminator for which this validation applies",
    ),
    named("discriminator", "the name of the discriminator group"),
    named(
        "value",
        "the value of the discriminator for which this validation applies",
    ),
];
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
/// payload, stable. The macro table names it ([`TagDef::named`]).
const fn validator(since: Release, scopes: &'static [Scope], description: &'static str) -> TagDef {
    TagDef {
        name: "",
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
    const fn named(mut self, tag: TagName) -> Self {
        self.name = tag.as_str();
        self
    }

    const fn type_metadata(mut self) -> Self {
        self.kind = TagKind::TypeMetadata;
        self
    }

    const fn with_unknown_args(mut self) -> Self {
        self.accepts_unknown_args = true;
        self
    }

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

/// Generates, from one list of `Variant = "k8s:name" => entry;` rows: the
/// [`TagName`] enum and the `TAGS` table.
macro_rules! catalog {
    ($( $(#[$doc:meta])* $variant:ident = $name:literal => $entry:expr; )*) => {
        /// A known tag: one variant per catalog entry, in the catalog's
        /// (bytewise name) order, so `Ord` is upstream's processing order.
        ///
        /// The generator dispatches on it with an exhaustive `match`, so a
        /// tag without a lowering does not compile.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum TagName {
            $( $(#[$doc])* $variant, )*
        }

        impl TagName {
            /// Every tag, in catalog order.
            pub const ALL: &'static [TagName] = &[$(TagName::$variant),*];

            /// The full name, e.g. `k8s:maxItems`.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $( TagName::$variant => $name, )*
                }
            }
        }

        static TAGS: &[TagDef] = &[$( $entry.named(TagName::$variant), )*];
    };
}

// Every known tag, sorted bytewise by name (upstream's processing order):
// its `TagName` variant, its full name and its entry.
// The enum and the table are generated from this one list,
// so a name and its variant cannot drift apart, and the variant's
// discriminant is the entry's index.
#[rustfmt::skip]
catalog! {
    /// `+k8s:alpha(since: "1.36")=+<tag>`: marks the payload validation as alpha.
    Alpha = "k8s:alpha" => validator(Release::V1_36, ANY_VALUE,
        "Marks the payload validation as alpha: its errors are reported but not enforced.")
        .with_stability(Stability::Beta)
        .with_args(LEVEL_ARGS)
        .with_chain(ChainScope::Inherit);

    /// `+k8s:beta(since: "1.36")=+<tag>`: marks the payload validation as beta.
    Beta = "k8s:beta" => validator(Release::V1_36, ANY_VALUE,
        "Marks the payload validation as beta: its errors are enforced only when declarative validation beta is on.")
        .with_stability(Stability::Beta)
        .with_args(LEVEL_ARGS)
        .with_chain(ChainScope::Inherit);

    /// `+k8s:customUnique`: uniqueness of the list is checked by hand-written code.
    CustomUnique = "k8s:customUnique" => validator(Release::V1_35, ANY_VALUE,
        "The list's uniqueness is checked by hand-written code; no uniqueness check is generated.");

    /// `+k8s:customValidation`: calls a hand-written `ValidateCustom_*` function.
    CustomValidation = "k8s:customValidation" => validator(Release::V1_37, TYPE_OR_FIELD,
        "Calls the hand-written ValidateCustom_<Type>[_<Field>] function of the generated package.");

    /// `+k8s:dependentForbidden(<sibling>)`: the sibling must be unset when this field is set.
    DependentForbidden = "k8s:dependentForbidden" => validator(Release::V1_37, FIELD_ONLY,
        "When this field is set, the named sibling field must not be set.")
        .with_stability(Stability::Alpha)
        .with_args(SIBLING_ARG);

    /// `+k8s:dependentRequired(<sibling>)`: the sibling must be set when this field is set.
    DependentRequired = "k8s:dependentRequired" => validator(Release::V1_37, FIELD_ONLY,
        "When this field is set, the named sibling field must be set too.")
        .with_stability(Stability::Alpha)
        .with_args(SIBLING_ARG);

    /// `+k8s:discriminator`: the field selects which `+k8s:member` rules of its siblings apply.
    Discriminator = "k8s:discriminator" => validator(Release::V1_36, FIELD_ONLY,
        "Indicates that this field is a discriminator for state-based validation.")
        .with_stability(Stability::Alpha)
        .with_args(DISCRIMINATOR_ARGS);

    /// `+k8s:eachKey=+<tag>`: validates every key of a map.
    EachKey = "k8s:eachKey" => validator(Release::V1_33, ANY_VALUE,
        "Applies the payload validation to every key of a map.")
        .with_chain(ChainScope::Fixed(MapKey));

    /// `+k8s:eachVal=+<tag>`: validates every value of a list or map.
    EachVal = "k8s:eachVal" => validator(Release::V1_33, ANY_VALUE,
        "Applies the payload validation to every value of a list or map.")
        .with_chain(ChainScope::CollectionValue);

    /// `+k8s:enum`: the string type's constants are its only allowed values.
    Enum = "k8s:enum" => validator(Release::V1_34, TYPE_ONLY,
        "The string type's constants are the only values it accepts.");

    /// `+k8s:enumExclude`: this constant is not a value of its enum.
    EnumExclude = "k8s:enumExclude" => validator(Release::V1_35, CONST_ONLY,
        "Leaves this constant out of its type's enum, possibly only under an option (with ifEnabled/ifDisabled).")
        .with_stability(Stability::Alpha);

    /// `+k8s:eq=<value>`: the value must equal the given one (Kubernetes 1.38).
    Eq = "k8s:eq" => validator(Release::V1_38, ANY_VALUE,
        "The value (string, integer or bool) must equal the payload.")
        .with_stability(Stability::Alpha)
        .with_payload(PayloadType::Raw, true);

    /// `+k8s:forbidden`: the field may not be set.
    Forbidden = "k8s:forbidden" => validator(Release::V1_33, FIELD_ONLY,
        "The field may not be set.")
        .with_stability(Stability::Beta);

    /// `+k8s:format=<name>`: the string has a named format (`k8s-short-name`, ...).
    Format = "k8s:format" => validator(Release::V1_35, ANY_VALUE,
        "The string must have the named format (k8s-short-name, k8s-long-name, k8s-uuid, ...).")
        .with_payload(PayloadType::String, true);

    /// `+k8s:ifDisabled(<option>)=+<tag>`: the payload applies when the option is off.
    IfDisabled = "k8s:ifDisabled" => validator(Release::V1_35, ANYWHERE,
        "Applies the payload validation only when the named validation option is disabled.")
        .with_args(OPTION_ARG)
        .with_chain(ChainScope::Inherit);

    /// `+k8s:ifEnabled(<option>)=+<tag>`: the payload applies when the option is on.
    IfEnabled = "k8s:ifEnabled" => validator(Release::V1_35, ANYWHERE,
        "Applies the payload validation only when the named validation option is enabled.")
        .with_args(OPTION_ARG)
        .with_chain(ChainScope::Inherit);

    /// `+k8s:ifMode(<mode>)=+<tag>`: the payload applies in one mode of a discriminator.
    IfMode = "k8s:ifMode" => validator(Release::V1_37, FIELD_ONLY,
        "Applies the payload validation only in the given mode of the struct's mode discriminator; the field is forbidden in modes that have no rule.")
        .with_args(IF_MODE_ARGS)
        .with_chain(ChainScope::Inherit);

    /// `+k8s:immutable`: the value may not change on update.
    Immutable = "k8s:immutable" => validator(Release::V1_33, NOT_KEYS,
        "The value may not change once the object exists.");

    /// `+k8s:isSubresource="/scale"`: the type is the type of that subresource.
    IsSubresource = "k8s:isSubresource" => validator(Release::V1_34, TYPE_ONLY,
        "The type is the type of the given subresource (e.g. \"/scale\"); its validation serves only that path and the supported subresources.")
        .with_payload(PayloadType::String, true)
        .type_metadata();

    /// `+k8s:item(<key>: <value>, ...)=+<tag>`: validates the list-map item with that key.
    Item = "k8s:item" => validator(Release::V1_34, ANY_VALUE,
        "Applies the payload validation to the list-map item whose key fields equal the named arguments.")
        .with_chain(ChainScope::Fixed(ListVal))
        .with_unknown_args();

    /// `+k8s:listMapKey=<json name>`: a key field of a `listType=map` list.
    ListMapKey = "k8s:listMapKey" => validator(Release::V1_33, ANY_VALUE,
        "Names (by JSON name) a key field of a listType=map list; repeat for composite keys.")
        .with_payload(PayloadType::String, true);

    /// `+k8s:listType=atomic|set|map`: the list's semantics.
    ListType = "k8s:listType" => validator(Release::V1_33, ANY_VALUE,
        "The list's semantics: atomic, set (unique values) or map (unique keys).")
        .with_payload(PayloadType::String, true);

    /// `+k8s:maxBytes=<n>`: the string is at most n bytes long.
    MaxBytes = "k8s:maxBytes" => validator(Release::V1_36, ANY_VALUE,
        "The string may be at most this many bytes long.")
        .with_payload(PayloadType::Int, true);

    /// `+k8s:maxItems=<n>`: the list has at most n items.
    MaxItems = "k8s:maxItems" => validator(Release::V1_35, NOT_KEYS,
        "The list may have at most this many items.")
        .with_payload(PayloadType::Int, true);

    /// `+k8s:maxLength=<n>`: the string is at most n characters long.
    MaxLength = "k8s:maxLength" => validator(Release::V1_35, ANY_VALUE,
        "The string may be at most this many characters long.")
        .with_payload(PayloadType::Int, true);

    /// `+k8s:maxProperties=<n>`: the map has at most n entries.
    MaxProperties = "k8s:maxProperties" => validator(Release::V1_37, TYPE_OR_FIELD,
        "The map may have at most this many entries.")
        .with_payload(PayloadType::Int, true);

    /// `+k8s:maximum=<n>`: the integer is at most n.
    Maximum = "k8s:maximum" => validator(Release::V1_36, ANY_VALUE,
        "The integer may be at most this value.")
        .with_payload(PayloadType::Int, true);

    /// `+k8s:member("<value>")=+<tag>`: the payload applies when the discriminator has that value.
    Member = "k8s:member" => validator(Release::V1_36, FIELD_ONLY,
        "Indicates that this field's validation depends on a discriminator.")
        .with_stability(Stability::Alpha)
        .with_args(MEMBER_ARGS)
        .with_chain(ChainScope::Inherit);

    /// `+k8s:minItems=<n>`: the list has at least n items.
    MinItems = "k8s:minItems" => validator(Release::V1_36, NOT_KEYS,
        "The list must have at least this many items.")
        .with_payload(PayloadType::Int, true);

    /// `+k8s:minLength=<n>`: the string is at least n characters long.
    MinLength = "k8s:minLength" => validator(Release::V1_36, ANY_VALUE,
        "The string must be at least this many characters long.")
        .with_payload(PayloadType::Int, true);

    /// `+k8s:minProperties=<n>`: the map has at least n entries.
    MinProperties = "k8s:minProperties" => validator(Release::V1_37, TYPE_OR_FIELD,
        "The map must have at least this many entries.")
        .with_payload(PayloadType::Int, true);

    /// `+k8s:minimum=<n>`: the integer is at least n.
    Minimum = "k8s:minimum" => validator(Release::V1_33, ANY_VALUE,
        "The integer must be at least this value.")
        .with_payload(PayloadType::Int, true);

    /// `+k8s:modeDiscriminator`: the field selects the mode for `ifMode` siblings.
    ModeDiscriminator = "k8s:modeDiscriminator" => validator(Release::V1_37, FIELD_ONLY,
        "The field (a string or bool) selects the mode that ifMode rules of sibling fields depend on.")
        .with_args(MODE_DISCRIMINATOR_ARGS);

    /// `+k8s:monotonic`: the integer may not decrease on update.
    Monotonic = "k8s:monotonic" => validator(Release::V1_37, TYPE_OR_FIELD,
        "The integer may not decrease on update.")
        .with_stability(Stability::Alpha);

    /// `+k8s:neq=<value>`: the value may not equal the given one.
    Neq = "k8s:neq" => validator(Release::V1_34, ANY_VALUE,
        "The value (string, integer or bool) may not equal the payload.")
        .with_stability(Stability::Alpha)
        .with_payload(PayloadType::Raw, true);

    /// `+k8s:opaqueType`: do not descend into the type's own validations.
    OpaqueType = "k8s:opaqueType" => validator(Release::V1_33, ANY_VALUE,
        "Ignores the validations declared on the referenced type.");

    /// `+k8s:optional`: the field may be omitted.
    Optional = "k8s:optional" => validator(Release::V1_33, FIELD_ONLY,
        "The field may be omitted; its other validations are skipped when it is (with +default, it is effectively required).");

    /// `+k8s:required`: the field must be set.
    Required = "k8s:required" => validator(Release::V1_33, FIELD_ONLY,
        "The field must be set.");

    /// `+k8s:subfield(<json name>)=+<tag>`: validates a field of the struct.
    Subfield = "k8s:subfield" => validator(Release::V1_33, ANY_VALUE,
        "Applies the payload validation to the named (JSON name) field of the struct.")
        .with_args(SUBFIELD_ARG)
        .with_chain(ChainScope::Fixed(Field));

    /// `+k8s:supportsSubresource="/status"`: the type's validation also serves that subresource.
    SupportsSubresource = "k8s:supportsSubresource" => validator(Release::V1_34, TYPE_ONLY,
        "The type's validation also serves the given subresource path (e.g. \"/status\"); repeatable.")
        .with_payload(PayloadType::String, true)
        .type_metadata();

    /// `+k8s:unionDiscriminator`: the field names the set member of a union.
    UnionDiscriminator = "k8s:unionDiscriminator" => validator(Release::V1_34, FIELD_OR_LIST_VALUE,
        "The string field names which member of the union is set.")
        .with_stability(Stability::Beta)
        .with_args(UNION_DISCRIMINATOR_ARGS);

    /// `+k8s:unionMember`: the field is a member of an exactly-one-of union.
    UnionMember = "k8s:unionMember" => validator(Release::V1_34, FIELD_OR_LIST_VALUE,
        "The field is a member of a union: exactly one member must be set.")
        .with_args(UNION_MEMBER_ARGS);

    /// `+k8s:unique=set|map`: the list's items are unique.
    Unique = "k8s:unique" => validator(Release::V1_35, ANY_VALUE,
        "The list's items are unique: as values (set) or by their listMapKey fields (map).")
        .with_payload(PayloadType::String, true);

    /// `+k8s:update=NoSet|NoUnset|NoModify|NoAddItem|NoRemoveItem`: update constraints.
    Update = "k8s:update" => validator(Release::V1_35, UPDATABLE,
        "Constrains updates: NoSet, NoUnset, NoModify, NoAddItem or NoRemoveItem; repeatable.")
        .with_payload(PayloadType::String, false);

    /// `+k8s:validateError="<msg>"`: fails code generation (testing).
    ValidateError = "k8s:validateError" => validator(Release::V1_33, ANY_VALUE,
        "Fails code generation with the payload as message (for testing).")
        .with_stability(Stability::Alpha)
        .with_payload(PayloadType::String, false);

    /// `+k8s:validateFalse="<msg>"`: always fails validation (testing).
    ValidateFalse = "k8s:validateFalse" => validator(Release::V1_33, ANY_VALUE,
        "Always fails validation, with the payload in the message (for testing).")
        .with_stability(Stability::Alpha)
        .with_args(FIXED_RESULT_ARGS)
        .with_payload(PayloadType::String, false);

    /// `+k8s:validateTrue`: always passes validation (testing).
    ValidateTrue = "k8s:validateTrue" => validator(Release::V1_33, ANY_VALUE,
        "Always passes validation (for testing).")
        .with_stability(Stability::Alpha)
        .with_args(FIXED_RESULT_ARGS)
        .with_payload(PayloadType::String, false);

    /// `+k8s:validateTrueAlpha`: always passes; its tag stability is alpha (testing).
    ValidateTrueAlpha = "k8s:validateTrueAlpha" => validator(Release::V1_36, ANY_VALUE,
        "Always passes validation; an alpha-level tag for testing stability lint rules.")
        .with_stability(Stability::Alpha)
        .with_args(FIXED_RESULT_ARGS)
        .with_payload(PayloadType::String, false);

    /// `+k8s:validateTrueBeta`: always passes; its tag stability is beta (testing).
    ValidateTrueBeta = "k8s:validateTrueBeta" => validator(Release::V1_36, ANY_VALUE,
        "Always passes validation; a beta-level tag for testing stability lint rules.")
        .with_stability(Stability::Beta)
        .with_args(FIXED_RESULT_ARGS)
        .with_payload(PayloadType::String, false);

    /// `+k8s:zeroOrOneOfMember`: the field is a member of an at-most-one-of union.
    ZeroOrOneOfMember = "k8s:zeroOrOneOfMember" => validator(Release::V1_34, FIELD_OR_LIST_VALUE,
        "The field is a member of a zero-or-one-of union: at most one member may be set.")
        .with_args(UNION_MEMBER_ARGS);
}

/// Every known tag, sorted bytewise by name: the validation tags and the
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

impl TagName {
    /// The tag called `name` (`k8s:minimum`), if the catalog has it.
    pub fn from_name(name: &str) -> Option<TagName> {
        // The macro builds the table in variant order; a test checks it.
        TAGS.binary_search_by(|d| d.name.cmp(name))
            .ok()
            .map(|i| TagName::ALL[i])
    }

    /// The catalog entry: scopes, arguments, payload, release, docs.
    pub fn def(self) -> &'static TagDef {
        // The macro builds the table in variant order; a test checks it.
        &TAGS[self as usize]
    }
}

impl fmt::Display for TagName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

// ---------------------------------------------------------------------------
// Other generators' tags

/// Whether `name` (a full tag name such as `k8s:deepcopy-gen:interfaces`)
/// belongs to another Kubernetes code generator, or to a tool other than
/// `validation-gen`, so that [`super::extract_with`] skips it instead of
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
    fn tag_names_index_the_table() {
        assert_eq!(TagName::ALL.len(), TAGS.len());
        for (i, (&tag, def)) in TagName::ALL.iter().zip(TAGS).enumerate() {
            assert_eq!(tag as usize, i);
            assert_eq!(def.name, tag.as_str());
            assert_eq!(tag.def(), def);
            assert_eq!(TagName::from_name(def.name), Some(tag));
            assert_eq!(tag.to_string(), def.name);
        }
        assert!(TagName::ALL.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(TagName::from_name("maxItems"), None);
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
