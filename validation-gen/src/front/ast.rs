//! Input: a Rust type as the generator sees it (serde_derive's `ast.rs`
//! role). JSON names come from serde's own attribute parsing
//! (`serde_derive_internals`), so `rename`, `rename_all`, `flatten` and `skip`
//! mean exactly what they mean to serde.

use proc_macro2::Span;
use quote::ToTokens;
use serde_derive_internals::{ast as serde_ast, Ctxt, Derive};
use syn::spanned::Spanned;

/// One doc-comment line (`/// text` or `#[doc = "text"]`).
#[derive(Clone, Debug)]
pub struct DocLine {
    /// The text after the comment marker.
    pub text: String,
    /// The span of the whole attribute.
    pub span: Span,
    /// Position in the type definition (type docs first, then each field's
    /// docs in declaration order), so that diagnostics can be reported in
    /// source order. [`doc_lines`] numbers from 0; [`parse_input`]
    /// renumbers across the whole type.
    pub order: usize,
}

/// A type to generate validation for.
pub struct Input {
    /// The type name.
    pub ident: syn::Ident,
    /// Its generics.
    pub generics: syn::Generics,
    /// Its doc-comment lines (type-level tags).
    pub docs: Vec<DocLine>,
    /// Its shape.
    pub kind: InputKind,
    /// Span for diagnostics about the whole type.
    pub span: Span,
}

/// Struct with named fields, or tuple newtype (a Go typedef).
pub enum InputKind {
    /// `struct T { ... }`
    Struct(Vec<InputField>),
    /// `struct T(pub Inner);`
    Newtype(Box<InputField>),
}

/// A field of an input type.
pub struct InputField {
    /// `self.<member>`.
    pub member: syn::Member,
    /// The Rust field name (`0` for a newtype).
    pub rust_name: String,
    /// The JSON name (serde's serialize name).
    pub json_name: String,
    /// `#[validate(go_name = "OCI")]`: the field's name in Go, where it
    /// differs from the Rust name in UpperCamelCase.
    pub go_name: Option<String>,
    /// The field type.
    pub ty: syn::Type,
    /// `#[serde(flatten)]`: Go's embedded struct.
    pub flatten: bool,
    /// `#[serde(skip)]` / `skip_serializing`: not validated.
    pub skip: bool,
    /// `#[serde(skip_serializing_if = "...")]`: omitted from JSON renderings when true.
    pub skip_serializing_if: Option<syn::ExprPath>,
    /// Doc-comment lines (field-level tags).
    pub docs: Vec<DocLine>,
    /// Span of the field.
    pub span: Span,
}

/// Doc-comment lines of a list of attributes.
pub fn doc_lines(attrs: &[syn::Attribute]) -> Vec<DocLine> {
    let mut out = Vec::new();
    for attr in attrs {
        if !attr.path().is_ident("doc") {
            continue;
        }
        if let syn::Meta::NameValue(nv) = &attr.meta {
            if let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) = &nv.value
            {
                // A `/** ... */` block may hold several lines.
                let value = s.value();
                let lines: Vec<&str> = value.lines().collect();
                for line in strip_block_stars(&lines) {
                    out.push(DocLine {
                        text: line.to_string(),
                        span: attr.span(),
                        order: out.len(),
                    });
                }
            }
        }
    }
    out
}

/// Doc attributes whose value is not a string literal
/// (`#[doc = concat!(...)]`, `#[doc = include_str!(...)]`), as one error
/// spanned at each.
///
/// Both front ends read doc comments as written, before any macro in them
/// is expanded (a derive receives `concat!(...)` unexpanded), so a `+k8s:`
/// tag produced by a macro would be silently lost: such an attribute on a
/// type the generator reads, or on one of its fields, is an error instead.
pub fn unreadable_doc_attrs<'a>(
    attrs: impl IntoIterator<Item = &'a syn::Attribute>,
) -> Option<syn::Error> {
    let mut out: Option<syn::Error> = None;
    for attr in attrs {
        if !attr.path().is_ident("doc") {
            continue;
        }
        let readable = matches!(
            &attr.meta,
            syn::Meta::NameValue(syn::MetaNameValue {
                value: syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(_),
                    ..
                }),
                ..
            })
        );
        if readable {
            continue;
        }
        // At the value (`concat!`), or the attribute for `#[doc(...)]`.
        let span = match &attr.meta {
            syn::Meta::NameValue(nv) => nv.value.span(),
            _ => attr.span(),
        };
        let err = syn::Error::new(
            span,
            "this doc attribute is not a string literal, so its `+k8s:` tags cannot be read \
             (the generator reads doc comments before macros expand); write the text as a \
             literal: `/// ...` or `#[doc = \"...\"]`",
        );
        match &mut out {
            Some(e) => e.combine(err),
            None => out = Some(err),
        }
    }
    out
}

/// The lines of a `/** ... */` block without their leading ` * ` decoration
/// (rustdoc's rule: when every line but the first starts with optional
/// whitespace and `*`, the `*` is not text), so that `* +k8s:required` is a
/// tag line as it reads in the rendered docs. Other blocks are unchanged.
fn strip_block_stars<'a>(lines: &[&'a str]) -> Vec<&'a str> {
    let rest = lines.get(1..).unwrap_or_default();
    let decorated = !rest.is_empty()
        && rest
            .iter()
            .all(|l| l.trim_start().starts_with('*') || l.trim().is_empty());
    if !decorated {
        return lines.to_vec();
    }
    let mut out = vec![lines[0]];
    out.extend(rest.iter().map(|l| {
        let t = l.trim_start();
        t.strip_prefix('*').unwrap_or(t)
    }));
    out
}

/// Reads a type definition.
pub fn parse_input(input: &syn::DeriveInput) -> Result<Input, syn::Error> {
    let field_attrs = match &input.data {
        syn::Data::Struct(data) => data.fields.iter().flat_map(|f| &f.attrs).collect(),
        _ => Vec::new(),
    };
    if let Some(err) = unreadable_doc_attrs(input.attrs.iter().chain(field_attrs)) {
        return Err(err);
    }
    let cx = Ctxt::new();
    let container = serde_ast::Container::from_ast(&cx, input, Derive::Serialize);
    // Serde attribute errors are serde's to report; we only need the names.
    let _ = cx.check();
    let docs = doc_lines(&input.attrs);
    let span = input.ident.span();
    let kind = match (&input.data, container) {
        (syn::Data::Struct(data), Some(c)) => match (&data.fields, c.data) {
            (syn::Fields::Named(_), serde_ast::Data::Struct(_, fields)) => InputKind::Struct(
                fields
                    .iter()
                    .map(|f| {
                        let rust_name = match &f.member {
                            syn::Member::Named(id) => unraw(id),
                            syn::Member::Unnamed(i) => i.index.to_string(),
                        };
                        Ok(InputField {
                            member: f.member.clone(),
                            rust_name,
                            json_name: f.attrs.name().serialize_name().to_string(),
                            go_name: field_go_name(&f.original.attrs)?,
                            ty: f.ty.clone(),
                            flatten: f.attrs.flatten(),
                            skip: f.attrs.skip_serializing() && f.attrs.skip_deserializing(),
                            skip_serializing_if: f.attrs.skip_serializing_if().cloned(),
                            docs: doc_lines(&f.original.attrs),
                            span: f.original.span(),
                        })
                    })
                    .collect::<syn::Result<_>>()?,
            ),
            (syn::Fields::Unnamed(u), _) if u.unnamed.len() == 1 => {
                let f = &u.unnamed[0];
                InputKind::Newtype(Box::new(InputField {
                    member: syn::Member::Unnamed(syn::Index::from(0)),
                    rust_name: "0".into(),
                    json_name: String::new(),
                    go_name: None,
                    ty: f.ty.clone(),
                    flatten: false,
                    skip: false,
                    skip_serializing_if: None,
                    docs: doc_lines(&f.attrs),
                    span: f.span(),
                }))
            }
            (syn::Fields::Unnamed(_), _) => {
                return Err(syn::Error::new(
                    span,
                    "#[derive(Validate)] supports structs with named fields and tuple newtypes \
                     (`struct T(pub Inner);`, a Go typedef); this tuple struct has more than one field",
                ))
            }
            _ => {
                return Err(syn::Error::new(
                    span,
                    "#[derive(Validate)] does not support unit structs: there is nothing to validate",
                ))
            }
        },
        (syn::Data::Struct(_), None) => {
            return Err(syn::Error::new(span, "could not read this struct's serde attributes"))
        }
        (syn::Data::Enum(_), _) => {
            return Err(syn::Error::new(
                span,
                "a Rust enum is read by `parse_enum`, not `parse_input`",
            ))
        }
        (syn::Data::Union(_), _) => {
            return Err(syn::Error::new(span, "#[derive(Validate)] does not support unions"))
        }
    };
    let mut input = Input {
        ident: input.ident.clone(),
        generics: input.generics.clone(),
        docs,
        kind,
        span,
    };
    number_doc_lines(&mut input);
    Ok(input)
}

/// A fieldless Rust enum tagged `+k8s:enum`: a Kubernetes enum (Go's
/// string typedef with consts), one value per unit variant.
pub struct EnumInput {
    /// The type name.
    pub ident: syn::Ident,
    /// Its generics.
    pub generics: syn::Generics,
    /// Its doc-comment lines (type-level tags).
    pub docs: Vec<DocLine>,
    /// The unit variants: the enum's values.
    pub variants: Vec<EnumVariant>,
    /// The `#[serde(untagged)] Unknown(String)` variant that holds a value
    /// outside the enum, if any.
    pub catch_all: Option<syn::Ident>,
    /// Span for diagnostics about the whole type.
    pub span: Span,
}

/// A unit variant of a Rust enum: one enum value.
pub struct EnumVariant {
    /// The variant name.
    pub ident: syn::Ident,
    /// The wire string (serde's serialize name: `rename`, `rename_all`).
    pub value: String,
    /// Doc-comment lines (`+k8s:enumExclude`).
    pub docs: Vec<DocLine>,
}

const CATCH_ALL_HINT: &str =
    "a Kubernetes enum is a JSON string: unit variants for its values, plus \
     optionally one catch-all `#[serde(untagged)] Unknown(String)` that holds any other string";

/// Whether doc lines carry the `+k8s:enum` tag (alone on its line, or
/// followed by a `# comment`).
pub fn has_enum_tag(docs: &[DocLine]) -> bool {
    docs.iter().any(|d| {
        d.text
            .trim()
            .strip_prefix("+k8s:enum")
            .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t', '#']))
    })
}

/// Whether `ty` is `String` (or `std::string::String`).
fn is_string(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Path(p) if p.qself.is_none()
        && p.path.segments.last().is_some_and(|s| s.ident == "String" && s.arguments.is_none()))
}

/// Reads a Rust enum (`#[derive(Validate)]` on `enum T { ... }`): every
/// problem is reported, spanned at the variant or attribute at fault.
pub fn parse_enum(input: &syn::DeriveInput) -> Result<EnumInput, Vec<syn::Error>> {
    parse_enum_with(input, true)
}

/// [`parse_enum`] without requiring the `+k8s:enum` tag: the shape only, for
/// the helper impls the derive still emits when generation fails (so that
/// fields of the enum elsewhere do not add errors of their own).
pub fn parse_enum_shape(input: &syn::DeriveInput) -> Result<EnumInput, Vec<syn::Error>> {
    parse_enum_with(input, false)
}

fn parse_enum_with(
    input: &syn::DeriveInput,
    require_tag: bool,
) -> Result<EnumInput, Vec<syn::Error>> {
    let span = input.ident.span();
    let docs = doc_lines(&input.attrs);
    let mut errors = Vec::new();
    if require_tag && !has_enum_tag(&docs) {
        errors.push(syn::Error::new(
            span,
            format!(
                "#[derive(Validate)] on a Rust enum needs the `+k8s:enum` tag: add `/// +k8s:enum` \
                 to the doc comment of `{}` (as upstream, a Kubernetes enum is declared with the tag)",
                input.ident
            ),
        ));
    }
    let cx = Ctxt::new();
    let container = serde_ast::Container::from_ast(&cx, input, Derive::Deserialize);
    // Serde attribute errors are serde's to report.
    let _ = cx.check();
    let Some(container) = container else {
        errors.push(syn::Error::new(
            span,
            "could not read this enum's serde attributes",
        ));
        return Err(errors);
    };
    match container.attrs.tag() {
        serde_derive_internals::attr::TagType::External => {}
        other => {
            let what = match other {
                serde_derive_internals::attr::TagType::Internal { .. } => {
                    "`#[serde(tag = ...)]` makes a unit variant the object `{\"<tag>\": \"<variant>\"}`"
                }
                serde_derive_internals::attr::TagType::Adjacent { .. } => {
                    "`#[serde(tag = ..., content = ...)]` makes a unit variant an object"
                }
                _ => "`#[serde(untagged)]` on the enum makes a unit variant `null`",
            };
            errors.push(syn::Error::new(
                span,
                format!("a `+k8s:enum` Rust enum must serialize as a string: {what}; remove it ({CATCH_ALL_HINT})"),
            ));
        }
    }
    let serde_ast::Data::Enum(serde_variants) = &container.data else {
        errors.push(syn::Error::new(span, "expected an enum"));
        return Err(errors);
    };
    let mut variants = Vec::new();
    let mut catch_all: Option<syn::Ident> = None;
    for v in serde_variants {
        // The variant's name, not its first attribute.
        let vspan = v.ident.span();
        let name = &v.ident;
        match v.style {
            serde_ast::Style::Unit if v.attrs.other() => errors.push(syn::Error::new(
                vspan,
                format!(
                    "`#[serde(other)] {name}` loses the unknown string, which the `NotSupported` error \
                     must show: use `#[serde(untagged)] {name}(String)` instead"
                ),
            )),
            serde_ast::Style::Unit if v.attrs.untagged() => errors.push(syn::Error::new(
                vspan,
                format!(
                    "`#[serde(untagged)]` on the unit variant `{name}` decodes JSON `null`, not a string; \
                     {CATCH_ALL_HINT}"
                ),
            )),
            serde_ast::Style::Unit => variants.push(EnumVariant {
                ident: name.clone(),
                value: v.attrs.name().serialize_name().to_string(),
                docs: doc_lines(&v.original.attrs),
            }),
            serde_ast::Style::Newtype if v.attrs.untagged() && is_string(v.fields[0].ty) => {
                if let Some(first) = &catch_all {
                    errors.push(syn::Error::new(
                        vspan,
                        format!(
                            "a `+k8s:enum` Rust enum has at most one catch-all variant; `{first}` is one already"
                        ),
                    ));
                } else {
                    catch_all = Some(name.clone());
                }
            }
            serde_ast::Style::Newtype if v.attrs.untagged() => errors.push(syn::Error::new(
                v.fields[0].original.span(),
                format!("the catch-all variant `{name}` must hold the raw string: `{name}(String)`"),
            )),
            serde_ast::Style::Newtype if is_string(v.fields[0].ty) => errors.push(syn::Error::new(
                vspan,
                format!(
                    "variant `{name}(String)` carries data; as the catch-all it needs `#[serde(untagged)]`: \
                     without it serde reads and writes it as the object `{{\"{name}\": \"...\"}}`, not as \
                     a string"
                ),
            )),
            _ => errors.push(syn::Error::new(
                vspan,
                format!("variant `{name}` carries data: {CATCH_ALL_HINT}"),
            )),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut out = EnumInput {
        ident: input.ident.clone(),
        generics: input.generics.clone(),
        docs,
        variants,
        catch_all,
        span,
    };
    for (order, d) in out
        .docs
        .iter_mut()
        .chain(out.variants.iter_mut().flat_map(|v| v.docs.iter_mut()))
        .enumerate()
    {
        d.order = order;
    }
    Ok(out)
}

/// Numbers the doc lines of a type in source order (see [`DocLine::order`]).
fn number_doc_lines(input: &mut Input) {
    let mut next = 0;
    let mut number = |docs: &mut Vec<DocLine>| {
        for d in docs {
            d.order = next;
            next += 1;
        }
    };
    number(&mut input.docs);
    match &mut input.kind {
        InputKind::Struct(fields) => fields.iter_mut().for_each(|f| number(&mut f.docs)),
        InputKind::Newtype(f) => number(&mut f.docs),
    }
}

fn unraw(id: &syn::Ident) -> String {
    let s = id.to_string();
    s.strip_prefix("r#").map(str::to_owned).unwrap_or(s)
}

/// The last path segment of a type (`T2` for `crate::api::T2`), Go's name for
/// an embedded field.
pub fn type_name(ty: &syn::Type) -> String {
    match ty {
        syn::Type::Path(p) => p
            .path
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default(),
        other => other.to_token_stream().to_string(),
    }
}

/// Tokens of a type, for messages.
pub fn type_text(ty: &syn::Type) -> String {
    ty.to_token_stream().to_string().replace(' ', "")
}

/// A field's `#[validate(go_name = "...")]`. Any other key is an error: the
/// type-level keys (`crate`, `kubernetes`, `bound`) belong on the type.
fn field_go_name(attrs: &[syn::Attribute]) -> syn::Result<Option<String>> {
    let mut go_name = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident("validate")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("go_name") {
                let lit: syn::LitStr = meta.value()?.parse()?;
                let name = lit.value();
                if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
                    return Err(syn::Error::new(
                        lit.span(),
                        "`go_name` is a Go identifier: `OCI`",
                    ));
                }
                go_name = Some(name);
                Ok(())
            } else {
                Err(meta.error(
                    "unknown `validate` attribute on a field: expected `go_name = \"OCI\"` \
                     (the field's Go name, where it differs from the Rust name in UpperCamelCase)",
                ))
            }
        })?;
    }
    Ok(go_name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_doc_stars_are_decoration() {
        let attrs: Vec<syn::Attribute> = vec![syn::parse_quote! {
            /**
             * Prose.
             * +k8s:required
             */
        }];
        let texts: Vec<String> = doc_lines(&attrs).into_iter().map(|d| d.text).collect();
        assert_eq!(texts, ["", " Prose.", " +k8s:required", ""]);
        // Without the decoration, lines are kept as they are.
        let attrs: Vec<syn::Attribute> = vec![syn::parse_quote! {
            /** Prose.
                +k8s:optional */
        }];
        let texts: Vec<String> = doc_lines(&attrs).into_iter().map(|d| d.text).collect();
        assert_eq!(texts, [" Prose.", "                +k8s:optional "]);
    }
}
