//! `+k8s:required`, `+k8s:optional`, `+k8s:forbidden` (runtime: `validate::required`).

use quote::quote;

use super::{Call, Cx, Site};
use crate::model::{Shape, TagAt};
use crate::tags::{Release, Tag};

/// Generated code spanned at the field's type: a type without `IsZero` is
/// reported there.
fn spanned(site: &Site<'_>, tokens: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    match super::field_ty_span(site) {
        Some(span) => super::respan(tokens, span),
        None => tokens,
    }
}

/// `+k8s:required`.
pub(super) fn required(
    _: &mut Cx<'_>,
    site: &Site<'_>,
    _: &TagAt,
    _: &Tag,
    _: Release,
) -> Vec<Call> {
    let (whole, old) = (&site.whole_opt, &site.old_whole);
    vec![Call::errors(spanned(
        site,
        quote!(validate::required(errs, op, path, #whole, #old)),
    ))
    .short_circuit()]
}

/// `+k8s:forbidden`.
pub(super) fn forbidden(
    _: &mut Cx<'_>,
    site: &Site<'_>,
    _: &TagAt,
    _: &Tag,
    _: Release,
) -> Vec<Call> {
    let (whole, old) = (&site.whole_opt, &site.old_whole);
    vec![
        Call::errors(spanned(
            site,
            quote!(validate::forbidden(errs, op, path, #whole, #old)),
        ))
        .short_circuit(),
        Call::stop_if(spanned(site, quote!(validate::is_unset(#whole)))),
    ]
}

/// `+k8s:optional`.
pub(super) fn optional(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &TagAt,
    _: &Tag,
    _: Release,
) -> Vec<Call> {
    let whole = &site.whole_opt;
    let old = &site.old_whole;
    // `+default` turns optional into required, except a zero default on
    // a non-nilable field, which is documentation only.
    if let Some((default, _)) = site.field.and_then(|f| f.tags.default.as_ref()) {
        let nilable = site
            .ty
            .is_some_and(|t| matches!(t.shape, Shape::Option(_) | Shape::List(_) | Shape::Map(..)));
        if default.is_empty() {
            cx.error(at, "+default tag with no value");
            return Vec::new();
        }
        let parsed: serde_json::Value = match serde_json::from_str(default) {
            Ok(v) => v,
            Err(e) => {
                cx.error(
                    at,
                    format!("failed to parse default value {default:?}: {e}"),
                );
                return Vec::new();
            }
        };
        if parsed.is_null() {
            cx.error(
                at,
                format!("failed to parse default value {default:?}: unmarshalled to nil"),
            );
            return Vec::new();
        }
        if !nilable && is_zero_json(&parsed) {
            return Vec::new();
        }
        return vec![Call::errors(spanned(
            site,
            quote!(validate::required(errs, op, path, #whole, #old
            )),
        ))
        .short_circuit()];
    }
    vec![Call::stop_if(spanned(
        site,
        quote!(validate::is_unset(#whole)),
    ))]
}

/// Whether a decoded default is the zero value of its builtin type.
pub(super) fn is_zero_json(v: &serde_json::Value) -> bool {
    match v {
        serde_json::Value::String(s) => s.is_empty(),
        serde_json::Value::Number(n) => n.as_f64() == Some(0.0),
        serde_json::Value::Bool(b) => !b,
        _ => false,
    }
}
