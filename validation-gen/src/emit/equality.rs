//! `+k8s:neq=<value>` (runtime: `validate::equality`).

use proc_macro2::Literal;
use quote::quote;

use super::{leaf_ty, Call, Cx, Site};
use crate::model::{Shape, TagAt};
use crate::tags::{Release, Tag, Value};

pub(super) fn lower(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &TagAt,
    tag: &Tag,
    _: Release,
) -> Vec<Call> {
    let Some(v) = tag.scalar() else {
        cx.error(at, "missing required payload");
        return Vec::new();
    };
    // From 1.36 the payload is read with `util.ParseInt` / `util.ParseBool`:
    // it must read back as written (`0100`, `+5` are errors; 1.35 reads them
    // as 100 and 5).
    if cx.release >= Release::V1_36 {
        let literal = tag.value_literal.as_deref().unwrap_or_default();
        if let Some(why) = strict_scalar_error(v, literal) {
            let what = if matches!(v, Value::Bool(_)) {
                "bool"
            } else {
                "integer"
            };
            cx.error(
                at,
                format!(
                    "tag \"{}\": invalid {what} value for payload: {why}{STRICT_HINT}",
                    tag.name
                ),
            );
            return Vec::new();
        }
    }
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

/// What the strict reading of 1.36 means, after its errors.
pub(super) const STRICT_HINT: &str = " (from Kubernetes 1.36, without leading zeros or a sign `+`)";

/// Why an integer or bool value written as `literal` is rejected by upstream
/// 1.36's `util.ParseInt` / `util.ParseBool` (their error, as Go words it),
/// or `None` when it reads back the same (and for strings).
pub(super) fn strict_scalar_error(v: &Value, literal: &str) -> Option<String> {
    match v {
        Value::Int(_) => {
            let digits = literal.strip_prefix('-').unwrap_or(literal);
            let why = if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                match literal.parse::<i64>() {
                    Ok(n) if n.to_string() == literal => return None,
                    Ok(_) => format!("{literal:?} is not a valid int value"),
                    Err(_) => format!(
                        "parsing {literal:?} as int: strconv.Atoi: parsing {literal:?}: value out of range"
                    ),
                }
            } else if literal.starts_with('+')
                && literal[1..].bytes().all(|b| b.is_ascii_digit())
                && literal.len() > 1
            {
                format!("{literal:?} is not a valid int value")
            } else {
                format!(
                    "parsing {literal:?} as int: strconv.Atoi: parsing {literal:?}: invalid syntax"
                )
            };
            Some(why)
        }
        Value::Bool(_) if literal != "true" && literal != "false" => {
            Some(format!("{literal:?} is not a valid bool value"))
        }
        _ => None,
    }
}
