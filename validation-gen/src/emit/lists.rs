//! List semantics: `+k8s:listType=atomic|set|map`, `+k8s:listMapKey`,
//! `+k8s:unique=set|map`, `+k8s:customUnique` (runtime: `validate::lists`).
//! The semantics also decide how list elements correlate with the old list.

use proc_macro2::TokenStream;
use quote::quote;

use super::{list_elem, list_value, Call, Cx, Site};
use crate::model::{Shape, TagAt};
use crate::tags::{check, Release, Tag, TagName, Value};

pub(crate) use crate::model::{ListKind, ListMeta};

/// Code generation for list semantics (the data is [`ListMeta`], in the
/// model).
impl ListMeta {
    /// `|item| (list_map_key(fields::field::<k1, _>(item)), ...)`: the key of a
    /// list-map item.
    pub(crate) fn key_closure(&self) -> TokenStream {
        // Key fields must be primitives (or pointers to or newtypes of
        // them), as upstream requires; checked by rustc, at the tag.
        let keys = self.keys.iter().zip(&self.key_spans).map(|(k, span)| {
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
        // key types there, and reports them once.
        let closure = quote!(|item| (#(#keys,)*));
        match self.key_spans.first() {
            Some(span) => super::respan_keep_inner(closure, super::tag_span(*span)),
            None => closure,
        }
    }

    /// Iterates the list with correlation, calling `closure` per element.
    pub(crate) fn each_call(
        &self,
        _cx: &mut Cx<'_>,
        _site: &Site<'_>,
        list: &TokenStream,
        old_list: &TokenStream,
        closure: TokenStream,
    ) -> TokenStream {
        match self.semantics() {
            ListKind::Map => {
                let key = self.key_closure();
                quote!(validate::each_slice_val_map(errs, op, path, #list, #old_list, #key, #closure);)
            }
            ListKind::Set => {
                quote!(validate::each_slice_val_set(errs, op, path, #list, #old_list, #closure);)
            }
            ListKind::Atomic => {
                quote!(validate::each_slice_val(errs, op, path, #list, #old_list, #closure);)
            }
        }
    }

    /// The same iteration as an expression (pushing into `errs`).
    pub(crate) fn each_expr(
        &self,
        list: &TokenStream,
        old_list: &TokenStream,
        closure: TokenStream,
    ) -> TokenStream {
        match self.semantics() {
            ListKind::Map => {
                let key = self.key_closure();
                quote!(validate::each_slice_val_map(errs, op, path, #list, #old_list, #key, #closure))
            }
            ListKind::Set => {
                quote!(validate::each_slice_val_set(errs, op, path, #list, #old_list, #closure))
            }
            ListKind::Atomic => {
                quote!(validate::each_slice_val(errs, op, path, #list, #old_list, #closure))
            }
        }
    }
}

fn parse_kind(v: Option<&Value>, allow_atomic: bool) -> Result<ListKind, String> {
    match v {
        Some(Value::String(s)) if s == "atomic" && allow_atomic => Ok(ListKind::Atomic),
        Some(Value::String(s)) if s == "set" => Ok(ListKind::Set),
        Some(Value::String(s)) if s == "map" => Ok(ListKind::Map),
        Some(Value::String(s)) => Err(format!("{s:?}")),
        _ => Err("requires a string value".into()),
    }
}

/// Reads the list semantics of a site from its tags; `None` when it has none.
pub(crate) fn list_meta<'a>(
    cx: &mut Cx<'_>,
    tags: impl Iterator<Item = &'a TagAt>,
    site: &Site<'_>,
) -> Option<ListMeta> {
    let mut meta = ListMeta {
        list_type: None,
        unique: None,
        keys: Vec::new(),
        key_spans: Vec::new(),
        custom_unique: false,
    };
    // The tag each fact came from, to report a problem where it is.
    let mut list_type_at: Option<&TagAt> = None;
    let mut unique_at: Option<&TagAt> = None;
    let mut key_at: Option<&TagAt> = None;
    let mut last: Option<&TagAt> = None;
    for at in tags {
        // A tag that fails the catalog's check is reported by `lower_tag`.
        let list_tag = matches!(
            at.tag.tag_name(),
            Some(TagName::ListType | TagName::Unique | TagName::ListMapKey | TagName::CustomUnique)
        );
        if !list_tag || check::type_check(&at.tag, site.scope).is_err() {
            continue;
        }
        match at.tag.tag_name() {
            Some(TagName::ListType) => {
                if list_type_at.is_some() {
                    cx.error(at, "listType cannot be specified more than once");
                    return None;
                }
                match parse_kind(at.tag.scalar(), true) {
                    Ok(k) => meta.list_type = Some(k),
                    Err(e) => cx.error(at, format!("unknown list type {e}")),
                }
                list_type_at = Some(at);
            }
            Some(TagName::Unique) => {
                if unique_at.is_some() {
                    cx.error(at, "unique tag cannot be specified more than once");
                    return None;
                }
                match parse_kind(at.tag.scalar(), false) {
                    Ok(k) => meta.unique = Some(k),
                    Err(e) => cx.error(at, format!("unknown unique type {e}")),
                }
                unique_at = Some(at);
            }
            Some(TagName::ListMapKey) => {
                if let Some(Value::String(k)) = at.tag.scalar() {
                    meta.keys.push(k.clone());
                    meta.key_spans.push(at.span);
                }
                key_at = key_at.or(Some(at));
            }
            _ => meta.custom_unique = true,
        }
        last = Some(at);
    }
    let at = last?;
    if let Some(ty) = site.ty.map(|t| t.leaf()) {
        if !matches!(ty.shape, Shape::List(_) | Shape::Named) {
            cx.error(
                at,
                format!("can only be used on list types ({})", ty.kind_name()),
            );
            return None;
        }
    }
    if meta.list_type.is_none() && (meta.unique.is_some() || meta.custom_unique) {
        cx.error(
            unique_at.unwrap_or(at),
            "listType must be specified - use listType=atomic, listType=set, or listType=map",
        );
        return None;
    }
    if meta.unique.is_some() && meta.list_type != Some(ListKind::Atomic) {
        cx.error(
            unique_at.unwrap_or(at),
            "unique tag may not be used with listType=set or listType=map",
        );
        return None;
    }
    let map = meta.semantics() == ListKind::Map;
    if !meta.keys.is_empty() && !map {
        cx.error(
            key_at.unwrap_or(at),
            "found listMapKey without listType=map or unique=map",
        );
        return None;
    }
    if map && meta.keys.is_empty() {
        cx.error(
            unique_at.or(list_type_at).unwrap_or(at),
            "found listType=map or unique=map without listMapKey",
        );
        return None;
    }
    let scalar_elems = list_elem(site).is_some_and(|e| {
        matches!(
            e.leaf().shape,
            Shape::Str
                | Shape::Bool
                | Shape::Int(_)
                | Shape::Float
                | Shape::List(_)
                | Shape::Map(..)
        )
    });
    if map && scalar_elems {
        cx.error(
            unique_at.or(list_type_at).unwrap_or(at),
            "only lists of structs can be list-maps",
        );
        return None;
    }
    Some(meta)
}

/// `+k8s:listMapKey`, `+k8s:unique`, `+k8s:customUnique`: they only shape
/// the list semantics ([`list_meta`]); the uniqueness check is emitted once,
/// from `listType` (it sorts first).
pub(super) fn semantics_only(
    _: &mut Cx<'_>,
    _: &Site<'_>,
    _: &TagAt,
    _: &Tag,
    _: Release,
) -> Vec<Call> {
    Vec::new()
}

/// `+k8s:listType`: the uniqueness check of the site's list semantics.
pub(super) fn list_type(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    _: &TagAt,
    _: &Tag,
    _: Release,
) -> Vec<Call> {
    let Some(meta) = &site.list else {
        return Vec::new();
    };
    if meta.custom_unique {
        return Vec::new();
    }
    let (list, old) = (list_value(&site.leaf), list_value(&site.old_leaf));
    let call = match meta.semantics() {
        ListKind::Atomic => return Vec::new(),
        ListKind::Map => {
            let key = meta.key_closure();
            quote!(validate::unique_map(errs, op, path, #list, #old, #key))
        }
        ListKind::Set => {
            let hashable = list_elem(site)
                .is_some_and(|e| matches!(e.shape, Shape::Str | Shape::Int(_) | Shape::Bool));
            if hashable {
                quote!(validate::unique_set(errs, op, path, #list, #old))
            } else {
                quote!(validate::unique_set_by_eq(errs, op, path, #list, #old))
            }
        }
    };
    let _ = cx;
    vec![Call::errors(call).deferred()]
}
