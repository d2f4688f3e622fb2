//! `+k8s:dependentRequired(sibling)`, `+k8s:dependentForbidden(sibling)`
//! (runtime: `validate::dependent`): struct-level, in field order.
//!
//! Under `+k8s:alpha` / `+k8s:beta` and `+k8s:ifEnabled` / `+k8s:ifDisabled`
//! (k8s.io/api v0.37.2: `+k8s:alpha(since: "1.37")=+k8s:dependentRequired(x)`)
//! the struct-level check runs under the same wrappers: upstream defers it to
//! the parent and wraps the deferred function as the tag is wrapped
//! (`WrapFunctions`: the level marks its errors, the option wraps it in
//! `IfOption` over the parent).

use quote::quote;

use super::{Call, Cx};
use crate::front::{RuleKind, TypeModel};

pub(super) fn struct_calls(cx: &mut Cx<'_>, model: &TypeModel) -> Vec<Call> {
    let mut calls = Vec::new();
    for trigger in model.fields() {
        for at in trigger.rules.iter() {
            let rule = &at.rule;
            let (wraps, tag) = super::wrappers::unwrap(rule, cx.behaviour);
            let RuleKind::Dependent {
                required,
                field: dep_json,
            } = &tag.kind
            else {
                continue;
            };
            let f = if *required {
                quote!(dependent_required)
            } else {
                quote!(dependent_forbidden)
            };
            let Some(dep) = model.field_by_json(dep_json) else {
                cx.error(at, format!("no sibling field with JSON name {dep_json:?}"));
                continue;
            };
            if dep.json_name == trigger.json_name {
                cx.error(at, "trigger and dependent field must be different");
                continue;
            }
            if trigger.json_name.is_empty() {
                cx.error(
                    at,
                    format!("trigger field {:?} has no JSON name", trigger.rust_name),
                );
                continue;
            }
            let (tm, dm) = (&trigger.member, &dep.member);
            let (tj, dj) = (&trigger.json_name, &dep.json_name);
            let call = quote!(validate::#f(errs, op,
                path,
                Some(self),
                old,
                #tj,
                |obj: &Self| !__rt::IsZero::is_zero(&obj.#tm),
                #dj,
                |obj: &Self| !__rt::IsZero::is_zero(&obj.#dm),
            ));
            calls.push(Call::errors(super::wrappers::wrap_call(&wraps, call)));
        }
    }
    calls
}
