//! `+k8s:dependentRequired(sibling)`, `+k8s:dependentForbidden(sibling)`
//! (runtime: `validate::dependent`): struct-level, in field order.

use quote::quote;

use super::{Call, Cx};
use crate::model::TypeModel;
use crate::tags::{TagName, Value};

pub(super) fn struct_calls(cx: &mut Cx<'_>, model: &TypeModel) -> Vec<Call> {
    let ident = &model.ident;
    let mut calls = Vec::new();
    for trigger in model.fields() {
        for at in &trigger.tags.tags {
            let f = match at.tag.tag_name() {
                Some(TagName::DependentRequired) => quote!(dependent_required),
                Some(TagName::DependentForbidden) => quote!(dependent_forbidden),
                _ => continue,
            };
            if at.tag.args.len() != 1 {
                cx.error(
                    at,
                    format!(
                        "expected exactly one argument naming the dependent field, got {}",
                        at.tag.args.len()
                    ),
                );
                continue;
            }
            let Value::String(dep_json) = &at.tag.args[0].value else {
                cx.error(at, "the argument must be the JSON name of a sibling field");
                continue;
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
            calls.push(Call::errors(quote!(validate::#f(errs, op,
                path,
                Some(self),
                old,
                #tj,
                |obj: &#ident| !__rt::IsZero::is_zero(&obj.#tm),
                #dj,
                |obj: &#ident| !__rt::IsZero::is_zero(&obj.#dm),
            ))));
        }
    }
    calls
}
