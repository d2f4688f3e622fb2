//! `+k8s:alpha(since: "1.36")=+<tag>`, `+k8s:beta=+<tag>` (Kubernetes 1.36
//! on; runtime: `validate::at_level`, over `ErrorList::mark_alpha` / `mark_beta`): the payload
//! validation always runs, and its errors carry the stability level, as
//! upstream's generated `.MarkAlpha()` / `.MarkBeta()`.

use super::wrappers::mark_level;
use super::{lower_rule, Call, Cx, Site};
use crate::front::{Level, Rule, RuleAt};

/// `+k8s:alpha=+<rule>`, `+k8s:beta=+<rule>` (the release and the `since`
/// version were checked when the tag was read).
pub(super) fn lower(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &RuleAt,
    level: Level,
    inner: &Rule,
) -> Vec<Call> {
    mark_level(lower_rule(cx, site, at, inner), Some(level))
}
