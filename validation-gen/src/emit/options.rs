//! `+k8s:ifEnabled(Option)=...`, `+k8s:ifDisabled(Option)=...` (runtime:
//! `validate::options`): the payload runs only when the option is (not) enabled.

use super::wrappers::under_option;
use super::{item, lower_rule, Call, Cx, Site};
use crate::front::{ListContext, Rule, RuleAt, RuleKind};

/// `+k8s:ifEnabled(<option>)=+<rule>` (`enabled`), `+k8s:ifDisabled(<option>)=+<rule>`.
pub(super) fn lower(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &RuleAt,
    option: &str,
    enabled: bool,
    inner: &Rule,
) -> Vec<Call> {
    let behaviour = cx.behaviour;
    // 1.35 and 1.36 run `item`, a late tag validator, right away under an
    // option, before the field's `listType` / `listMapKey` have recorded
    // the list's metadata: only a list typedef's (recorded with the type)
    // is found (v0.35.10, v0.36.6 `validators/item.go`).
    if !behaviour.item_under_option
        && matches!(inner.kind, RuleKind::Item { .. })
        && !item::typedef_field(site)
    {
        cx.error(at, item::NO_LIST_METADATA);
        return Vec::new();
    }
    // List semantics under an option (`ifEnabled(X)=+k8s:listType=map` with
    // `ifEnabled(X)=+k8s:listMapKey=k`): gather them from the sibling tags
    // with the same condition, so that the conditional uniqueness check
    // sees its keys.
    let mut conditional_site;
    let site = if matches!(inner.kind, RuleKind::List(_)) && site.list.is_none() {
        conditional_site = site.clone();
        conditional_site.list = conditional_list_meta(cx, site, enabled, option);
        &conditional_site
    } else {
        site
    };
    lower_rule(cx, site, at, inner)
        .into_iter()
        .map(|call| under_option(call, option, enabled, behaviour))
        .collect()
}

/// The list semantics declared under `<tag>(<option>)=` on the site's own
/// tags, as the check stage resolved them.
fn conditional_list_meta(
    cx: &Cx<'_>,
    site: &Site<'_>,
    enabled: bool,
    option: &str,
) -> Option<super::ListMeta> {
    let owner = site.list_owner()?;
    let context = ListContext::Option {
        enabled,
        option: option.to_owned(),
    };
    cx.lists.get(&owner, &context).cloned()
}
