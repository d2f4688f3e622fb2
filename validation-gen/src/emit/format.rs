//! `+k8s:format=<name>` (runtime: `validate::format`).

use quote::{format_ident, quote};

use super::{leaf_ty, Call, Cx, Site};
use crate::model::{Shape, TagAt};
use crate::tags::{Tag, Value};

/// Every format name and the runtime function that checks it.
pub(crate) const FORMATS: &[(&str, &str)] = &[
    ("k8s-extended-resource-name", "extended_resource_name"),
    ("k8s-ip", "ip"),
    ("k8s-label-key", "label_key"),
    ("k8s-label-value", "label_value"),
    ("k8s-long-name", "long_name"),
    ("k8s-long-name-caseless", "long_name_caseless"),
    ("k8s-path-segment-name", "path_segment_name"),
    ("k8s-prefixed-label-key", "prefixed_label_key"),
    (
        "k8s-resource-fully-qualified-name",
        "resource_fully_qualified_name",
    ),
    ("k8s-resource-pool-name", "resource_pool_name"),
    ("k8s-short-name", "short_name"),
    ("k8s-uuid", "uuid"),
];

pub(super) fn lower(cx: &mut Cx<'_>, site: &Site<'_>, at: &TagAt, tag: &Tag) -> Vec<Call> {
    let shape = leaf_ty(site).map(|t| &t.shape);
    if !matches!(shape, None | Some(Shape::Str | Shape::Named)) {
        let kind = leaf_ty(site).map(|t| t.kind_name()).unwrap_or_default();
        cx.error(at, format!("can only be used on string types ({kind})"));
        return Vec::new();
    }
    let Some(Value::String(name)) = tag.scalar() else {
        cx.error(at, "tag \"k8s:format\" requires a format name");
        return Vec::new();
    };
    let Some((_, f)) = FORMATS.iter().find(|(n, _)| n == name) else {
        let known = FORMATS.iter().map(|(n, _)| *n);
        let message = match crate::tags::catalog::closest(name, known.clone()) {
            Some(close) => {
                format!("unsupported validation format {name:?}, did you mean {close:?}?")
            }
            None => format!(
                "unsupported validation format {name:?} (supported: {})",
                known.collect::<Vec<_>>().join(", ")
            ),
        };
        cx.error(at, message);
        return Vec::new();
    };
    let f = format_ident!("{}", f);
    let (leaf, old) = (&site.leaf, &site.old_leaf);
    vec![Call::errors(quote!(validate::#f(op, path, #leaf, #old)))]
}
