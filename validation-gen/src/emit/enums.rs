//! `+k8s:enum` (runtime: `validate::enums`). The values come from the consts
//! of an `impl` block marked `#[validation_runtime::enum_values]`, which
//! defines `__K8S_ENUM_VALUES` and `__K8S_ENUM_EXCLUSIONS` (and `__K8S_ENUM`, both).

use quote::{quote, quote_spanned};

use super::{leaf_ty, Call, Cx, Site};
use crate::model::{Shape, TagAt};
use crate::tags::{Release, Tag};

pub(super) fn lower(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &TagAt,
    _: &Tag,
    _: Release,
) -> Vec<Call> {
    match leaf_ty(site).map(|t| &t.shape) {
        Some(Shape::Str | Shape::Named) => {}
        other => {
            let kind = match other {
                Some(_) => leaf_ty(site).map(|t| t.kind_name()).unwrap_or_default(),
                None => "struct".into(),
            };
            cx.error(at, format!("can only be used on string types ({kind})"));
            return Vec::new();
        }
    }
    let (leaf, old) = (&site.leaf, &site.old_leaf);
    // One reference, spanned at the tag: without an `#[enum_values]` block
    // the user gets one error, on the `+k8s:enum` line.
    let consts = quote_spanned!(at.span=> Self::__K8S_ENUM);
    vec![Call::errors(quote!({
        let (values, exclusions) = #consts;
        validate::enumeration(op, path, #leaf, #old, values, exclusions)
    }))]
}
