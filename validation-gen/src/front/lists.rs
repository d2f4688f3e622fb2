//! List semantics (`+k8s:listType`, `+k8s:unique`, `+k8s:listMapKey`,
//! `+k8s:customUnique`): resolved by the check stage for every place they
//! can be declared (a field, a typedef, a subfield, an option) into a
//! [`ListTable`], judged there once, and read by the back ends.

use super::behaviour::{Behaviour, SubfieldLists};
use super::diag::Diagnostics;
use super::model::{RuleAt, Shape, Ty, TypeKind, TypeModel};
use super::rules::{Level, ListTag, Rule, RuleKind};
use super::tags::TagName;

/// How a list's elements are identified.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ListKind {
    /// No identity: elements never correlate.
    Atomic,
    /// By value.
    Set,
    /// By the `listMapKey` fields.
    Map,
}

/// The list semantics of a field or typedef.
#[derive(Clone, Debug)]
pub(crate) struct ListMeta {
    /// `+k8s:listType`.
    pub list_type: Option<ListKind>,
    /// `+k8s:unique`.
    pub unique: Option<ListKind>,
    /// The `+k8s:listMapKey` JSON names, in order.
    pub keys: Vec<String>,
    /// Where each key was named (its `listMapKey` doc line): a key that is
    /// not a field of the element type is reported there by rustc.
    pub key_spans: Vec<proc_macro2::Span>,
    /// `+k8s:customUnique`: uniqueness is checked by hand-written code.
    pub custom_unique: bool,
    /// Kubernetes 1.37: whether the elements are pointers (`Vec<Option<T>>`,
    /// Go's `[]*T`), whose `None` elements are skipped
    /// (`validate::pointers`).
    pub elems: Elems,
    /// Kubernetes 1.36 on: the stability level of the uniqueness check
    /// (`TagName::Alpha` / `TagName::Beta`), when its `listType` or `unique`
    /// was declared under `+k8s:alpha` / `+k8s:beta`.
    pub level: Option<Level>,
}

/// What a list's elements are, for the list functions (Kubernetes 1.37
/// skips nil pointers; earlier releases read every list as values).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Elems {
    /// Values (or any list before 1.37).
    Values,
    /// Pointers: `Vec<Option<T>>`, Go's `[]*T`.
    Pointers,
    /// Not known to the generator (a list reached through
    /// `+k8s:subfield(name)=`): the compiler picks by the element type
    /// (`validate::Elems`).
    Unknown,
}

impl ListMeta {
    /// Whether the elements are known to be pointers.
    pub fn ptr_elems(&self) -> bool {
        self.elems == Elems::Pointers
    }

    /// The semantics used for correlation and uniqueness.
    pub fn semantics(&self) -> ListKind {
        match (self.list_type, self.unique) {
            (_, Some(u)) => u,
            (Some(t), None) => t,
            (None, None) => ListKind::Atomic,
        }
    }

    /// Whether elements never correlate with the old list's.
    pub fn is_atomic(&self) -> bool {
        self.semantics() == ListKind::Atomic
    }
}

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

/// The list semantics of one type, resolved by [`resolve`].
#[derive(Debug, Default)]
pub(crate) struct ListTable {
    entries: Vec<(ListOwner, ListContext, ListMeta)>,
    /// Kubernetes 1.35 and 1.36 ([`SubfieldLists::EachTag`] and
    /// [`SubfieldLists::EachTagChecked`]): the list semantics of subfield
    /// `name` declared by the `subfield(name)=` tags of an owner up to a doc
    /// line, as upstream's list validator sees them after each tag.
    so_far: Vec<SoFar>,
}

/// The list semantics of a subfield declared by the tags up to a doc line.
#[derive(Debug)]
struct SoFar {
    owner: ListOwner,
    name: String,
    /// The doc line ([`RuleAt::order`]).
    order: usize,
    meta: Option<ListMeta>,
    /// What the list validator reports about them (messages without the
    /// doc line).
    problems: Vec<String>,
}

impl ListTable {
    /// The list semantics declared at `owner` under `context`.
    pub(crate) fn get(&self, owner: &ListOwner, context: &ListContext) -> Option<&ListMeta> {
        self.entries
            .iter()
            .find(|(o, c, _)| o == owner && c == context)
            .map(|(_, _, m)| m)
    }

    /// Kubernetes 1.35 and 1.36: the list semantics of subfield `name`
    /// declared by the `subfield(name)=` tags of `owner` up to the doc line
    /// `order`, and the problems upstream's list validator reports about
    /// them there.
    pub(crate) fn subfield_so_far(
        &self,
        owner: &ListOwner,
        name: &str,
        order: usize,
    ) -> (Option<&ListMeta>, &[String]) {
        self.so_far
            .iter()
            .find(|s| s.owner == *owner && s.name == name && s.order == order)
            .map_or((None, &[]), |s| (s.meta.as_ref(), &s.problems))
    }

    fn insert(&mut self, owner: ListOwner, context: ListContext, meta: Option<ListMeta>) {
        if let Some(meta) = meta {
            self.entries.push((owner, context, meta));
        }
    }
}

/// Resolves the list semantics of a checked type, reporting the problems of
/// those declared directly (on a field, a typedef, under `alpha` / `beta`).
pub(super) fn resolve(model: &TypeModel, diags: &mut Diagnostics) -> ListTable {
    let behaviour = model.behaviour;
    let inner = match &model.kind {
        TypeKind::Newtype(inner) => Some(&**inner),
        TypeKind::Struct(_) | TypeKind::Enum(_) => None,
    };
    let mut table = ListTable::default();
    let mut owners: Vec<(ListOwner, &[RuleAt], Option<&Ty>)> = Vec::new();
    if let Some(inner) = inner {
        let own = leveled_list_meta(diags, &model.rules, Some(inner), behaviour);
        table.insert(ListOwner::Type, ListContext::Own, own);
    }
    owners.push((ListOwner::Type, &model.rules, inner));
    for field in model.fields() {
        let owner = ListOwner::Field(field.rust_name.clone());
        let own = leveled_list_meta(diags, &field.rules, Some(&field.ty), behaviour);
        table.insert(owner.clone(), ListContext::Own, own);
        owners.push((owner, &field.rules, Some(&field.ty)));
    }
    for (owner, rules, ty) in owners {
        conditional_lists(&mut table, owner.clone(), rules, ty, behaviour);
        subfield_lists(&mut table, owner.clone(), rules, behaviour);
        if behaviour.subfield_lists != SubfieldLists::Resolved {
            subfield_lists_so_far(&mut table, owner, rules, behaviour);
        }
    }
    table
}

/// Kubernetes 1.35 and 1.36 read a subfield's list tags one `subfield` tag
/// at a time: for every subfield named by a `subfield(name)=` tag of the
/// owner, and every doc line of the owner, what the tags up to that line
/// declare.
fn subfield_lists_so_far(
    table: &mut ListTable,
    owner: ListOwner,
    rules: &[RuleAt],
    behaviour: &Behaviour,
) {
    let mut names: Vec<&str> = Vec::new();
    for at in rules {
        if let RuleKind::Subfield { name, .. } = &at.rule.kind {
            if !names.contains(&name.as_str()) {
                names.push(name);
            }
        }
    }
    let mut orders: Vec<usize> = rules.iter().map(|r| r.order).collect();
    orders.sort_unstable();
    orders.dedup();
    for name in names {
        for &order in &orders {
            let up_to: Vec<RuleAt> = rules.iter().filter(|t| t.order <= order).cloned().collect();
            let payloads = payloads_of(&up_to, TagName::Subfield, |t| string_arg(t) == Some(name));
            let mut found = Diagnostics::new();
            let meta = list_meta(&mut found, payloads.iter(), None, behaviour);
            let problems = found
                .errors()
                .iter()
                .map(|d| {
                    d.message
                        .rsplit_once(" (in `")
                        .map_or(d.message.clone(), |(m, _)| m.to_owned())
                })
                .collect();
            table.so_far.push(SoFar {
                owner: owner.clone(),
                name: name.to_owned(),
                order,
                meta,
                problems,
            });
        }
    }
}

/// An error about a rule's doc line.
fn report(diags: &mut Diagnostics, at: &RuleAt, message: impl std::fmt::Display) {
    diags.error_at(at.span, at.order, format!("{message} (in `{}`)", at.line));
}

/// Whether `rule` is a list tag (`listType`, `unique`, `listMapKey`,
/// `customUnique`).
pub(crate) fn is_list_rule(rule: &Rule) -> bool {
    matches!(rule.kind, RuleKind::List(_))
}

/// The payloads of `tags` named `wrapper` whose condition `matches`, located
/// at the wrapper's doc line.
pub(crate) fn payloads_of(
    tags: &[RuleAt],
    wrapper: TagName,
    matches: impl Fn(&RuleAt) -> bool,
) -> Vec<RuleAt> {
    tags.iter()
        .filter(|t| t.rule.is(wrapper) && matches(t))
        .filter_map(|t| Some(t.with_rule(t.rule.chained()?.clone())))
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
    tags: &[RuleAt],
    ty: Option<&Ty>,
    behaviour: &Behaviour,
) -> Option<ListMeta> {
    let alpha = payloads_of(tags, TagName::Alpha, |_| true);
    let beta = payloads_of(tags, TagName::Beta, |_| true);
    let sets_level = |t: &RuleAt| matches!(t.rule.name, TagName::ListType | TagName::Unique);
    let level = if beta.iter().any(sets_level) {
        Some(Level::Beta)
    } else if alpha.iter().any(sets_level) {
        Some(Level::Alpha)
    } else {
        None
    };
    let mut meta = list_meta(diags, tags.iter().chain(&alpha).chain(&beta), ty, behaviour)?;
    meta.level = level;
    Some(meta)
}

/// The field a `subfield` tag names, or the option an `ifEnabled` /
/// `ifDisabled` tag names.
fn string_arg(at: &RuleAt) -> Option<&str> {
    match &at.rule.kind {
        RuleKind::Subfield { name, .. } => Some(name),
        RuleKind::Gate { option, .. } => Some(option),
        _ => None,
    }
}

/// List semantics declared through `+k8s:subfield(name)=`. Their problems
/// are not reported here: upstream reports them (or not) through the
/// subfield's own validators, which the emitter lowers.
fn subfield_lists(table: &mut ListTable, owner: ListOwner, tags: &[RuleAt], behaviour: &Behaviour) {
    let mut names: Vec<&str> = Vec::new();
    for at in tags {
        if at.rule.is(TagName::Subfield) && at.rule.chained().is_some_and(is_list_rule) {
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
    tags: &[RuleAt],
    ty: Option<&Ty>,
    behaviour: &Behaviour,
) {
    let mut conditions: Vec<(TagName, &str)> = Vec::new();
    for at in tags {
        let wrapper @ (TagName::IfEnabled | TagName::IfDisabled) = at.rule.name else {
            continue;
        };
        if !at.rule.chained().is_some_and(is_list_rule) {
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
    tags: impl Iterator<Item = &'a RuleAt>,
    ty: Option<&Ty>,
    behaviour: &Behaviour,
) -> Option<ListMeta> {
    let mut meta = ListMeta {
        list_type: None,
        unique: None,
        keys: Vec::new(),
        key_spans: Vec::new(),
        custom_unique: false,
        elems: match ty.map(|t| &t.leaf().shape) {
            _ if !behaviour.pointer_lists => Elems::Values,
            Some(Shape::List(e)) if e.is_option() => Elems::Pointers,
            Some(_) => Elems::Values,
            None => Elems::Unknown,
        },
        level: None,
    };
    // The tag each fact came from, to report a problem where it is.
    let mut list_type_at: Option<&RuleAt> = None;
    let mut unique_at: Option<&RuleAt> = None;
    let mut key_at: Option<&RuleAt> = None;
    let mut last: Option<&RuleAt> = None;
    for at in tags {
        let RuleKind::List(list) = &at.rule.kind else {
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
