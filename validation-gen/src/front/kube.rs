//! kube custom resources: what the derive reads of kube's own
//! `#[kube(...)]` attribute on a spec struct, and of
//! `#[validate(metadata_name = "...")]`, for the `Validate` impl of the root
//! struct kube writes (the back end is `crate::kube`).

/// What the root's `Validate` impl needs from `#[kube(...)]`.
pub(crate) struct KubeAttrs {
    pub kind: syn::LitStr,
    /// `struct = "Name"`: the root's name when it is not the kind.
    pub root: Option<syn::LitStr>,
    pub namespaced: bool,
    pub status: bool,
    /// `#[validate(metadata_name = "k8s-short-name")]`: the name format of
    /// the root's `metadata.name`.
    pub metadata_name: Option<syn::LitStr>,
}

/// Reads kube's `#[kube(...)]` attributes: `kind`, `struct`, `namespaced`
/// and `status`; every other key (`group`, `version`, `printcolumn`,
/// `scale(...)`, ...) is skipped, values included. `None` without `kind`
/// (not a kube spec, or kube reports the attribute itself).
pub(super) fn kube_attrs(attrs: &[syn::Attribute]) -> syn::Result<Option<KubeAttrs>> {
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
        metadata_name: metadata_name(attrs),
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
