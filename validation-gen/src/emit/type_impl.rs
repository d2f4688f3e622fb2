//! The `Validate` impl of one type: the type-level calls, the fields (or the
//! newtype's inner value), subresources and the call into each value's own
//! type.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

use super::invoke;
use super::site::{is_opaque_type, opaque_elements};
use super::{
    dependent, each, emit_calls, field_ty_span, helper_impls, leaf_of_place, list_value,
    lower_site, modal, old_leaf_of, opaque_eq, respan, rt, subfield_host_impl, union, update, Call,
    Cx, Exit, OpaqueElems, Site,
};
use crate::front::{
    Checked, Diagnostics, Field, ListContext, ListOwner, RuleAt, RuleKind, Scope, Shape, TagName,
    Ty, TypeKind, TypeModel,
};

/// The call validating a value's own type (its `Validate` impl), with list
/// correlation when the value is a list with set or map semantics.
///
/// `fallback` (Kubernetes 1.35 and 1.36): the value's opacity markers are
/// ignored, as those releases do for a value whose only tags they are (and
/// for a type's own `+k8s:opaqueType`), and the call goes through
/// `validate::opaque`, which validates only a type that implements
/// `Validate`: the marker still admits a foreign type.
pub(crate) fn type_call(
    site: &Site<'_>,
    opaque_elems: OpaqueElems,
    as_field: bool,
    fallback: bool,
) -> Option<TokenStream> {
    let rt = rt();
    if site.opaque && !fallback {
        return None;
    }
    let opaque_elems = if fallback {
        OpaqueElems::default()
    } else {
        opaque_elems
    };
    let whole = &site.whole;
    let old_whole = &site.old_whole;
    let ty = site.ty?;
    if has_no_rules(ty) {
        // Strings, numbers and collections of them validate nothing
        // themselves: no call (and no loop over a list or map) at all.
        return None;
    }
    match &ty.leaf().shape {
        // A list's own validation is its elements'.
        Shape::List(_) if opaque_elems.values => return None,
        Shape::Map(..) if opaque_elems.values && opaque_elems.keys => return None,
        Shape::Map(..) if opaque_elems.values || opaque_elems.keys => {
            let f = if opaque_elems.values {
                quote!(validate_map_keys)
            } else {
                quote!(validate_map_values)
            };
            let (leaf, old_leaf) = (&site.leaf, &site.old_leaf);
            let call = invoke(quote!(validate::#f), quote!(#leaf, #old_leaf));
            return Some(quote!(#call;));
        }
        _ => {}
    }
    let span = field_ty_span(site);
    let spanned = |tokens: TokenStream| match span {
        Some(span) => respan(tokens, span),
        None => tokens,
    };
    match (&ty.leaf().shape, &site.list) {
        (Shape::List(_), Some(meta)) if !meta.is_atomic() => {
            let (leaf, old_leaf) = site.items();
            let body = if fallback {
                let call = opaque_validate(&quote!(value), &quote!(old_value), false);
                quote!(|errs, path, value, old_value| #call)
            } else {
                spanned(quote!(validate::element_validator(op)))
            };
            let each = super::lists::each_expr(meta, site.key_bound, &leaf, &old_leaf, body);
            Some(quote!(#each;))
        }
        (Shape::Str | Shape::Bool | Shape::Int(_) | Shape::Float | Shape::Json, _) => None,
        // A field of a named type without tags of its own, from 1.37: a list
        // typedef of pointers checks its nil elements first
        // (`Validate::validate_field_into`).
        (Shape::Named, _) if as_field => Some(spanned(
            quote!(#rt::Validate::validate_field_into(#whole, op, path, #old_whole, errs);),
        )),
        _ if fallback => Some(opaque_validate(whole, old_whole, false)),
        _ => Some(spanned(
            quote!(#rt::Validate::validate_into(#whole, op, path, #old_whole, errs);),
        )),
    }
}

/// Validates `value` (with `old`) through its type's `Validate` when it has
/// one, else not at all (`validate::opaque`); `children`: only the value's
/// children (`Validate::validate_children_into`, for a newtype's inner value).
fn opaque_validate(value: &TokenStream, old: &TokenStream, children: bool) -> TokenStream {
    let method = if children {
        quote!(validate_children_opaque)
    } else {
        quote!(validate_opaque)
    };
    quote!({
        #[allow(unused_imports)]
        use validate::opaque::{ViaNothing as _, ViaValidate as _};
        validate::opaque::Opaque(#value, #old).#method(op, path, errs);
    })
}

/// Whether a value of this type has no validations of its own whatever it
/// holds: primitives, JSON, and options, boxes, lists and maps of them.
fn has_no_rules(ty: &Ty) -> bool {
    match &ty.shape {
        Shape::Str | Shape::Bool | Shape::Int(_) | Shape::Float | Shape::Json => true,
        Shape::Option(t) | Shape::Boxed(t) | Shape::List(t) => has_no_rules(t),
        Shape::Map(k, v) => has_no_rules(k) && has_no_rules(v),
        Shape::Named => false,
    }
}

/// `validate_into`'s call of the children's validation.
fn children_call() -> TokenStream {
    quote!(__rt::Validate::validate_children_into(self, op, path, old, errs);)
}

/// Generates everything for one struct or newtype: the `Validate` impl and
/// its helpers.
pub(crate) fn emit_type(checked: &Checked, diags: &mut Diagnostics) -> TokenStream {
    let model = &checked.model;
    if let TypeKind::Enum(e) = &model.kind {
        return super::enums::emit_rust_enum(checked, e, diags);
    }
    let mut cx = Cx {
        diags,
        lists: &checked.lists,
        labels: 0,
        behaviour: model.behaviour,
        unmarked: false,
    };
    let rt = rt();
    let ident = &model.ident;
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();

    // 1.38's requiredness lint: items beside the impl, or (a generic
    // type) statements where the struct validates.
    let (lints, lint_items) = super::lint::assertions(checked);
    let (body, children, nil_checks) = match &model.kind {
        TypeKind::Struct(fields) => {
            let (body, mut children) = emit_struct_body(&mut cx, model, fields);
            if !lint_items && !lints.is_empty() {
                children = quote!(#lints #children);
            }
            (body, children, TokenStream::new())
        }
        TypeKind::Newtype(inner) => {
            let (body, children, has_rules) = emit_newtype_body(&mut cx, model, inner);
            let validates = has_rules || !children.is_empty();
            let pointer_maps = cx.behaviour.pointer_maps;
            (
                body,
                children,
                nil_element_checks(model, inner, validates, pointer_maps),
            )
        }
        TypeKind::Enum(_) => Default::default(),
    };
    let unset = match &model.kind {
        TypeKind::Struct(_) | TypeKind::Enum(_) => TokenStream::new(),
        TypeKind::Newtype(inner) => {
            let body = emit_newtype_unset_body(&mut cx, model, inner);
            if body.is_empty() {
                TokenStream::new()
            } else {
                quote! {
                    fn validate_unset_into(
                        op: &#rt::Operation,
                        path: &#rt::field::Path<'_>,
                        old: ::core::option::Option<&Self>,
                        errs: &mut #rt::ErrorList,
                    ) {
                        #body
                    }
                }
            }
        }
    };
    let update_items = match &model.kind {
        TypeKind::Newtype(inner) => {
            let meta = cx.lists.get(&ListOwner::Type, &ListContext::Own);
            let mut out = update::update_items_impl(model, inner, meta);
            out.extend(each::each_value_impl(model, inner, meta));
            out
        }
        TypeKind::Struct(_) | TypeKind::Enum(_) => TokenStream::new(),
    };
    let subresources = subresources(&mut cx, model);
    let implied = super::lint::implied_const(model);
    let lint_items = if lint_items {
        lints
    } else {
        TokenStream::new()
    };

    let helpers = helper_impls(&mut cx, model);
    let host = subfield_host_impl(model);
    let validate_fn = |name: TokenStream, body: TokenStream| {
        quote! {
            fn #name(
                &self,
                op: &#rt::Operation,
                path: &#rt::field::Path<'_>,
                old: ::core::option::Option<&Self>,
                errs: &mut #rt::ErrorList,
            ) {
                #body
            }
        }
    };
    // Without type-level validations, `validate_into` is the children's
    // (the default `validate_children_into` calls it).
    let validate_fns = if body.to_string() == children_call().to_string() {
        if children.is_empty() {
            // Nothing to validate: the trait's default.
            TokenStream::new()
        } else {
            validate_fn(quote!(validate_into), children)
        }
    } else {
        let mut fns = validate_fn(quote!(validate_into), body);
        fns.extend(validate_fn(quote!(validate_children_into), children));
        fns
    };
    quote! {
        impl #impl_generics #rt::Validate for #ident #ty_generics #where_clause {
            #subresources
            #implied
            #validate_fns
            #unset
            #nil_checks
        }
        #update_items
        #helpers
        #host
        #lint_items
    }
}

fn subresources(cx: &mut Cx<'_>, model: &TypeModel) -> TokenStream {
    let mut paths: Vec<String> = Vec::new();
    let mut is_sub: Option<String> = None;
    for at in model.rules.iter() {
        let v = match &at.rule.kind {
            RuleKind::Subresource(path) => path.clone(),
            _ => None,
        };
        match at.rule.name {
            TagName::SupportsSubresource => match v {
                Some(s) => paths.push(s),
                None => cx.error(at, "tag \"k8s:supportsSubresource\" requires a quoted subresource path, such as \"/status\""),
            },
            TagName::IsSubresource => match (v, &is_sub) {
                (Some(_), Some(_)) => cx.error(at, "tag \"k8s:isSubresource\" may only be specified once"),
                (Some(s), None) => is_sub = Some(s),
                (None, _) => cx.error(at, "tag \"k8s:isSubresource\" requires a quoted subresource path, such as \"/scale\""),
            },
            _ => {}
        }
    }
    if paths.is_empty() && is_sub.is_none() {
        return TokenStream::new();
    }
    match is_sub {
        Some(s) => paths.push(s),
        None => paths.push("/".into()),
    }
    paths.sort();
    paths.dedup();
    quote! {
        fn subresources() -> &'static [&'static str] {
            &[#(#paths),*]
        }
    }
}

fn type_level_tags(model: &TypeModel) -> Vec<&RuleAt> {
    model.rules.iter().collect()
}

/// The body of `validate_into` (type-level validations, then the children)
/// and of `validate_children_into` (the children only).
fn emit_struct_body(
    cx: &mut Cx<'_>,
    model: &TypeModel,
    fields: &[Field],
) -> (TokenStream, TokenStream) {
    // Type-level validations: struct-level validations contributed by fields
    // (unions, zeroOrOneOf, dependencies) in field order, then the type's tags.
    let mut type_calls = union::struct_calls(cx, model);
    type_calls.extend(dependent::struct_calls(cx, model));
    type_calls.extend(modal::struct_calls(cx, model));
    let site = Site {
        scope: Scope::Type,
        ty: None,
        whole: quote!(self),
        whole_opt: quote!(Some(self)),
        old_whole: quote!(old),
        this: quote!(Some(self)),
        leaf: quote!(Some(self)),
        old_leaf: quote!(old),
        owner: model,
        field: None,
        list: None,
        enclosing_list: None,
        opaque: true,
        items: None,
        key_bound: false,
    };
    type_calls.extend(lower_site(cx, &site, &type_level_tags(model)));
    let mut out = emit_calls(cx, type_calls, &Exit::Return);
    // 1.35 and 1.36 ignore a type's own `+k8s:opaqueType`: its fields are
    // validated, through the fallback (a field may be of a foreign type).
    let type_fallback = is_opaque_type(model);
    if type_fallback && cx.behaviour.honours_opacity {
        return (out, TokenStream::new());
    }
    let mut children = TokenStream::new();
    for field in fields {
        children.extend(emit_field(cx, model, field, type_fallback));
    }
    out.extend(children_call());
    (out, children)
}

fn emit_field(
    cx: &mut Cx<'_>,
    model: &TypeModel,
    field: &Field,
    type_fallback: bool,
) -> TokenStream {
    let member = &field.member;
    let json = &field.json_name;
    let label = syn::Lifetime::new(&format!("'field_{}", field.rust_name), Span::call_site());
    let mut site = Site::field(model, field, cx.field_list(field));
    // What the calls read more than once gets a name, bound below when
    // used: the value behind `Option`/`Box`, a list's items, a list-map's
    // key closure.
    let (leaf, old_leaf) = (site.leaf.clone(), site.old_leaf.clone());
    if matches!(field.ty.shape, Shape::Option(_) | Shape::Boxed(_)) {
        (site.leaf, site.old_leaf) = (quote!(leaf), quote!(old_leaf));
    }
    let items = list_value(&site.leaf);
    let old_items = list_value(&site.old_leaf);
    if matches!(field.ty.leaf().shape, Shape::List(_)) {
        site.items = Some((quote!(items), quote!(old_items)));
    }
    let key = site
        .list
        .as_ref()
        .map(|meta| super::lists::key_closure(meta, false));
    site.key_bound = site.items.is_some() && site.list.as_ref().is_some_and(|m| !m.keys.is_empty());
    let tags: Vec<&RuleAt> = field.rules.iter().collect();
    let mut calls = lower_site(cx, &site, &tags);
    // 1.37: a field whose type is a list typedef of pointers rejects nil
    // elements first when it has validations: tags of its own (checked
    // here, through `Validate::reject_nil_elements`, which only such a
    // typedef implements) or the typedef's (`validate_field_into`).
    let named_field = cx.behaviour.pointer_lists && matches!(field.ty.shape, Shape::Named);
    let as_field = named_field && calls.is_empty();
    // 1.35 and 1.36: opacity markers that are a field's only tags are
    // ignored (upstream's `Validations.Empty()` does not see them).
    let opaque_elems = OpaqueElems::of(field.rules.iter());
    let marked = site.opaque || opaque_elems.values || opaque_elems.keys;
    // Inside a type whose own marker they ignore, every field's type call
    // goes through the fallback.
    let fallback = !cx.behaviour.honours_opacity
        && if marked {
            calls.is_empty()
        } else {
            type_fallback
        };
    let type_call = type_call(&site, opaque_elems, as_field, fallback);
    if calls.is_empty() && type_call.is_none() {
        return TokenStream::new();
    }
    if named_field && type_call.is_some() && !calls.is_empty() {
        let check = quote!(__rt::Validate::reject_nil_elements(value, errs, path));
        calls.insert(0, Call::errors(check).short_circuit());
    }
    // 1.37: a list of pointers with validations of its own (tags; not
    // only its items' type) first rejects `None` elements (`Required
    // value` each), and stops there (upstream's generator injects
    // `PtrSliceNoNils` for a `[]*T` field with field validations).
    if cx.behaviour.pointer_lists
        && matches!(&field.ty.shape, Shape::List(e) if e.is_option())
        && site.items.is_some()
        && !calls.is_empty()
    {
        let list = list_value(&site.leaf);
        let check = quote!(validate::ptr_slice_no_nils(errs, path, #list););
        calls.insert(0, Call::errors(check).short_circuit());
    }
    // 1.38: the same for a map of pointers (`PtrMapNoNils`).
    if cx.behaviour.pointer_maps
        && matches!(&field.ty.leaf().shape, Shape::Map(_, v) if v.is_option())
        && !calls.is_empty()
    {
        let map = &site.leaf;
        let check = quote!(validate::ptr_map_no_nils(errs, path, #map););
        calls.insert(0, Call::errors(check).short_circuit());
    }
    let body = emit_calls(cx, calls, &Exit::Break(label.clone()));
    let used = |name: &str| {
        uses_local(body.clone(), name) || type_call.clone().is_some_and(|t| uses_local(t, name))
    };
    let mut bindings = TokenStream::new();
    let reads_leaf = ["leaf", "old_leaf", "items", "old_items", "item_key"]
        .iter()
        .any(|name| used(name));
    if reads_leaf && site.leaf.to_string() == "leaf" {
        bindings.extend(quote!(let leaf = #leaf; let old_leaf = #old_leaf;));
    }
    if used("items") || used("old_items") || used("item_key") {
        bindings.extend(quote!(let items = #items; let old_items = #old_items;));
    }
    if let (Some(key), true) = (key, used("item_key")) {
        // Typed by the items it keys, as a closure passed in place is.
        bindings.extend(quote!(let item_key = validate::key_fn(items, #key);));
    }
    let path = if field.flatten {
        let name = crate::front::type_name(&field.ty.leaf().ty);
        quote!(let path = &path.embedded(#name);)
    } else {
        quote!(let path = &path.child(#json);)
    };
    let unchanged = if site.opaque || opaque_elements(&field.rules) {
        let eq = opaque_eq(
            &quote!(value),
            &quote!(o),
            syn::spanned::Spanned::span(&field.ty.ty),
        );
        quote!((op.is_update() && old_value.is_some_and(|o| #eq)))
    } else {
        respan(
            quote!(validate::unchanged(op, value, old_value)),
            syn::spanned::Spanned::span(&field.ty.ty),
        )
    };
    quote_spanned! {field.span=>
        #label: {
            let (value, old_value) = (&self.#member, old.map(|old| &old.#member));
            if #unchanged {
                break #label;
            }
            #path
            #bindings
            #body
            #type_call
        }
    }
}

/// Whether `tokens` read the local variable `name` (an identifier not
/// reached through `.` or `::`).
fn uses_local(tokens: TokenStream, name: &str) -> bool {
    use proc_macro2::TokenTree;
    let mut after_path = false;
    for tt in tokens {
        match tt {
            TokenTree::Group(g) => {
                if uses_local(g.stream(), name) {
                    return true;
                }
                after_path = false;
            }
            TokenTree::Ident(i) => {
                if i == name && !after_path {
                    return true;
                }
                after_path = false;
            }
            TokenTree::Punct(p) => after_path = matches!(p.as_char(), '.' | ':'),
            TokenTree::Literal(_) => after_path = false,
        }
    }
    false
}

/// A list typedef of pointers (a newtype of `Vec<Option<T>>`): the nil
/// check fields of the type make from Kubernetes 1.37 (upstream's generator
/// injects `PtrSliceNoNils` at such a field when the field has tags, or the
/// typedef validates something, its items included: `validation.go`,
/// `hasValidations`; a plain `Vec<Option<T>>` field without tags has none).
/// Likewise a map typedef of pointers (a newtype of `BTreeMap<K,
/// Option<V>>`, `PtrMapNoNils`) where the release has maps of pointers
/// (`pointer_maps`, 1.38).
fn nil_element_checks(
    model: &TypeModel,
    inner: &Ty,
    validates: bool,
    pointer_maps: bool,
) -> TokenStream {
    let check = match &inner.shape {
        Shape::List(elem) if elem.is_option() => {
            quote!(__rt::validate::ptr_slice_no_nils(
                errs,
                path,
                Some(&self.0[..])
            ))
        }
        Shape::Map(_, value) if value.is_option() && pointer_maps => {
            quote!(__rt::validate::ptr_map_no_nils(errs, path, Some(&self.0)))
        }
        _ => return TokenStream::new(),
    };
    if is_opaque_type(model) {
        return TokenStream::new();
    }
    let rt = rt();
    let field_fn = validates.then(|| {
        quote! {
            fn validate_field_into(
                &self,
                op: &#rt::Operation,
                path: &#rt::field::Path<'_>,
                old: ::core::option::Option<&Self>,
                errs: &mut #rt::ErrorList,
            ) {
                // Only 1.37 and later code calls this: the nil check is a
                // short-circuit.
                let sc_start = errs.len();
                if __rt::Validate::reject_nil_elements(self, errs, path) {
                    errs.mark_short_circuit_from(sc_start);
                } else {
                    __rt::Validate::validate_into(self, op, path, old, errs);
                }
            }
        }
    });
    quote! {
        #field_fn
        fn reject_nil_elements(&self, errs: &mut #rt::ErrorList, path: &#rt::field::Path<'_>) -> bool {
            #check
        }
    }
}

/// Like [`emit_struct_body`], for a tuple newtype (a Go typedef). The
/// inner value's children are validated, but not a named inner type's own
/// type-level validations: Go's `type E4 T2` does not inherit T2's type tags.
fn emit_newtype_body(
    cx: &mut Cx<'_>,
    model: &TypeModel,
    inner: &Ty,
) -> (TokenStream, TokenStream, bool) {
    let scalar = matches!(
        inner.shape,
        Shape::Str | Shape::Int(_) | Shape::Bool | Shape::Float | Shape::Named
    );
    let (leaf, old_leaf) = if scalar {
        (quote!(Some(self)), quote!(old))
    } else {
        (
            leaf_of_place(inner, &quote!(self.0)),
            old_leaf_of(inner, &quote!(old.map(|old| &old.0))),
        )
    };
    let mut site = Site {
        scope: Scope::Type,
        ty: Some(inner),
        whole: quote!(&self.0),
        whole_opt: quote!(Some(&self.0)),
        old_whole: quote!(old.map(|old| &old.0)),
        this: quote!(Some(self)),
        leaf,
        old_leaf,
        owner: model,
        field: None,
        list: None,
        enclosing_list: None,
        opaque: is_opaque_type(model) && cx.behaviour.honours_opacity,
        items: None,
        key_bound: false,
    };
    site.list = cx.lists.get(&ListOwner::Type, &ListContext::Own).cloned();
    let calls = lower_site(cx, &site, &type_level_tags(model));
    let has_rules = !calls.is_empty();
    // 1.35 and 1.36 ignore the type's own `+k8s:opaqueType`, and element
    // markers that are its only tags: the inner value is validated through
    // the fallback.
    let opaque_elems = OpaqueElems::of(model.rules.iter());
    let fallback = !cx.behaviour.honours_opacity
        && (is_opaque_type(model) || ((opaque_elems.values || opaque_elems.keys) && !has_rules));
    let mut out = emit_calls(cx, calls, &Exit::Return);
    let mut children = TokenStream::new();
    let call = if matches!(inner.shape, Shape::Named) && !site.opaque {
        Some(if fallback {
            opaque_validate(&quote!(&self.0), &quote!(old.map(|old| &old.0)), true)
        } else {
            quote!(__rt::Validate::validate_children_into(&self.0, op, path, old.map(|old| &old.0), errs);)
        })
    } else {
        type_call(&site, opaque_elems, false, fallback)
    };
    if let Some(call) = call {
        children.extend(quote!(let value = &self.0; let old_value = old.map(|old| &old.0);));
        children.extend(call);
        out.extend(children_call());
    }
    (out, children, has_rules)
}

/// The body of a newtype's `validate_unset_into`: its type-level
/// validations on a missing value (Go calls a typedef's validation function
/// with a nil pointer for an unset `*T` field, so `+k8s:immutable` or
/// `+k8s:update=NoUnset` on the typedef see set <-> unset changes).
fn emit_newtype_unset_body(cx: &mut Cx<'_>, model: &TypeModel, inner: &Ty) -> TokenStream {
    let scalar = matches!(
        inner.shape,
        Shape::Str | Shape::Int(_) | Shape::Bool | Shape::Float | Shape::Named
    );
    let inner_ty = &inner.ty;
    let (leaf, old_leaf) = if scalar {
        (quote!(::core::option::Option::<&Self>::None), quote!(old))
    } else {
        let leaf_ty = &inner.leaf().ty;
        (
            quote!(::core::option::Option::<&#leaf_ty>::None),
            old_leaf_of(inner, &quote!(old.map(|old| &old.0))),
        )
    };
    let mut site = Site {
        scope: Scope::Type,
        ty: Some(inner),
        whole: quote!(::core::unreachable!()),
        whole_opt: quote!(::core::option::Option::<&#inner_ty>::None),
        old_whole: quote!(old.map(|old| &old.0)),
        this: quote!(::core::option::Option::<&Self>::None),
        leaf,
        old_leaf,
        owner: model,
        field: None,
        list: None,
        enclosing_list: None,
        opaque: true,
        items: None,
        key_bound: false,
    };
    // The tags were checked when lowering `validate_into`; do not report
    // their problems twice.
    site.list = cx.lists.get(&ListOwner::Type, &ListContext::Own).cloned();
    cx.muted(|cx| {
        let calls = lower_site(cx, &site, &type_level_tags(model));
        emit_calls(cx, calls, &Exit::Return)
    })
    .0
}
