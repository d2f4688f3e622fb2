//! `+k8s:required`, `+k8s:optional`, `+k8s:forbidden` (runtime: `validate::required`).

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::{invoke, tag_span, unless_struct, Call, Cx, Site};
use crate::front::{RuleAt, Shape};

/// Generated code spanned at the field's type: a type without `IsZero` is
/// reported there.
fn spanned(site: &Site<'_>, tokens: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    match super::field_ty_span(site) {
        Some(span) => super::respan(tokens, span),
        None => tokens,
    }
}

/// Upstream's generation error for `tag` on a non-pointer struct value.
pub(super) fn on_struct(tag: &str) -> String {
    format!("non-pointer structs cannot use the \"{tag}\" tag")
}

/// `call`, for a presence tag on the site: on a named type that may be a
/// struct, either asserted not to be one (upstream's generation error for
/// `tag`), or, where the release makes `+k8s:required` / `+k8s:optional` on
/// a non-pointer struct documentation (1.38), run only when it is not one
/// (the struct is validated as if the field had no such tag).
fn presence(
    cx: &Cx<'_>,
    site: &Site<'_>,
    at: &RuleAt,
    tag: &str,
    call: TokenStream,
) -> TokenStream {
    let documentation = cx.behaviour.struct_requiredness_is_documentation && tag != "k8s:forbidden";
    match site.ty.filter(|t| matches!(t.shape, Shape::Named)) {
        Some(ty) if documentation => {
            let ty = &ty.ty;
            quote!(if !<#ty as __rt::IsZero>::IS_STRUCT { #call })
        }
        _ => unless_struct(site.ty, tag_span(at.span), &on_struct(tag), call),
    }
}

/// The presence check `f` (`required`, `forbidden`), or its form with a
/// message (1.38's `+k8s:required="<message>"`).
fn check(site: &Site<'_>, f: &str, message: Option<&str>) -> TokenStream {
    let (whole, old) = (&site.whole_opt, &site.old_whole);
    let call = match message {
        None => {
            let f = format_ident!("{f}");
            invoke(quote!(validate::#f), quote!(#whole, #old))
        }
        Some(message) => {
            let f = format_ident!("{f}_with_message");
            invoke(quote!(validate::#f), quote!(#whole, #old, #message))
        }
    };
    spanned(site, call)
}

/// `+k8s:required`.
pub(super) fn required(
    cx: &Cx<'_>,
    site: &Site<'_>,
    at: &RuleAt,
    message: Option<&str>,
) -> Vec<Call> {
    let call = check(site, "required", message);
    vec![Call::errors(presence(cx, site, at, "k8s:required", call)).short_circuit()]
}

/// `+k8s:forbidden`.
pub(super) fn forbidden(
    cx: &Cx<'_>,
    site: &Site<'_>,
    at: &RuleAt,
    message: Option<&str>,
) -> Vec<Call> {
    let whole = &site.whole_opt;
    let call = check(site, "forbidden", message);
    vec![
        Call::errors(presence(cx, site, at, "k8s:forbidden", call)).short_circuit(),
        Call::stop_if(spanned(site, quote!(validate::is_unset(#whole)))),
    ]
}

/// `+k8s:optional`.
pub(super) fn optional(cx: &mut Cx<'_>, site: &Site<'_>, at: &RuleAt) -> Vec<Call> {
    let whole = &site.whole_opt;
    // `+default` turns optional into required, except a zero default on
    // a non-nilable field, which is documentation only.
    if let Some(default) = site.field.and_then(|f| f.default.as_ref()) {
        let nilable = site
            .ty
            .is_some_and(|t| matches!(t.shape, Shape::Option(_) | Shape::List(_) | Shape::Map(..)));
        let Some(parsed) = cx.payload(at, &default.value) else {
            return Vec::new();
        };
        if !nilable && is_zero_json(parsed) {
            return Vec::new();
        }
        // Upstream turns it into `+k8s:required`, and names that tag.
        let call = check(site, "required", None);
        return vec![Call::errors(presence(cx, site, at, "k8s:required", call)).short_circuit()];
    }
    let call = spanned(site, quote!(validate::is_unset(#whole)));
    let stop = match site.ty.filter(|t| matches!(t.shape, Shape::Named)) {
        // 1.38: documentation on a non-pointer struct, no stop.
        Some(ty) if cx.behaviour.struct_requiredness_is_documentation => {
            let ty = &ty.ty;
            quote!(!<#ty as __rt::IsZero>::IS_STRUCT && #call)
        }
        _ => unless_struct(site.ty, tag_span(at.span), &on_struct("k8s:optional"), call),
    };
    vec![Call::stop_if(stop)]
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
