//! Helper impls that other types' generated code uses: `SemanticEq`,
//! `Newtype`, `IsZero`, `ToBadValue` and `HasField` (field access).

use proc_macro2::{Span, TokenStream};
use quote::quote;

use super::site::{is_opaque_type, opaque_elements};
use super::{field_name_ty, leaf_of_place, respan, rt, subfield};
use crate::model::{TypeKind, TypeModel};
use crate::tags::TagName;

/// `Newtype`, `IsZero`, `ToBadValue`, `SemanticEq` and `HasField` (the
/// field access other types' generated code uses).
pub(crate) fn helper_impls(model: &TypeModel) -> TokenStream {
    let mut out = semantic_eq_impl(model);
    out.extend(helper_impls_without_semantic_eq(model));
    out
}

/// Compares `a` and `b` (expressions of type `&T`) the way an
/// `+k8s:opaqueType` value is compared: with `SemanticEq` when `T` has it,
/// else with `PartialEq` (the type may come from another crate).
///
/// The comparison is spanned at `span` (the field's type), where rustc
/// reports a type that has neither trait.
pub(crate) fn opaque_eq(a: &TokenStream, b: &TokenStream, span: Span) -> TokenStream {
    let rt = rt();
    let call = respan(
        quote!(#rt::semantic::__private::Probe(#a, #b).opaque_eq()),
        span,
    );
    quote! {({
        #[allow(unused_imports)]
        use #rt::semantic::__private::{ViaPartialEq as _, ViaSemanticEq as _};
        #call
    })}
}

/// `impl SemanticEq`: field by field (upstream's `equality.Semantic.DeepEqual`
/// on the Go struct). Opaque fields fall back to `PartialEq` when their type
/// lacks `SemanticEq`; a newtype also forwards `is_nil_equivalent`, so that
/// a list typedef behind an `Option` is "nil" when empty, as in Go.
fn semantic_eq_impl(model: &TypeModel) -> TokenStream {
    let rt = rt();
    let other = match &model.kind {
        TypeKind::Struct(fields) if fields.is_empty() => quote!(_),
        _ => quote!(other),
    };
    let ident = &model.ident;
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();
    let (eq, nil) = match &model.kind {
        TypeKind::Newtype(inner) => {
            if is_opaque_type(model) {
                (
                    opaque_eq(
                        &quote!(&self.0),
                        &quote!(&other.0),
                        syn::spanned::Spanned::span(&inner.ty),
                    ),
                    TokenStream::new(),
                )
            } else {
                let eq = respan(
                    quote!(#rt::SemanticEq::semantic_eq(&self.0, &other.0)),
                    syn::spanned::Spanned::span(&inner.ty),
                );
                let nil = quote! {
                    #[inline]
                    fn is_nil_equivalent(&self) -> bool {
                        #rt::SemanticEq::is_nil_equivalent(&self.0)
                    }
                };
                (eq, nil)
            }
        }
        TypeKind::Struct(fields) => {
            let parts = fields.iter().map(|f| {
                let member = &f.member;
                let (a, b) = (quote!(&self.#member), quote!(&other.#member));
                if f.tags.has(TagName::OpaqueType) || opaque_elements(&f.tags.tags) {
                    opaque_eq(&a, &b, syn::spanned::Spanned::span(&f.ty.ty))
                } else {
                    respan(
                        quote!(#rt::SemanticEq::semantic_eq(#a, #b)),
                        syn::spanned::Spanned::span(&f.ty.ty),
                    )
                }
            });
            let parts: Vec<TokenStream> = parts.collect();
            let eq = if parts.is_empty() {
                quote!(true)
            } else {
                quote!(#(#parts)&&*)
            };
            (eq, TokenStream::new())
        }
    };
    quote! {
        impl #impl_generics #rt::SemanticEq for #ident #ty_generics #where_clause {
            fn semantic_eq(&self, #other: &Self) -> bool {
                #eq
            }
            #nil
        }
    }
}

fn helper_impls_without_semantic_eq(model: &TypeModel) -> TokenStream {
    let rt = rt();
    let ident = &model.ident;
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();
    match &model.kind {
        TypeKind::Newtype(inner) => {
            let inner_ty = &inner.ty;
            quote! {
                impl #impl_generics #rt::Newtype for #ident #ty_generics #where_clause {
                    type Inner = #inner_ty;
                    #[inline]
                    fn inner(&self) -> &#inner_ty {
                        &self.0
                    }
                }
                impl #impl_generics #rt::IsZero for #ident #ty_generics #where_clause {
                    #[inline]
                    fn is_zero(&self) -> bool {
                        #rt::IsZero::is_zero(&self.0)
                    }
                }
                impl #impl_generics #rt::field::ToBadValue for #ident #ty_generics #where_clause {
                    fn write_json(&self, out: &mut ::std::string::String) {
                        #rt::field::ToBadValue::write_json(&self.0, out)
                    }
                }
            }
        }
        TypeKind::Struct(fields) => {
            let mut json = Vec::new();
            let mut accessors = Vec::new();
            let mut first = true;
            let mut surely_written = false;
            let mut needs_start = false;
            // Whether the first field's write also opens the object.
            let mut open_written = false;
            for f in fields {
                let member = &f.member;
                let opaque = f.tags.has(TagName::OpaqueType) || opaque_elements(&f.tags.tags);
                let key = format!("\"{}\":", f.json_name);
                let write_value = if opaque {
                    quote!(out.push_str("null");)
                } else {
                    respan(
                        quote!(#rt::field::ToBadValue::write_json(&self.#member, out);),
                        syn::spanned::Spanned::span(&f.ty.ty),
                    )
                };
                // A comma before every field but the first written: known
                // when an earlier field is always written.
                let conditional = f.flatten || f.skip_serializing_if.is_some();
                let sep = if first {
                    quote!()
                } else if surely_written {
                    quote!(out.push(',');)
                } else {
                    quote!(if out.len() > start {
                        out.push(',');
                    })
                };
                if !sep.is_empty() && !surely_written {
                    needs_start = true;
                }
                let write = if f.flatten {
                    quote! {{
                        let mut inner = ::std::string::String::new();
                        {
                            let out = &mut inner;
                            #write_value
                        }
                        if inner.len() > 2 {
                            #sep
                            out.push_str(&inner[1..inner.len() - 1]);
                        }
                    }}
                } else if first && !conditional {
                    let key = format!("{{{key}");
                    open_written = true;
                    quote! {
                        out.push_str(#key);
                        #write_value
                    }
                } else if !first && surely_written {
                    let key = format!(",{key}");
                    quote! {
                        out.push_str(#key);
                        #write_value
                    }
                } else {
                    quote! {
                        #sep
                        out.push_str(#key);
                        #write_value
                    }
                };
                let write = match &f.skip_serializing_if {
                    Some(pred) => quote!(if !#pred(&self.#member) { #write }),
                    None => write,
                };
                json.push(write);
                first = false;
                surely_written |= !conditional;
                let name = field_name_ty(&f.json_name);
                let ty = &f.ty.ty;
                let leaf_ty = &f.ty.leaf().ty;
                let leaf = leaf_of_place(&f.ty, &quote!(self.#member));
                let optional_default = subfield::optional_default(f);
                let short_circuits = subfield::field_short_circuits(model, f);
                accessors.push(quote! {
                    impl #impl_generics #rt::HasField<#name> for #ident #ty_generics #where_clause {
                        type Value = #ty;
                        type Leaf = #leaf_ty;
                        #optional_default
                        fn field(&self) -> &#ty {
                            &self.#member
                        }
                        fn leaf(&self) -> ::core::option::Option<&#leaf_ty> {
                            #leaf
                        }
                        #short_circuits
                    }
                });
            }
            // `start` tells whether a field was written (for the commas).
            let open = if open_written {
                TokenStream::new()
            } else {
                quote!(out.push('{');)
            };
            let start = if needs_start {
                quote!(let start = out.len();)
            } else {
                TokenStream::new()
            };
            quote! {
                // A struct value is always set, as in Go.
                impl #impl_generics #rt::IsZero for #ident #ty_generics #where_clause {
                    fn is_zero(&self) -> bool {
                        false
                    }
                }
                impl #impl_generics #rt::field::ToBadValue for #ident #ty_generics #where_clause {
                    fn write_json(&self, out: &mut ::std::string::String) {
                        #open
                        #start
                        #(#json)*
                        out.push('}');
                    }
                }
                #(#accessors)*
            }
        }
    }
}
