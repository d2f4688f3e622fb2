//! Stage 2 of the pipeline (parse -> **check** -> emit): everything about a
//! type's tags that does not depend on how code is generated is decided
//! here, once, and reported here, once.
//!
//! * Every tag, with its chained payloads, is type-checked against the
//!   catalog ([`crate::front::tags::scopes::type_check_with`]) in the scope where it
//!   stands (a field, the type), `eachVal` payloads in the scope of the
//!   collection they reach (a list's or a map's values, read off the field's
//!   type level by level). A tag that fails is reported and dropped: the
//!   emitter only sees tags that passed, so it never checks again.
//! * List semantics (`listType`, `listMapKey`, `unique`, `customUnique`) are
//!   resolved for every place they can be declared: a field, a typedef, a
//!   subfield (`+k8s:subfield(x)=+k8s:listType=map`) and an option
//!   (`+k8s:ifEnabled(X)=+k8s:listType=map`), into a [`ListTable`] that the
//!   emitter reads.
//!
//! The result is the [`TypeModel`] with checked rules (no parse tree, no
//! rule that did not read) and the [`ListTable`].

use super::behaviour::Behaviour;
use super::diag::Diagnostics;
use super::lists::{self, ListTable};
use super::model::{Field, RuleAt, Rules, Shape, TagAt, Tags, Ty, TypeKind, TypeModel};
use super::tags::{scopes, Scope, Tag, TagDef, TagName};

/// Checks a type's tags (dropping those that fail, with an error each) into
/// its rules, and resolves its list semantics.
pub(super) fn check_type(
    model: TypeModel<Tags>,
    diags: &mut Diagnostics,
) -> (TypeModel, ListTable) {
    let newtype_inner = match &model.kind {
        TypeKind::Newtype(inner) => Some(&**inner),
        TypeKind::Struct(_) | TypeKind::Enum(_) => None,
    };
    let behaviour = model.behaviour;
    let rules = checked(model.rules, Scope::Type, newtype_inner, behaviour, diags);
    if let TypeKind::Struct(fields) = &model.kind {
        for f in fields {
            supported_field_type(f, behaviour, diags);
        }
    }
    let kind = match model.kind {
        TypeKind::Struct(fields) => TypeKind::Struct(
            fields
                .into_iter()
                .map(|f| Field {
                    rules: checked(f.rules, Scope::Field, Some(&f.ty), behaviour, diags),
                    member: f.member,
                    rust_name: f.rust_name,
                    json_name: f.json_name,
                    go_name: f.go_name,
                    ty: f.ty,
                    flatten: f.flatten,
                    skip_serializing_if: f.skip_serializing_if,
                    default: f.default,
                    description: f.description,
                    span: f.span,
                })
                .collect(),
        ),
        TypeKind::Newtype(inner) => TypeKind::Newtype(inner),
        TypeKind::Enum(e) => TypeKind::Enum(e),
    };
    let model = TypeModel {
        ident: model.ident,
        generics: model.generics,
        kind,
        rules,
        description: model.description,
        span: model.span,
        behaviour: model.behaviour,
    };
    let lists = lists::resolve(&model, diags);
    (model, lists)
}

/// Reports a field type the release's generator refuses: a map of pointers
/// (`BTreeMap<K, Option<V>>`, Go's `map[K]*V`) before 1.38, as upstream's
/// `verifySupportedType` does for any such field (a map typedef of pointers
/// is accepted).
fn supported_field_type(field: &Field<Tags>, behaviour: &Behaviour, diags: &mut Diagnostics) {
    let Shape::Map(_, value) = &field.ty.leaf().shape else {
        return;
    };
    if value.is_option() && !behaviour.pointer_maps {
        diags.error(
            field.span,
            format!(
                "maps of pointers are not supported by Kubernetes {}'s generator \
                 (`{}` holds `Option` values); generate for 1.38 or later, or hold values",
                behaviour.name, field.rust_name
            ),
        );
    }
}

/// The rules of the tags that pass the catalog's type check in `scope` and
/// read for the release; the others are reported.
fn checked(
    tags: Tags,
    scope: Scope,
    ty: Option<&Ty>,
    behaviour: &Behaviour,
    diags: &mut Diagnostics,
) -> Rules {
    let mut rules = Vec::new();
    // The catalog's payload types, as the release reads them.
    let payload_of = |def: &TagDef| match TagName::from_name(def.name) {
        Some(tag) => behaviour.payload(tag),
        None => (def.payload, def.payload_required),
    };
    for TagAt { tag, at, rule } in tags.tags {
        let typed = scopes::type_check_as(&tag, scope, &payload_of, |chain| {
            collection_value(chain, ty)
        });
        // After the catalog's type check, the tag's own reading of its
        // payload and arguments (`rules::read`, done when the tag was read).
        match typed.map_err(|e| e.message).and(rule) {
            Ok(rule) => rules.push(RuleAt::new(rule, at)),
            Err(message) => {
                diags.error_at(at.span, at.order, format!("{message} (in `{}`)", at.line))
            }
        }
    }
    Rules(rules)
}

/// The scope of the last `eachVal`'s payload in `chain` (outermost first):
/// the values of a map or of a list, following the type through the
/// `eachVal`s before it. Unknown types (a subfield's) count as lists.
fn collection_value(chain: &[&Tag], ty: Option<&Ty>) -> Scope {
    let mut ty = ty;
    for tag in &chain[..chain.len().saturating_sub(1)] {
        ty = match (tag.tag_name(), ty.map(|t| &t.leaf().shape)) {
            (Some(TagName::EachVal), Some(Shape::List(e))) => Some(e),
            (Some(TagName::EachVal), Some(Shape::Map(_, v))) => Some(v),
            (Some(TagName::EachKey), Some(Shape::Map(k, _))) => Some(k),
            _ => None,
        };
    }
    match ty.map(|t| &t.leaf().shape) {
        Some(Shape::Map(..)) => Scope::MapVal,
        _ => Scope::ListVal,
    }
}
