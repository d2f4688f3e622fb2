//! The lints Kubernetes 1.38's `validation-gen` added (upstream
//! `generators/lint_rules.go`), for a release whose facts run them
//! ([`Behaviour::lints`](super::behaviour::Behaviour)):
//!
//! * `enumConsistency`: a type or field documented `+enum` (the OpenAPI
//!   generator's tag) must also carry `+k8s:enum`;
//! * `nonPointerStructRequiredness`: `+k8s:required` / `+k8s:optional` on a
//!   non-pointer struct field are documentation (1.38), so they must say what
//!   the struct does anyway: required exactly when the struct has a member
//!   tagged `+k8s:required` or `+k8s:unionMember` (directly or in a struct it
//!   holds by value), and an opaque struct is never required.
//!
//! As upstream, a type documented `+k8s:validation-gen-nolint` is not
//! linted. Upstream's other lints (requiredness on every validated field,
//! `+k8s:alpha` / `+k8s:beta` prefixes) are not run: see
//! docs/upstream-differences.md.
//!
//! The first rule is decided here. For the second, whether a struct is
//! implicitly required is known only to its own derive: the finding is an
//! obligation ([`StructLint`]) that the emitter turns into a compile-time
//! assertion on the struct's `Validate::IMPLICITLY_REQUIRED`.

use proc_macro2::Span;

use super::ast::DocLine;
use super::diag::Diagnostics;
use super::model::{Shape, TypeKind, TypeModel};
use super::TagName;

/// The marker that turns the lints off for a type (upstream: for a package
/// or a type).
pub(crate) const NOLINT: &str = "+k8s:validation-gen-nolint";

/// A `+k8s:required` / `+k8s:optional` on a non-pointer struct field, for the
/// emitter to assert against the struct's implicit requiredness.
#[derive(Clone, Debug)]
pub(crate) struct StructLint {
    /// The field's Rust name.
    pub field: String,
    /// The field's type (a named type: a struct when the lint applies).
    pub ty: syn::Type,
    /// What the tag says.
    pub claim: Claim,
    /// The tag's doc line.
    pub span: Span,
}

/// What a requiredness tag on a non-pointer struct says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Claim {
    /// `+k8s:required`.
    Required,
    /// `+k8s:optional`.
    Optional,
    /// `+k8s:required` on a field with `+k8s:opaqueType`: never true of a
    /// struct.
    RequiredOpaque,
}

impl StructLint {
    /// Upstream's finding, for the assertion's message.
    pub(crate) fn message(&self) -> String {
        let ty = super::ast::type_text(&self.ty);
        let finding = match self.claim {
            Claim::Required => format!(
                "+k8s:required on non-pointer struct {ty}: it has no required or union member, \
                 so the field is effectively optional"
            ),
            Claim::Optional => format!(
                "+k8s:optional on non-pointer struct {ty}: it has a required or union member, \
                 so the field is effectively required"
            ),
            Claim::RequiredOpaque => format!(
                "+k8s:required on non-pointer opaque struct {ty}: its validations are ignored, \
                 so the field is effectively optional"
            ),
        };
        format!(
            "lint: field {}: {finding} (Kubernetes 1.38's lint; `{NOLINT}` on the type skips it)",
            self.field
        )
    }
}

/// Lints a type: reports the `+enum` findings and returns the struct
/// requiredness obligations. `type_docs` are the type's doc lines,
/// `field_docs` each field's (in the model's field order).
pub(super) fn lint(
    model: &TypeModel,
    type_docs: &[DocLine],
    field_docs: &[(String, Vec<DocLine>)],
    diags: &mut Diagnostics,
) -> Vec<StructLint> {
    if !model.behaviour.lints || has_line(type_docs, NOLINT) {
        return Vec::new();
    }
    let enum_finding = "lint: +enum requires +k8s:enum to be set (Kubernetes 1.38's lint; \
                        `+k8s:validation-gen-nolint` on the type skips it)";
    if has_line(type_docs, "+enum") && !names_tag(type_docs, "+k8s:enum") {
        diags.error(model.span, enum_finding);
    }
    for (_, docs) in field_docs {
        if let Some(line) = docs.iter().find(|d| is_tag(&d.text, "+enum")) {
            if !names_tag(docs, "+k8s:enum") {
                diags.error(line.span, format!("{enum_finding} (on a field)"));
            }
        }
    }
    let TypeKind::Struct(fields) = &model.kind else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for field in fields {
        if !matches!(field.ty.shape, Shape::Named) {
            continue;
        }
        let top = |tag: TagName| field.rules.iter().find(|at| at.rule.is(tag));
        let opaque = top(TagName::OpaqueType).is_some();
        let (claim, at) = match (top(TagName::Required), top(TagName::Optional)) {
            (Some(at), _) if opaque => (Claim::RequiredOpaque, at),
            (Some(at), _) => (Claim::Required, at),
            (None, Some(at)) if !opaque => (Claim::Optional, at),
            _ => continue,
        };
        out.push(StructLint {
            field: field.rust_name.clone(),
            ty: field.ty.ty.clone(),
            claim,
            span: at.span,
        });
    }
    out
}

/// Whether one of `docs` is the gengo tag `tag` (`+enum`, with nothing, a
/// value or a comment after it).
fn has_line(docs: &[DocLine], tag: &str) -> bool {
    docs.iter().any(|d| is_tag(&d.text, tag))
}

/// Whether one of `docs` names the tag `tag` itself or as the value of a
/// chain (`+k8s:alpha(since: "1.38")=+k8s:enum`), as upstream's `hasTag`
/// looks through a tag's value tags.
fn names_tag(docs: &[DocLine], tag: &str) -> bool {
    docs.iter().any(|d| {
        let text = d.text.trim();
        is_tag(text, tag)
            || text.starts_with('+')
                && text
                    .match_indices(tag)
                    .any(|(at, _)| text[..at].ends_with('=') && is_tag(&text[at..], tag))
    })
}

fn is_tag(text: &str, tag: &str) -> bool {
    text.trim()
        .strip_prefix(tag)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t', '=', '(']))
}
