//! What each Kubernetes release's `validation-gen` does differently, as
//! named facts: one [`Behaviour`] row per supported release.
//!
//! Upstream keeps one source tree per release; this generator follows
//! several releases from one tree, so a difference between releases is a
//! fact here, named by its effect (what `maxLength` counts, whether nil
//! list elements are skipped, ...), never a comparison of release numbers
//! where the difference matters. The front half reads the facts it needs
//! (how payloads parse, which tags a release knows), and the back ends
//! (lowering, the schema export) receive the type's row and no release at
//! all.
//!
//! Adding a release is a new row (a copy of the previous one, with the facts
//! that changed), [`of`]'s arm, and new facts where the release does
//! something no earlier one did; docs/architecture.md, "Adding a release",
//! lists every file.

use k8s_validation_spec::Release;

use crate::front::tags::catalog::PayloadType;
use crate::front::tags::TagName;

/// The behaviour of one release's `validation-gen` (and of the runtime
/// functions its generated code calls), fact by fact.
#[derive(Debug)]
#[non_exhaustive]
pub(crate) struct Behaviour {
    /// The release, as written (`"1.37"`): for messages, never compared.
    pub name: &'static str,

    // Reading tags.
    /// `+k8s:isSubresource` / `+k8s:supportsSubresource` are read raw
    /// (gengo's function-style tags: `=/status` as well as `="/status"`):
    /// 1.35. Later releases read them with the tag grammar.
    pub raw_subresource_tags: bool,
    /// How integer and bool payloads and arguments read.
    pub scalars: Scalars,
    /// `+k8s:alpha` / `+k8s:beta` exist (1.36 on), with the format of their
    /// `since` argument.
    pub stability_levels: Option<SinceVersion>,
    /// The modal tags' names and rules.
    pub modal: &'static Modal,
    /// `+k8s:update` knows `NoAddItem` / `NoRemoveItem` and stands on lists,
    /// maps and list values (1.37); earlier, on struct fields only.
    pub update_on_collections: bool,
    /// `+k8s:subfield(a)=+k8s:subfield(b)=...` is validated (1.35, 1.36);
    /// 1.37 refuses it.
    pub nested_subfields: bool,

    // Lists.
    /// Go's `[]*T` lists (`Vec<Option<T>>`, 1.37): a nil element is
    /// `Required` at a list with validations of its own, and the list
    /// functions (uniqueness, `eachVal`, `item`, `update`) skip nil elements.
    /// Earlier releases read every list as values.
    pub pointer_lists: bool,
    /// List metadata (`listMapKey`, `customUnique`) is judged only for a
    /// list whose `listType` or `unique` asks for it (1.37); earlier, for
    /// every list that has some.
    pub list_metadata_when_used: bool,
    /// How list semantics declared through `+k8s:subfield(x)=` are read.
    pub subfield_lists: SubfieldLists,
    /// `+k8s:ifEnabled(X)=+k8s:item(...)` finds the list's metadata (1.37);
    /// earlier the option runs `item` before the list tags are recorded.
    pub item_under_option: bool,
    /// Which of an `item` tag's problems is reported first.
    pub item_checks: ItemChecks,

    // Strings.
    /// What `+k8s:maxLength` counts.
    pub max_length: MaxLength,

    // Unions.
    /// Union errors (not zeroOrOneOf) carry the origin `union` (1.36 on).
    pub union_origin: bool,
    /// A list or map union member is set when it has an item (1.36 on); 1.35
    /// counts any non-nil one.
    pub union_members_set_when_nonempty: bool,
    /// Which wrappers a union (a struct's, a list's, a modal group's) runs
    /// under.
    pub union_wrappers: UnionWrappers,
    /// Union tags through `+k8s:subfield(x)=` validate the union of the
    /// field's struct on the field (1.36 on).
    pub unions_through_subfield: bool,
    /// A list-item union's errors come before the list's uniqueness errors
    /// (1.37); earlier, after them.
    pub item_unions_before_uniqueness: bool,

    // Short-circuits and options.
    /// The errors of short-circuiting validations are marked
    /// (`Error::is_short_circuit`, upstream's `.MarkShortCircuit()`; 1.37).
    pub marks_short_circuits: bool,
    /// A `+k8s:subfield(x)=` validation stops silently where `x`'s own
    /// short-circuiting tags stop (1.37).
    pub subfield_inherits_short_circuits: bool,
    /// A `+k8s:subfield(x)=` validation runs after the site's other tags
    /// (upstream's `Deferred`, before 1.38); from 1.38 it runs among them,
    /// and only what its payload defers is deferred (so an `+k8s:ifMode`
    /// payload keeps it).
    pub subfield_deferred: bool,
    /// A wrapper (`subfield`, `item`) around a payload that has a cohort of
    /// its own (a nested `subfield`) puts it in the cohort named by the
    /// path, `<outer>.<inner>` (1.38): chains through a common hop no longer
    /// stop each other. Earlier all of the wrapper's calls join its cohort.
    pub path_cohorts: bool,
    /// An option the operation does not define is an internal error
    /// (three-state options, 1.37); earlier it is disabled.
    pub undefined_option_is_error: bool,

    // Opacity.
    /// `+k8s:opaqueType` is honoured where it is a value's only tag, on a
    /// type, and through `+k8s:alpha` / `+k8s:beta` (1.37); earlier those
    /// markers are ignored and the value's type is validated.
    pub honours_opacity: bool,

    /// `+k8s:neq` on a type it cannot compare reads `unsupported type for
    /// 'neq' tag: <type>` (1.35 to 1.37); 1.38 checks `eq` and `neq` alike:
    /// `unsupported type: <type>`.
    pub neq_type_error_names_tag: bool,

    /// `+k8s:required` / `+k8s:forbidden` take an optional string payload,
    /// the error's detail (`Required value: <payload>`, 1.38); earlier they
    /// take none (`tag value has wrong type: got string, want `).
    pub requiredness_messages: bool,
    /// `+k8s:required` / `+k8s:optional` on a non-pointer struct field are
    /// documentation: no presence check, the struct validated as if the field
    /// were untagged (1.38, with the `nonPointerStructRequiredness` lint);
    /// earlier, generation errors. `+k8s:forbidden` stays an error.
    pub struct_requiredness_is_documentation: bool,
    /// `+k8s:minimum` / `+k8s:maximum` read their payload against the
    /// value's type: a duration string on a Go `time.Duration`, a quantity on
    /// a `Quantity`, an integer on an integer (`type mismatch: field is an
    /// integer, but payload is of type string`) (1.38); earlier an integer
    /// payload, on integer types only.
    pub typed_bounds: bool,
    /// `+k8s:maxBytes` limits a Go `[]byte` (`Vec<u8>`) too (1.38).
    pub max_bytes_on_byte_slices: bool,
    /// `k8s-resource-fully-qualified-name` refuses a second slash (1.38).
    pub fully_qualified_name_one_slash: bool,
    /// The generator's lints (1.38): `+enum` needs `+k8s:enum`;
    /// `+k8s:required` / `+k8s:optional` on a non-pointer struct must match
    /// whether the struct has a required or union member. Skipped for a type
    /// with `+k8s:validation-gen-nolint`.
    pub lints: bool,

    // Collections.
    /// `+k8s:eachKey=+<tag>`'s payload is type-checked against the map's
    /// value type too (1.35's `Type: nt.Elem`).
    pub each_key_checks_value_type: bool,
    /// `+k8s:eachVal` / `+k8s:eachKey` run in their payload's phase: a
    /// short-circuiting payload (`immutable`, `maxItems`, ...) runs with the
    /// field's short-circuiting validations and stops the others (through
    /// 1.37). 1.38 runs them with the field's other validations and refuses
    /// payloads that report nothing (`+k8s:eachVal does not support
    /// optional/non-error validations`).
    pub each_in_payload_phase: bool,
    /// Maps of pointers (`BTreeMap<K, Option<V>>`, Go's `map[K]*V`) (1.38):
    /// on a map field with validations of its own, a `None` value is
    /// `Required value` and stops the field's validation; elsewhere `None`
    /// values are skipped. Earlier, a generation error.
    pub pointer_maps: bool,
}

impl Behaviour {
    /// A tag's payload type, and whether it must have one, as this release
    /// reads it: the catalog's, or where a release changed it (1.38's
    /// `required` / `forbidden` messages, its raw `minimum` / `maximum`).
    pub(crate) fn payload(&self, tag: TagName) -> (PayloadType, bool) {
        let def = tag.def();
        match tag {
            TagName::Required | TagName::Forbidden if self.requiredness_messages => {
                (PayloadType::String, false)
            }
            TagName::Minimum | TagName::Maximum if self.typed_bounds => (PayloadType::Raw, true),
            _ => (def.payload, def.payload_required),
        }
    }
}

/// How integer and bool payloads and arguments read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scalars {
    /// Go's `strconv.Atoi`: `0100` is 100, `+5` is 5; bools as the tag
    /// grammar reads them (1.35).
    Atoi,
    /// `util.ParseInt` / `util.ParseBool`: a value must read back as written
    /// (1.36 on).
    Strict,
}

/// The format of `+k8s:alpha(since: "...")`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SinceVersion {
    /// `^1\.\d+$` (1.36).
    OneMinor,
    /// `^\d+\.\d+$` (1.37).
    MajorMinor,
}

/// What `+k8s:maxLength` counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MaxLength {
    /// Bytes (1.35: `may not be more than N bytes`).
    Bytes,
    /// Characters (1.36 on; `+k8s:maxBytes` counts bytes).
    Characters,
}

/// How list semantics declared through `+k8s:subfield(x)=` are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SubfieldLists {
    /// One `subfield(x)=` tag at a time, checked after each; a set checks
    /// uniqueness after each tag from its `listType` on (1.35).
    EachTagChecked,
    /// One tag at a time, unchecked, and no uniqueness check (1.36).
    EachTag,
    /// Resolved once, as for a field (1.37).
    Resolved,
}

/// Which of an `item` tag's problems is reported first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ItemChecks {
    /// The list's metadata, then the criteria (1.35, 1.36).
    MetadataFirst,
    /// The criteria, then the metadata (1.37: its metadata check is
    /// deferred).
    CriteriaFirst,
}

/// Which wrappers a union runs under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UnionWrappers {
    /// Options around a union tag gate nothing (the member belongs to the
    /// union whatever the option); each union takes the stability level of
    /// the last of its tags that has one (1.35, 1.36: `u.stabilityLevel`).
    LastLevel,
    /// The unions of a kind run under every wrapper (options and levels) of
    /// the first member tag of that kind (1.37: the first deferred callback
    /// builds them all).
    FirstMember,
}

/// What a release calls the modal tags, and how it runs them.
#[derive(Debug)]
pub(crate) struct Modal {
    /// `k8s:discriminator` (1.35, 1.36) or `k8s:modeDiscriminator` (1.37).
    pub discriminator: TagName,
    /// `k8s:member` (1.35, 1.36) or `k8s:ifMode` (1.37).
    pub member: TagName,
    /// The other release's names are unknown tags (1.37 renamed them);
    /// 1.35 and 1.36 accept 1.37's names as tags newer than the release.
    pub renamed: bool,
    /// Integer discriminators are allowed (1.35, 1.36); 1.37 takes string
    /// or bool ones only, bounded at compile time (`validate::mode_is`).
    pub integer_discriminators: bool,
    /// The struct's modal validation runs under the option wrappers of its
    /// first member rule (1.37); earlier, unwrapped.
    pub wrapped: bool,
    /// A member rule keeps only its payload's immediate validations (1.37:
    /// what the payload defers is dropped).
    pub immediate_only: bool,
}

const MEMBER: Modal = Modal {
    discriminator: TagName::Discriminator,
    member: TagName::Member,
    renamed: false,
    integer_discriminators: true,
    wrapped: false,
    immediate_only: false,
};

const MODE: Modal = Modal {
    discriminator: TagName::ModeDiscriminator,
    member: TagName::IfMode,
    renamed: true,
    integer_discriminators: false,
    wrapped: true,
    immediate_only: true,
};

/// Kubernetes 1.35 (code-generator v0.35.10).
const V1_35: Behaviour = Behaviour {
    name: "1.35",
    raw_subresource_tags: true,
    scalars: Scalars::Atoi,
    stability_levels: None,
    modal: &MEMBER,
    update_on_collections: false,
    nested_subfields: true,
    pointer_lists: false,
    list_metadata_when_used: false,
    subfield_lists: SubfieldLists::EachTagChecked,
    item_under_option: false,
    item_checks: ItemChecks::MetadataFirst,
    max_length: MaxLength::Bytes,
    union_origin: false,
    union_members_set_when_nonempty: false,
    union_wrappers: UnionWrappers::LastLevel,
    unions_through_subfield: false,
    item_unions_before_uniqueness: false,
    marks_short_circuits: false,
    subfield_inherits_short_circuits: false,
    subfield_deferred: true,
    path_cohorts: false,
    undefined_option_is_error: false,
    honours_opacity: false,
    neq_type_error_names_tag: true,
    requiredness_messages: false,
    struct_requiredness_is_documentation: false,
    typed_bounds: false,
    max_bytes_on_byte_slices: false,
    fully_qualified_name_one_slash: false,
    lints: false,
    each_key_checks_value_type: true,
    each_in_payload_phase: true,
    pointer_maps: false,
};

/// Kubernetes 1.36 (code-generator v0.36.6).
const V1_36: Behaviour = Behaviour {
    name: "1.36",
    raw_subresource_tags: false,
    scalars: Scalars::Strict,
    stability_levels: Some(SinceVersion::OneMinor),
    max_length: MaxLength::Characters,
    union_origin: true,
    union_members_set_when_nonempty: true,
    unions_through_subfield: true,
    subfield_lists: SubfieldLists::EachTag,
    each_key_checks_value_type: false,
    ..V1_35
};

/// Kubernetes 1.37 (code-generator v0.37.2).
const V1_37: Behaviour = Behaviour {
    name: "1.37",
    stability_levels: Some(SinceVersion::MajorMinor),
    modal: &MODE,
    update_on_collections: true,
    nested_subfields: false,
    pointer_lists: true,
    list_metadata_when_used: true,
    subfield_lists: SubfieldLists::Resolved,
    item_under_option: true,
    item_checks: ItemChecks::CriteriaFirst,
    union_wrappers: UnionWrappers::FirstMember,
    item_unions_before_uniqueness: true,
    marks_short_circuits: true,
    subfield_inherits_short_circuits: true,
    undefined_option_is_error: true,
    honours_opacity: true,
    ..V1_36
};

/// Kubernetes 1.38 (code-generator v0.38.0-beta.0).
const V1_38: Behaviour = Behaviour {
    name: "1.38",
    nested_subfields: true,
    subfield_inherits_short_circuits: false,
    subfield_deferred: false,
    path_cohorts: true,
    neq_type_error_names_tag: false,
    requiredness_messages: true,
    struct_requiredness_is_documentation: true,
    typed_bounds: true,
    max_bytes_on_byte_slices: true,
    fully_qualified_name_one_slash: true,
    lints: true,
    each_in_payload_phase: false,
    pointer_maps: true,
    ..V1_37
};

/// The behaviour of `release`'s `validation-gen`.
///
/// # Panics
///
/// For a release the generator does not follow (outside
/// [`Release::SUPPORTED`]): front ends accept supported releases only.
pub(crate) fn of(release: Release) -> &'static Behaviour {
    match release {
        Release::V1_35 => &V1_35,
        Release::V1_36 => &V1_36,
        Release::V1_37 => &V1_37,
        Release::V1_38 => &V1_38,
        // `Release` is `#[non_exhaustive]`: a release added to the spec
        // crate without a row here is caught by the test below.
        _ => {
            panic!("Kubernetes {release} is not a release the generator follows")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_supported_release_has_a_row_named_after_it() {
        for &release in Release::SUPPORTED {
            assert_eq!(of(release).name, release.as_str());
        }
    }
}
