//! `+k8s:ifEnabled(Option)=...`, `+k8s:ifDisabled(Option)=...` (runtime:
//! `validate::options`): the payload runs only when the option is (not) enabled.

use quote::quote;

use super::{lower_tag, payload, Call, CallKind, Cx, Site};
use crate::model::TagAt;
use crate::tags::{Tag, Value};

pub(super) fn lower(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &TagAt,
    tag: &Tag,
    enabled: bool,
) -> Vec<Call> {
    let option = match tag.positional_arg().map(|a| &a.value) {
        Some(Value::String(s)) => s.clone(),
        _ => {
            cx.error(at, format!("tag \"{}\" requires an option name", tag.name));
            return Vec::new();
        }
    };
    let Some(inner) = payload(cx, at, tag) else {
        return Vec::new();
    };
    lower_tag(cx, site, at, inner)
        .into_iter()
        .map(|mut call| {
            call.kind = match call.kind {
                CallKind::Errors(t) => {
                    CallKind::Errors(quote!(validate::if_option(op, #option, #enabled, || #t)))
                }
                CallKind::StopIf(t) => {
                    CallKind::StopIf(quote!((op.has_option(#option) == #enabled && #t)))
                }
            };
            call
        })
        .collect()
}
