//! `+k8s:enum` (runtime: `validate::enums`). The values come from the consts
//! of an `impl` block marked `#[k8s_validation::enum_values]`, which
//! defines `__K8S_ENUM_VALUES`, `__K8S_ENUM_EXCLUSIONS` and `__K8S_ENUM_DETAIL`
//! (the error's static detail), and `__K8S_ENUM`, all three.
//!
//! A Rust enum tagged `+k8s:enum` gets its values from its unit variants
//! instead ([`emit_rust_enum`]).

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use super::{emit_calls, invoke, leaf_ty, lower_site, Call, Cx, Exit, Site};
use crate::front::{
    Checked, Diagnostics, EnumValues, RuleAt, RustEnum, Scope, Shape, Ty, TypeModel,
};

pub(super) fn lower(cx: &mut Cx<'_>, site: &Site<'_>, at: &RuleAt) -> Vec<Call> {
    match leaf_ty(site).map(|t| &t.shape) {
        Some(Shape::Str | Shape::Named) => {}
        other => {
            let kind = match other {
                Some(_) => leaf_ty(site).map(|t| t.kind_name()).unwrap_or_default(),
                None => "struct".into(),
            };
            cx.error(at, format!("can only be used on string types ({kind})"));
            return Vec::new();
        }
    }
    let (leaf, old) = (&site.leaf, &site.old_leaf);
    // One reference, spanned at the tag: without an `#[enum_values]` block
    // the user gets one error, on the `+k8s:enum` line.
    let consts = quote_spanned!(at.span=> Self::__K8S_ENUM);
    // 1.37: an exclusion naming an undefined option is an internal error.
    let f = if cx.behaviour.undefined_option_is_error {
        quote!(enumeration_defined_options_with_detail)
    } else {
        quote!(enumeration_with_detail)
    };
    let call = invoke(
        quote!(validate::#f),
        quote!(#leaf, #old, values, exclusions, detail),
    );
    vec![Call::errors(quote!({
        let (values, exclusions, detail) = #consts;
        #call
    }))]
}

/// Everything for a Rust enum tagged `+k8s:enum` (`e`, the model's kind):
/// the `Validate` impl of its type-level tags, the `__K8S_ENUM` consts the
/// `+k8s:enum` validation reads (its unit variants' wire strings), and the
/// helpers a string newtype has, so that the enum works wherever a Go
/// string typedef does.
pub(crate) fn emit_rust_enum(
    checked: &Checked,
    e: &RustEnum,
    diags: &mut Diagnostics,
) -> TokenStream {
    let rt = super::rt();
    let model = &checked.model;
    let ident = &model.ident;
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();
    let mut cx = Cx {
        diags,
        lists: &checked.lists,
        labels: 0,
        behaviour: model.behaviour,
        unmarked: false,
    };

    // The values, as `#[enum_values]` records consts.
    let vals = &e.values.values;
    let detail = static_detail_tokens(vals);
    let excl = e.values.exclusions.iter().map(|(v, o, w)| {
        quote!(#rt::validate::EnumExclusion { value: #v, option: #o, exclude_when: #w })
    });

    // Type-level tags: the value is the enum itself, a string.
    let str_ty = Ty {
        ty: syn::parse_quote!(Self),
        shape: Shape::Str,
    };
    let site = |leaf: TokenStream, whole_opt: TokenStream| Site {
        scope: Scope::Type,
        ty: Some(&str_ty),
        whole: quote!(self),
        this: whole_opt.clone(),
        whole_opt,
        old_whole: quote!(old),
        leaf,
        old_leaf: quote!(old),
        owner: model,
        field: None,
        list: None,
        enclosing_list: None,
        opaque: true,
        items: None,
        key_bound: false,
    };
    let tags: Vec<&RuleAt> = model.rules.iter().collect();
    let calls = lower_site(
        &mut cx,
        &site(quote!(Some(self)), quote!(Some(self))),
        &tags,
    );
    let body = emit_calls(&mut cx, calls, &Exit::Return);
    // An unset `Option<Self>` field: Go calls the typedef's validation with
    // a nil pointer (`+k8s:enum` passes; `+k8s:immutable` sees the change).
    // The tags were checked when lowering `validate_into`.
    let none = quote!(::core::option::Option::<&Self>::None);
    let unset_site = Site {
        whole: quote!(::core::unreachable!()),
        ..site(none.clone(), none)
    };
    let (unset, _) = cx.muted(|cx| {
        let calls = lower_site(cx, &unset_site, &tags);
        emit_calls(cx, calls, &Exit::Return)
    });
    let unset = if unset.is_empty() {
        TokenStream::new()
    } else {
        quote! {
            fn validate_unset_into(
                op: &#rt::Operation,
                path: &#rt::field::Path<'_>,
                old: ::core::option::Option<&Self>,
                errs: &mut #rt::ErrorList,
            ) {
                #unset
            }
        }
    };
    let helpers = rust_enum_helpers(model, e);
    let implied = super::lint::implied_const(model);
    quote! {
        impl #impl_generics #rt::Validate for #ident #ty_generics #where_clause {
            #implied
            fn validate_into(
                &self,
                op: &#rt::Operation,
                path: &#rt::field::Path<'_>,
                old: ::core::option::Option<&Self>,
                errs: &mut #rt::ErrorList,
            ) {
                #body
            }
            #unset
        }
        impl #impl_generics #ident #ty_generics #where_clause {
            #[doc(hidden)]
            pub const __K8S_ENUM_VALUES: &'static [&'static str] = &[#(#vals),*];
            #[doc(hidden)]
            pub const __K8S_ENUM_EXCLUSIONS: &'static [#rt::validate::EnumExclusion] = &[#(#excl),*];
            #[doc(hidden)]
            pub const __K8S_ENUM_DETAIL: ::core::option::Option<&'static str> = #detail;
            #[doc(hidden)]
            pub const __K8S_ENUM: (
                &'static [&'static str],
                &'static [#rt::validate::EnumExclusion],
                ::core::option::Option<&'static str>,
            ) = (Self::__K8S_ENUM_VALUES, Self::__K8S_ENUM_EXCLUSIONS, Self::__K8S_ENUM_DETAIL);
        }
        #helpers
    }
}

/// `Newtype` (a Go string typedef: `Inner = str`, the wire string), which
/// gives the enum `StrValue`, `MapKey`, `ItemKey` and `KeyView`; `IsZero`
/// (the empty string, only a catch-all can hold it); `ToBadValue` (the
/// string, as JSON); `SemanticEq` (the strings are equal).
pub(crate) fn rust_enum_helpers(model: &TypeModel, e: &RustEnum) -> TokenStream {
    let rt = super::rt();
    let ident = &model.ident;
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();
    let mut arms: Vec<TokenStream> = e
        .variants
        .iter()
        .map(|(name, value)| quote!(Self::#name => #value,))
        .collect();
    if let Some(c) = &e.catch_all {
        arms.push(quote!(Self::#c(ref value) => value.as_str(),));
    }
    quote! {
        /// A Kubernetes enum is a Go string typedef: its value is the wire string.
        impl #impl_generics #rt::Newtype for #ident #ty_generics #where_clause {
            type Inner = str;
            #[inline]
            fn inner(&self) -> &str {
                match *self {
                    #(#arms)*
                }
            }
        }
        impl #impl_generics #rt::IsZero for #ident #ty_generics #where_clause {
            #[inline]
            fn is_zero(&self) -> bool {
                #rt::Newtype::inner(self).is_empty()
            }
        }
        impl #impl_generics #rt::field::ToBadValue for #ident #ty_generics #where_clause {
            fn write_json(&self, out: &mut ::std::string::String) {
                #rt::field::ToBadValue::write_json(#rt::Newtype::inner(self), out)
            }
        }
        impl #impl_generics #rt::SemanticEq for #ident #ty_generics #where_clause {
            #[inline]
            fn semantic_eq(&self, other: &Self) -> bool {
                #rt::Newtype::inner(self) == #rt::Newtype::inner(other)
            }
        }
    }
}

/// The `Option<&'static str>` of [`crate::front::static_detail`], as tokens.
pub(crate) fn static_detail_tokens(values: &[String]) -> TokenStream {
    match crate::front::static_detail(values) {
        Some(detail) => quote!(::core::option::Option::Some(#detail)),
        None => quote!(::core::option::Option::None),
    }
}

/// The hidden consts of an `#[enum_values]` impl block.
pub(crate) fn enum_values_consts(item: &syn::ItemImpl, values: &EnumValues) -> TokenStream {
    let rt: syn::Path = syn::parse_str(crate::front::DEFAULT_RUNTIME_PATH).expect("valid path");
    let self_ty = &item.self_ty;
    let (impl_generics, _, where_clause) = item.generics.split_for_impl();
    let vals = &values.values;
    // Every string const of the block, so that a const only the generated
    // validation reads (through the values above) is not reported as dead
    // code.
    let declared = item.items.iter().filter_map(|it| match it {
        syn::ImplItem::Const(c)
            if matches!(
                &c.expr,
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(_),
                    ..
                })
            ) =>
        {
            Some(&c.ident)
        }
        _ => None,
    });
    let excl = values.exclusions.iter().map(|(v, o, w)| {
        quote!(#rt::validate::EnumExclusion { value: #v, option: #o, exclude_when: #w })
    });
    let detail = static_detail_tokens(vals);
    quote! {
        impl #impl_generics #self_ty #where_clause {
            #[doc(hidden)]
            pub const __K8S_ENUM_VALUES: &'static [&'static str] = &[#(#vals),*];
            #[doc(hidden)]
            pub const __K8S_ENUM_EXCLUSIONS: &'static [#rt::validate::EnumExclusion] = &[#(#excl),*];
            /// The `Unsupported value` detail listing every value, as static
            /// text (`None` when a value needs Go's quoting).
            #[doc(hidden)]
            pub const __K8S_ENUM_DETAIL: ::core::option::Option<&'static str> = #detail;
            /// All three, for the `+k8s:enum` validation (one item, so that a
            /// missing `#[enum_values]` block is one error).
            #[doc(hidden)]
            pub const __K8S_ENUM: (
                &'static [&'static str],
                &'static [#rt::validate::EnumExclusion],
                ::core::option::Option<&'static str>,
            ) = {
                let _ = Self::__K8S_ENUM_DECLARED;
                (Self::__K8S_ENUM_VALUES, Self::__K8S_ENUM_EXCLUSIONS, Self::__K8S_ENUM_DETAIL)
            };
            #[doc(hidden)]
            pub const __K8S_ENUM_DECLARED: &'static [&'static str] = &[#(Self::#declared),*];
        }
    }
}
