//! Helper impls that other types' generated code uses: `SemanticEq`,
//! `Newtype`, `IsZero`, `ToBadValue` and `HasField` (field access).

use proc_macro2::{Span, TokenStream};
use quote::quote;

use super::site::{is_opaque_type, opaque_elements};
use super::{field_name_ty, respan, rt, subfield, Cx};
use crate::front::{Shape, TagName, TypeKind, TypeModel};

/// `Newtype`, `IsZero`, `ToBadValue`, `SemanticEq` and `HasField` (the
/// field access other types' generated code uses).
pub(crate) fn helper_impls(cx: &mut Cx<'_>, model: &TypeModel) -> TokenStream {
    if let TypeKind::Enum(e) = &model.kind {
        return super::enums::rust_enum_helpers(model, e);
    }
    let mut out = semantic_eq_impl(model);
    out.extend(helper_impls_without_semantic_eq(cx, model));
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
                if f.rules.has(TagName::OpaqueType) || opaque_elements(&f.rules) {
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
        TypeKind::Enum(_) => return TokenStream::new(),
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

fn helper_impls_without_semantic_eq(cx: &mut Cx<'_>, model: &TypeModel) -> TokenStream {
    let rt = rt();
    let ident = &model.ident;
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();
    match &model.kind {
        TypeKind::Newtype(inner) => {
            let inner_ty = &inner.ty;
            // A list or map typedef is one for a union member's `len != 0`.
            let collection = matches!(inner.shape, Shape::List(_) | Shape::Map(..)).then(|| {
                quote! {
                    #[inline]
                    fn is_empty_collection(&self) -> bool {
                        #rt::IsZero::is_empty_collection(&self.0)
                    }
                }
            });
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
                    #collection
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
            let mut generic_accessors = Vec::new(); // explicit impls: generic structs, 1.37 short-circuits
            for f in fields {
                let member = &f.member;
                let opaque = f.rules.has(TagName::OpaqueType) || opaque_elements(&f.rules);
                let key = &f.json_name;
                // Spanned at the field's type: a type without `ToBadValue`
                // is reported there.
                let write = match (f.flatten, opaque) {
                    (true, true) => TokenStream::new(),
                    (true, false) => respan(
                        quote!(json.flatten(&self.#member);),
                        syn::spanned::Spanned::span(&f.ty.ty),
                    ),
                    (false, true) => quote!(json.null(#key);),
                    // A key that needs no JSON escaping is written quoted
                    // here, with its comma and colon: printing the struct
                    // copies it instead of scanning it for escapes.
                    (false, false) if is_plain_json_key(key) => {
                        let written = format!(",\"{key}\":");
                        respan(
                            quote!(json.member(#written, &self.#member);),
                            syn::spanned::Spanned::span(&f.ty.ty),
                        )
                    }
                    (false, false) => respan(
                        quote!(json.field(#key, &self.#member);),
                        syn::spanned::Spanned::span(&f.ty.ty),
                    ),
                };
                let write = match &f.skip_serializing_if {
                    Some(pred) if !write.is_empty() => quote!(if !#pred(&self.#member) { #write }),
                    _ => write,
                };
                json.push(write);
                let name = field_name_ty(&f.json_name);
                let ty = &f.ty.ty;
                let leaf_ty = &f.ty.leaf().ty;
                let optional_default = subfield::optional_default(f);
                let short_circuits = subfield::field_short_circuits(cx, model, f);
                if model.generics.params.is_empty() && short_circuits.is_empty() {
                    // One line per field, through the runtime's `has_fields!`.
                    let default = subfield::optional_default_mode(f).map(|m| quote!(= #m));
                    accessors.push(quote!(#member: #ty => #leaf_ty as #name #default));
                } else {
                    generic_accessors.push(quote! {
                        impl #impl_generics #rt::HasField<#name> for #ident #ty_generics #where_clause {
                            type Value = #ty;
                            type Leaf = #leaf_ty;
                            #optional_default
                            fn field(&self) -> &#ty {
                                &self.#member
                            }
                            #short_circuits
                        }
                    });
                }
            }
            let has_fields = if accessors.is_empty() {
                TokenStream::new()
            } else {
                quote!(#rt::has_fields!(#ident { #(#accessors),* });)
            };
            let body = if json.iter().all(TokenStream::is_empty) {
                quote!(#rt::field::JsonObject::new(out).end();)
            } else {
                quote! {
                    let mut json = #rt::field::JsonObject::new(out);
                    #(#json)*
                    json.end();
                }
            };
            quote! {
                // A struct value is always set, as in Go (the trait's default
                // `is_zero`); presence tags refuse it (`emit::unless_struct`).
                impl #impl_generics #rt::IsZero for #ident #ty_generics #where_clause {
                    const IS_STRUCT: bool = true;
                }
                impl #impl_generics #rt::field::ToBadValue for #ident #ty_generics #where_clause {
                    // Compiled where a struct is reported as a bad value,
                    // not for every struct (most never are).
                    #[inline]
                    fn write_json(&self, out: &mut ::std::string::String) {
                        #body
                    }
                }
                #has_fields
                #(#generic_accessors)*
            }
        }
        TypeKind::Enum(_) => TokenStream::new(),
    }
}

/// Whether Go's `encoding/json` writes `key` as it is between its quotes:
/// printable ASCII without `"`, `\`, `<`, `>` or `&` (the runtime's
/// `write_json_string` escapes those, control characters, U+2028 and U+2029;
/// non-ASCII keys are left to it too).
fn is_plain_json_key(key: &str) -> bool {
    key.bytes()
        .all(|b| (0x20..0x7f).contains(&b) && !matches!(b, b'"' | b'\\' | b'<' | b'>' | b'&'))
}

#[cfg(test)]
mod tests {
    use super::is_plain_json_key;

    #[test]
    fn plain_json_keys() {
        for key in ["name", "containerPort", "a.b-c_d/e", "", "with space"] {
            assert!(is_plain_json_key(key), "{key}");
        }
        for key in ["a<b", "a>b", "a&b", "a\"b", "a\\b", "tab\t", "é", "\u{7f}"] {
            assert!(!is_plain_json_key(key), "{key:?}");
        }
    }
}
