//! One handler per catalog entry: the [`TagName`] (whose
//! [`TagName::def`] gives name, scopes, payload, release and docs) and its
//! lowering, a function with one signature for every tag that turns the tag
//! at a site into runtime calls for the target release.
//!
//! [`lowering`] matches [`TagName`] exhaustively, without a `_` arm: a tag
//! added to the catalog does not compile until it has a lowering here.

use super::{custom, each, enums, equality, format, immutable, item, levels, limits, lists};
use super::{modal, monotonic, options, required, subfield, testing, update};
use super::{Call, Cx, Site};
use crate::model::TagAt;
use crate::tags::{Release, Tag, TagName};

/// Lowers one tag at a site for the target Kubernetes release: the calls
/// it adds, or none after reporting an error with `cx.error`.
///
/// `at` is the outermost tag (for diagnostics), `tag` the one to lower (`at`
/// itself or a chained payload).
pub(crate) type Lower = fn(&mut Cx<'_>, &Site<'_>, &TagAt, &Tag, Release) -> Vec<Call>;

/// The lowering of `name`, by family module.
pub(crate) fn lowering(name: TagName) -> Lower {
    use TagName as T;
    match name {
        T::Alpha => levels::alpha,
        T::Beta => levels::beta,
        // Emitted per struct by `modal::struct_calls` (1.36's names, 1.37's).
        T::Discriminator | T::Member | T::IfMode | T::ModeDiscriminator => modal::in_place,
        T::CustomUnique | T::ListMapKey | T::Unique => lists::semantics_only,
        T::ListType => lists::list_type,
        T::CustomValidation => custom::lower,
        // Emitted per struct by `dependent::struct_calls` and
        // `union::struct_calls`.
        T::DependentForbidden
        | T::DependentRequired
        | T::UnionDiscriminator
        | T::UnionMember
        | T::ZeroOrOneOfMember => struct_level,
        T::EachKey => each::each_key,
        T::EachVal => each::each_val,
        T::Enum => enums::lower,
        T::EnumExclude | T::IsSubresource | T::SupportsSubresource | T::OpaqueType => {
            read_elsewhere
        }
        T::Forbidden => required::forbidden,
        T::Optional => required::optional,
        T::Required => required::required,
        T::Format => format::lower,
        T::IfDisabled => options::if_disabled,
        T::IfEnabled => options::if_enabled,
        T::Immutable => immutable::lower,
        T::Item => item::lower,
        T::MaxBytes => limits::max_bytes,
        T::MaxItems => limits::max_items,
        T::MaxLength => limits::max_length,
        T::MaxProperties => limits::max_properties,
        T::Maximum => limits::maximum,
        T::MinItems => limits::min_items,
        T::MinLength => limits::min_length,
        T::MinProperties => limits::min_properties,
        T::Minimum => limits::minimum,
        T::Monotonic => monotonic::lower,
        T::Neq => equality::lower,
        T::Subfield => subfield::lower,
        T::Update => update::lower,
        T::ValidateError => testing::validate_error,
        T::ValidateFalse => testing::validate_false,
        T::ValidateTrue | T::ValidateTrueAlpha | T::ValidateTrueBeta => testing::validate_true,
    }
}

/// Tags read by other parts of the generator, with no calls of their own:
/// `opaqueType` (the site does not descend), `enumExclude` (the enum's
/// values), `isSubresource` / `supportsSubresource` (the type's
/// subresources).
fn read_elsewhere(_: &mut Cx<'_>, _: &Site<'_>, _: &TagAt, _: &Tag, _: Release) -> Vec<Call> {
    Vec::new()
}

/// Tags whose behaviour belongs to a release after the ones this generator
/// follows.
pub(super) fn newer_than_release(
    cx: &mut Cx<'_>,
    _: &Site<'_>,
    at: &TagAt,
    tag: &Tag,
    release: Release,
) -> Vec<Call> {
    cx.error(
        at,
        format!(
            "tag \"{}\" is not supported yet by this generator (it is newer than Kubernetes {release})",
            tag.name
        ),
    );
    Vec::new()
}

/// Struct-level tags (unions, dependent fields): collected from the fields'
/// own tags (and list-item unions by `item`) when the struct is emitted, so
/// they add no calls where they are. Under any other wrapper they are not
/// implemented: say so rather than drop the member.
fn struct_level(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &TagAt,
    tag: &Tag,
    release: Release,
) -> Vec<Call> {
    // Under `ifEnabled` / `ifDisabled` (1.37) or `alpha` / `beta` (1.36) on
    // a struct field, union tags are collected with their wrappers
    // (`union::struct_calls`).
    let unwrapped =
        super::union::unwrap(&at.tag, release).is_some_and(|(_, inner)| std::ptr::eq(inner, tag));
    // So are dependentRequired / dependentForbidden (`dependent::struct_calls`).
    let struct_tag = matches!(
        tag.tag_name(),
        Some(
            TagName::UnionMember
                | TagName::UnionDiscriminator
                | TagName::ZeroOrOneOfMember
                | TagName::DependentRequired
                | TagName::DependentForbidden
        )
    );
    if unwrapped && struct_tag && site.scope == crate::tags::catalog::Scope::Field {
        return Vec::new();
    }
    if std::ptr::eq(tag, &at.tag) {
        return Vec::new();
    }
    let each = matches!(at.tag.tag_name(), Some(TagName::EachVal | TagName::EachKey));
    let message = if each && super::union::is_union_tag(tag) {
        // v0.35.0 and v0.36.0 fail with "no validation functions found";
        // v0.37.2 writes Go that does not compile.
        format!(
            "tag \"{}\" cannot be used inside \"{}\": upstream's generator rejects it too; \
             list items join a union through +k8s:item(key: \"value\")=+{}",
            tag.name, at.tag.name, tag.name
        )
    } else {
        format!(
            "tag \"{}\" inside \"{}\" is not supported yet by this generator",
            tag.name, at.tag.name
        )
    };
    cx.error(at, message);
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalog_entry_has_a_lowering() {
        // `lowering` is exhaustive, so every variant has one; every catalog
        // entry has a variant.
        assert_eq!(TagName::ALL.len(), crate::tags::catalog::all().len());
        for def in crate::tags::catalog::all() {
            let name = TagName::from_name(def.name).expect(def.name);
            let _: Lower = lowering(name);
        }
    }

    #[test]
    fn tags_of_one_family_share_a_lowering_only_where_they_behave_alike() {
        let same = |a: TagName, b: TagName| lowering(a) as usize == lowering(b) as usize;
        assert!(same(TagName::ValidateTrue, TagName::ValidateTrueAlpha));
        assert!(!same(TagName::ValidateTrue, TagName::ValidateFalse));
        assert!(!same(TagName::MaxItems, TagName::MinItems));
        assert!(!same(TagName::EachKey, TagName::EachVal));
        assert!(!same(TagName::Required, TagName::Optional));
    }
}
