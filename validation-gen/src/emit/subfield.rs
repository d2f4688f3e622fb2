//! `+k8s:subfield(name)=...` (runtime: `validate::subfield`): the payload
//! validates one field of a struct-typed value, found by JSON name through
//! `k8s_validation::HasField`, which the struct's own derive implements
//! (and which can be implemented by hand for a foreign struct).

use proc_macro2::TokenStream;
use quote::quote;

use super::{emit_calls, invoke, leaf_ty, lower_rule, lower_site, Call, Cx, Exit, Site};
use crate::front::behaviour::SubfieldLists;
use crate::front::{
    Field, ListContext, Rule, RuleAt, RuleKind, Scope, Shape, TagName, TypeKind, TypeModel,
};

/// `+k8s:subfield(<name>)=+<rule>` (nested subfields, which 1.37 rejects,
/// were refused when the tag was read).
pub(super) fn lower(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &RuleAt,
    name: &str,
    inner: &Rule,
) -> Vec<Call> {
    let behaviour = cx.behaviour;
    let name = name.to_owned();
    // 1.36 on: union tags through the subfield, validated on the whole
    // value (v0.36.0 `union.go` keys a union by the member's `ParentPath`,
    // which `subfield` sets to the field, and the field's union validator
    // emits it; v0.37.2 defers it to the field).
    if behaviour.unions_through_subfield && super::union::is_wrapped_union_tag(inner, behaviour) {
        return super::union::subfield_unions(cx, site, at);
    }
    match leaf_ty(site).map(|t| &t.shape) {
        Some(Shape::Named) => {}
        Some(_) => {
            let kind = leaf_ty(site).map(|t| t.kind_name()).unwrap_or_default();
            cx.error(at, format!("can only be used on struct types: {kind}"));
            return Vec::new();
        }
        // On the struct itself: its own fields.
        None if site.scope == crate::front::Scope::Type
            && site.owner.field_by_json(&name).is_none() =>
        {
            cx.error(at, format!("no field for json name {name:?}"));
            return Vec::new();
        }
        None => {}
    }
    // Spanned at the tag: a name that is not a field of the struct is
    // reported there by rustc.
    let leaf_of = |expr| super::field_access(&name, expr, true, at.span);
    let (leaf_s, leaf_old) = (leaf_of(quote!(s)), leaf_of(quote!(s)));
    let whole_s = super::field_access(&name, quote!(s), false, at.span);
    let inner_site = Site {
        scope: crate::front::Scope::Field,
        ty: None,
        whole: quote!(value),
        whole_opt: quote!(value),
        old_whole: quote!(old_value),
        this: quote!(Some(self)),
        leaf: quote!(parent.and_then(|s| #leaf_s)),
        old_leaf: quote!(old_parent.and_then(|s| #leaf_old)),
        owner: site.owner,
        field: None,
        list: None,
        enclosing_list: None,
        opaque: true,
        items: None,
        key_bound: false,
    };
    let mut inner_site = inner_site;
    let mut calls = if behaviour.subfield_lists == SubfieldLists::EachTagChecked {
        // 1.35 reads a subfield's list tags one `subfield` tag at a time:
        // after each, the list semantics declared so far are checked and,
        // when they are a set, the uniqueness check is added to that tag's
        // validations (so a set with two `subfield(x)=` tags checks twice,
        // and a list-map, whose `listType` and `listMapKey` are two tags,
        // is an error at the first of them). Checked against v0.35.0.
        let Ok(meta) = lists_so_far(cx, true, site, at, &name) else {
            return Vec::new();
        };
        inner_site.list = meta;
        let mut calls = lower_rule(cx, &inner_site, at, inner);
        if !inner.is(TagName::ListType) {
            calls.extend(super::lists::list_type(&inner_site));
        }
        calls
    } else if behaviour.subfield_lists == SubfieldLists::EachTag {
        // 1.36 also reads them one tag at a time, without checking them:
        // `eachVal` correlates and `item` selects by the semantics declared
        // by the `subfield(x)=` tags before it, and no uniqueness check is
        // emitted (v0.36.0 generates nothing for `subfield(x)=+k8s:listType=set`).
        if inner.is(TagName::ListType) {
            return Vec::new();
        }
        inner_site.list = lists_so_far(cx, false, site, at, &name).unwrap_or(None);
        lower_rule(cx, &inner_site, at, inner)
    } else {
        inner_site.list = subfield_list_meta(cx, site, &name);
        lower_rule(cx, &inner_site, at, inner)
    };
    if calls.is_empty() {
        return Vec::new();
    }
    if inner.is(TagName::Optional) {
        // Upstream reads the subfield's own `+default` here: a defaulted
        // subfield is required, one with a zero default on a value field is
        // not checked at all (the struct's derive says which).
        let name_ty = super::field_name_ty(&name);
        let mode = quote!(validate::optional_default::<#name_ty>(parent));
        let required = invoke(quote!(validate::required), quote!(value, old_value));
        calls = vec![
            Call::errors(quote!(if #mode == validate::OptionalDefault::Required {
                #required
            }))
            .short_circuit(),
            Call::stop_if(quote!(
                (#mode == validate::OptionalDefault::None && validate::is_unset(value))
            )),
        ];
    }
    // On a typedef of a struct (a newtype, as a field or at type level),
    // the fields are the struct's behind it (its `HasField` forwards).
    let (parent, old_parent) = (&site.leaf, &site.old_leaf);
    // The payload's short-circuits (`+k8s:subfield(x)=+k8s:optional`, ...)
    // end the cohort `x`, as in Kubernetes 1.35. (1.35 does not copy the
    // subfield's own short-circuiting tags into this cohort; that arrived
    // in 1.37.)
    let mut calls = super::calls::cohort_wrapper_calls(cx, calls, &name, |_, closure| {
        let call = invoke(
            quote!(validate::subfield),
            quote!(parent, old_parent, #name, |s| Some(#whole_s), #closure),
        );
        quote!({
            let parent = #parent;
            let old_parent = #old_parent;
            #call
        })
    });
    // 1.37: the subfield's own short-circuits (`required`, `optional`, ...,
    // from the struct's derive: `HasField::short_circuits`) end the cohort
    // too, silently, after the payload's; not through an opaque field. As
    // upstream runs them through `Subfield`, an unchanged subfield on
    // update does not stop.
    if behaviour.subfield_inherits_short_circuits && !site.field.is_some_and(is_opaque_field) {
        let name_ty = super::field_name_ty(&name);
        let rt = super::rt();
        calls.push(Call::stop_if(quote!(validate::subfield_stops(
            op,
            #parent,
            #old_parent,
            |s| Some(#whole_s),
            |p, old_p| #rt::fields::short_circuits::<#name_ty, _>(p, op, path, old_p),
        ))));
    }
    for call in &mut calls {
        // From 1.38 the payload's phase is kept (upstream's subfield wraps
        // its payload's functions as functions, its deferred as deferred).
        call.deferred |= behaviour.subfield_deferred;
        call.cohort.get_or_insert_with(|| name.clone());
    }
    // A presence tag on a struct value through the subfield is refused as on
    // the field itself (`non-pointer structs cannot use the "k8s:required"
    // tag`): the subfield's type is known to the compiler only, through the
    // parent's `HasField`.
    // (An element site of a list typedef does not know its type: nothing.)
    let parent = match leaf_ty(site) {
        Some(t) => {
            let ty = &t.ty;
            Some(quote!(#ty))
        }
        None if site.scope == Scope::Type => Some(quote!(Self)),
        None => None,
    };
    if let (Some(presence), Some(parent)) = (presence_tag(inner), parent) {
        let n = super::field_name_ty(&name);
        let assert = super::not_struct_assertion(
            quote!(<#parent as __rt::HasField<#n>>::Value),
            super::tag_span(at.span),
            &super::required::on_struct(presence),
        );
        if let Some(first) = calls.first_mut() {
            *first = first.clone().preceded_by(&assert);
        }
    }
    calls
}

/// The presence tag `rule` is, if any: `k8s:required`, `k8s:optional` or
/// `k8s:forbidden`.
fn presence_tag(rule: &Rule) -> Option<&'static str> {
    match rule.kind {
        RuleKind::Required { .. } | RuleKind::Optional | RuleKind::Forbidden { .. } => {
            Some(rule.tag_name())
        }
        _ => None,
    }
}

/// `+k8s:opaqueType` on the field, alone or under `+k8s:alpha` / `+k8s:beta`.
fn is_opaque_field(field: &Field) -> bool {
    field.rules.iter().any(|t| {
        t.rule.is(TagName::OpaqueType)
            || (matches!(t.rule.name, TagName::Alpha | TagName::Beta)
                && t.rule.chained().is_some_and(|c| c.is(TagName::OpaqueType)))
    })
}

/// `fn short_circuits` of the `HasField` impl of `field` (see
/// `k8s_validation::HasField::short_circuits`): whether the field's own
/// short-circuiting validations stop, reporting nothing. Code generated for
/// Kubernetes 1.37 reads it before a `+k8s:subfield` validation of the
/// field. Nothing for an opaque field, one without short-circuiting tags, or
/// one whose tags have errors (reported where the field is validated), and
/// nothing for a struct validated as an earlier release, whose subfields
/// inherit nothing (the struct's release decides, as its tags say what its
/// fields' short-circuits are).
pub(crate) fn field_short_circuits(
    cx: &mut Cx<'_>,
    model: &TypeModel,
    field: &Field,
) -> TokenStream {
    if !model.behaviour.subfield_inherits_short_circuits
        || is_opaque_field(field)
        || model.rules.has(TagName::OpaqueType)
    {
        return TokenStream::new();
    }
    // Lowered a second time, without reporting (the field's own lowering
    // reports), and with labels of its own (the method is a body of its own).
    let (body, found) = cx.muted(|cx| {
        let labels = std::mem::replace(&mut cx.labels, 0);
        let site = Site::field(model, field, cx.field_list(field));
        let tags: Vec<&RuleAt> = field.rules.iter().collect();
        // Wrapped short-circuits (`+k8s:item(...)=+k8s:immutable`, `eachVal`)
        // too, as upstream's `copyShortCircuitsAsNonError` keeps every
        // function with the flag, deferred ones included.
        let calls: Vec<Call> = lower_site(cx, &site, &tags)
            .into_iter()
            .filter(|c| c.short_circuit)
            .map(|mut c| {
                c.cohort = None;
                c
            })
            .collect();
        let body = (!calls.is_empty()).then(|| {
            let label = syn::Lifetime::new("'short_circuit", proc_macro2::Span::call_site());
            emit_calls(cx, calls, &Exit::Break(label))
        });
        cx.labels = labels;
        body
    });
    let Some(body) = body.filter(|_| found == 0) else {
        return TokenStream::new();
    };
    let rt = super::rt();
    let member = &field.member;
    quote! {
        fn short_circuits(
            &self,
            op: &#rt::Operation,
            path: &#rt::field::Path<'_>,
            old: ::core::option::Option<&Self>,
        ) -> bool {
            let (value, old_value) = (&self.#member, old.map(|old| &old.#member));
            let errs = &mut #rt::ErrorList::new();
            'short_circuit: {
                #body
                return false;
            }
            true
        }
    }
}

/// Kubernetes 1.35 and 1.36: the list semantics of subfield `name` declared
/// by the `subfield(name)=` tags of the site up to `at`, in source order (as
/// upstream's list validator sees them after each tag; resolved by the check
/// stage). With `check` (1.35) they are checked as that validator does,
/// `Err` when the check failed (reported at `at`); without, they are taken
/// as they are.
fn lists_so_far(
    cx: &mut Cx<'_>,
    check: bool,
    site: &Site<'_>,
    at: &RuleAt,
    name: &str,
) -> Result<Option<super::ListMeta>, ()> {
    let Some(owner) = site.list_owner() else {
        return Ok(None);
    };
    let (meta, problems) = cx.lists.subfield_so_far(&owner, name, at.order);
    if check && !problems.is_empty() {
        for message in problems {
            cx.error(at, format!("field validator \"listValidator\": {message}"));
        }
        return Err(());
    }
    Ok(meta.cloned())
}

/// The list semantics declared for a subfield through sibling tags
/// (`+k8s:subfield(x)=+k8s:listType=map`, `...=+k8s:listMapKey=k`), as the
/// check stage resolved them, so that the subfield's uniqueness and element
/// correlation follow them (Kubernetes 1.37).
fn subfield_list_meta(cx: &Cx<'_>, site: &Site<'_>, name: &str) -> Option<super::ListMeta> {
    let owner = site.list_owner()?;
    let context = ListContext::Subfield(name.to_owned());
    cx.lists.get(&owner, &context).cloned()
}

/// A typedef of a struct (a tuple newtype of a named type, Go's `type T S`)
/// has the fields of the struct behind it: `HasField<N>` for every `N` the
/// inner type has (through any number of typedefs). A struct's own fields
/// are implemented with its other helpers.
pub(crate) fn host_impl(model: &TypeModel) -> proc_macro2::TokenStream {
    let rt = super::rt();
    let ident = &model.ident;
    let TypeKind::Newtype(inner) = &model.kind else {
        return proc_macro2::TokenStream::new();
    };
    if !matches!(inner.shape, Shape::Named) {
        return proc_macro2::TokenStream::new();
    }
    let inner_ty = &inner.ty;
    let mut generics = model.generics.clone();
    generics.params.push(syn::parse_quote!(__N));
    generics
        .make_where_clause()
        .predicates
        .push(syn::parse_quote!(#inner_ty: #rt::HasField<__N>));
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let (_, ty_generics, _) = model.generics.split_for_impl();
    // An opaque typedef hides the inner fields' short-circuits (1.37).
    let short_circuits = if model.rules.has(TagName::OpaqueType) {
        TokenStream::new()
    } else {
        quote! {
            fn short_circuits(
                &self,
                op: &#rt::Operation,
                path: &#rt::field::Path<'_>,
                old: ::core::option::Option<&Self>,
            ) -> bool {
                #rt::HasField::<__N>::short_circuits(&self.0, op, path, old.map(|old| &old.0))
            }
        }
    };
    quote! {
        impl #impl_generics #rt::HasField<__N> for #ident #ty_generics #where_clause {
            type Value = <#inner_ty as #rt::HasField<__N>>::Value;
            type Leaf = <#inner_ty as #rt::HasField<__N>>::Leaf;
            const OPTIONAL_DEFAULT: #rt::validate::OptionalDefault =
                <#inner_ty as #rt::HasField<__N>>::OPTIONAL_DEFAULT;
            fn field(&self) -> &Self::Value {
                #rt::HasField::<__N>::field(&self.0)
            }
            #short_circuits
        }
    }
}

/// `const OPTIONAL_DEFAULT` of a field's `HasField` impl, for a field with a
/// `+default` (none: the trait's default). Bad `+default` values are
/// reported where a field's own `+k8s:optional` reads them.
pub(crate) fn optional_default(f: &crate::front::Field) -> proc_macro2::TokenStream {
    let rt = super::rt();
    match optional_default_mode(f) {
        Some(mode) => {
            quote!(const OPTIONAL_DEFAULT: #rt::validate::OptionalDefault = #rt::validate::OptionalDefault::#mode;)
        }
        None => proc_macro2::TokenStream::new(),
    }
}

/// The `OptionalDefault` variant of a field with a `+default`
/// (`Required`, or `Documentation` for a zero default on a value field).
pub(crate) fn optional_default_mode(f: &crate::front::Field) -> Option<proc_macro2::TokenStream> {
    let parsed = f.default.as_ref()?.value.as_ref().ok()?;
    let nilable = matches!(
        f.ty.shape,
        Shape::Option(_) | Shape::List(_) | Shape::Map(..)
    );
    Some(if !nilable && super::required::is_zero_json(parsed) {
        quote!(Documentation)
    } else {
        quote!(Required)
    })
}
