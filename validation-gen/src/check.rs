//! Stage 2 of the pipeline (parse -> **check** -> emit): everything about a
//! type's tags that does not depend on how code is generated is decided
//! here, once, and reported here, once.
//!
//! * Every tag, with its chained payloads, is type-checked against the
//!   catalog ([`crate::tags::check::type_check_with`]) in the scope where it
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
//! The result is the [`TypeModel`] with checked tags and the [`ListTable`].

use crate::diag::Diagnostics;
use crate::front::behaviour::Behaviour;
use crate::model::{Elems, ListKind, ListMeta, Shape, TagAt, Ty, TypeKind, TypeModel};
use crate::rules::{ListTag, RuleKind};
use crate::tags::catalog::Scope;
use crate::tags::{check, Tag, TagName};

/// Where a list's semantics were declared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ListOwner {
    /// The type's own tags (a typedef of a list).
    Type,
    /// A field's tags, by its Rust name.
    Field(String),
}

/// Under what a list's semantics were declared, at its owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ListContext {
    /// Directly: `+k8s:listType=map` on the field or typedef.
    Own,
    /// Through `+k8s:subfield(name)=`.
    Subfield(String),
    /// Through `+k8s:ifEnabled(option)=` or `+k8s:ifDisabled(option)=`.
    Option { enabled: bool, option: String },
}

/// The list semantics of one type, resolved by [`check_type`].
#[derive(Debug, Default)]
pub(crate) struct ListTable {
    entries: Vec<(ListOwner, ListContext, ListMeta)>,
}

impl ListTable {
    /// The list semantics declared at `owner` under `context`.
    pub(crate) fn get(&self, owner: &ListOwner, context: &ListContext) -> Option<&ListMeta> {
        self.entries
            .iter()
            .find(|(o, c, _)| o == owner && c == context)
            .map(|(_, _, m)| m)
    }

    fn insert(&mut self, owner: ListOwner, context: ListContext, meta: Option<ListMeta>) {
        if let Some(meta) = meta {
            self.entries.push((owner, context, meta));
        }
    }
}

/// Checks a type's tags (dropping those that fail, with an error each) and
/// resolves its list semantics.
pub(crate) fn check_type(model: &mut TypeModel, diags: &mut Diagnostics) -> ListTable {
    let behaviour = model.behaviour;
    let newtype_inner = match &model.kind {
        TypeKind::Newtype(inner) => Some((**inner).clone()),
        TypeKind::Struct(_) => None,
    };
    retain_checked(
        &mut model.tags.tags,
        Scope::Type,
        newtype_inner.as_ref(),
        diags,
    );
    if let TypeKind::Struct(fields) = &mut model.kind {
        for field in fields {
            retain_checked(&mut field.tags.tags, Scope::Field, Some(&field.ty), diags);
        }
    }

    let mut table = ListTable::default();
    if let Some(inner) = &newtype_inner {
        let own = leveled_list_meta(diags, &model.tags.tags, Some(inner), behaviour);
        table.insert(ListOwner::Type, ListContext::Own, own);
    }
    let inner = newtype_inner.as_ref();
    conditional_lists(
        &mut table,
        ListOwner::Type,
        &model.tags.tags,
        inner,
        behaviour,
    );
    subfield_lists(&mut table, ListOwner::Type, &model.tags.tags, behaviour);
    for field in model.fields() {
        let owner = ListOwner::Field(field.rust_name.clone());
        let own = leveled_list_meta(diags, &field.tags.tags, Some(&field.ty), behaviour);
        table.insert(owner.clone(), ListContext::Own, own);
        let ty = Some(&field.ty);
        conditional_lists(&mut table, owner.clone(), &field.tags.tags, ty, behaviour);
        subfield_lists(&mut table, owner, &field.tags.tags, behaviour);
    }
    table
}

/// Keeps the tags that pass the catalog's type check in `scope`, reporting
/// the others.
fn retain_checked(tags: &mut Vec<TagAt>, scope: Scope, ty: Option<&Ty>, diags: &mut Diagnostics) {
    tags.retain(|at| {
        let result = check::type_check_with(&at.tag, scope, |chain| collection_value(chain, ty));
        // After the catalog's type check, the tag's own reading of its
        // payload and arguments (`rules::read`, done when the tag was read).
        let result = result.map_err(|e| e.message).and_then(|()| match &at.rule {
            Ok(_) => Ok(()),
            Err(why) => Err(why.clone()),
        });
        match result {
            Ok(()) => true,
            Err(message) => {
                report(diags, at, message);
                false
            }
        }
    });
}

/// The scope of the last `eachVal`'s payload in `chain` (outermost first):
/// the values of a map or of a list, following the type through the
/// `eachVal`s before it. Unknown types (a subfield's) count as lists.
fn collection_value(chain: &[&Tag], ty: Option<&Ty>) -> Scope {
    let mut ty = ty;
    for tag in &chain[..chain.len().saturating_sub(1)] {
        ty = match (tag.tag_name(), ty.map(|t| &t.leaf().shape)) {
            (Some(TagName::EachVal), Some(Shape::List(e))) => Some(e),
            (Some(TagName::EachVal), Some(Shape::Map(_, _, v))) => Some(v),
            (Some(TagName::EachKey), Some(Shape::Map(_, k, _))) => Some(k),
            _ => None,
        };
    }
    match ty.map(|t| &t.leaf().shape) {
        Some(Shape::Map(..)) => Scope::MapVal,
        _ => Scope::ListVal,
    }
}

/// An error about a tag's doc line, as the emitter reports them.
fn report(diags: &mut Diagnostics, at: &TagAt, message: impl std::fmt::Display) {
    diags.error_at(at.span, at.order, format!("{message} (in `{}`)", at.line));
}

pub(crate) fn is_list_tag(tag: &Tag) -> bool {
    matches!(
        tag.tag_name(),
        Some(TagName::ListType | TagName::Unique | TagName::ListMapKey | TagName::CustomUnique)
    )
}

/// The payloads of `tags` named `wrapper` whose condition `matches`, located
/// at the wrapper's doc line.
pub(crate) fn payloads_of(
    tags: &[TagAt],
    wrapper: TagName,
    matches: impl Fn(&TagAt) -> bool,
) -> Vec<TagAt> {
    tags.iter()
        .filter(|t| t.tag.is(wrapper) && matches(t))
        .filter_map(|t| {
            let rule = t.rule().and_then(crate::rules::Rule::chained).cloned();
            t.tag.chained().map(|p| TagAt {
                tag: p.clone(),
                span: t.span,
                line: t.line.clone(),
                order: t.order,
                // The wrapper passed the check stage: its payload read.
                rule: rule.ok_or_else(|| "the payload did not read".to_owned()),
            })
        })
        .collect()
}

/// [`list_meta`] of a value's own tags and of the list tags under
/// `+k8s:alpha` / `+k8s:beta` (Kubernetes 1.36 on: the wrapper runs its
/// payload's tag validator, so `alpha=+k8s:unique=map` declares the list's
/// semantics). Upstream runs the level wrappers after the other tags (they
/// are "late" tag validators; alpha before beta), and the uniqueness check
/// takes the level of the last `listType` / `unique` run (`list.go`,
/// `lm.stabilityLevel`): [`ListMeta::level`].
fn leveled_list_meta(
    diags: &mut Diagnostics,
    tags: &[TagAt],
    ty: Option<&Ty>,
    behaviour: &Behaviour,
) -> Option<ListMeta> {
    let alpha = payloads_of(tags, TagName::Alpha, |_| true);
    let beta = payloads_of(tags, TagName::Beta, |_| true);
    let sets_level =
        |t: &TagAt| matches!(t.tag.tag_name(), Some(TagName::ListType | TagName::Unique));
    let level = if beta.iter().any(sets_level) {
        Some(TagName::Beta)
    } else if alpha.iter().any(sets_level) {
        Some(TagName::Alpha)
    } else {
        None
    };
    let mut meta = list_meta(diags, tags.iter().chain(&alpha).chain(&beta), ty, behaviour)?;
    meta.level = level;
    Some(meta)
}

/// The field a `subfield` tag names, or the option an `ifEnabled` /
/// `ifDisabled` tag names.
fn string_arg(at: &TagAt) -> Option<&str> {
    match at.rule().map(|r| &r.kind) {
        Some(RuleKind::Subfield { name, .. }) => Some(name),
        Some(RuleKind::Gate { option, .. }) => Some(option),
        _ => None,
    }
}

/// List semantics declared through `+k8s:subfield(name)=`. Their problems
/// are not reported here: upstream reports them (or not) through the
/// subfield's own validators, which the emitter lowers.
fn subfield_lists(table: &mut ListTable, owner: ListOwner, tags: &[TagAt], behaviour: &Behaviour) {
    let mut names: Vec<&str> = Vec::new();
    for at in tags {
        if at.tag.is(TagName::Subfield) && at.tag.chained().is_some_and(is_list_tag) {
            if let Some(name) = string_arg(at) {
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        }
    }
    for name in names {
        let payloads = payloads_of(tags, TagName::Subfield, |t| string_arg(t) == Some(name));
        let meta = list_meta(&mut Diagnostics::new(), payloads.iter(), None, behaviour);
        table.insert(owner.clone(), ListContext::Subfield(name.to_owned()), meta);
    }
}

/// List semantics declared under an option (`ifEnabled(X)=+k8s:listType=map`
/// with `ifEnabled(X)=+k8s:listMapKey=k`), gathered from the sibling tags with
/// the same condition. As for subfields, problems are the payloads' own.
fn conditional_lists(
    table: &mut ListTable,
    owner: ListOwner,
    tags: &[TagAt],
    ty: Option<&Ty>,
    behaviour: &Behaviour,
) {
    let mut conditions: Vec<(TagName, &str)> = Vec::new();
    for at in tags {
        let Some(wrapper @ (TagName::IfEnabled | TagName::IfDisabled)) = at.tag.tag_name() else {
            continue;
        };
        if !at.tag.chained().is_some_and(is_list_tag) {
            continue;
        }
        if let Some(option) = string_arg(at) {
            if !conditions.contains(&(wrapper, option)) {
                conditions.push((wrapper, option));
            }
        }
    }
    for (wrapper, option) in conditions {
        let payloads = payloads_of(tags, wrapper, |t| string_arg(t) == Some(option));
        let meta = list_meta(&mut Diagnostics::new(), payloads.iter(), ty, behaviour);
        let context = ListContext::Option {
            enabled: wrapper == TagName::IfEnabled,
            option: option.to_owned(),
        };
        table.insert(owner.clone(), context, meta);
    }
}

fn parse_kind(s: &str, allow_atomic: bool) -> Result<ListKind, String> {
    match s {
        "atomic" if allow_atomic => Ok(ListKind::Atomic),
        "set" => Ok(ListKind::Set),
        "map" => Ok(ListKind::Map),
        _ => Err(format!("{s:?}")),
    }
}

/// Reads the list semantics of a value of type `ty` (unknown for a
/// subfield) from its (checked) tags; `None` when it has none or they
/// contradict each other (reported).
///
/// From Kubernetes 1.37 upstream checks a list's metadata only when a
/// `listType` or `unique` tag asks for its validations (`validators/list.go`:
/// `getListValidations` is their deferred callback; 1.35 and 1.36 ran it for
/// every list field), so `listMapKey` and `customUnique` without either are
/// accepted and mean nothing.
pub(crate) fn list_meta<'a>(
    diags: &mut Diagnostics,
    tags: impl Iterator<Item = &'a TagAt>,
    ty: Option<&Ty>,
    behaviour: &Behaviour,
) -> Option<ListMeta> {
    let mut meta = ListMeta {
        list_type: None,
        unique: None,
        keys: Vec::new(),
        key_spans: Vec::new(),
        custom_unique: false,
        key_bound: false,
        elems: match ty.map(|t| &t.leaf().shape) {
            _ if !behaviour.pointer_lists => Elems::Values,
            Some(Shape::List(e)) if e.is_option() => Elems::Pointers,
            Some(_) => Elems::Values,
            None => Elems::Unknown,
        },
        level: None,
    };
    // The tag each fact came from, to report a problem where it is.
    let mut list_type_at: Option<&TagAt> = None;
    let mut unique_at: Option<&TagAt> = None;
    let mut key_at: Option<&TagAt> = None;
    let mut last: Option<&TagAt> = None;
    for at in tags {
        let Some(RuleKind::List(list)) = at.rule().map(|r| &r.kind) else {
            continue;
        };
        match list {
            ListTag::Type(kind) => {
                if list_type_at.is_some() {
                    report(diags, at, "listType cannot be specified more than once");
                    return None;
                }
                match parse_kind(kind, true) {
                    Ok(k) => meta.list_type = Some(k),
                    Err(e) => report(diags, at, format!("unknown list type {e}")),
                }
                list_type_at = Some(at);
            }
            ListTag::Unique(kind) => {
                if unique_at.is_some() {
                    report(diags, at, "unique tag cannot be specified more than once");
                    return None;
                }
                match parse_kind(kind, false) {
                    Ok(k) => meta.unique = Some(k),
                    Err(e) => report(diags, at, format!("unknown unique type {e}")),
                }
                unique_at = Some(at);
            }
            ListTag::MapKey(key) => {
                meta.keys.push(key.clone());
                meta.key_spans.push(at.span);
                key_at = key_at.or(Some(at));
            }
            ListTag::CustomUnique => meta.custom_unique = true,
        }
        last = Some(at);
    }
    let at = last?;
    if let Some(ty) = ty.map(Ty::leaf) {
        if !matches!(ty.shape, Shape::List(_) | Shape::Named) {
            let message = format!("can only be used on list types ({})", ty.kind_name());
            report(diags, at, message);
            return None;
        }
    }
    let scalar_elems = match ty.map(|t| &t.leaf().shape) {
        Some(Shape::List(e)) => matches!(
            e.leaf().shape,
            Shape::Str
                | Shape::Bool
                | Shape::Int(_)
                | Shape::Float
                | Shape::List(_)
                | Shape::Map(..)
        ),
        _ => false,
    };
    if behaviour.list_metadata_when_used && list_type_at.is_none() && unique_at.is_none() {
        // `listMapKey`'s own check, when the tag is read.
        if let (Some(key_at), true) = (key_at, scalar_elems) {
            report(diags, key_at, "only lists of structs can be list-maps");
        }
        return None;
    }
    if meta.unique.is_some() && meta.list_type.is_some_and(|k| k != ListKind::Atomic) {
        report(
            diags,
            unique_at.unwrap_or(at),
            "unique tag may not be used with listType=set or listType=map",
        );
        return None;
    }
    let map = meta.semantics() == ListKind::Map;
    if !meta.keys.is_empty() && !map {
        report(
            diags,
            key_at.unwrap_or(at),
            "found listMapKey without listType=map or unique=map",
        );
        return None;
    }
    if map && meta.keys.is_empty() {
        report(
            diags,
            unique_at.or(list_type_at).unwrap_or(at),
            "found listType=map or unique=map without listMapKey",
        );
        return None;
    }
    // After the key checks, as upstream's `listMetadata.check`.
    if meta.list_type.is_none() && (meta.unique.is_some() || meta.custom_unique) {
        report(
            diags,
            unique_at.unwrap_or(at),
            "listType must be specified - use listType=atomic, listType=set, or listType=map",
        );
        return None;
    }
    if map && scalar_elems {
        report(
            diags,
            unique_at.or(list_type_at).unwrap_or(at),
            "only lists of structs can be list-maps",
        );
        return None;
    }
    Some(meta)
}
