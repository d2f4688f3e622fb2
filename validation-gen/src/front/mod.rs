//! The front half of the generator: **parse -> check**, once per type, into
//! the [`Checked`] model that every back end reads (code generation, the
//! schema export, the kube root, enum values), as serde_derive's
//! `internals/` serves its `ser` and `de`.
//!
//! * [`ast`]: the Rust type as the generator sees it (serde's names).
//! * `tags`: the `+k8s:` tag language (grammar, catalog, scope checks). The
//!   parse tree is private to this module: no back end can name it.
//! * [`rules`]: each tag read once into a typed [`Rule`], for the release.
//! * [`model`] and `check`: the type with its tags, then with checked rules
//!   only; [`lists`]: list semantics resolved into a [`ListTable`].
//! * [`behaviour`]: the release's facts. Back ends receive the type's row
//!   ([`TypeModel::behaviour`]) and never a [`Release`].
//! * `diag`: the error accumulator, which only this module creates.
//!
//! [`analyze`] is the one entry point. On an error it still returns the
//! model it could build (tags that failed are dropped, with an error each),
//! as serde returns the container and checks its context after: the derive
//! writes the helper impls other types rely on from that partial model, so
//! a user sees the tag error and not a cascade of secondary ones.

mod ast;
pub(crate) mod behaviour;
mod bounds;
mod check;
mod depth;
mod diag;
mod enums;
mod kube;
mod lint;
mod lists;
mod model;
mod rules;
mod tags;

use std::cell::Cell;

use k8s_validation_spec::Release;
use proc_macro2::Span;

pub(crate) use ast::{doc_lines, has_enum_tag, type_name};
pub(crate) use behaviour::Behaviour;
pub(crate) use depth::{
    too_deep, too_deep_message, with_big_stack, MAX_FILE_NESTING, MAX_TYPE_NESTING,
};
pub(crate) use diag::{Diagnostic, Diagnostics};
pub(crate) use enums::{static_detail, EnumValues};
pub(crate) use kube::KubeAttrs;
pub(crate) use lint::{Claim, StructLint};
pub(crate) use lists::{Elems, ListContext, ListKind, ListMeta, ListOwner, ListTable};
pub(crate) use model::{
    Field, IntKind, NamedValue, RuleAt, Rules, RustEnum, Shape, Ty, TypeKind, TypeModel,
};
pub(crate) use rules::{
    rule_chain, Constraint, Fixed, Level, Limit, ListTag, Payload, Rule, RuleKind, Value,
};
pub(crate) use tags::{not_in_scope, Scope, TagName};

/// How the generator reads and generates types: one value for every front
/// end (the derive, the `validation-gen` CLI, [`crate::Builder`], the
/// schema export), as prost-build's `Config`.
///
/// ```
/// use k8s_validation_gen::{Options, Release};
///
/// let release = Release::parse_supported("1.36").unwrap();
/// let options = Options::new()
///     .kubernetes_version(release)
///     .runtime_path("::my_api::rt")
///     .unwrap();
/// assert_eq!(options.release(), release);
/// ```
#[derive(Clone, Debug)]
pub struct Options {
    release: Release,
    /// A valid Rust path (checked when set); kept as text so that the
    /// options can cross to the generator's big-stack thread.
    runtime: String,
    kube_root: bool,
    schema_fragment: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options::new()
    }
}

impl Options {
    /// Kubernetes [`Release::DEFAULT`], the runtime at `::k8s_validation`,
    /// no kube root and no schema fragment.
    pub fn new() -> Self {
        Options {
            release: Release::DEFAULT,
            runtime: DEFAULT_RUNTIME_PATH.to_owned(),
            kube_root: false,
            schema_fragment: false,
        }
    }

    /// The Kubernetes release whose tags and behaviour types follow, unless
    /// a type names its own (`#[validate(kubernetes = "1.36")]`).
    ///
    /// # Panics
    ///
    /// For a release outside [`Release::SUPPORTED`]; use
    /// [`Release::parse_supported`] to read one.
    pub fn kubernetes_version(mut self, release: Release) -> Self {
        assert!(
            release.is_supported(),
            "unsupported Kubernetes release {release}: supported are {}",
            Release::supported_list()
        );
        self.release = release;
        self
    }

    /// The path generated code names the runtime crate by, for a crate that
    /// re-exports it (`::my_api::rt`), unless a type names its own
    /// (`#[validate(crate = "...")]`). An error when `path` is not a Rust
    /// path.
    pub fn runtime_path(mut self, path: &str) -> Result<Self, String> {
        syn::parse_str::<syn::Path>(path)
            .map_err(|e| format!("invalid runtime path {path:?}: {e}"))?;
        self.runtime = path.to_owned();
        Ok(self)
    }

    /// The derive's `kube` feature: a kube custom resource's spec also gets
    /// the `Validate` impl of the root kube writes.
    pub fn kube_root(mut self, on: bool) -> Self {
        self.kube_root = on;
        self
    }

    /// The derive's `schema` feature: each type also gets its
    /// `SchemaFragment` impl.
    pub fn schema_fragment(mut self, on: bool) -> Self {
        self.schema_fragment = on;
        self
    }

    /// The release types follow unless they name their own.
    pub fn release(&self) -> Release {
        self.release
    }

    pub(crate) fn runtime(&self) -> syn::Path {
        syn::parse_str(&self.runtime).expect("checked when set")
    }

    pub(crate) fn wants_kube_root(&self) -> bool {
        self.kube_root
    }

    pub(crate) fn wants_schema_fragment(&self) -> bool {
        self.schema_fragment
    }
}

/// The runtime path used when none is given.
pub(crate) const DEFAULT_RUNTIME_PATH: &str = "::k8s_validation";

/// One type, parsed and checked: the model with checked rules only, its
/// list semantics and its release's behaviour ([`TypeModel::behaviour`]).
pub(crate) struct Checked {
    /// The type, its fields and their rules.
    pub model: TypeModel,
    /// Its list semantics.
    pub lists: ListTable,
    /// The runtime path its generated code uses.
    pub runtime: syn::Path,
    /// kube's `#[kube(kind = ...)]` on a spec struct (for the root's
    /// `Validate`), or why it does not read.
    pub kube: syn::Result<Option<KubeAttrs>>,
    /// The requiredness lint's findings that only the compiler can finish
    /// (Kubernetes 1.38's `nonPointerStructRequiredness`).
    pub lints: Vec<StructLint>,
}

impl Checked {
    /// The subresources the type's tags declare (`+k8s:supportsSubresource`
    /// paths), as written.
    pub(crate) fn subresources(&self) -> Vec<String> {
        self.model
            .rules
            .named(TagName::SupportsSubresource)
            .filter_map(|r| match &r.rule.kind {
                RuleKind::Subresource(Some(path)) => Some(path.clone()),
                _ => None,
            })
            .collect()
    }
}

impl Checked {
    /// The doc line of the type's `+k8s:enum` tag (on the type or, for a
    /// newtype, on its field).
    pub(crate) fn enum_tag_span(&self) -> Option<Span> {
        self.model.rules.named(TagName::Enum).next().map(|r| r.span)
    }
}

/// What [`analyze`] makes of one type definition.
pub(crate) struct Analysis {
    /// The checked model: complete when `diags` is empty; on errors, the
    /// model without the tags that failed (for the fallback helper impls),
    /// or `None` when the type itself cannot be read (an unsupported shape).
    pub checked: Option<Checked>,
    /// Every error found, in source order. The back ends add theirs.
    pub diags: Diagnostics,
    /// The runtime path (for fallback impls when there is no model).
    pub runtime: syn::Path,
}

thread_local! {
    /// How many times [`analyze`] ran on this thread (the front half runs
    /// once per type, whatever the back ends: a test holds it to that).
    static ANALYSES: Cell<usize> = const { Cell::new(0) };
}

/// How many types [`analyze`] read on this thread so far.
pub(crate) fn analyses() -> usize {
    ANALYSES.with(Cell::get)
}

/// Parses and checks one type definition (a struct with named fields, a
/// tuple newtype, or a Rust enum tagged `+k8s:enum`), following
/// `options`' release unless the type names its own.
pub(crate) fn analyze(input: &syn::DeriveInput, options: &Options) -> Analysis {
    ANALYSES.with(|n| n.set(n.get() + 1));
    let mut diags = Diagnostics::new();
    let mut runtime = options.runtime();
    if let Some(span) = depth::too_deep(quote::quote!(#input), depth::MAX_TYPE_NESTING) {
        diags.error(span, depth::too_deep_message(depth::MAX_TYPE_NESTING));
        return Analysis {
            checked: None,
            diags,
            runtime,
        };
    }
    let mut bound = None;
    let release = match type_options(&input.attrs) {
        Ok(o) => {
            runtime = o.runtime.unwrap_or(runtime);
            bound = o.bound;
            o.release.unwrap_or(options.release)
        }
        Err(e) => {
            diags.syn_error(e);
            options.release
        }
    };
    let model = match &input.data {
        syn::Data::Enum(_) => match ast::parse_enum(input) {
            Ok(parsed) => Some(model::TypeModel::from_enum(parsed, release, &mut diags)),
            Err(errors) => {
                errors.into_iter().for_each(|e| diags.syn_error(e));
                // The shape alone, for the helpers of the fallback.
                ast::parse_enum_shape(input).ok().map(|parsed| {
                    diags
                        .muted(|d| model::TypeModel::from_enum(parsed, release, d))
                        .0
                })
            }
        },
        _ => match ast::parse_input(input) {
            Ok(parsed) => Some(model::TypeModel::from_input(parsed, release, &mut diags)),
            Err(e) => {
                diags.syn_error(e);
                None
            }
        },
    };
    let checked = model.map(|mut model| {
        model.generics = bounded_generics(&model, bound.as_deref(), &runtime);
        let (model, lists) = check::check_type(model, &mut diags);
        let field_docs: Vec<(String, Vec<ast::DocLine>)> = match &input.data {
            syn::Data::Struct(s) => s
                .fields
                .iter()
                .map(|f| {
                    let name = f
                        .ident
                        .as_ref()
                        .map(ToString::to_string)
                        .unwrap_or_default();
                    (name, doc_lines(&f.attrs))
                })
                .collect(),
            _ => Vec::new(),
        };
        let lints = lint::lint(&model, &doc_lines(&input.attrs), &field_docs, &mut diags);
        Checked {
            model,
            lists,
            runtime: runtime.clone(),
            kube: kube::kube_attrs(&input.attrs),
            lints,
        }
    });
    Analysis {
        checked,
        diags,
        runtime,
    }
}

/// The type's generics with the bounds its impls need (see [`bounds`]).
fn bounded_generics(
    model: &TypeModel<model::Tags>,
    explicit: Option<&[syn::WherePredicate]>,
    runtime: &syn::Path,
) -> syn::Generics {
    let field_types: Vec<&syn::Type> = match &model.kind {
        TypeKind::Struct(fields) => fields.iter().map(|f| &f.ty.ty).collect(),
        TypeKind::Newtype(inner) => vec![&inner.ty],
        TypeKind::Enum(_) => Vec::new(),
    };
    bounds::bounded(&model.generics, field_types, explicit, runtime)
}

/// What a type's `#[validate(...)]` attributes say.
struct TypeOptions {
    /// `crate = "path"`: the runtime crate's path.
    runtime: Option<syn::Path>,
    /// `kubernetes = "1.36"`: the Kubernetes release the type's validation
    /// follows.
    release: Option<Release>,
    /// `bound = "T: Trait, ..."`: the where predicates of the type's impls,
    /// instead of the inferred ones.
    bound: Option<Vec<syn::WherePredicate>>,
}

/// Reads a type's `#[validate(crate = "path", kubernetes = "1.36")]`
/// attributes. An unknown key, or a release outside
/// [`Release::SUPPORTED`], is an error spanned at it.
fn type_options(attrs: &[syn::Attribute]) -> syn::Result<TypeOptions> {
    let mut runtime: Option<syn::Path> = None;
    let mut release: Option<Release> = None;
    let mut bound: Option<Vec<syn::WherePredicate>> = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident("validate")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("crate") {
                let lit: syn::LitStr = meta.value()?.parse()?;
                runtime = Some(lit.parse()?);
                Ok(())
            } else if meta.path.is_ident("kubernetes") {
                let lit: syn::LitStr = meta.value()?.parse()?;
                let r = Release::parse_supported(&lit.value())
                    .map_err(|e| syn::Error::new(lit.span(), e))?;
                release = Some(r);
                Ok(())
            } else if meta.path.is_ident("bound") {
                let lit: syn::LitStr = meta.value()?.parse()?;
                bound = Some(bounds::parse_bound(&lit)?);
                Ok(())
            } else if meta.path.is_ident("metadata_name") {
                // Read by `kube::custom_resource_impl` (a kube spec's root).
                let _: syn::LitStr = meta.value()?.parse()?;
                Ok(())
            } else {
                Err(meta.error(
                    "unknown `validate` attribute: expected `crate = \"path\"`, \
                     `kubernetes = \"1.36\"`, `bound = \"T: Trait\"` or \
                     `metadata_name = \"k8s-short-name\"`",
                ))
            }
        })?;
    }
    Ok(TypeOptions {
        runtime,
        release,
        bound,
    })
}

/// The values of an `#[enum_values]` impl block (or of a `+k8s:enum`
/// type's impl block in a module the CLI reads), with their errors.
pub(crate) fn enum_values(item: &syn::ItemImpl) -> (EnumValues, Diagnostics) {
    let mut diags = Diagnostics::new();
    let values = enums::read(item, &mut diags);
    (values, diags)
}

/// Cross-type checks of a module's types, which one type's analysis cannot
/// make: `+k8s:listMapKey=x` on a list whose element type is a struct of
/// the same file without a field whose JSON name is `x` (upstream's
/// `no field for JSON name "x"`; the derive cannot see the element type, and
/// there rustc reports the same message at the tag). `json_fields` gives
/// the JSON names of the fields of a struct of the file by name, `None`
/// when there is no such struct or it has a flattened field (whose fields
/// count too), which is left to rustc.
pub(crate) fn check_list_map_keys(
    checked: &Checked,
    json_fields: impl Fn(&syn::Ident) -> Option<Vec<String>>,
) -> Vec<Diagnostic> {
    let mut out = Diagnostics::new();
    let mut sites: Vec<(&Rules, &Ty)> = Vec::new();
    match &checked.model.kind {
        TypeKind::Struct(fields) => sites.extend(fields.iter().map(|f| (&f.rules, &f.ty))),
        TypeKind::Newtype(inner) => sites.push((&checked.model.rules, inner)),
        TypeKind::Enum(_) => {}
    }
    for (rules, ty) in sites {
        let Some(names) = list_elem_ident(&ty.ty).and_then(&json_fields) else {
            continue;
        };
        for at in rules.iter() {
            let RuleKind::List(ListTag::MapKey(key)) = &at.rule.kind else {
                continue;
            };
            if !names.contains(key) {
                out.error_at(
                    at.span,
                    at.order,
                    format!(
                        "no field for JSON name {} (in `{}`)",
                        Value::String(key.clone()),
                        at.line
                    ),
                );
            }
        }
    }
    out.errors().to_vec()
}

/// `T` of `Vec<T>` (through `Option` and `Box`, on both sides of the `Vec`).
fn list_elem_ident(ty: &syn::Type) -> Option<&syn::Ident> {
    fn last(ty: &syn::Type) -> Option<(&syn::Ident, Option<&syn::Type>)> {
        let syn::Type::Path(p) = ty else { return None };
        let seg = p.path.segments.last()?;
        let arg = match &seg.arguments {
            syn::PathArguments::AngleBracketed(a) => a.args.iter().find_map(|a| match a {
                syn::GenericArgument::Type(t) => Some(t),
                _ => None,
            }),
            _ => None,
        };
        Some((&seg.ident, arg))
    }
    fn peel(mut ty: &syn::Type) -> Option<(&syn::Ident, Option<&syn::Type>)> {
        loop {
            let (ident, arg) = last(ty)?;
            match (ident.to_string().as_str(), arg) {
                ("Option" | "Box", Some(inner)) => ty = inner,
                _ => return Some((ident, arg)),
            }
        }
    }
    let (vec, elem) = peel(ty)?;
    if vec != "Vec" {
        return None;
    }
    peel(elem?).map(|(ident, _)| ident)
}

/// The JSON names of the fields of a struct (`None` for another shape, or a
/// struct with a flattened field), read from its syntax: no tag is read.
pub(crate) fn json_field_names(s: &syn::ItemStruct) -> Option<Vec<String>> {
    let input = ast::parse_input(&syn::DeriveInput::from(s.clone())).ok()?;
    let ast::InputKind::Struct(fields) = input.kind else {
        return None;
    };
    if fields.iter().any(|f| f.flatten) {
        return None;
    }
    Some(
        fields
            .iter()
            .filter(|f| !f.skip)
            .map(|f| f.json_name.clone())
            .collect(),
    )
}

/// What the test suites and the upstream oracles need of the front half,
/// outside semver ([`crate::__private`]).
pub(crate) mod testing {
    pub use super::tags::gengo::{grammar_as_gengo, grammar_error, read_as_gengo};
    pub use super::tags::{catalog_all, catalog_validators, TagDef};
}
