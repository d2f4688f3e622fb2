//! `+k8s:format=<name>` (runtime: `validate::format`).

use quote::{format_ident, quote};

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
    let Some(format) = validation_spec::format::lookup(name) else {
        let known = validation_spec::FORMATS.iter().map(|f| f.name);
        let message = match crate::tags::suggest::closest(name, known.clone()) {
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
    let f = format_ident!("{}", format.function);
    let (leaf, old) = (&site.leaf, &site.old_leaf);
    vec![Call::errors(
        quote!(validate::#f(errs, op, path, #leaf, #old)),
    )]
}
