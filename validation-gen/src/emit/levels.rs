//! `+k8s:alpha(since: "1.36")=+<tag>`, `+k8s:beta=+<tag>` (Kubernetes 1.36
//! on; runtime: `validate::at_level`, over `ErrorList::mark_alpha` / `mark_beta`): the payload
//! validation always runs, and its errors carry the stability level, as
//! upstream's generated `.MarkAlpha()` / `.MarkBeta()`.

use quote::quote;

use super::{lower_tag, payload, Call, CallKind, Cx, Site};
use crate::model::TagAt;
use crate::tags::{Release, Tag, TagName, Value};

/// `+k8s:alpha=+<tag>`.
pub(super) fn alpha(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &TagAt,
    tag: &Tag,
    release: Release,
) -> Vec<Call> {
    lower(
        cx,
        site,
        at,
        tag,
        release,
        quote!(__rt::field::StabilityLevel::Alpha),
    )
}

/// `+k8s:beta=+<tag>`.
pub(super) fn beta(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &TagAt,
    tag: &Tag,
    release: Release,
) -> Vec<Call> {
    lower(
        cx,
        site,
        at,
        tag,
        release,
        quote!(__rt::field::StabilityLevel::Beta),
    )
}

fn lower(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &TagAt,
    tag: &Tag,
    release: Release,
    level: proc_macro2::TokenStream,
) -> Vec<Call> {
    if release < Release::V1_36 {
        cx.error(
            at,
            format!(
                "tag \"{}\" is not part of Kubernetes {release} (it arrived in 1.36); generate \
                 for 1.36 or later (`#[validate(kubernetes = \"1.36\")]`, the `v1_36` feature, \
                 `--kubernetes-version 1.36`) or remove it",
                tag.name
            ),
        );
        return Vec::new();
    }
    if let Some(arg) = tag.named_arg("since").or_else(|| tag.positional_arg()) {
        let version = match &arg.value {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        // 1.36: `^1\.\d+$`; 1.37: `^\d+\.\d+$`.
        let (valid, expected) = if release >= Release::V1_37 {
            (is_version(&version), "<major>.<minor>")
        } else {
            (is_minor_version(&version), "1.<minor version>")
        };
        if !valid {
            cx.error(
                at,
                format!(
                    "tag \"{}\": invalid kubernetes version format, expected {expected}, got {version}",
                    tag.name
                ),
            );
            return Vec::new();
        }
    }
    let Some(inner) = payload(cx, at, tag) else {
        return Vec::new();
    };
    at_level(lower_tag(cx, site, at, inner), level)
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

/// Upstream 1.36's `^1\.\d+$`.
fn is_minor_version(v: &str) -> bool {
    v.strip_prefix("1.").is_some_and(digits)
}

/// Upstream 1.37's `^\d+\.\d+$`.
fn is_version(v: &str) -> bool {
    v.split_once('.')
        .is_some_and(|(major, minor)| digits(major) && digits(minor))
}

fn digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    #[test]
    fn minor_versions() {
        for ok in ["1.36", "1.0", "1.100"] {
            assert!(super::is_minor_version(ok), "{ok}");
        }
        for bad in ["1.", "v1.36", "2.1", "1.36.0", "1.x", ""] {
            assert!(!super::is_minor_version(bad), "{bad}");
        }
        assert!(super::is_version("2.1") && super::is_version("1.37"));
        for bad in ["1.", ".1", "v1.37", "1.37.0", ""] {
            assert!(!super::is_version(bad), "{bad}");
        }
    }
}
