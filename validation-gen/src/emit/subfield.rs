//! `+k8s:subfield(name)=...` (runtime: `validate::subfield`): the payload
//! validates one field of a struct-typed value, found by JSON name through
//! `validation_runtime::HasField`, which the struct's own derive implements
//! (and which can be implemented by hand for a foreign struct).

use quote::quote;

use super::{leaf_ty, lower_tag, payload, Call, Cx, Site};
use crate::model::{Shape, TagAt, TypeKind, TypeModel};
use crate::tags::Value;

pub(super) fn lower(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &TagAt,
    tag: &crate::tags::Tag,
) -> Vec<Call> {
    let Some(Value::String(name)) = tag.positional_arg().map(|a| a.value.clone()) else {
        cx.error(at, "tag \"k8s:subfield\" requires the JSON name of a field");
        return Vec::new();
    };
    let Some(inner) = payload(cx, at, tag) else {
        return Vec::new();
    };
    if inner.name == "k8s:subfield" || chain_has_subfield(inner) {
        cx.error(
            at,
            "nested +k8s:subfield tags are unsupported; apply validations directly to the nested type instead",
        );
        return Vec::new();
    }
    match leaf_ty(site).map(|t| &t.shape) {
        Some(Shape::Named) => {}
        Some(_) => {
            let kind = leaf_ty(site).map(|t| t.kind_name()).unwrap_or_default();
            cx.error(at, format!("can only be used on struct types: {kind}"));
            return Vec::new();
        }
        // On the struct itself: its own fields.
        None if site.scope == crate::tags::catalog::Scope::Type
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
        scope: crate::tags::catalog::Scope::Field,
        ty: None,
        whole: quote!(value),
        whole_opt: quote!(value),
        old_whole: quote!(old_value),
        leaf: quote!(parent.and_then(|s| #leaf_s)),
        old_leaf: quote!(old_parent.and_then(|s| #leaf_old)),
        owner: site.owner,
        field: None,
        list: None,
        enclosing_list: None,
        opaque: true,
    };
    let mut inner_site = inner_site;
    inner_site.list = subfield_list_meta(site, &name, &inner_site);
    let mut calls = lower_tag(cx, &inner_site, at, inner);
    if calls.is_empty() {
        return Vec::new();
    }
    if inner.name == "k8s:optional" {
        // Upstream reads the subfield's own `+default` here: a defaulted
        // subfield is required, one with a zero default on a value field is
        // not checked at all (the struct's derive says which).
        let mode = quote!(validate::optional_default(parent, #name));
        calls = vec![
            Call::errors(quote!(if #mode == validate::OptionalDefault::Required {
                validate::required(op, path, value, old_value)
            } else {
                __rt::ErrorList::new()
            }))
            .short_circuit(),
            Call::stop_if(quote!(
                (#mode == validate::OptionalDefault::None && validate::is_unset(value))
            )),
        ];
    }
    // Through `SubfieldHost`: on a typedef of a struct (a newtype, as a
    // field or at type level), the fields are the struct's behind it.
    let (leaf, old) = (&site.leaf, &site.old_leaf);
    let host = quote!(validate::SubfieldHost::subfield_host);
    let (parent, old_parent) = (map_option(leaf, &host), map_option(old, &host));
    // The payload's short-circuits (`+k8s:subfield(x)=+k8s:optional`, ...)
    // end the cohort `x`, as in Kubernetes 1.35. (1.35 does not copy the
    // subfield's own short-circuiting tags into this cohort; that arrived
    // in 1.37.)
    let mut calls = super::wrapper_calls(cx, calls, true, |_, closure| {
        quote!({
            let parent = #parent;
            let old_parent = #old_parent;
            validate::subfield(op, path, parent, old_parent, #name, |s| Some(#whole_s), #closure)
        })
    });
    for call in &mut calls {
        call.deferred = true;
        call.cohort = Some(name.clone());
    }
    calls
}

fn chain_has_subfield(tag: &crate::tags::Tag) -> bool {
    let mut t = tag.chained();
    while let Some(x) = t {
        if x.name == "k8s:subfield" {
            return true;
        }
        t = x.chained();
    }
    false
}

/// The list semantics declared for a subfield through sibling tags
/// (`+k8s:subfield(x)=+k8s:listType=map`, `...=+k8s:listMapKey=k`), so that
/// the subfield's uniqueness and element correlation follow them.
fn subfield_list_meta(
    site: &Site<'_>,
    name: &str,
    inner_site: &Site<'_>,
) -> Option<super::ListMeta> {
    let tags: &[TagAt] = match (site.field, site.scope) {
        (Some(f), crate::tags::catalog::Scope::Field) => &f.tags.tags,
        (None, crate::tags::catalog::Scope::Type) => &site.owner.tags.tags,
        _ => return None,
    };
    let payloads: Vec<TagAt> = tags
        .iter()
        .filter(|t| t.tag.name == "k8s:subfield")
        .filter(|t| {
            matches!(t.tag.positional_arg().map(|a| &a.value), Some(Value::String(n)) if n == name)
        })
        .filter_map(|t| {
            t.tag.chained().map(|p| TagAt {
                tag: p.clone(),
                span: t.span,
                line: t.line.clone(),
                order: t.order,
            })
        })
        .collect();
    // Problems with these tags are reported when each is lowered.
    let mut quiet = crate::diag::Diagnostics::new();
    let mut qcx = Cx {
        diags: &mut quiet,
        labels: 0,
    };
    super::lists::list_meta(&mut qcx, payloads.iter(), inner_site)
}

/// `impl SubfieldHost`: a struct hosts its own fields; a typedef of a named
/// type forwards to it (when that type is a struct or a typedef of one: the
/// bound is higher-ranked so that it is not checked for other inner types).
pub(crate) fn host_impl(model: &TypeModel) -> proc_macro2::TokenStream {
    let rt = super::rt();
    let ident = &model.ident;
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();
    match &model.kind {
        TypeKind::Struct(fields) => {
            let defaults = optional_defaults(fields);
            quote! {
                impl #impl_generics #rt::validate::SubfieldHost for #ident #ty_generics #where_clause {
                    type Struct = Self;
                    #[inline]
                    fn subfield_host(&self) -> &Self {
                        self
                    }
                    #defaults
                }
            }
        }
        TypeKind::Newtype(inner) if matches!(inner.shape, Shape::Named) => {
            let inner_ty = &inner.ty;
            let predicates = where_clause.map(|w| {
                let p = &w.predicates;
                quote!(#p,)
            });
            quote! {
                impl #impl_generics #rt::validate::SubfieldHost for #ident #ty_generics
                where
                    #predicates
                    for<'__host> #inner_ty: #rt::validate::SubfieldHost,
                {
                    type Struct = <#inner_ty as #rt::validate::SubfieldHost>::Struct;
                    #[inline]
                    fn subfield_host(&self) -> &Self::Struct {
                        #rt::validate::SubfieldHost::subfield_host(&self.0)
                    }
                }
            }
        }
        TypeKind::Newtype(_) => proc_macro2::TokenStream::new(),
    }
}

/// `SubfieldHost::optional_default` for the fields with a `+default` (none:
/// the trait's default). Bad `+default` values are reported where a field's
/// own `+k8s:optional` reads them.
fn optional_defaults(fields: &[crate::model::Field]) -> proc_macro2::TokenStream {
    let rt = super::rt();
    let arms: Vec<proc_macro2::TokenStream> = fields
        .iter()
        .filter_map(|f| {
            let (text, _) = f.tags.default.as_ref()?;
            let parsed: serde_json::Value = serde_json::from_str(text).ok()?;
            if parsed.is_null() {
                return None;
            }
            let nilable = matches!(
                f.ty.shape,
                Shape::Option(_) | Shape::List(_) | Shape::Map(..)
            );
            let mode = if !nilable && super::required::is_zero_json(&parsed) {
                quote!(Documentation)
            } else {
                quote!(Required)
            };
            let json = &f.json_name;
            Some(quote!(#json => #rt::validate::OptionalDefault::#mode,))
        })
        .collect();
    if arms.is_empty() {
        return proc_macro2::TokenStream::new();
    }
    quote! {
        #[inline]
        fn optional_default(json_name: &str) -> #rt::validate::OptionalDefault {
            match json_name {
                #(#arms)*
                _ => #rt::validate::OptionalDefault::None,
            }
        }
    }
}

/// `#opt.map(#f)`, or `Some(#f(x))` for `Some(x)` (which reads, and lints,
/// better).
fn map_option(
    opt: &proc_macro2::TokenStream,
    f: &proc_macro2::TokenStream,
) -> proc_macro2::TokenStream {
    if let Ok(syn::Expr::Call(call)) = syn::parse2::<syn::Expr>(opt.clone()) {
        let is_some = matches!(&*call.func, syn::Expr::Path(p) if p.path.is_ident("Some"));
        if is_some && call.args.len() == 1 {
            let arg = &call.args[0];
            return quote!(Some(#f(#arg)));
        }
    }
    quote!(#opt.map(#f))
}
