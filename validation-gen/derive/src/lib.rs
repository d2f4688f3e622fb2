//! `#[derive(Validate)]` and `#[enum_values]`: a thin shim over the
//! `validation-gen` library, which the `validation-gen` CLI uses too, so
//! both front ends produce the same code. Use them through
//! `k8s_validation` (feature `derive`, on by default).
#![cfg_attr(docsrs, feature(doc_cfg))]

use k8s_validation_gen::Options;
use proc_macro::TokenStream;

k8s_validation_gen::__release_features! {
    "k8s-validation-derive",
    /// The release the derive follows when a type names none: this crate's
    /// `v1_*` feature (forwarded by `k8s-validation`), 1.35 without one.
    const DEFAULT_RELEASE
}

/// Derives `k8s_validation::Validate` from `+k8s:` doc-comment tags.
///
/// ```ignore
/// use k8s_validation::Validate;
///
/// #[derive(Validate, PartialEq)]
/// pub struct Spec {
///     /// +k8s:optional
///     /// +k8s:minimum=0
///     pub replicas: Option<i32>,
/// }
/// ```
///
/// `#[validate(crate = "path")]` names the runtime crate when it is
/// re-exported under another path (default `::k8s_validation`).
///
/// `#[validate(kubernetes = "1.36")]` names the Kubernetes release the
/// type's validation follows (1.35, 1.36, 1.37 or 1.38); without it, the release
/// of `k8s-validation`'s `v1_*` feature, or 1.35.
///
/// serde's attributes (`#[serde(rename = "...")]`, `rename_all`, `skip`,
/// `flatten`, ...) name fields on the wire, and so in error paths; they are
/// this derive's helper attributes too, so a type that validates without
/// deriving serde's traits can still use them.
#[proc_macro_derive(Validate, attributes(validate, serde))]
pub fn derive_validate(input: TokenStream) -> TokenStream {
    let options = Options::new()
        .kubernetes_version(DEFAULT_RELEASE)
        .kube_root(cfg!(feature = "kube"))
        .schema_fragment(cfg!(feature = "schema"));
    k8s_validation_gen::expand_derive(input.into(), &options).into()
}

/// Marks the `impl` block holding the values of a `+k8s:enum` type:
/// `pub const RUNNING: &'static str = "Running";` items. Tag a const
/// `+k8s:enumExclude` (or `+k8s:ifEnabled(Opt)=+k8s:enumExclude`) to exclude it.
#[proc_macro_attribute]
pub fn enum_values(_args: TokenStream, item: TokenStream) -> TokenStream {
    k8s_validation_gen::expand_enum_values(item.into()).into()
}
