//! `+k8s:update=NoSet|NoUnset|NoModify|NoAddItem|NoRemoveItem` (runtime:
//! `validate::update`). All constraints of a site merge into one call.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::lists::ListKind;
use super::{invoke, Call, Cx, Site};
use crate::front::{Constraint, RuleAt, RuleKind, Shape, TagName};

/// `+k8s:update=<constraint>` (read, and known to the release, by
/// the front half (`front::rules`)): every update tag of the site merges into one call.
pub(super) fn lower(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &RuleAt,
    constraint: Constraint,
) -> Vec<Call> {
    // 1.35 and 1.36 have update constraints on struct fields only, and not on
    // a list or map (`validators/update.go`: valid scopes `ScopeField`;
    // `validateConstraintsForType`), reported at the first update tag.
    if !cx.behaviour.update_on_collections {
        if site.scope != crate::front::Scope::Field {
            cx.error(
                at,
                crate::front::not_in_scope(TagName::Update.as_str(), site.scope),
            );
            return Vec::new();
        }
        let leaf_shape = site.ty.map(|t| &t.leaf().shape);
        // A subfield's type is not known here; list semantics say it is a list.
        let list = matches!(leaf_shape, Some(Shape::List(_) | Shape::Map(..)))
            || (site.ty.is_none() && site.list.is_some());
        let first = site
            .field
            .and_then(|f| f.rules.named(TagName::Update).next())
            .is_none_or(|first| std::ptr::eq(first, at));
        if list {
            if first {
                cx.error(
                    at,
                    format!(
                        "+k8s:update={} is currently not supported on list or map fields",
                        constraint.as_str()
                    ),
                );
            }
            return Vec::new();
        }
    }
    // Merge every update tag of the site into one call. From 1.36 the tags
    // under `+k8s:alpha` / `+k8s:beta` count too; upstream runs them last
    // (alpha, then beta) and marks the call with the level of the last one
    // (`validators/update.go`, `um.stabilityLevel`): the call is then
    // emitted from that tag, whose wrapper marks it.
    let all: Vec<&RuleAt> = match (site.field, site.scope) {
        (Some(f), crate::front::Scope::Field) => {
            let mut all: Vec<&RuleAt> = f.rules.named(TagName::Update).collect();
            if cx.behaviour.stability_levels.is_some() {
                for level in [TagName::Alpha, TagName::Beta] {
                    all.extend(f.rules.iter().filter(|a| {
                        a.rule.is(level) && a.rule.chained().is_some_and(|t| t.is(TagName::Update))
                    }));
                }
            }
            all
        }
        _ => vec![at],
    };
    let leveled = all.iter().any(|a| !a.rule.is(TagName::Update));
    let emitter = if leveled { all.last() } else { all.first() };
    if emitter.is_some_and(|e| !std::ptr::eq(*e, at)) {
        return Vec::new();
    }
    let update_tag = |a: &&RuleAt| -> Option<Constraint> {
        let rule = &a.rule;
        let rule = if rule.is(TagName::Update) {
            rule
        } else {
            rule.chained()?
        };
        match rule.kind {
            RuleKind::Update(c) => Some(c),
            _ => None,
        }
    };
    let mut constraints: Vec<Constraint> = all.iter().filter_map(update_tag).collect();
    if constraints.is_empty() {
        constraints.push(constraint);
    }
    // In upstream's order.
    constraints.sort();
    constraints.dedup();
    let shape = site.ty.map(|t| &t.shape);
    let leaf_shape = site.ty.map(|t| &t.leaf().shape);
    let collection = matches!(leaf_shape, Some(Shape::List(_) | Shape::Map(..)));
    let has_items = constraints
        .iter()
        .any(|c| matches!(c, Constraint::NoAddItem | Constraint::NoRemoveItem));
    if matches!(
        site.scope,
        crate::front::Scope::ListVal | crate::front::Scope::MapVal
    ) {
        if let Some(c) = constraints.iter().find(|c| **c != Constraint::NoModify) {
            let c = c.as_str();
            cx.error(at, format!("+k8s:update={c} does not apply to list values, attach it to the enclosing field"));
            return Vec::new();
        }
        if site.scope == crate::front::Scope::ListVal {
            let sem = site.enclosing_list.as_ref().map(|m| m.semantics());
            if sem != Some(ListKind::Map) {
                let got = match sem {
                    Some(ListKind::Set) => "set",
                    _ => "atomic",
                };
                cx.error(
                    at,
                    format!("+k8s:eachVal=+k8s:update=NoModify requires the enclosing list to use listType=map or unique=map (got {got})"),
                );
                return Vec::new();
            }
        }
    }
    if has_items && !collection && !matches!(leaf_shape, None | Some(Shape::Named)) {
        cx.error(
            at,
            "+k8s:update=NoAddItem and NoRemoveItem can only be used on list or map fields",
        );
        return Vec::new();
    }
    if collection
        && constraints.contains(&Constraint::NoModify)
        && site.scope == crate::front::Scope::Field
    {
        cx.error(at, "+k8s:update=NoModify cannot be used on list or map fields, use +k8s:eachVal=+k8s:update=NoModify for per-item immutability");
        return Vec::new();
    }
    let list: Vec<_> = constraints
        .iter()
        .map(|c| {
            let id = format_ident!("{}", c.as_str());
            quote!(validate::UpdateConstraint::#id)
        })
        .collect();
    let (leaf, old) = (&site.leaf, &site.old_leaf);
    let call = match (shape, leaf_shape) {
        // A subfield's list (1.37): the compiler picks `PtrSliceUpdate` for a
        // list of pointers (`validate::Elems`); items match as the list's
        // semantics say.
        (None, None) if site.list.is_some() => {
            let meta = site.list.as_ref().expect("matched on is_some");
            let same = match meta.semantics() {
                ListKind::Map => same_keys(meta, quote!(validate)),
                ListKind::Set => quote!(validate::semantic_eq(a, b)),
                ListKind::Atomic if has_items => {
                    cx.error(at, "+k8s:update=NoAddItem and NoRemoveItem require list metadata (+k8s:listType with listMapKey, or +k8s:unique)");
                    return Vec::new();
                }
                ListKind::Atomic => TokenStream::new(),
            };
            let (l, o) = site.items();
            if same.is_empty() {
                invoke(
                    quote!(validate::Elems::of(#l).update),
                    quote!(#o, &[#(#list),*]),
                )
            } else {
                invoke(
                    quote!(validate::Elems::of(#l).update_by),
                    quote!(#o, |a, b| #same, &[#(#list),*]),
                )
            }
        }
        // A list or map typedef: its own list metadata identifies items.
        (_, Some(Shape::Named)) if has_items => invoke(
            quote!(validate::update_items),
            quote!(#leaf, #old, &[#(#list),*]),
        ),
        (_, Some(Shape::List(elem))) => {
            let matcher = match site.list.as_ref().map(|m| (m.semantics(), m)) {
                Some((ListKind::Map, m)) => same_key_matcher(m, &elem.ty, quote!(validate)),
                Some((ListKind::Set, _)) => quote!(Some(&|a, b| validate::semantic_eq(a, b))),
                _ if has_items => {
                    cx.error(at, "+k8s:update=NoAddItem and NoRemoveItem require list metadata (+k8s:listType with listMapKey, or +k8s:unique)");
                    return Vec::new();
                }
                _ => quote!(None),
            };
            let (l, o) = site.items();
            if site.list.as_ref().is_some_and(|m| m.ptr_elems()) {
                invoke(
                    quote!(validate::update_ptr_list),
                    quote!(#l, #o, #matcher, &[#(#list),*]),
                )
            } else {
                invoke(
                    quote!(validate::update_list),
                    quote!(#l, #o, #matcher, &[#(#list),*]),
                )
            }
        }
        (_, Some(Shape::Map(..))) => invoke(
            quote!(validate::update_map),
            quote!(#leaf, #old, &[#(#list),*]),
        ),
        (Some(Shape::Option(_)), _) => invoke(
            quote!(validate::update_pointer),
            quote!(#leaf, #old, &[#(#list),*]),
        ),
        _ => invoke(
            quote!(validate::update_value),
            quote!(#leaf, #old, &[#(#list),*]),
        ),
    };
    // A struct value cannot be unset: upstream rejects these two on it.
    let call = match constraints
        .iter()
        .find(|c| matches!(c, Constraint::NoSet | Constraint::NoUnset))
    {
        Some(c) => super::unless_struct(
            site.ty,
            super::tag_span(at.span),
            &format!(
                "+k8s:update={} cannot be used on non-pointer struct fields (they cannot be unset)",
                c.as_str()
            ),
            call,
        ),
        None => call,
    };
    vec![Call::errors(call).short_circuit().deferred()]
}

/// The item matcher of a list-map for `update_list` / `update_ptr_list`:
/// `Some(&|a, b| ...)`, true when every key of `a` equals `b`'s; for a list
/// of `Option`s (`update_ptr_list`) only `Some` items match. `validate` is the
/// path the runtime's `validate` module is reached by.
fn same_key_matcher(
    m: &super::ListMeta,
    elem: &syn::Type,
    validate: proc_macro2::TokenStream,
) -> proc_macro2::TokenStream {
    let same = same_keys(m, validate);
    if m.ptr_elems() {
        quote!(Some(&|a: &#elem, b: &#elem| match (a, b) {
            (Some(a), Some(b)) => #same,
            _ => false,
        }))
    } else {
        quote!(Some(&|a: &#elem, b: &#elem| {
            #same
        }))
    }
}

/// `key_view(a.k1) == key_view(b.k1) && ...`: whether the items `a` and `b`
/// have the same list-map keys.
fn same_keys(m: &super::ListMeta, validate: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    let same = m.keys.iter().zip(&m.key_spans).map(|(k, span)| {
        let (fa, fb) = (
            super::field_access(k, quote!(a), false, *span),
            super::field_access(k, quote!(b), false, *span),
        );
        quote!(#validate::key_view(#fa) == #validate::key_view(#fb))
    });
    quote!(#(#same)&&*)
}

/// `impl UpdateItems` for a list or map newtype, so that `NoAddItem` /
/// `NoRemoveItem` on a field of this type identify items by the newtype's
/// own list metadata.
pub(super) fn update_items_impl(
    model: &crate::front::TypeModel,
    inner: &crate::front::Ty,
    list: Option<&super::ListMeta>,
) -> proc_macro2::TokenStream {
    let rt = super::rt();
    let ident = &model.ident;
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();
    let body = match &inner.shape {
        Shape::List(elem) => {
            let elem = &elem.ty;
            let matcher = match list.map(|m| (m.semantics(), m)) {
                Some((ListKind::Map, m)) => same_key_matcher(m, elem, quote!(#rt::validate)),
                Some((ListKind::Set, _)) => {
                    quote!(Some(&|a: &#elem, b: &#elem| #rt::SemanticEq::semantic_eq(a, b)))
                }
                _ => quote!(None),
            };
            let f = if list.is_some_and(|m| m.ptr_elems()) {
                quote!(update_ptr_list)
            } else {
                quote!(update_list)
            };
            quote! {
                #rt::validate::#f(errs, op,
                    path,
                    value.map(|v| v.0.as_slice()),
                    old.map(|v| v.0.as_slice()),
                    #matcher,
                    constraints,
                )
            }
        }
        Shape::Map(..) => invoke(
            quote!(#rt::validate::update_map),
            quote!(value.map(|v| &v.0), old.map(|v| &v.0), constraints),
        ),
        _ => return proc_macro2::TokenStream::new(),
    };
    quote! {
        impl #impl_generics #rt::validate::UpdateItems for #ident #ty_generics #where_clause {
            fn update_items(
                errs: &mut #rt::ErrorList,
                op: &#rt::Operation,
                path: &#rt::field::Path<'_>,
                value: ::core::option::Option<&Self>,
                old: ::core::option::Option<&Self>,
                constraints: &[#rt::validate::UpdateConstraint],
            ) {
                #body
            }
        }
    }
}
