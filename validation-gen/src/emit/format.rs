//! `+k8s:format=<name>` (runtime: `validate::format`).

use quote::{format_ident, quote};

use super::{invoke, leaf_ty, Call, Cx, Site};
use crate::front::{Payload, RuleAt, Shape};
use k8s_validation_spec::format::Format;

pub(super) fn lower(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &RuleAt,
    format: &Payload<&'static Format>,
) -> Vec<Call> {
    let shape = leaf_ty(site).map(|t| &t.shape);
    if !matches!(shape, None | Some(Shape::Str | Shape::Named)) {
        let kind = leaf_ty(site).map(|t| t.kind_name()).unwrap_or_default();
        cx.error(at, format!("can only be used on string types ({kind})"));
        return Vec::new();
    }
    // After the type, as upstream checks them.
    let Some(format) = cx.payload(at, format) else {
        return Vec::new();
    };
    let f = format_ident!("{}", format.function);
    let (leaf, old) = (&site.leaf, &site.old_leaf);
    vec![Call::errors(invoke(
        quote!(validate::#f),
        quote!(#leaf, #old),
    ))]
}
