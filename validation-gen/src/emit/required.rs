//! `+k8s:required`, `+k8s:optional`, `+k8s:forbidden` (runtime: `validate::required`).

use quote::quote;

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

/// `+k8s:required`.
pub(super) fn required(site: &Site<'_>, at: &RuleAt) -> Vec<Call> {
    let (whole, old) = (&site.whole_opt, &site.old_whole);
    let call = spanned(
        site,
        invoke(quote!(validate::required), quote!(#whole, #old)),
    );
    vec![Call::errors(unless_struct(
        site.ty,
        tag_span(at.span),
        &on_struct("k8s:required"),
        call,
    ))
    .short_circuit()]
}

/// `+k8s:forbidden`.
pub(super) fn forbidden(site: &Site<'_>, at: &RuleAt) -> Vec<Call> {
    let (whole, old) = (&site.whole_opt, &site.old_whole);
    let call = spanned(
        site,
        invoke(quote!(validate::forbidden), quote!(#whole, #old)),
    );
    vec![
        Call::errors(unless_struct(
            site.ty,
            tag_span(at.span),
            &on_struct("k8s:forbidden"),
            call,
        ))
        .short_circuit(),
        Call::stop_if(spanned(site, quote!(validate::is_unset(#whole)))),
    ]
}

/// `+k8s:optional`.
pub(super) fn optional(cx: &mut Cx<'_>, site: &Site<'_>, at: &RuleAt) -> Vec<Call> {
    let whole = &site.whole_opt;
    let old = &site.old_whole;
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
        let call = spanned(
            site,
            invoke(quote!(validate::required), quote!(#whole, #old)),
        );
        return vec![Call::errors(unless_struct(
            site.ty,
            tag_span(at.span),
            &on_struct("k8s:required"),
            call,
        ))
        .short_circuit()];
    }
    let call = spanned(site, quote!(validate::is_unset(#whole)));
    vec![Call::stop_if(unless_struct(
        site.ty,
        tag_span(at.span),
        &on_struct("k8s:optional"),
        call,
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
