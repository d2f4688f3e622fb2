//! Kubernetes 1.38's `nonPointerStructRequiredness` lint, finished by the
//! compiler: each struct says whether it is implicitly required
//! (`Validate::IMPLICITLY_REQUIRED`: a member tagged `+k8s:required` or
//! `+k8s:unionMember`, directly or through a struct held by value), and a
//! `+k8s:required` / `+k8s:optional` on a non-pointer struct field asserts
//! at compile time that it says the same (`front::lint` finds the fields).

use proc_macro2::TokenStream;
use quote::quote;

use super::respan;
use crate::front::{Checked, Claim, Shape, TagName, TypeKind, TypeModel};

/// `const IMPLICITLY_REQUIRED` of the type's `Validate` impl, for a release
/// that lints: a struct's from its members, a newtype's from its inner
/// type's; nothing (the trait's "unknown") otherwise.
pub(super) fn implied_const(model: &TypeModel) -> TokenStream {
    if !model.behaviour.lints {
        return TokenStream::new();
    }
    let value = match &model.kind {
        TypeKind::Struct(fields) => {
            let own = fields.iter().any(|f| {
                f.rules
                    .iter()
                    .any(|at| at.rule.is(TagName::Required) || at.rule.is(TagName::UnionMember))
            });
            // Only by value: an unset pointer, list or map holds nothing
            // that is validated. An opaque member's validations are ignored.
            let members = fields
                .iter()
                .filter(|f| matches!(f.ty.shape, Shape::Named))
                .filter(|f| !f.rules.iter().any(|at| at.rule.is(TagName::OpaqueType)))
                .map(|f| {
                    let ty = &f.ty.ty;
                    quote!(<#ty as __rt::Validate>::IMPLICITLY_REQUIRED)
                });
            quote!(__rt::validate::implied_requiredness(#own, &[#(#members),*]))
        }
        TypeKind::Newtype(inner) if matches!(inner.shape, Shape::Named) => {
            let ty = &inner.ty;
            quote!(<#ty as __rt::Validate>::IMPLICITLY_REQUIRED)
        }
        TypeKind::Newtype(_) | TypeKind::Enum(_) => quote!(::core::option::Option::Some(false)),
    };
    quote! {
        const IMPLICITLY_REQUIRED: ::core::option::Option<bool> = #value;
    }
}

/// The compile-time assertions of the struct's requiredness findings, and
/// whether they are items (a `const _` each, which even `cargo check`
/// evaluates) or, for a generic type, statements for the start of its
/// validation (evaluated when it is instantiated).
pub(super) fn assertions(checked: &Checked) -> (TokenStream, bool) {
    let generic = checked.model.generics.params.iter().next().is_some();
    let mut out = TokenStream::new();
    for lint in &checked.lints {
        let ty = &lint.ty;
        let message = lint.message();
        let holds = match lint.claim {
            // Only a struct is linted (upstream: `NativeType(t).Kind ==
            // Struct`); a named string or integer type holds by value too.
            Claim::Required => quote!(
                !<#ty as __rt::IsZero>::IS_STRUCT
                    || !matches!(
                        <#ty as __rt::Validate>::IMPLICITLY_REQUIRED,
                        ::core::option::Option::Some(false)
                    )
            ),
            Claim::Optional => quote!(
                !<#ty as __rt::IsZero>::IS_STRUCT
                    || !matches!(
                        <#ty as __rt::Validate>::IMPLICITLY_REQUIRED,
                        ::core::option::Option::Some(true)
                    )
            ),
            Claim::RequiredOpaque => quote!(!<#ty as __rt::IsZero>::IS_STRUCT),
        };
        let assertion = if generic {
            quote!(const { assert!(#holds, #message) };)
        } else {
            quote!(
                const _: () = assert!(#holds, #message);
            )
        };
        out.extend(respan(assertion, lint.span));
    }
    (out, !generic)
}
