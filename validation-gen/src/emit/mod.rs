//! Emission: the validations attached to each site become calls into
//! `validation_runtime::validate`, ordered as upstream orders them, then
//! wrapped into a `Validate` impl. One module per tag family, mirroring the
//! runtime's `validate` modules.

mod calls;
mod custom;
mod dependent;
mod each;
mod enums;
mod equality;
mod format;
mod handlers;
mod helpers;
mod immutable;
mod item;
mod limits;
mod lists;
mod monotonic;
mod options;
mod required;
mod site;
mod subfield;
mod testing;
mod type_impl;
mod union;
mod update;

use proc_macro2::{Span, TokenStream};
use quote::quote;

use crate::diag::Diagnostics;
use crate::model::{Shape, TagAt};
use crate::tags::catalog::{self, Scope};
use crate::tags::{check, Release, Tag, TagValue};

pub(crate) use crate::model::ListMeta;
pub(crate) use calls::{emit_calls, wrapper_calls, Call, CallKind, Exit};
pub(crate) use enums::{emit_rust_enum, rust_enum_helpers};
pub(crate) use helpers::{helper_impls, opaque_eq};
pub(crate) use site::{
    field_ty_span, leaf_of_place, leaf_ty, list_elem, list_value, old_leaf_of, value_site,
    OpaqueElems, Site,
};
pub(crate) use subfield::host_impl as subfield_host_impl;
pub(crate) use type_impl::emit_type;

/// Generation state for one type.
pub(crate) struct Cx<'d> {
    pub diags: &'d mut Diagnostics,
    /// Counter for unique closure-local labels.
    pub labels: usize,
    /// The Kubernetes release whose behaviour the lowerings follow.
    pub release: Release,
}

impl Cx<'_> {
    pub(crate) fn error(&mut self, at: &TagAt, message: impl std::fmt::Display) {
        self.diags
            .error_at(at.span, at.order, format!("{message} (in `{}`)", at.line));
    }
}

/// The names generated function bodies use, imported hygienically so the
/// body reads like hand-written code.
pub(crate) fn prelude() -> TokenStream {
    let rt = rt();
    quote! {
        #[allow(unused_imports)]
        use ::core::option::Option::{None, Some};
        #[allow(unused_imports)]
        use #rt::{field::Path, validate::{self, ListLike}, ErrorList, IsZero, Validate};
    }
}

/// `tokens` with every span set to `span`: generated code that needs a trait
/// of a field's type (`Validate`, `IsZero`, `ToBadValue`, `SemanticEq`) is
/// spanned at the field's type, so that rustc reports a missing impl there
/// and not at `#[derive(Validate)]`.
pub(crate) fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    use proc_macro2::{Group, TokenTree};
    tokens
        .into_iter()
        .map(|tt| match tt {
            TokenTree::Group(g) => {
                let mut out = Group::new(g.delimiter(), respan(g.stream(), span));
                out.set_span(span);
                TokenTree::Group(out)
            }
            mut other => {
                other.set_span(span);
                other
            }
        })
        .collect()
}

/// A span for generated code that rustc should report at a tag's doc line
/// (such as the accessor of a field that a tag names): located at the line
/// but marked as macro-generated, so that rustc does not suggest edits that
/// would replace the doc comment with generated code.
pub(crate) fn tag_site_span(doc_line: Span) -> Span {
    Span::mixed_site().located_at(doc_line)
}

/// `::validation_runtime`.
pub(crate) fn rt() -> TokenStream {
    quote!(::validation_runtime)
}

/// Lowers the tags of a site into calls, in upstream's order (tags sorted
/// bytewise by name; deferred validations after immediate ones).
pub(crate) fn lower_site(cx: &mut Cx<'_>, site: &Site<'_>, tags: &[&TagAt]) -> Vec<Call> {
    let mut sorted: Vec<&TagAt> = tags.to_vec();
    sorted.sort_by(|a, b| catalog::compare_tags(&a.tag, &b.tag));
    let mut immediate = Vec::new();
    let mut deferred = Vec::new();
    let mut late = Vec::new();
    for at in sorted {
        for call in lower_tag(cx, site, at, &at.tag) {
            if call.late {
                late.push(call);
            } else if call.deferred {
                deferred.push(call);
            } else {
                immediate.push(call);
            }
        }
    }
    immediate.extend(deferred);
    immediate.extend(late);
    immediate
}

/// Lowers one tag (possibly a chained payload of another tag) at a site.
pub(crate) fn lower_tag(cx: &mut Cx<'_>, site: &Site<'_>, at: &TagAt, tag: &Tag) -> Vec<Call> {
    let collection_value = match site.ty.map(|t| &t.leaf().shape) {
        Some(Shape::Map(..)) => Scope::MapVal,
        _ => Scope::ListVal,
    };
    if let Err(e) = check::type_check_with(tag, site.scope, |_| collection_value) {
        cx.error(at, e.message);
        return Vec::new();
    }
    let Some(name) = tag.tag_name() else {
        // `type_check` reports unknown names; this is not reached.
        cx.error(at, format!("unknown tag \"{}\"", tag.name));
        return Vec::new();
    };
    let release = cx.release;
    handlers::lowering(name)(cx, site, at, tag, release)
}

/// The chained payload tag, or an error naming the outer tag.
pub(crate) fn payload<'t>(cx: &mut Cx<'_>, at: &TagAt, tag: &'t Tag) -> Option<&'t Tag> {
    match &tag.value {
        Some(TagValue::Tag(t)) => Some(t),
        _ => {
            cx.error(
                at,
                format!(
                    "tag \"{}\" requires a validation tag as its value payload",
                    tag.name
                ),
            );
            None
        }
    }
}
