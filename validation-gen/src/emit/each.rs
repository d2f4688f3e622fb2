//! `+k8s:eachVal=...`, `+k8s:eachKey=...` (runtime: `validate::each`): the
//! payload validates every list element, map value or map key, correlated
//! with the old value as the list semantics say.

use quote::quote;

use super::{invoke, leaf_ty, lower_rule, value_site, Call, Cx, Site};
use crate::front::behaviour::Behaviour;
use crate::front::{Rule, RuleAt, RuleKind, Scope, Shape, Ty};

/// `+k8s:eachVal=+<rule>` (`keys: false`), `+k8s:eachKey=+<rule>`.
pub(super) fn lower(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &RuleAt,
    keys: bool,
    inner: &Rule,
) -> Vec<Call> {
    let shape = leaf_ty(site).map(|t| &t.shape);
    match (shape, keys) {
        (Some(Shape::List(elem)), false) => {
            let elem_site = element_site(site, Scope::ListVal, elem, true);
            let calls = payload_calls(cx, &elem_site, at, false, inner);
            // 1.37: `None` elements of a list of pointers are skipped.
            let ptr = cx.behaviour.pointer_lists && elem.is_option();
            wrap(cx, calls, true, true, |closure| {
                let (list, old) = site.items();
                match &site.list {
                    Some(meta) => {
                        super::lists::each_expr(meta, site.key_bound, &list, &old, closure)
                    }
                    None if ptr => invoke(
                        quote!(validate::each_ptr_slice_val),
                        quote!(#list, #old, #closure),
                    ),
                    None => invoke(
                        quote!(validate::each_slice_val),
                        quote!(#list, #old, #closure),
                    ),
                }
            })
        }
        (Some(Shape::Map(_, value)), false) => {
            let elem_site = element_site(site, Scope::MapVal, value, true);
            let calls = payload_calls(cx, &elem_site, at, false, inner);
            wrap(cx, calls, true, true, |closure| {
                let (leaf, old) = (&site.leaf, &site.old_leaf);
                invoke(
                    quote!(validate::each_map_val),
                    quote!(#leaf, #old, #closure),
                )
            })
        }
        (Some(Shape::Map(key, value)), true) => {
            if cx.behaviour.each_key_checks_value_type
                && !value_type_accepts(cx, site, at, inner, value)
            {
                return Vec::new();
            }
            let elem_site = element_site(site, Scope::MapKey, key, false);
            let calls = payload_calls(cx, &elem_site, at, true, inner);
            wrap(cx, calls, false, false, |closure| {
                let (leaf, old) = (&site.leaf, &site.old_leaf);
                invoke(
                    quote!(validate::each_map_key),
                    quote!(#leaf, #old, #closure),
                )
            })
        }
        // A field of a named type (a list or map newtype the derive cannot
        // see into) or a subfield of another type: the runtime finds the
        // elements through `EachValue` / `MapLike`, and the element type is
        // not known here.
        (Some(Shape::Named) | None, false) => {
            let elem_site = opaque_element_site(cx.behaviour, site, Scope::ListVal, true);
            let calls = payload_calls(cx, &elem_site, at, false, inner);
            // 1.37: a subfield's list of pointers skips `None` elements; the
            // compiler knows whether it is one (`validate::Each`).
            let unknown = pointee_unknown(cx.behaviour, site);
            wrap(cx, calls, true, true, |closure| match &site.list {
                // A list whose semantics the site declares (a subfield's,
                // `subfield(x)=+k8s:listType=set`): elements correlate with
                // the old list by them.
                Some(meta) => {
                    let (list, old) = site.items();
                    super::lists::each_expr(meta, site.key_bound, &list, &old, closure)
                }
                None if unknown => {
                    let (leaf, old) = (&site.leaf, &site.old_leaf);
                    invoke(
                        quote!(validate::Each::of(#leaf).each_val),
                        quote!(#old, #closure),
                    )
                }
                None => {
                    let (leaf, old) = (&site.leaf, &site.old_leaf);
                    invoke(quote!(validate::each_val), quote!(#leaf, #old, #closure))
                }
            })
        }
        (Some(Shape::Named) | None, true) => {
            let elem_site = opaque_element_site(cx.behaviour, site, Scope::MapKey, false);
            let calls = payload_calls(cx, &elem_site, at, true, inner);
            wrap(cx, calls, false, false, |closure| {
                let (leaf, old) = (&site.leaf, &site.old_leaf);
                invoke(
                    quote!(validate::each_map_key),
                    quote!(#leaf, #old, #closure),
                )
            })
        }
        (Some(_), _) => {
            let kind = leaf_ty(site).map(Ty::kind_name).unwrap_or_default();
            let what = if keys { "map" } else { "list or map" };
            cx.error(at, format!("can only be used on {what} types ({kind})"));
            Vec::new()
        }
    }
}

/// The payload's calls at an element site. Through 1.37 they keep their
/// phase (a short-circuiting payload short-circuits the field); 1.38 runs
/// each as a plain pass over the collection, unmarked, and refuses a payload
/// that reports nothing (`optional`, `forbidden`'s stop, a `NonError`
/// fixed result): upstream's `checkNoNonError`.
fn payload_calls(
    cx: &mut Cx<'_>,
    elem_site: &Site<'_>,
    at: &RuleAt,
    keys: bool,
    inner: &Rule,
) -> Vec<Call> {
    if cx.behaviour.each_in_payload_phase {
        return lower_rule(cx, elem_site, at, inner);
    }
    if crate::front::rule_chain(inner).any(reports_nothing) {
        let tag = if keys { "k8s:eachKey" } else { "k8s:eachVal" };
        cx.error(
            at,
            format!("+{tag} does not support optional/non-error validations"),
        );
        return Vec::new();
    }
    let outer = std::mem::replace(&mut cx.unmarked, true);
    let calls = lower_rule(cx, elem_site, at, inner);
    cx.unmarked = outer;
    calls
        .into_iter()
        .filter_map(Call::without_short_circuit)
        .collect()
}

/// Whether a rule's validation reports nothing of its own and only stops
/// the ones after it (upstream's `NonError` flag): `optional`, `forbidden`
/// (its second function), a fixed result with `flags: "NonError"`.
fn reports_nothing(rule: &Rule) -> bool {
    match &rule.kind {
        RuleKind::Optional | RuleKind::Forbidden { .. } => true,
        RuleKind::Fixed(fixed) => fixed.non_error,
        _ => false,
    }
}

/// Kubernetes 1.35 type-checks an `eachKey` payload against the map's
/// *value* type (v0.35 `validators/each.go`: `Scope: ScopeMapKey, Type:
/// nt.Elem`; 1.36 checks the key type), so `eachKey=+k8s:maxLength=5` on a
/// `BTreeMap<String, i32>` is an error there: `can only be used on string
/// types (int32)`. Lowers the payload for a value site (its code is
/// dropped), reports what that lowering reports and says whether it passed.
/// The key type is checked afterwards too, since the payload runs on keys.
fn value_type_accepts(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &RuleAt,
    payload: &Rule,
    value: &Ty,
) -> bool {
    let (found, labels) = (cx.diags.found(), cx.labels);
    lower_rule(
        cx,
        &element_site(site, Scope::MapKey, value, false),
        at,
        payload,
    );
    // The dropped code's labels are free again.
    cx.labels = labels;
    cx.diags.found() == found
}

fn element_site<'a>(site: &Site<'a>, scope: Scope, elem: &'a Ty, with_old: bool) -> Site<'a> {
    let old = if with_old {
        quote!(old_value)
    } else {
        quote!(None)
    };
    let mut s = value_site(scope, elem, quote!(value), old, site.owner, None);
    s.enclosing_list = site.list.clone();
    s
}

/// Whether only the compiler knows if the site's elements are pointers (a
/// subfield's value, from Kubernetes 1.37, when `[]*T` elements are read
/// through the pointer): generated code then goes through `validate::Each` /
/// `validate::Elem`. (With list semantics the same fact is
/// `ListMeta::elems == Elems::Unknown`.)
fn pointee_unknown(behaviour: &Behaviour, site: &Site<'_>) -> bool {
    behaviour.pointer_lists && site.ty.is_none()
}

/// An element of a collection whose type the derive cannot see.
///
/// From Kubernetes 1.37 an element of a value whose type the derive does not
/// see at all (a subfield's) is read through its pointer when it is one
/// (`validate::Elem`), as upstream reads a `[]*T`'s elements.
pub(super) fn opaque_element_site<'a>(
    behaviour: &Behaviour,
    site: &Site<'a>,
    scope: Scope,
    with_old: bool,
) -> Site<'a> {
    let old = if with_old {
        quote!(old_value)
    } else {
        quote!(None)
    };
    let (leaf, old_leaf) = if pointee_unknown(behaviour, site) && with_old {
        (
            quote!(validate::Elem::of(value).leaf()),
            quote!(old_value.and_then(|v| validate::Elem::of(v).leaf())),
        )
    } else {
        (quote!(Some(value)), old.clone())
    };
    Site {
        scope,
        ty: None,
        whole: quote!(value),
        whole_opt: quote!(Some(value)),
        old_whole: old,
        this: quote!(Some(self)),
        leaf,
        old_leaf,
        owner: site.owner,
        field: None,
        list: None,
        enclosing_list: None,
        opaque: false,
        items: None,
        key_bound: false,
    }
}

/// The wrapper calls around the payload's calls (see
/// [`super::wrapper_calls`]): the one around the payload's short-circuits
/// ends the field's default cohort when any element fires (upstream's
/// `eachVal` keeps no cohort). `eachVal` runs after the site's other tags
/// (upstream's late validator, after list metadata is known); `eachKey`
/// keeps its place in tag-name order.
fn wrap(
    cx: &mut Cx<'_>,
    calls: Vec<Call>,
    deferred: bool,
    with_old: bool,
    build: impl Fn(proc_macro2::TokenStream) -> proc_macro2::TokenStream,
) -> Vec<Call> {
    let mut calls = super::wrapper_calls(cx, calls, with_old, |_, closure| build(closure));
    for call in &mut calls {
        call.deferred = deferred;
    }
    calls
}

/// `impl EachValue` for a list or map newtype: `+k8s:eachVal` on a field of
/// this type visits its items, correlated as the newtype's own list
/// metadata says (upstream reads a typedef's list metadata for its fields).
pub(super) fn each_value_impl(
    model: &crate::front::TypeModel,
    inner: &Ty,
    list: Option<&super::ListMeta>,
) -> proc_macro2::TokenStream {
    let rt = super::rt();
    let ident = &model.ident;
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();
    let (item, body, adapted) = match &inner.shape {
        Shape::List(elem) => {
            let items = quote!(Some(self.0.as_slice()));
            let old = quote!(old.map(|o| o.0.as_slice()));
            // 1.37, a list of pointers: the list functions skip `None`
            // elements, so the items a field's `eachVal` sees are the
            // pointees (`Item = T` for `Vec<Option<T>>`).
            let pointee = match &elem.shape {
                Shape::Option(t) if model.behaviour.pointer_lists => Some(t),
                _ => None,
            };
            let validator = if pointee.is_some() {
                quote!(|errs, path, value, old_value| {
                    if let Some(value) = value {
                        validator(
                            errs,
                            path,
                            value,
                            old_value.and_then(::core::option::Option::as_ref),
                        );
                    }
                })
            } else {
                quote!(validator)
            };
            let body = match list {
                Some(meta) => super::lists::each_expr(meta, false, &items, &old, validator),
                None if pointee.is_some() => invoke(
                    quote!(validate::each_ptr_slice_val),
                    quote!(#items, #old, #validator),
                ),
                None => invoke(
                    quote!(validate::each_slice_val),
                    quote!(#items, #old, #validator),
                ),
            };
            (pointee.map_or(&elem.ty, |t| &t.ty), body, pointee.is_some())
        }
        Shape::Map(_, value) => (
            &value.ty,
            quote!(validate::each_map_val(
                errs,
                op,
                path,
                Some(&self.0),
                old.map(|o| &o.0),
                validator
            )),
            false,
        ),
        _ => return proc_macro2::TokenStream::new(),
    };
    let validator = if adapted {
        quote!(mut validator)
    } else {
        quote!(validator)
    };
    quote! {
        impl #impl_generics #rt::validate::EachValue for #ident #ty_generics #where_clause {
            type Item = #item;
            fn each_value(
                &self,
                errs: &mut #rt::ErrorList,
                op: &#rt::Operation,
                path: &#rt::field::Path<'_>,
                old: ::core::option::Option<&Self>,
                #validator: impl FnMut(&mut #rt::ErrorList, &#rt::field::Path<'_>, &Self::Item, ::core::option::Option<&Self::Item>),
            ) {
                #[allow(unused_imports)]
                use #rt::validate;
                #body
            }
        }
    }
}
