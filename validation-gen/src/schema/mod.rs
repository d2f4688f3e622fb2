//! The schema stage (parse -> check -> **schema**, beside emit): the OpenAPI
//! v3 structural schema an apiserver publishes for a type, from the checked
//! model, with the tags that have an OpenAPI meaning as keywords
//! (`maxLength`, `minimum`, `enum`, `required`, `x-kubernetes-list-type`,
//! ...) and what a structural schema cannot say as
//! `x-kubernetes-validations` CEL rules (formats, unions, dependencies,
//! immutability, update rules, `neq`, ...), at the type's Kubernetes
//! release: it reads the release's facts (what `maxLength` counts, when a
//! list member of a union is set, ...), never the release itself.
//!
//! `walk` applies each rule by its family, matching the rule kind
//! exhaustively as the lowering does: `presence` (`required`,
//! `forbidden`), `values` (limits, `format`, `neq`, `monotonic`),
//! `changes` (`immutable`, `update`), `collections` (`eachVal`,
//! `eachKey`, `item`, `subfield`, list semantics) and `unions` (unions,
//! zeroOrOneOf groups, dependencies, modal groups).
//!
//! One type gives one [`Fragment`]: its own schema, where a field of
//! another named type is a reference (the key [`REF`] naming the Rust type)
//! that carries the field's own keywords beside it. [`inline`] inlines the
//! references of a set of fragments (a CRD's `openAPIV3Schema` has no
//! `$ref`); the schemars integration (`k8s_validation::schema`) merges
//! a fragment into the schema schemars made for the same type instead.
//!
//! Tags the stage cannot export are listed in [`Fragment::notes`], each with
//! the type, field and tag, and why.

mod cel;
mod changes;
mod collections;
mod presence;
mod resolve;
mod unions;
mod values;
mod walk;

pub use collections::atomic_set_item;
pub use resolve::{crd, inline, strip_validations, ResolveError};
use values::Check;
use walk::Builder;

use serde_json::{json, Map, Value};

use proc_macro2::TokenStream;
use quote::quote;

use crate::front::behaviour::{Behaviour, MaxLength};
use crate::front::{
    type_name, Checked, Constraint, IntKind, Limit, ListContext, ListKind, ListMeta, ListOwner,
    ListTable, ListTag, Payload, Rule, RuleKind, Shape, TagName, Ty, TypeKind, TypeModel,
    Value as TagValue,
};

pub use k8s_validation_spec::schema::{ENUM_PENDING, FLATTEN, OPAQUE, REF, SET_ITEM};

/// The schema of one type.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Fragment {
    /// The Rust type name.
    pub name: String,
    /// The schema, with [`REF`] references to other types.
    pub schema: Value,
    /// Tags that are not exported, with the reason: `Type.field: +k8s:tag: why`.
    pub notes: Vec<String>,
    /// The subresources the type declares (`+k8s:supportsSubresource`), for
    /// a CRD's `subresources` ([`crd`]).
    pub subresources: Vec<String>,
}

/// The fragments of the types of one module file's source: its structs with
/// named fields and tuple newtypes, and its Rust enums tagged `+k8s:enum`
/// (those with `+k8s:validation-gen=false` left out), whether or not they
/// derive `Validate`, read as `options` say; `+k8s:supportsSubresource` at
/// the top of the file applies to its root types, and the values of a
/// `+k8s:enum` string newtype come from the string consts of its `impl`
/// blocks. Every generation error otherwise, each spanned.
///
/// ```
/// let source = r#"
///     pub struct Spec {
///         /// +k8s:maxLength=16
///         pub title: String,
///     }
/// "#;
/// let fragments = k8s_validation_gen::schema::fragments(source, &Default::default()).unwrap();
/// assert_eq!(fragments[0].schema["properties"]["title"]["maxLength"], 16);
/// ```
pub fn fragments(
    source: &str,
    options: &crate::Options,
) -> Result<Vec<Fragment>, Vec<SourceError>> {
    crate::front::with_big_stack(|| fragments_here(source, options))
}

/// A generation error in a module file's source, located by line and column
/// (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for SourceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl SourceError {
    fn at(span: proc_macro2::Span, message: String) -> Self {
        let start = span.start();
        SourceError {
            line: start.line.max(1),
            column: start.column + 1,
            message,
        }
    }
}

fn fragments_here(
    source: &str,
    options: &crate::Options,
) -> Result<Vec<Fragment>, Vec<SourceError>> {
    use crate::front;
    if let Ok(tokens) = source.parse::<TokenStream>() {
        if let Some(span) = front::too_deep(tokens, front::MAX_FILE_NESTING) {
            let message = front::too_deep_message(front::MAX_FILE_NESTING);
            return Err(vec![SourceError::at(span, message)]);
        }
    }
    let file = syn::parse_file(source).map_err(|e| {
        vec![SourceError::at(
            e.span(),
            format!("cannot parse Rust source: {e}"),
        )]
    })?;
    // Enum values: the string consts of the impl blocks of each type (their
    // tag errors are code generation's to report).
    let mut values: Vec<(String, Vec<String>)> = Vec::new();
    for item in &file.items {
        let syn::Item::Impl(imp) = item else { continue };
        if imp.trait_.is_some() {
            continue;
        }
        let syn::Type::Path(p) = &*imp.self_ty else {
            continue;
        };
        let Some(name) = p.path.segments.last().map(|s| s.ident.to_string()) else {
            continue;
        };
        let has_str_consts = imp.items.iter().any(|i| {
            matches!(i, syn::ImplItem::Const(c) if matches!(&c.expr,
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(_), .. })))
        });
        if has_str_consts {
            let (v, _) = front::enum_values(imp);
            values.push((name, v.by_default()));
        }
    }
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for input in crate::module::api_types(&file, false) {
        let name = input.ident.to_string();
        let own_values = values
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_slice());
        let front::Analysis {
            checked, mut diags, ..
        } = front::analyze(&input, options);
        // The lowering judges each rule against its site (`maxLength` on an
        // integer): a type that does not generate has no schema either.
        if let Some(checked) = &checked {
            let _ = crate::emit::generate(checked, &mut diags);
        }
        match checked.filter(|_| diags.is_empty()) {
            Some(checked) => out.push(fragment(&checked, own_values)),
            None => errors.extend(
                diags
                    .errors()
                    .iter()
                    .map(|d| SourceError::at(d.span, d.message.clone())),
            ),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// The fragment of one checked type (a struct, a tuple newtype or a Rust
/// enum). `enum_values` are the values of a `+k8s:enum` string newtype when
/// the caller can see them (the CLI reads the module's impl blocks); without
/// them the fragment carries [`ENUM_PENDING`].
///
/// What the fragment exports follows the type's release; what has no
/// schema form is listed in [`Fragment::notes`].
pub(crate) fn fragment(checked: &Checked, enum_values: Option<&[String]>) -> Fragment {
    let model = &checked.model;
    let name = model.ident.to_string();
    if let TypeKind::Enum(e) = &model.kind {
        let mut schema = json!({ "type": "string", "enum": e.values.by_default() });
        if let Some(d) = &model.description {
            schema["description"] = json!(d);
        }
        return Fragment {
            name,
            schema,
            notes: Vec::new(),
            subresources: Vec::new(),
        };
    }
    let mut b = Builder {
        type_name: name.clone(),
        lists: &checked.lists,
        behaviour: model.behaviour,
        notes: Vec::new(),
    };
    let mut schema = match &model.kind {
        TypeKind::Newtype(inner) => b.newtype(model, inner, enum_values),
        _ => b.object(model),
    };
    if let Some(d) = &model.description {
        schema.insert("description".into(), json!(d));
    }
    Fragment {
        name,
        schema: Value::Object(schema),
        notes: b.notes,
        subresources: checked.subresources(),
    }
}

/// The derive's `k8s_validation::schema::SchemaFragment` impl: the
/// type's schema fragment as embedded JSON. The values of a `+k8s:enum`
/// string newtype come from its `#[enum_values]` block at run time.
///
/// The derive emits it only with `k8s-validation`'s `schema` feature
/// (which `schemars` enables): a type's fragment costs compile time, and
/// only schema export reads it.
pub(crate) fn fragment_impl(checked: &Checked) -> TokenStream {
    let fragment = fragment(checked, None);
    let runtime = &checked.runtime;
    let json = fragment.schema.to_string();
    let enum_values = if json.contains(ENUM_PENDING) {
        // Spanned at the `+k8s:enum` line, as the `Validate` impl's own
        // reference: without an `#[enum_values]` block rustc reports the
        // same error once.
        let span = checked
            .enum_tag_span()
            .unwrap_or_else(proc_macro2::Span::call_site);
        let consts = quote::quote_spanned!(span=> Self::__K8S_ENUM);
        quote!({
            let (values, exclusions, _) = #consts;
            ::core::option::Option::Some((values, exclusions))
        })
    } else {
        quote!(::core::option::Option::None)
    };
    let model = &checked.model;
    let ident = &model.ident;
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();
    quote! {
        impl #impl_generics #runtime::schema::SchemaFragment for #ident #ty_generics #where_clause {
            fn schema_fragment() -> #runtime::schema::Value {
                #runtime::schema::fragment_from_json(#json, #enum_values)
            }
        }
    }
}

/// The structural schema of a Rust shape (no tags).
pub(crate) fn shape_schema(ty: &Ty) -> Map<String, Value> {
    let v = match &ty.shape {
        Shape::Option(t) | Shape::Boxed(t) => return shape_schema(t),
        Shape::List(e) => json!({ "type": "array", "items": shape_schema(e) }),
        Shape::Map(_, v) => json!({ "type": "object", "additionalProperties": shape_schema(v) }),
        Shape::Str => json!({ "type": "string" }),
        Shape::Bool => json!({ "type": "boolean" }),
        Shape::Int(k) => json!({ "type": "integer", "format": int_format(*k) }),
        Shape::Float => json!({ "type": "number" }),
        Shape::Json => json!({ "x-kubernetes-preserve-unknown-fields": true }),
        Shape::Named => match set_element(&ty.ty) {
            // A set is a list with set semantics.
            Some(e) => json!({
                "type": "array",
                "items": shape_schema(&Ty::of(e)),
                "x-kubernetes-list-type": "set",
            }),
            None => return named(&type_name(&ty.ty)),
        },
    };
    match v {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

fn int_format(k: IntKind) -> &'static str {
    match k {
        IntKind::I8 | IntKind::I16 | IntKind::I32 | IntKind::U8 | IntKind::U16 => "int32",
        _ => "int64",
    }
}

/// The element type of a `BTreeSet<T>` / `HashSet<T>`.
fn set_element(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(p) = ty else {
        return None;
    };
    let seg = p.path.segments.last()?;
    if seg.ident != "BTreeSet" && seg.ident != "HashSet" {
        return None;
    }
    match &seg.arguments {
        syn::PathArguments::AngleBracketed(a) => a.args.iter().find_map(|a| match a {
            syn::GenericArgument::Type(t) => Some(t),
            _ => None,
        }),
        _ => None,
    }
}

/// A named type: the well-known Kubernetes value types by their schema,
/// anything else by reference.
fn named(name: &str) -> Map<String, Value> {
    let v = match name {
        // Go's `time.Duration`: nanoseconds.
        "Duration" => json!({ "type": "integer", "format": "int64" }),
        n if n.starts_with("NonZero") => json!({ "type": "integer" }),
        "Quantity" | "IntOrString" => json!({
            "x-kubernetes-int-or-string": true,
            "anyOf": [{ "type": "integer" }, { "type": "string" }],
        }),
        "Time" | "MicroTime" => json!({ "type": "string", "format": "date-time" }),
        _ => json!({ REF: name }),
    };
    match v {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

#[cfg(test)]
mod tests;
