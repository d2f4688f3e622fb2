//! Lowering: a site's rules in upstream's order ([`lower_site`]), and each
//! rule by [`lower_rule`], which matches
//! [`RuleKind`] exhaustively, without a `_` arm,
//! and calls the rule's family module with its typed payload. With
//! `front::rules::read`, which matches every [`TagName`] the same way, a
//! tag added to the catalog does not compile until it reads to a rule and
//! that rule has a lowering.

use super::{custom, each, enums, equality, format, immutable, item, levels, limits, lists};
use super::{modal, monotonic, options, required, subfield, testing, update};
use super::{Call, Cx, Site};
use crate::front::{ListTag, Rule, RuleAt, RuleKind, TagName};

/// Lowers the tags of a site into calls, in upstream's order (tags sorted
/// bytewise by name; deferred validations after immediate ones).
pub(crate) fn lower_site(cx: &mut Cx<'_>, site: &Site<'_>, tags: &[&RuleAt]) -> Vec<Call> {
    let mut sorted: Vec<&RuleAt> = tags.to_vec();
    // Upstream sorts a block's tags bytewise by name, as `TagName` orders.
    sorted.sort_by_key(|at| at.rule.name);
    let mut immediate = Vec::new();
    let mut deferred = Vec::new();
    let mut late = Vec::new();
    for at in sorted {
        for call in lower_rule(cx, site, at, &at.rule) {
            if call.late {
                late.push(call);
            } else if call.deferred {
                deferred.push(call);
            } else {
                immediate.push(call);
            }
        }
    }
    immediate.extend(deferred);
    immediate.extend(late);
    immediate
}

/// Lowers one rule at a site for the target Kubernetes release (`cx`): the
/// calls it adds, or none after reporting with `cx.error` why it does not
/// apply to the site.
///
/// `at` is the outermost tag (for diagnostics), `rule` the one to lower
/// (`at`'s own or one of its chained payloads).
pub(crate) fn lower_rule(cx: &mut Cx<'_>, site: &Site<'_>, at: &RuleAt, rule: &Rule) -> Vec<Call> {
    use RuleKind as K;
    match &rule.kind {
        K::Required { message } => required::required(cx, site, at, message.as_deref()),
        K::Optional => required::optional(cx, site, at),
        K::Forbidden { message } => required::forbidden(cx, site, at, message.as_deref()),
        K::Immutable => immutable::lower(site),
        K::Monotonic => monotonic::lower(cx, site, at),
        K::Enum => enums::lower(cx, site, at),
        K::CustomValidation => custom::lower(site),
        // Read by other parts of the generator: `opaqueType` (the site does
        // not descend), `enumExclude` (the enum's values), the subresource
        // tags (the type's subresources); the list tags other than
        // `listType` only shape the list semantics (resolved by the check
        // stage).
        K::Marker | K::Subresource(_) => Vec::new(),
        K::Limit { limit, n } => limits::lower(cx, site, at, *limit, n),
        K::TypedBound {
            limit,
            value,
            literal,
            int,
        } => limits::lower_typed(cx, site, at, *limit, value, literal, int),
        K::Format(format) => format::lower(cx, site, at, format),
        K::Compare {
            equal,
            value,
            unreadable,
        } => equality::lower(cx, site, at, *equal, value.as_ref(), unreadable.as_deref()),
        K::List(ListTag::Type(_)) => lists::list_type(site),
        K::List(ListTag::Unique(_) | ListTag::MapKey(_) | ListTag::CustomUnique) => Vec::new(),
        K::Update(constraint) => update::lower(cx, site, at, *constraint),
        K::Fixed(fixed) => testing::fixed_result(site, fixed),
        K::Each { keys, rule: inner } => each::lower(cx, site, at, *keys, inner),
        K::Gate {
            option,
            enabled,
            rule: inner,
        } => options::lower(cx, site, at, option, *enabled, inner),
        K::Level { level, rule: inner } => levels::lower(cx, site, at, *level, inner),
        K::Subfield { name, rule: inner } => subfield::lower(cx, site, at, name, inner),
        K::Item {
            criteria,
            rule: inner,
        } => item::lower(cx, site, at, criteria, inner),
        // Emitted per struct by `union::struct_calls`,
        // `dependent::struct_calls` and `modal::struct_calls`.
        K::UnionMember { .. } | K::UnionDiscriminator { .. } | K::Dependent { .. } => {
            struct_level(cx, site, at, rule)
        }
        K::Discriminator { .. } | K::Member { .. } => modal::in_place(cx, at, rule),
    }
}

/// Struct-level tags (unions, dependent fields): collected from the fields'
/// own tags (and list-item unions by `item`) when the struct is emitted, so
/// they add no calls where they are. Under any other wrapper they are not
/// implemented: say so rather than drop the member.
fn struct_level(cx: &mut Cx<'_>, site: &Site<'_>, at: &RuleAt, rule: &Rule) -> Vec<Call> {
    let outer = &at.rule;
    // Under `ifEnabled` / `ifDisabled` (1.37) or `alpha` / `beta` (1.36) on
    // a struct field, union tags are collected with their wrappers
    // (`union::struct_calls`), and so are dependentRequired /
    // dependentForbidden (`dependent::struct_calls`).
    let unwrapped = std::ptr::eq(super::wrappers::unwrap(outer, cx.behaviour).1, rule);
    if unwrapped && site.scope == crate::front::Scope::Field {
        return Vec::new();
    }
    if std::ptr::eq(rule, outer) {
        return Vec::new();
    }
    let each = matches!(outer.name, TagName::EachVal | TagName::EachKey);
    let message = if each && super::union::is_union_tag(rule) {
        // v0.35.0 and v0.36.0 fail with "no validation functions found";
        // v0.37.2 writes Go that does not compile.
        format!(
            "tag \"{}\" cannot be used inside \"{}\": upstream's generator rejects it too; \
             list items join a union through +k8s:item(key: \"value\")=+{}",
            rule.tag_name(),
            outer.tag_name(),
            rule.tag_name()
        )
    } else {
        format!(
            "tag \"{}\" inside \"{}\" is not supported yet by this generator",
            rule.tag_name(),
            outer.tag_name()
        )
    };
    cx.error(at, message);
    Vec::new()
}

#[cfg(test)]
mod tests {
    /// The back ends (lowering, the schema export) read a release's facts
    /// (`Behaviour`, the type model's row), never a `Release`: they receive
    /// no release value, and this keeps them from naming the type (a
    /// comparison with a release constant). (The tag parse tree is private
    /// to the front half, so naming it does not compile.)
    #[test]
    fn the_back_ends_never_name_a_release() {
        let mut files = 0;
        for dir in ["src/emit", "src/schema"] {
            let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
            for entry in std::fs::read_dir(&dir).expect("back-end sources") {
                let path = entry.expect("a back-end source").path();
                if path.file_name().is_some_and(|n| n == "tests.rs") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).expect("a back-end source");
                // The code, not its tests (this one names what it looks for)
                // nor its comments.
                let code = text.split("#[cfg(test)]").next().unwrap_or_default();
                let named = code
                    .lines()
                    .map(|line| line.split("//").next().unwrap_or_default())
                    .flat_map(|line| line.split(|c: char| !(c.is_alphanumeric() || c == '_')))
                    .any(|word| word == "Release");
                assert!(
                    !named,
                    "{} names the release; read a fact of `front::behaviour::Behaviour` instead",
                    path.display()
                );
                files += 1;
            }
        }
        assert!(files > 25, "only {files} back-end sources found");
    }
}
