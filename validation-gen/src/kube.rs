//! kube custom resources: `#[derive(CustomResource, Validate)]` on a spec
//! struct. kube's derive writes the root struct (`Widget { metadata, spec,
//! status }`) itself, so it cannot carry tags; the `Validate` derive reads
//! kube's own `#[kube(...)]` attribute on the spec and implements `Validate`
//! for that root through `validation_runtime::custom_resource!` (the API
//! server's `metadata` rules, then `spec` and `status`).
//!
//! The derive does this only when `validation-runtime`'s `k8s-openapi`
//! feature is on (it forwards the derive's `kube` feature), as the macro and
//! the `metadata` rules live behind that feature.

use proc_macro2::TokenStream;
use quote::quote;

/// What the root's `Validate` impl needs from `#[kube(...)]`.
struct KubeAttrs {
    kind: syn::LitStr,
    /// `struct = "Name"`: the root's name when it is not the kind.
    root: Option<syn::LitStr>,
    namespaced: bool,
    status: bool,
}

/// Reads kube's `#[kube(...)]` attributes: `kind`, `struct`, `namespaced`
/// and `status`; every other key (`group`, `version`, `printcolumn`,
/// `scale(...)`, ...) is skipped, values included. `None` without `kind`
/// (not a kube spec, or kube reports the attribute itself).
fn kube_attrs(attrs: &[syn::Attribute]) -> syn::Result<Option<KubeAttrs>> {
    let mut kind = None;
    let mut root = None;
    let mut namespaced = false;
    let mut status = false;
    for attr in attrs.iter().filter(|a| a.path().is_ident("kube")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("kind") {
                kind = Some(meta.value()?.parse()?);
            } else if meta.path.is_ident("struct") {
                root = Some(meta.value()?.parse()?);
            } else if meta.path.is_ident("namespaced") {
                namespaced = true;
            } else if meta.path.is_ident("status") {
                status = true;
                let _: syn::Expr = meta.value()?.parse()?;
            } else if meta.input.peek(syn::Token![=]) {
                let _: syn::Expr = meta.value()?.parse()?;
            } else if meta.input.peek(syn::token::Paren) {
                let _group: proc_macro2::Group = meta.input.parse()?;
            }
            Ok(())
        })?;
    }
    Ok(kind.map(|kind| KubeAttrs {
        kind,
        root,
        namespaced,
        status,
    }))
}

/// `#[validate(metadata_name = "k8s-short-name")]`: the name format of the
/// root's `metadata.name` (default `k8s-long-name`, the API server's rule for
/// every custom resource).
fn metadata_name(attrs: &[syn::Attribute]) -> Option<syn::LitStr> {
    let mut name = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident("validate")) {
        // Other keys are `type_options`' to check.
        let _ = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("metadata_name") {
                name = Some(meta.value()?.parse()?);
            } else if meta.input.peek(syn::Token![=]) {
                let _: syn::Expr = meta.value()?.parse()?;
            }
            Ok(())
        });
    }
    name
}

/// For a kube spec struct, the `Validate` impl of the root kube generates
/// (`custom_resource!`); nothing for any other struct.
pub fn custom_resource_impl(input: &syn::DeriveInput) -> TokenStream {
    let attrs = match kube_attrs(&input.attrs) {
        Ok(Some(attrs)) => attrs,
        Ok(None) => return TokenStream::new(),
        Err(e) => return e.to_compile_error(),
    };
    let runtime = match crate::runtime_path(&input.attrs) {
        Ok(path) => path,
        Err(_) => return TokenStream::new(),
    };
    let root_name = attrs.root.as_ref().unwrap_or(&attrs.kind);
    let root = match root_name.parse::<syn::Ident>() {
        Ok(ident) => ident,
        Err(_) => {
            let message = format!(
                "kube's root type name {:?} is not an identifier",
                root_name.value()
            );
            return syn::Error::new(root_name.span(), message).to_compile_error();
        }
    };
    let name = metadata_name(&input.attrs).map(|n| quote!(name = #n,));
    let scope = if attrs.namespaced {
        quote!(scope = Namespaced)
    } else {
        quote!(scope = Cluster)
    };
    let status = attrs.status.then(|| quote!(, status));
    quote! {
        #runtime::custom_resource! { #root { metadata(#name #scope), spec #status } }
    }
}
