//! kube custom resources: `#[derive(CustomResource, Validate)]` on a spec
//! struct. kube's derive writes the root struct (`Widget { metadata, spec,
//! status }`) itself, so it cannot carry tags; the `Validate` derive reads
//! kube's own `#[kube(...)]` attribute on the spec and implements `Validate`
//! for that root through `k8s_validation::custom_resource!` (the API
//! server's `metadata` rules, then `spec` and `status`).
//!
//! The derive does this only when `k8s-validation`'s `k8s-openapi`
//! feature is on (it forwards the derive's `kube` feature), as the macro and
//! the `metadata` rules live behind that feature.

use proc_macro2::TokenStream;
use quote::quote;

use crate::front::Checked;

/// For a kube spec struct, the `Validate` impl of the root kube generates
/// (`custom_resource!`); nothing for any other struct.
pub(crate) fn custom_resource_impl(checked: &Checked) -> TokenStream {
    let attrs = match &checked.kube {
        Ok(Some(attrs)) => attrs,
        Ok(None) => return TokenStream::new(),
        Err(e) => return e.to_compile_error(),
    };
    let runtime = &checked.runtime;
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
    let name = attrs.metadata_name.as_ref().map(|n| quote!(name = #n,));
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
