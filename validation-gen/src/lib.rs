//! `validation-gen`: Kubernetes declarative validation tags (`+k8s:minimum=0`,
//! `+k8s:format=k8s-short-name`, ...) to Rust validators.
//!
//! Most users reach this crate through `#[derive(Validate)]` (re-exported by
//! `k8s-validation`), the `validation-gen` command ([`cli`]) or
//! [`Builder`] in a build script; all three call the same generator, with
//! one [`Options`] value, so they produce the same code.
//!
//! The generator is a pipeline: the front half (parse -> check) reads each
//! type once into a checked model (its fields, JSON names, Go shapes and
//! typed rules, and the facts of its Kubernetes release), and every back
//! end reads that model: code generation, the schema export ([`schema`]),
//! the kube root, enum values. See `docs/architecture.md`.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_docs)]

mod builder;
pub mod cli;
mod emit;
mod front;
mod kube;
mod module;
pub mod schema;

pub use builder::{BuildError, Builder};
pub use front::Options;
pub use k8s_validation_spec::Release;

/// The release the cargo features of the calling crate select (the
/// derive's), from `k8s-validation-spec`: outside semver.
#[doc(hidden)]
pub use k8s_validation_spec::__release_features;

use proc_macro2::TokenStream;
use quote::quote;

/// Generates the `Validate` impl (and helpers) of one type definition: a
/// struct with named fields, a tuple newtype, or a Rust enum tagged
/// `+k8s:enum`. The type's `#[validate(kubernetes = "...", crate = "...")]`
/// overrides `options`.
///
/// On a generation-time error this returns every error, each spanned at the
/// offending tag or field, in source order.
///
/// ```
/// let input: syn::DeriveInput = syn::parse_quote! {
///     pub struct Spec {
///         /// +k8s:maxLength=10
///         pub replicas: i32,
///     }
/// };
/// let err = k8s_validation_gen::generate_type(&input, &k8s_validation_gen::Options::new()).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "can only be used on string types (int32) (in `+k8s:maxLength=10`)"
/// );
/// ```
pub fn generate_type(
    input: &syn::DeriveInput,
    options: &Options,
) -> Result<TokenStream, syn::Error> {
    let front::Analysis {
        checked,
        mut diags,
        runtime,
    } = front::analyze(input, options);
    // The back end judges the rules against their sites and reports its
    // own errors, also beside the front half's.
    if let Some(checked) = &checked {
        let tokens = emit::generate(checked, &mut diags);
        if diags.is_empty() {
            return Ok(emit::wrap(&runtime, tokens));
        }
    }
    Err(diags.to_syn_error().expect("errors were found"))
}

/// The derive entry point: the impls of one type (with, as `options` ask,
/// its `SchemaFragment` and the kube root's `Validate`), or its errors
/// beside fallback impls, so that the user sees the tag error and not a
/// cascade of secondary errors: an empty `Validate` impl and the helpers
/// other types' generated code uses (`IsZero`, `ToBadValue`, `HasField`,
/// `Newtype`), which do not depend on the tags.
///
/// The type is analysed once, whatever the back ends.
pub fn expand_derive(input: TokenStream, options: &Options) -> TokenStream {
    if let Some(span) = front::too_deep(input.clone(), front::MAX_TYPE_NESTING) {
        let message = front::too_deep_message(front::MAX_TYPE_NESTING);
        return syn::Error::new(span, message).to_compile_error();
    }
    let input: syn::DeriveInput = match syn::parse2(input) {
        Ok(i) => i,
        Err(e) => return e.to_compile_error(),
    };
    let front::Analysis {
        checked,
        mut diags,
        runtime,
    } = front::analyze(&input, options);
    // The kube root's impl does not depend on the tags: there whether or
    // not the type generated.
    let kube_root = match &checked {
        Some(checked) if options.wants_kube_root() => kube::custom_resource_impl(checked),
        _ => TokenStream::new(),
    };
    if let Some(checked) = &checked {
        let tokens = emit::generate(checked, &mut diags);
        if diags.is_empty() {
            let mut out = emit::wrap(&runtime, tokens);
            out.extend(kube_root);
            if options.wants_schema_fragment() {
                out.extend(schema::fragment_impl(checked));
            }
            return out;
        }
    }
    let errors = diags
        .to_syn_error()
        .map(|e| e.to_compile_error())
        .unwrap_or_default();
    let items = emit::wrap(
        &runtime,
        emit::fallback(&input, checked.as_ref(), &mut diags),
    );
    quote! {
        #errors
        #items
        #kube_root
    }
}

/// The `#[enum_values]` attribute entry point: the impl block unchanged plus
/// the hidden consts the `+k8s:enum` validation reads.
pub fn expand_enum_values(item: TokenStream) -> TokenStream {
    let imp: syn::ItemImpl = match syn::parse2(item.clone()) {
        Ok(i) => i,
        Err(e) => return e.to_compile_error(),
    };
    let (values, diags) = front::enum_values(&imp);
    let consts = emit::enum_values_consts(&imp, &values);
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

/// What this crate's own tests, benchmarks and the upstream oracles use:
/// **not part of the public API**, outside semver, and changed without
/// notice.
#[doc(hidden)]
pub mod __private {
    pub use crate::front::testing::*;
    /// The deepest nesting of brackets a type may have.
    pub const MAX_TYPE_NESTING: usize = crate::front::MAX_TYPE_NESTING;
    /// The deepest nesting of brackets a module file may have.
    pub const MAX_FILE_NESTING: usize = crate::front::MAX_FILE_NESTING;
    pub use crate::module::{
        format_tokens, generate_module, has_types, module_files, release_line, stated_release,
        stays_inside, walk_module_files, FileDiagnostic, Walk, DEFAULT_OUTPUT, HEADER,
    };

    /// How many types the front half read on this thread so far (it runs
    /// once per type, whatever the back ends).
    pub fn analyses() -> usize {
        crate::front::analyses()
    }
}
