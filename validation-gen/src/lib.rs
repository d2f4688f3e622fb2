//! `validation-gen`: Kubernetes declarative validation tags (`+k8s:minimum=0`,
//! `+k8s:format=k8s-short-name`, ...) to Rust validators.
//!
//! The generator is a pipeline: [`tags`] (the tag grammar, shared by the
//! derive and the CLI) -> [`model`] (types, fields, JSON names, shapes and
//! the tags attached to each) -> `emit` (checks and code, one module per tag
//! family) -> prettyplease. The `#[derive(Validate)]` macro and the CLI call
//! the same functions, so they produce the same code.
#![warn(missing_docs)]

pub mod ast;
mod builder;
pub(crate) mod check;
pub mod cli;
pub mod depth;
pub mod diag;
pub(crate) mod emit;
pub mod enum_values;
pub(crate) mod front;
pub mod kube;
pub mod model;
pub mod module;
pub(crate) mod rules;
pub mod schema;
pub mod tags;

pub use builder::{BuildError, Builder};

use proc_macro2::TokenStream;
use quote::quote;

use diag::Diagnostics;
pub use tags::Release;

/// Generates the `Validate` impl (and helpers) for one type definition,
/// following Kubernetes [`Release::DEFAULT`] unless the type says otherwise
/// (`#[validate(kubernetes = "1.36")]`).
///
/// On a generation-time error this returns the errors, each spanned at the
/// offending tag or field.
pub fn generate_type(input: &syn::DeriveInput) -> Result<TokenStream, Diagnostics> {
    generate_type_for(input, Release::DEFAULT)
}

/// [`generate_type`] following Kubernetes `release` unless the type names
/// another one with `#[validate(kubernetes = "...")]`.
pub fn generate_type_for(
    input: &syn::DeriveInput,
    release: Release,
) -> Result<TokenStream, Diagnostics> {
    let mut diags = Diagnostics::new();
    if let Some(span) = depth::too_deep(quote!(#input), depth::MAX_TYPE_NESTING) {
        diags.error(span, depth::too_deep_message(depth::MAX_TYPE_NESTING));
        return Err(diags);
    }
    let (runtime, release) = match type_options(&input.attrs) {
        Ok(o) => (o.runtime, o.release.unwrap_or(release)),
        Err(e) => {
            diags.error(e.span(), e.to_string());
            return Err(diags);
        }
    };
    if let syn::Data::Enum(_) = &input.data {
        let parsed = match ast::parse_enum(input) {
            Ok(p) => p,
            Err(errors) => {
                for e in errors {
                    diags.error(e.span(), e.to_string());
                }
                return Err(diags);
            }
        };
        let tokens = emit::emit_rust_enum(&parsed, release, &mut diags);
        return if diags.is_empty() {
            Ok(emit::wrap(&runtime, tokens))
        } else {
            Err(diags)
        };
    }
    let parsed = match ast::parse_input(input) {
        Ok(p) => p,
        Err(e) => {
            for e in e {
                diags.error(e.span(), e.to_string());
            }
            return Err(diags);
        }
    };
    // The pipeline: parse (above), check, emit.
    let mut model = model::TypeModel::from_input_for(parsed, release, &mut diags);
    let lists = check::check_type(&mut model, &mut diags);
    let tokens = emit::emit_type(&model, &lists, &mut diags);
    if diags.is_empty() {
        Ok(emit::wrap(&runtime, tokens))
    } else {
        Err(diags)
    }
}

/// What a type's `#[validate(...)]` attributes say.
#[derive(Clone, Debug)]
pub struct TypeOptions {
    /// `crate = "path"`: the runtime crate's path (default
    /// `::validation_runtime`).
    pub runtime: syn::Path,
    /// `kubernetes = "1.36"`: the Kubernetes release the type's validation
    /// follows, overriding the crate's (the runtime's `v1_*` feature, the
    /// CLI's `--kubernetes-version`).
    pub release: Option<Release>,
}

/// Reads a type's `#[validate(crate = "path", kubernetes = "1.36")]`
/// attributes. An unknown key, or a release outside
/// [`Release::SUPPORTED`], is an error spanned at it.
pub fn type_options(attrs: &[syn::Attribute]) -> syn::Result<TypeOptions> {
    let mut path: Option<syn::Path> = None;
    let mut release: Option<Release> = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident("validate")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("crate") {
                let lit: syn::LitStr = meta.value()?.parse()?;
                path = Some(lit.parse()?);
                Ok(())
            } else if meta.path.is_ident("kubernetes") {
                let lit: syn::LitStr = meta.value()?.parse()?;
                let r = Release::parse_supported(&lit.value())
                    .map_err(|e| syn::Error::new(lit.span(), e))?;
                release = Some(r);
                Ok(())
            } else if meta.path.is_ident("metadata_name") {
                // Read by `kube::custom_resource_impl` (a kube spec's root).
                let _: syn::LitStr = meta.value()?.parse()?;
                Ok(())
            } else {
                Err(meta.error(
                    "unknown `validate` attribute: expected `crate = \"path\"`, \
                     `kubernetes = \"1.36\"` or `metadata_name = \"k8s-short-name\"`",
                ))
            }
        })?;
    }
    Ok(TypeOptions {
        runtime: path
            .unwrap_or_else(|| syn::parse_str(emit::DEFAULT_RUNTIME_PATH).expect("valid path")),
        release,
    })
}

/// The runtime crate's path for a type: `#[validate(crate = "path")]`, as
/// serde's `#[serde(crate = "...")]`, for crates that re-export
/// `validation_runtime` under another name; `::validation_runtime` by default.
pub fn runtime_path(attrs: &[syn::Attribute]) -> syn::Result<syn::Path> {
    type_options(attrs).map(|o| o.runtime)
}

/// The derive entry point for Kubernetes [`Release::DEFAULT`]: see
/// [`expand_derive_for`].
pub fn expand_derive(input: TokenStream) -> TokenStream {
    expand_derive_for(input, Release::DEFAULT)
}

/// The derive entry point, following `release` unless the type names
/// another (`#[validate(kubernetes = "...")]`): the impls, or the errors
/// plus fallback impls so that the user sees the tag error and not a
/// cascade of secondary errors: an empty `Validate` impl, and the helpers
/// other types' generated code uses (`IsZero`, `ToBadValue`, `HasField`,
/// `Newtype`), which do not depend on the tags.
pub fn expand_derive_for(input: TokenStream, release: Release) -> TokenStream {
    if let Some(span) = depth::too_deep(input.clone(), depth::MAX_TYPE_NESTING) {
        let message = depth::too_deep_message(depth::MAX_TYPE_NESTING);
        return syn::Error::new(span, message).to_compile_error();
    }
    let input: syn::DeriveInput = match syn::parse2(input) {
        Ok(i) => i,
        Err(e) => return e.to_compile_error(),
    };
    match generate_type_for(&input, release) {
        Ok(tokens) => tokens,
        Err(diags) => {
            let errors = diags
                .to_syn_error()
                .map(|e| e.to_compile_error())
                .unwrap_or_default();
            let ident = &input.ident;
            let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
            let helpers = fallback_helpers(&input);
            let runtime = runtime_path(&input.attrs).unwrap_or_else(|_| {
                syn::parse_str(emit::DEFAULT_RUNTIME_PATH).expect("valid path")
            });
            let items = quote! {
                #helpers
                impl #impl_generics __rt::Validate for #ident #ty_generics #where_clause {
                    fn validate_into(
                        &self,
                        _: &__rt::Operation,
                        _: &__rt::field::Path<'_>,
                        _: ::core::option::Option<&Self>,
                        _: &mut __rt::ErrorList,
                    ) {
                    }
                }
            };
            let items = emit::wrap(&runtime, items);
            quote! {
                #errors
                #items
            }
        }
    }
}

/// The derive's `validation_runtime::schema::SchemaFragment` impl: the
/// type's schema fragment ([`schema::fragment`]) as embedded JSON. The
/// values of a `+k8s:enum` string newtype come from its `#[enum_values]`
/// block at run time. Nothing when the fragment cannot be made (the tag
/// errors are reported by the `Validate` generation).
///
/// The derive emits it only with `validation-runtime`'s `schema` feature
/// (which `schemars` enables): a type's fragment costs compile time, and
/// only schema export reads it.
pub fn schema_fragment_impl(input: &syn::DeriveInput) -> TokenStream {
    schema_fragment_impl_for(input, Release::DEFAULT)
}

/// [`schema_fragment_impl`] for a type whose tags follow `release` unless it
/// names another (the derive's release, as for its `Validate` impl).
pub fn schema_fragment_impl_for(input: &syn::DeriveInput, release: Release) -> TokenStream {
    let Ok(fragment) = schema::fragment_for(input, None, release) else {
        return TokenStream::new();
    };
    let Ok(runtime) = runtime_path(&input.attrs) else {
        return TokenStream::new();
    };
    let json = fragment.schema.to_string();
    let enum_values = if json.contains(schema::ENUM_PENDING) {
        // Spanned at the `+k8s:enum` line, as the `Validate` impl's own
        // reference: without an `#[enum_values]` block rustc reports the
        // same error once.
        let span = enum_tag_span(input).unwrap_or_else(proc_macro2::Span::call_site);
        let consts = quote::quote_spanned!(span=> Self::__K8S_ENUM);
        quote!({
            let (values, exclusions, _) = #consts;
            ::core::option::Option::Some((values, exclusions))
        })
    } else {
        quote!(::core::option::Option::None)
    };
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    quote! {
        impl #impl_generics #runtime::schema::SchemaFragment for #ident #ty_generics #where_clause {
            fn schema_fragment() -> #runtime::schema::Value {
                #runtime::schema::fragment_from_json(#json, #enum_values)
            }
        }
    }
}

/// The doc line of a type's `+k8s:enum` tag (on the type or, for a
/// newtype, on its field).
fn enum_tag_span(input: &syn::DeriveInput) -> Option<proc_macro2::Span> {
    let parsed = ast::parse_input(input).ok()?;
    let mut docs = parsed.docs.clone();
    if let ast::InputKind::Newtype(inner) = &parsed.kind {
        docs.extend(inner.docs.iter().cloned());
    }
    let mut ignored = Diagnostics::new();
    let read = model::read_tags(&docs, &mut ignored);
    let span = read.named(tags::TagName::Enum).next().map(|t| t.span);
    span
}

/// The helper impls of a type whose generation failed: the real ones when
/// the type's shape is supported, otherwise stand-ins (never zero, renders
/// as `null`) so that fields of this type elsewhere do not add errors.
fn fallback_helpers(input: &syn::DeriveInput) -> TokenStream {
    if let Ok(parsed) = ast::parse_enum_shape(input) {
        return emit::rust_enum_helpers(&parsed);
    }
    if let Ok(parsed) = ast::parse_input(input) {
        let mut ignored = Diagnostics::new();
        let mut model = model::TypeModel::from_input(parsed, &mut ignored);
        let lists = check::check_type(&mut model, &mut ignored);
        let mut helpers = emit::helper_impls(&model, &lists);
        helpers.extend(emit::subfield_host_impl(&model));
        return helpers;
    }
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    quote! {
        impl #impl_generics __rt::IsZero for #ident #ty_generics #where_clause {
            fn is_zero(&self) -> bool {
                false
            }
        }
        impl #impl_generics __rt::field::ToBadValue for #ident #ty_generics #where_clause {
            fn write_json(&self, out: &mut ::std::string::String) {
                out.push_str("null");
            }
        }
    }
}

/// The `#[enum_values]` attribute entry point: the impl block unchanged plus
/// the hidden consts the `+k8s:enum` validation reads.
pub fn expand_enum_values(item: TokenStream) -> TokenStream {
    let imp: syn::ItemImpl = match syn::parse2(item.clone()) {
        Ok(i) => i,
        Err(e) => return e.to_compile_error(),
    };
    let mut diags = Diagnostics::new();
    let values = enum_values::read(&imp, &mut diags);
    let consts = enum_values::emit(&imp, &values);
    let errors = diags
        .to_syn_error()
        .map(|e| e.to_compile_error())
        .unwrap_or_default();
    quote! {
        #item
        #consts
        #errors
    }
}
