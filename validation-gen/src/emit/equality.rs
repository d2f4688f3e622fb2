//! `+k8s:neq=<value>` and `+k8s:eq=<value>` (runtime: `validate::equality`):
//! the value (read by the front half (`front::rules`)) against the site's
//! type.

use quote::quote;

use super::{int_literal, invoke, leaf_ty, Call, Cx, Site};
use crate::front::{RuleAt, Shape, Value};

/// In upstream's order: the type must be comparable, the payload present
/// and of the field's kind, then readable by the release.
pub(super) fn lower(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &RuleAt,
    equal: bool,
    v: Option<&Value>,
    unreadable: Option<&str>,
) -> Vec<Call> {
    let (leaf, old) = (&site.leaf, &site.old_leaf);
    let shape = leaf_ty(site).map(|t| &t.shape);
    let kind = || leaf_ty(site).map(|t| t.kind_name()).unwrap_or_default();
    if let Some(Shape::List(_) | Shape::Map(..) | Shape::Json) = shape {
        cx.error(
            at,
            format!(
                "can only be used on comparable types (e.g. string, int, bool), but got {}",
                kind()
            ),
        );
        return Vec::new();
    }
    let Some(v) = v else {
        cx.error(at, "missing required payload");
        return Vec::new();
    };
    let payload_type = v.value_type();
    let mismatch = |field: &str| {
        format!("type mismatch: field is {field}, but payload is of type {payload_type}")
    };
    let expected = match shape {
        Some(Shape::Str) => Some(("a string", matches!(v, Value::String(_)))),
        Some(Shape::Int(_)) => Some(("an integer", matches!(v, Value::Int(_)))),
        Some(Shape::Bool) => Some(("a bool", matches!(v, Value::Bool(_)))),
        None | Some(Shape::Named) => None,
        Some(_) => {
            // `eq` arrived with 1.38's shared payload check.
            let message = if cx.behaviour.neq_type_error_names_tag && !equal {
                format!("unsupported type for 'neq' tag: {}", kind())
            } else {
                format!("unsupported type: {}", kind())
            };
            cx.error(at, message);
            return Vec::new();
        }
    };
    if let Some((field, false)) = expected {
        cx.error(at, mismatch(field));
        return Vec::new();
    }
    if let Some(why) = unreadable {
        cx.error(at, why);
        return Vec::new();
    }
    let (str_fn, int_fn, bool_fn) = if equal {
        (
            quote!(validate::eq_str),
            quote!(validate::eq_int),
            quote!(validate::eq_bool),
        )
    } else {
        (
            quote!(validate::neq_str),
            quote!(validate::neq_int),
            quote!(validate::neq_bool),
        )
    };
    match v {
        Value::String(s) => vec![Call::errors(invoke(str_fn, quote!(#leaf, #old, #s)))],
        Value::Int(n) => {
            if let Some(Shape::Int(k)) = shape {
                if !cx.fits(at, *k, i128::from(*n)) {
                    return Vec::new();
                }
            }
            let lit = int_literal(i128::from(*n));
            vec![Call::errors(invoke(int_fn, quote!(#leaf, #old, #lit)))]
        }
        Value::Bool(b) => vec![Call::errors(invoke(bool_fn, quote!(#leaf, #old, #b)))],
    }
}
