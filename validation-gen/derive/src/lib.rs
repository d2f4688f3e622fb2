//! `#[derive(Validate)]` and `#[enum_values]`: a thin shim over the
//! `validation-gen` library, which the `validation-gen` CLI uses too, so
//! both front ends produce the same code. Use them through
//! `validation_runtime` (feature `derive`, on by default).

use proc_macro::TokenStream;
use validation_gen::Options;

validation_gen::__release_features! {
    "validation-gen-derive",
    /// The release the derive follows when a type names none: this crate's
    /// `v1_*` feature (forwarded by `validation-runtime`), 1.35 without one.
    const DEFAULT_RELEASE
}

/// Derives `validation_runtime::Validate` from `+k8s:` doc-comment tags.
///
/// ```ignore
/// use validation_runtime::Validate;
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
/// re-exported under another path (default `::validation_runtime`).
///
/// `#[validate(kubernetes = "1.36")]` names the Kubernetes release the
/// type's validation follows (1.35, 1.36, 1.37 or 1.38); without it, the release
/// of `validation-runtime`'s `v1_*` feature, or 1.35.
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
    validation_gen::expand_derive(input.into(), &options).into()
}

/// Marks the `impl` block holding the values of a `+k8s:enum` type:
/// `pub const RUNNING: &'static str = "Running";` items. Tag a const
/// `+k8s:enumExclude` (or `+k8s:ifEnabled(Opt)=+k8s:enumExclude`) to exclude it.
#[proc_macro_attribute]
pub fn enum_values(_args: TokenStream, item: TokenStream) -> TokenStream {
    validation_gen::expand_enum_values(item.into()).into()
}
