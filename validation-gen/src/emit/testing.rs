//! Test tags: `+k8s:validateFalse`, `+k8s:validateTrue` (and the alpha/beta
//! variants) with their `flags` and `cohort` arguments (runtime:
//! `validate::testing`), and `+k8s:validateError`, which fails generation.

use quote::quote;

use super::{Call, CallKind, Cx, Site};
use crate::model::TagAt;
use crate::tags::{Release, Tag, Value};

/// `+k8s:validateFalse`.
pub(super) fn validate_false(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &TagAt,
    tag: &Tag,
    _: Release,
) -> Vec<Call> {
    fixed_result(cx, site, at, tag, false)
}

/// `+k8s:validateTrue`, `+k8s:validateTrueAlpha`, `+k8s:validateTrueBeta`.
pub(super) fn validate_true(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &TagAt,
    tag: &Tag,
    _: Release,
) -> Vec<Call> {
    fixed_result(cx, site, at, tag, true)
}

/// `+k8s:validateError=<msg>`: fails code generation.
pub(super) fn validate_error(
    cx: &mut Cx<'_>,
    _: &Site<'_>,
    at: &TagAt,
    tag: &Tag,
    _: Release,
) -> Vec<Call> {
    let msg = match tag.scalar() {
        Some(Value::String(s)) => s.clone(),
        _ => String::new(),
    };
    cx.error(at, format!("forced error: {msg:?}"));
    Vec::new()
}

fn fixed_result(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &TagAt,
    tag: &Tag,
    result: bool,
) -> Vec<Call> {
    let msg = match tag.scalar() {
        Some(Value::String(s)) => s.clone(),
        Some(other) => {
            cx.error(
                at,
                format!(
                    "tag value has wrong type: got {}, want string",
                    other.value_type()
                ),
            );
            return Vec::new();
        }
        None => String::new(),
    };
    let mut short_circuit = false;
    let mut non_error = false;
    if let Some(arg) = tag.named_arg("flags") {
        if let Value::String(flags) = &arg.value {
            for flag in flags.split(',').map(str::trim).filter(|f| !f.is_empty()) {
                match flag {
                    "ShortCircuit" => short_circuit = true,
                    "NonError" => non_error = true,
                    other => cx.error(at, format!("unknown flag: {other:?}")),
                }
            }
        }
    }
    let (leaf, old) = (&site.leaf, &site.old_leaf);
    let call = quote!(validate::fixed_result(errs, op, path, #leaf, #old, #result, #msg));
    let mut c = if non_error {
        // Stops without reporting: the call's errors go to a scratch list.
        Call::stop_if(quote!(!__rt::ErrorList::from_fn(|errs| #call).is_empty()))
    } else {
        Call::errors(call)
    };
    c.short_circuit = short_circuit || matches!(c.kind, CallKind::StopIf(_));
    if let Some(arg) = tag.named_arg("cohort") {
        if let Value::String(cohort) = &arg.value {
            c.cohort = Some(cohort.clone());
        }
    }
    vec![c]
}
