//! `+k8s:enum` (runtime: `validate::enums`). The values come from the consts
//! of an `impl` block marked `#[validation_runtime::enum_values]`, which
//! defines `__K8S_ENUM_VALUES`, `__K8S_ENUM_EXCLUSIONS` and `__K8S_ENUM_DETAIL`
//! (the error's static detail), and `__K8S_ENUM`, all three.

//!
//! A Rust enum tagged `+k8s:enum` gets its values from its unit variants
//! instead ([`emit_rust_enum`]).

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use super::{emit_calls, leaf_ty, lower_site, Call, Cx, Exit, Site};
use crate::ast::EnumInput;
use crate::diag::Diagnostics;
use crate::model::{read_tags_with, Shape, TagAt, Ty, TypeKind, TypeModel};
use crate::tags::catalog::Scope;
use crate::tags::Release;

pub(super) fn lower(cx: &mut Cx<'_>, site: &Site<'_>, at: &TagAt) -> Vec<Call> {
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
    vec![Call::errors(quote!({
        let (values, exclusions, detail) = #consts;
        validate::#f(errs, op, path, #leaf, #old, values, exclusions, detail)
    }))]
}

/// Everything for a Rust enum tagged `+k8s:enum` (see [`crate::ast::parse_enum`]):
/// the `Validate` impl of its type-level tags, the `__K8S_ENUM` consts the
/// `+k8s:enum` validation reads (its unit variants' wire strings), and the
/// helpers a string newtype has, so that the enum works wherever a Go
/// string typedef does.
pub(crate) fn emit_rust_enum(
    input: &EnumInput,
    release: Release,
    diags: &mut Diagnostics,
) -> TokenStream {
    let rt = super::rt();
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let mut model = enum_model(input, release, diags);
    let lists = crate::check::check_type(&mut model, diags);
    let mut cx = Cx {
        diags,
        lists: &lists,
        labels: 0,
        behaviour: model.behaviour,
    };

    // The values, as `#[enum_values]` records consts.
    let mut values = Vec::new();
    let mut exclusions = Vec::new();
    for v in &input.variants {
        let excluded =
            crate::enum_values::read_value_tags(&v.value, &v.docs, cx.diags, &mut exclusions);
        if !excluded {
            values.push(v.value.clone());
        }
    }
    let values = crate::enum_values::finish(values, exclusions);
    let vals = &values.values;
    let detail = crate::enum_values::static_detail_tokens(vals);
    let excl = values.exclusions.iter().map(|(v, o, w)| {
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
        owner: &model,
        field: None,
        list: None,
        enclosing_list: None,
        opaque: true,
        items: None,
    };
    let tags: Vec<&TagAt> = model.tags.tags.iter().collect();
    let calls = lower_site(
        &mut cx,
        &site(quote!(Some(self)), quote!(Some(self))),
        &tags,
    );
    let body = emit_calls(&mut cx, calls, &Exit::Return);
    // An unset `Option<Self>` field: Go calls the typedef's validation with
    // a nil pointer (`+k8s:enum` passes; `+k8s:immutable` sees the change).
    let mut quiet = Diagnostics::new();
    let mut qcx = cx.reporting_to(&mut quiet);
    let none = quote!(::core::option::Option::<&Self>::None);
    let unset_site = Site {
        whole: quote!(::core::unreachable!()),
        ..site(none.clone(), none)
    };
    let calls = lower_site(&mut qcx, &unset_site, &tags);
    let unset = emit_calls(&mut qcx, calls, &Exit::Return);
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
    let helpers = rust_enum_helpers(input);
    quote! {
        impl #impl_generics #rt::Validate for #ident #ty_generics #where_clause {
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

/// The model the tag lowering sees: a type with the enum's type-level tags
/// and no fields.
fn enum_model(input: &EnumInput, release: Release, diags: &mut Diagnostics) -> TypeModel {
    let options = crate::tags::ParseOptions::for_release(release);
    TypeModel {
        ident: input.ident.clone(),
        generics: input.generics.clone(),
        kind: TypeKind::Struct(Vec::new()),
        tags: read_tags_with(&input.docs, &options, diags),
        span: input.span,
        behaviour: crate::front::behaviour::of(release),
    }
}

/// `Newtype` (a Go string typedef: `Inner = str`, the wire string), which
/// gives the enum `StrValue`, `MapKey`, `ItemKey` and `KeyView`; `IsZero`
/// (the empty string, only a catch-all can hold it); `ToBadValue` (the
/// string, as JSON); `SemanticEq` (the strings are equal).
pub(crate) fn rust_enum_helpers(input: &EnumInput) -> TokenStream {
    let rt = super::rt();
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let mut arms: Vec<TokenStream> = input
        .variants
        .iter()
        .map(|v| {
            let (name, value) = (&v.ident, &v.value);
            quote!(Self::#name => #value,)
        })
        .collect();
    if let Some(c) = &input.catch_all {
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
