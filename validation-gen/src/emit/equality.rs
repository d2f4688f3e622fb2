//! `+k8s:neq=<value>` (runtime: `validate::equality`): the value (read by
//! [`crate::rules`]) against the site's type.

use proc_macro2::Literal;
use quote::quote;

use super::{leaf_ty, Call, Cx, Site};
use crate::model::{Shape, TagAt};
use crate::tags::Value;

pub(super) fn lower(cx: &mut Cx<'_>, site: &Site<'_>, at: &TagAt, v: &Value) -> Vec<Call> {
    let (leaf, old) = (&site.leaf, &site.old_leaf);
    let shape = leaf_ty(site).map(|t| &t.shape);
    let payload_type = v.value_type();
    let mismatch = |field: &str| {
        format!("type mismatch: field is {field}, but payload is of type {payload_type}")
    };
    match (shape, v) {
        (Some(Shape::Str) | None | Some(Shape::Named), Value::String(s)) => {
            vec![Call::errors(
                quote!(validate::neq_str(errs, op, path, #leaf, #old, #s)),
            )]
        }
        (Some(Shape::Int(_)) | None | Some(Shape::Named), Value::Int(n)) => {
            if let Some(Shape::Int(k)) = shape {
                let (lo, hi) = k.range();
                if !(lo..=hi).contains(&i128::from(*n)) {
                    cx.error(
                        at,
                        format!(
                            "value {n} does not fit in {} (range [{lo}, {hi}])",
                            k.go_name()
                        ),
                    );
                    return Vec::new();
                }
            }
            let lit = Literal::i128_unsuffixed(n.unsigned_abs() as i128);
            let lit = if *n < 0 { quote!(-#lit) } else { quote!(#lit) };
            vec![Call::errors(
                quote!(validate::neq_int(errs, op, path, #leaf, #old, #lit)),
            )]
        }
        (Some(Shape::Bool) | None | Some(Shape::Named), Value::Bool(b)) => {
            vec![Call::errors(
                quote!(validate::neq_bool(errs, op, path, #leaf, #old, #b)),
            )]
        }
        (Some(Shape::Str), _) => {
            cx.error(at, mismatch("a string"));
            Vec::new()
        }
        (Some(Shape::Int(_)), _) => {
            cx.error(at, mismatch("an integer"));
            Vec::new()
        }
        (Some(Shape::Bool), _) => {
            cx.error(at, mismatch("a bool"));
            Vec::new()
        }
        (Some(Shape::List(_) | Shape::Map(..) | Shape::Json), _) => {
            let kind = leaf_ty(site).map(|t| t.kind_name()).unwrap_or_default();
            cx.error(
                at,
                format!(
                    "can only be used on comparable types (e.g. string, int, bool), but got {kind}"
                ),
            );
            Vec::new()
        }
        _ => {
            let kind = leaf_ty(site).map(|t| t.kind_name()).unwrap_or_default();
            cx.error(at, format!("unsupported type for 'neq' tag: {kind}"));
            Vec::new()
        }
    }
}
