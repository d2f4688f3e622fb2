//! `+k8s:monotonic` (runtime: `validate::monotonic`).

use quote::quote;

use super::{invoke, leaf_ty, Call, Cx, Site};
use crate::front::{RuleAt, Shape};

pub(super) fn lower(cx: &mut Cx<'_>, site: &Site<'_>, at: &RuleAt) -> Vec<Call> {
    match leaf_ty(site).map(|t| &t.shape) {
        None | Some(Shape::Int(_) | Shape::Named) => {}
        Some(_) => {
            let kind = leaf_ty(site).map(|t| t.kind_name()).unwrap_or_default();
            cx.error(at, format!("must be an integer type (got {kind})"));
            return Vec::new();
        }
    }
    let (leaf, old) = (&site.leaf, &site.old_leaf);
    vec![Call::errors(invoke(
        quote!(validate::monotonic),
        quote!(#leaf, #old),
    ))]
}
