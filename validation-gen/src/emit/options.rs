//! `+k8s:ifEnabled(Option)=...`, `+k8s:ifDisabled(Option)=...` (runtime:
//! `validate::options`): the payload runs only when the option is (not) enabled.

use quote::quote;

use super::{item, lower_rule, Call, CallKind, Cx, Site};
use crate::front::ListContext;
use crate::front::RuleAt;
use crate::front::{Rule, RuleKind};

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
        .map(|mut call| {
            // Upstream's wrapper keeps the payload's flags, not its cohort:
            // `ifEnabled(X)=+k8s:subfield(a)=+k8s:optional` short-circuits
            // the site's default cohort.
            call.cohort = None;
            if behaviour.undefined_option_is_error {
                // Three-state options: an undefined option is an internal
                // error (a silent stop for a non-error short-circuit).
                call.kind = match call.kind {
                    CallKind::Errors(t) => CallKind::Errors(quote!(
                        validate::if_option_defined(errs, op, path, #option, #enabled, |errs| #t)
                    )),
                    CallKind::StopIf(t) => CallKind::StopIf(quote!(
                        op.option(#option).is_none_or(|on| on == #enabled && #t)
                    )),
                    // An undefined option fires the wrapper's short-circuit
                    // with its error.
                    CallKind::Wrapper { errors, fired } => CallKind::Wrapper {
                        errors: quote!({
                            #fired |= op.option(#option).is_none();
                            validate::if_option_defined(errs, op, path, #option, #enabled, |errs| #errors)
                        }),
                        fired,
                    },
                };
                return call;
            }
            call.kind = match call.kind {
                CallKind::Errors(t) => {
                    CallKind::Errors(quote!(validate::if_option(errs, op, #option, #enabled, |errs| #t)))
                }
                CallKind::StopIf(t) => {
                    CallKind::StopIf(quote!((op.has_option(#option) == #enabled && #t)))
                }
                CallKind::Wrapper { errors, fired } => CallKind::Wrapper {
                    errors: quote!(validate::if_option(errs, op, #option, #enabled, |errs| #errors)),
                    fired,
                },
            };
            call
        })
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
