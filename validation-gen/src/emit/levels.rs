//! `+k8s:alpha(since: "1.36")=+<tag>`, `+k8s:beta=+<tag>` (Kubernetes 1.36
//! on; runtime: `validate::at_level`, over `ErrorList::mark_alpha` / `mark_beta`): the payload
//! validation always runs, and its errors carry the stability level, as
//! upstream's generated `.MarkAlpha()` / `.MarkBeta()`.

use quote::quote;

use super::{lower_rule, Call, CallKind, Cx, Site};
use crate::front::RuleAt;
use crate::front::TagName;
use crate::front::{Level, Rule};

/// `+k8s:alpha=+<rule>`, `+k8s:beta=+<rule>` (the release and the `since`
/// version were checked when the tag was read).
pub(super) fn lower(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &RuleAt,
    level: Level,
    inner: &Rule,
) -> Vec<Call> {
    mark(lower_rule(cx, site, at, inner), Some(level.tag()))
}

/// `calls` with their errors marked with the level of `wrapper`
/// (`TagName::Alpha` or `TagName::Beta`), for the validations upstream marks
/// away from the wrapper (list uniqueness, modal members); unchanged for
/// `None` (or any other tag).
pub(super) fn mark(calls: Vec<Call>, wrapper: Option<TagName>) -> Vec<Call> {
    match wrapper {
        Some(TagName::Alpha) => at_level(calls, quote!(__rt::field::StabilityLevel::Alpha)),
        Some(TagName::Beta) => at_level(calls, quote!(__rt::field::StabilityLevel::Beta)),
        _ => calls,
    }
}

fn at_level(calls: Vec<Call>, level: proc_macro2::TokenStream) -> Vec<Call> {
    calls
        .into_iter()
        .map(|mut call| {
            // Upstream keeps the payload function (flags, cohort) and sets
            // its level: the errors of the whole call are marked.
            call.kind = match call.kind {
                CallKind::Errors(t) => {
                    CallKind::Errors(quote!(validate::at_level(errs, #level, |errs| #t)))
                }
                CallKind::StopIf(t) => CallKind::StopIf(t),
                CallKind::Wrapper { errors, fired } => CallKind::Wrapper {
                    errors: quote!(validate::at_level(errs, #level, |errs| #errors)),
                    fired,
                },
            };
            call
        })
        .collect()
}
