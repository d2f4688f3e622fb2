//! `+k8s:minimum`, `+k8s:maximum`, `+k8s:maxLength`, `+k8s:minLength`,
//! `+k8s:maxBytes`, `+k8s:maxItems`, `+k8s:minItems`, `+k8s:maxProperties`,
//! `+k8s:minProperties` (runtime: `validate::limits`).

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::{leaf_ty, list_value, Call, Cx, Site};
use crate::model::{Shape, TagAt};
use crate::tags::{Tag, Value};

fn int_literal(n: i128) -> TokenStream {
    let lit = Literal::i128_unsuffixed(n.unsigned_abs() as i128);
    if n < 0 {
        quote!(-#lit)
    } else {
        quote!(#lit)
    }
}

/// Go's `strconv.Atoi` on a tag payload.
fn decimal(literal: &str) -> Option<i128> {
    let digits = literal.strip_prefix(['+', '-']).unwrap_or(literal);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    literal
        .parse::<i128>()
        .ok()
        .filter(|n| i64::try_from(*n).is_ok())
}

pub(super) fn lower(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &TagAt,
    tag: &Tag,
    name: &str,
) -> Vec<Call> {
    let Some(Value::Int(_)) = tag.scalar() else {
        cx.error(
            at,
            format!("tag \"{}\" requires an integer value", tag.name),
        );
        return Vec::new();
    };
    // Kubernetes 1.35 reads limit payloads with `strconv.Atoi`: decimal
    // digits with an optional sign, leading zeros allowed (`0100` is 100).
    let literal = tag.value_literal.clone().unwrap_or_default();
    let Some(n) = decimal(&literal) else {
        cx.error(
            at,
            format!(
                "tag \"{}\": invalid integer {literal:?}: must be a decimal integer",
                tag.name
            ),
        );
        return Vec::new();
    };
    let shape = leaf_ty(site).map(|t| &t.shape);
    let leaf = &site.leaf;
    let old = &site.old_leaf;
    let kind = shape
        .map(|_| leaf_ty(site).map(|t| t.kind_name()).unwrap_or_default())
        .unwrap_or_default();
    match name {
        "minimum" | "maximum" => {
            match shape {
                Some(Shape::Int(k)) => {
                    let (lo, hi) = k.range();
                    if n < lo || n > hi {
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
                None | Some(Shape::Named) => {}
                Some(_) => {
                    cx.error(at, format!("can only be used on integer types ({kind})"));
                    return Vec::new();
                }
            }
            let f = if name == "minimum" {
                quote!(minimum)
            } else {
                quote!(maximum)
            };
            let lit = int_literal(n);
            vec![Call::errors(
                quote!(validate::#f(op, path, #leaf, #old, #lit)),
            )]
        }
        "maxLength" | "minLength" | "maxBytes" => {
            if !matches!(shape, None | Some(Shape::Str | Shape::Named)) {
                cx.error(at, format!("can only be used on string types ({kind})"));
                return Vec::new();
            }
            if name == "minLength" && n <= 0 {
                return Vec::new();
            }
            if n < 0 {
                cx.error(at, "must be greater than or equal to zero");
                return Vec::new();
            }
            let f = match name {
                "maxLength" => quote!(max_length),
                "minLength" => quote!(min_length),
                _ => quote!(max_bytes),
            };
            let lit = Literal::usize_unsuffixed(n as usize);
            vec![Call::errors(
                quote!(validate::#f(op, path, #leaf, #old, #lit)),
            )]
        }
        "maxItems" | "minItems" => {
            if !matches!(shape, None | Some(Shape::List(_) | Shape::Named)) {
                cx.error(at, format!("can only be used on list types ({kind})"));
                return Vec::new();
            }
            if n < 0 {
                cx.error(at, "must be greater than or equal to zero");
                return Vec::new();
            }
            let lit = Literal::usize_unsuffixed(n as usize);
            let (v, o) = (list_value(leaf), list_value(old));
            if name == "maxItems" {
                vec![
                    Call::errors(quote!(validate::max_items(op, path, #v, #o, #lit)))
                        .short_circuit(),
                ]
            } else {
                vec![Call::errors(
                    quote!(validate::min_items(op, path, #v, #o, #lit)),
                )]
            }
        }
        _ => {
            if !matches!(shape, None | Some(Shape::Map(..) | Shape::Named)) {
                cx.error(at, format!("can only be used on map types ({kind})"));
                return Vec::new();
            }
            if !(0..=100_000).contains(&n) {
                cx.error(at, format!("must be between 0 and 100000, got {n}"));
                return Vec::new();
            }
            let lit = Literal::usize_unsuffixed(n as usize);
            if name == "maxProperties" {
                vec![
                    Call::errors(quote!(validate::max_properties(op, path, #leaf, #old, #lit)))
                        .short_circuit(),
                ]
            } else {
                vec![Call::errors(
                    quote!(validate::min_properties(op, path, #leaf, #old, #lit)),
                )]
            }
        }
    }
}
