//! List semantics: `+k8s:listType=atomic|set|map`, `+k8s:listMapKey`,
//! `+k8s:unique=set|map`, `+k8s:customUnique` (runtime: `validate::lists`).
//! The semantics also decide how list elements correlate with the old list.

use proc_macro2::TokenStream;
use quote::quote;

use super::{invoke, list_elem, Call, Site};
use crate::front::Shape;

pub(crate) use crate::front::{Elems, ListKind, ListMeta};

/// `|item| (list_map_key(fields::field::<k1, _>(item)), ...)`: the key of a
/// list-map item, or `item_key` where the enclosing field block bound it
/// (`bound`: it is used more than once there).
pub(crate) fn key_closure(meta: &ListMeta, bound: bool) -> TokenStream {
    if bound {
        return quote!(item_key);
    }
    // Key fields must be primitives (or pointers to or newtypes of
    // them), as upstream requires; checked by rustc, at the tag.
    let keys = meta.keys.iter().zip(&meta.key_spans).map(|(k, span)| {
        let field = super::field_access(k, quote!(item), false, *span);
        let check = super::respan(quote!(validate::list_map_key), super::tag_span(*span));
        let mut args = proc_macro2::Group::new(proc_macro2::Delimiter::Parenthesis, field);
        args.set_span(super::tag_span(*span));
        let view = super::respan(quote!(validate::key_view), super::tag_span(*span));
        let mut checked =
            proc_macro2::Group::new(proc_macro2::Delimiter::Parenthesis, quote!(#check #args));
        checked.set_span(super::tag_span(*span));
        quote!(#view #checked)
    });
    // The closure is located at the (first) tag too: rustc checks its
    // key types there, and reports them once. Pointer elements (1.37):
    // the key of a `Some` element (`None` ones are skipped).
    let closure = if meta.ptr_elems() {
        quote!(|item| item.as_ref().map(|item| (#(#keys,)*)))
    } else {
        quote!(|item| (#(#keys,)*))
    };
    match meta.key_spans.first() {
        Some(span) => super::respan_keep_inner(closure, super::tag_span(*span)),
        None => closure,
    }
}

/// Iterates the list with correlation, calling `closure` per element: an
/// expression pushing into `errs` (`bound`: see [`key_closure`]).
pub(crate) fn each_expr(
    meta: &ListMeta,
    bound: bool,
    list: &TokenStream,
    old_list: &TokenStream,
    closure: TokenStream,
) -> TokenStream {
    if meta.elems == Elems::Unknown {
        // The compiler picks the plain or the pointer function by the
        // element type (`validate::Elems`); keys read the pointee.
        return match meta.semantics() {
            ListKind::Map => {
                let key = key_closure(meta, bound);
                invoke(
                    quote!(validate::Elems::of(#list).each_val_map),
                    quote!(#old_list, #key, #closure),
                )
            }
            ListKind::Set => invoke(
                quote!(validate::Elems::of(#list).each_val_set),
                quote!(#old_list, #closure),
            ),
            ListKind::Atomic => invoke(
                quote!(validate::Elems::of(#list).each_val),
                quote!(#old_list, #closure),
            ),
        };
    }
    match (meta.semantics(), meta.ptr_elems()) {
        (ListKind::Map, false) => {
            let key = key_closure(meta, bound);
            invoke(
                quote!(validate::each_slice_val_map),
                quote!(#list, #old_list, #key, #closure),
            )
        }
        (ListKind::Set, false) => invoke(
            quote!(validate::each_slice_val_set),
            quote!(#list, #old_list, #closure),
        ),
        (ListKind::Atomic, false) => invoke(
            quote!(validate::each_slice_val),
            quote!(#list, #old_list, #closure),
        ),
        (ListKind::Map, true) => {
            let key = key_closure(meta, bound);
            invoke(
                quote!(validate::each_ptr_slice_val_map),
                quote!(#list, #old_list, #key, #closure),
            )
        }
        (ListKind::Set, true) => invoke(
            quote!(validate::each_ptr_slice_val_set),
            quote!(#list, #old_list, #closure),
        ),
        (ListKind::Atomic, true) => invoke(
            quote!(validate::each_ptr_slice_val),
            quote!(#list, #old_list, #closure),
        ),
    }
}

/// `+k8s:listType`: the uniqueness check of the site's list semantics
/// (`+k8s:listMapKey`, `+k8s:unique`, `+k8s:customUnique` only shape them,
/// as resolved by the check stage, `front::check`; the check is emitted
/// once, from `listType`, which sorts first).
pub(super) fn list_type(site: &Site<'_>) -> Vec<Call> {
    let Some(meta) = &site.list else {
        return Vec::new();
    };
    if meta.custom_unique {
        return Vec::new();
    }
    let (list, old) = site.items();
    let call = match meta.semantics() {
        ListKind::Atomic => return Vec::new(),
        ListKind::Map if meta.elems == Elems::Unknown => {
            let key = key_closure(meta, site.key_bound);
            invoke(
                quote!(validate::Elems::of(#list).unique_map),
                quote!(#old, #key),
            )
        }
        ListKind::Set if meta.elems == Elems::Unknown => {
            invoke(quote!(validate::Elems::of(#list).unique_set), quote!(#old))
        }
        ListKind::Map if meta.ptr_elems() => {
            let key = key_closure(meta, site.key_bound);
            invoke(
                quote!(validate::ptr_slice_unique_map),
                quote!(#list, #old, #key),
            )
        }
        ListKind::Set if meta.ptr_elems() => {
            invoke(quote!(validate::ptr_slice_unique_set), quote!(#list, #old))
        }
        ListKind::Map => {
            let key = key_closure(meta, site.key_bound);
            invoke(quote!(validate::unique_map), quote!(#list, #old, #key))
        }
        ListKind::Set => {
            let hashable = list_elem(site)
                .is_some_and(|e| matches!(e.shape, Shape::Str | Shape::Int(_) | Shape::Bool));
            if hashable {
                invoke(quote!(validate::unique_set), quote!(#list, #old))
            } else {
                invoke(quote!(validate::unique_set_by_eq), quote!(#list, #old))
            }
        }
    };
    // Marked with the level of its `listType` / `unique` when declared under
    // `+k8s:alpha` / `+k8s:beta`, also when lowered from a bare `listType`
    // (`listType=atomic` with `alpha=+k8s:unique=map`).
    super::wrappers::mark_level(vec![Call::errors(call).deferred()], meta.level)
}
