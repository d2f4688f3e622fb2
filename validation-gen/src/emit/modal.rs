//! `+k8s:discriminator`, `+k8s:member("<value>")=+<tag>` (Kubernetes 1.36,
//! upstream's `validators/discriminator.go`; runtime: `validate::discriminator`):
//! modal validation. A member field's payload runs only when the struct's
//! discriminator has the rule's value; with any other value the member is
//! forbidden. Struct-level, as upstream's `validate.Discriminated`: one
//! block per member field, skipped on an update that changes neither the
//! discriminator nor the member.

use std::collections::BTreeMap;

use proc_macro2::{Span, TokenStream};
use quote::quote;

use super::{emit_calls, levels, list_value, lower_tag, value_site, Call, Cx, Exit, Site};
use crate::model::{Field, Shape, TagAt, TypeModel};
use crate::tags::catalog::Scope;
use crate::tags::{Release, Tag, TagName, TagValue, Value};

/// The tags in place: they add no calls where they are (the struct emits
/// them), directly on a field or under `+k8s:alpha` / `+k8s:beta`. Under any
/// other wrapper they are not implemented: say so rather than drop them.
pub(super) fn in_place(
    cx: &mut Cx<'_>,
    _: &Site<'_>,
    at: &TagAt,
    tag: &Tag,
    _: Release,
) -> Vec<Call> {
    let direct = std::ptr::eq(tag, &at.tag);
    let under_level = level_of(&at.tag).is_some_and(|(inner, _)| std::ptr::eq(inner, tag));
    if !direct && !under_level {
        cx.error(
            at,
            format!(
                "tag \"{}\" inside \"{}\" is not supported yet by this generator",
                tag.name, at.tag.name
            ),
        );
    }
    Vec::new()
}

/// The payload of `+k8s:alpha` / `+k8s:beta` and the wrapper's name (the
/// level), for such a tag.
fn level_of(tag: &Tag) -> Option<(&Tag, TagName)> {
    let level = tag
        .tag_name()
        .filter(|n| matches!(n, TagName::Alpha | TagName::Beta))?;
    Some((tag.chained()?, level))
}

/// `tag` itself (no level), or the payload of a level wrapper with its level.
fn unwrap_level(tag: &Tag) -> (&Tag, Option<TagName>) {
    match level_of(tag) {
        Some((inner, level)) => (inner, Some(level)),
        None => (tag, None),
    }
}

/// One `+k8s:member` rule.
struct Rule<'a> {
    value: String,
    level: Option<TagName>,
    at: &'a TagAt,
    payload: &'a Tag,
}

#[derive(Default)]
struct Group<'a> {
    discriminator: Option<&'a Field>,
    /// By Go field name (upstream's order), the member and its rules.
    members: BTreeMap<String, (&'a Field, Vec<Rule<'a>>)>,
}

fn arg_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Upstream's `^[a-zA-Z][a-zA-Z0-9_]*$`.
fn valid_group_name(s: &str) -> bool {
    let mut b = s.bytes();
    b.next().is_some_and(|c| c.is_ascii_alphabetic())
        && b.all(|c| c.is_ascii_alphanumeric() || c == b'_')
}

/// The struct-level calls: one per member field of every group, groups by
/// name, members by field name.
pub(super) fn struct_calls(cx: &mut Cx<'_>, model: &TypeModel) -> Vec<Call> {
    let mut groups: BTreeMap<String, Group<'_>> = BTreeMap::new();
    let mut first_at: BTreeMap<String, &TagAt> = BTreeMap::new();
    for field in model.fields() {
        for at in &field.tags.tags {
            let (tag, level) = unwrap_level(&at.tag);
            match tag.tag_name() {
                Some(TagName::Discriminator) => {
                    if matches!(field.ty.shape, Shape::Option(_) | Shape::Boxed(_)) {
                        cx.error(at, "can only be used on non-pointer types");
                        continue;
                    }
                    if !matches!(
                        field.ty.shape,
                        Shape::Str | Shape::Bool | Shape::Int(_) | Shape::Named
                    ) {
                        cx.error(at, "can only be used on string, bool or integer types");
                        continue;
                    }
                    let name = tag
                        .named_arg("name")
                        .map(|a| arg_text(&a.value))
                        .unwrap_or_default();
                    if !name.is_empty() && !valid_group_name(&name) {
                        cx.error(
                            at,
                            format!(
                                "discriminator group name must match ^[a-zA-Z][a-zA-Z0-9_]*$, got {name:?}"
                            ),
                        );
                        continue;
                    }
                    if name == "default" {
                        cx.error(at, format!("discriminator group name {name:?} is reserved"));
                        continue;
                    }
                    let key = if name.is_empty() {
                        "default".to_string()
                    } else {
                        name.clone()
                    };
                    let group = groups.entry(key).or_default();
                    if group
                        .discriminator
                        .is_some_and(|d| d.rust_name != field.rust_name)
                    {
                        cx.error(at, format!("duplicate discriminator: {name:?}"));
                        continue;
                    }
                    group.discriminator = Some(field);
                }
                Some(TagName::Member) => {
                    let name = tag
                        .named_arg("discriminator")
                        .map(|a| arg_text(&a.value))
                        .unwrap_or_default();
                    if name == "default" {
                        cx.error(at, format!("discriminator group name {name:?} is reserved"));
                        continue;
                    }
                    let value = match tag.named_arg("value").or_else(|| tag.positional_arg()) {
                        Some(a) => arg_text(&a.value),
                        None => {
                            cx.error(at, "missing required value");
                            continue;
                        }
                    };
                    let Some(TagValue::Tag(payload)) = &tag.value else {
                        cx.error(at, "missing required payload");
                        continue;
                    };
                    let key = if name.is_empty() {
                        "default".to_string()
                    } else {
                        name
                    };
                    first_at.entry(key.clone()).or_insert(at);
                    let group = groups.entry(key).or_default();
                    group
                        .members
                        .entry(field.rust_name.clone())
                        .or_insert_with(|| (field, Vec::new()))
                        .1
                        .push(Rule {
                            value,
                            level,
                            at,
                            payload,
                        });
                }
                _ => {}
            }
        }
    }
    let mut calls = Vec::new();
    for (name, group) in &groups {
        let Some(discriminator) = group.discriminator else {
            if let Some(at) = first_at.get(name) {
                if name == "default" {
                    cx.error(at, "missing discriminator");
                } else {
                    cx.error(at, format!("missing discriminator for group {name:?}"));
                }
            }
            continue;
        };
        for (field, rules) in group.members.values() {
            if let Some(call) = member_call(cx, model, discriminator, field, rules) {
                calls.push(call);
            }
        }
    }
    calls
}

/// Checks a rule's value against the discriminator's type (upstream's
/// `convertDiscriminatorValue`, with `util.ParseBool` / `util.ParseInt`).
fn check_value(discriminator: &Field, value: &str) -> Result<(), String> {
    let err = |why: String| Err(format!("invalid discriminator value {value:?}: {why}"));
    match discriminator.ty.shape {
        Shape::Bool if value != "true" && value != "false" => err(format!(
            "cannot parse {value:?} as bool: {value:?} is not a valid bool value"
        )),
        Shape::Int(_) => match value.parse::<i64>() {
            Ok(n) if n.to_string() == value => Ok(()),
            Ok(_) => err(format!(
                "cannot parse {value:?} as integer: {value:?} is not a valid int value"
            )),
            Err(e) => {
                let why = if matches!(
                    e.kind(),
                    std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow
                ) {
                    "value out of range"
                } else {
                    "invalid syntax"
                };
                err(format!(
                    "cannot parse {value:?} as integer: parsing {value:?} as int: strconv.Atoi: parsing {value:?}: {why}"
                ))
            }
        },
        _ => Ok(()),
    }
}

/// The block of one member field: upstream's `validate.Discriminated`.
fn member_call(
    cx: &mut Cx<'_>,
    model: &TypeModel,
    discriminator: &Field,
    field: &Field,
    rules: &[Rule<'_>],
) -> Option<Call> {
    cx.labels += 1;
    let label = syn::Lifetime::new(&format!("'modal_{}", cx.labels), Span::call_site());
    let mut site = value_site(
        Scope::Field,
        &field.ty,
        quote!(value),
        quote!(old_value),
        model,
        Some(field),
    );
    let (leaf, old_leaf) = (site.leaf.clone(), site.old_leaf.clone());
    let mut bindings = TokenStream::new();
    if matches!(field.ty.shape, Shape::Option(_) | Shape::Boxed(_)) {
        (site.leaf, site.old_leaf) = (quote!(leaf), quote!(old_leaf));
        bindings.extend(quote!(let leaf = #leaf; let old_leaf = #old_leaf;));
    }
    if matches!(field.ty.leaf().shape, Shape::List(_)) {
        let (items, old_items) = (list_value(&site.leaf), list_value(&site.old_leaf));
        bindings.extend(quote!(let items = #items; let old_items = #old_items;));
        site.items = Some((quote!(items), quote!(old_items)));
    }
    // Values in order of first appearance, then sorted (upstream's order).
    let mut values: Vec<&str> = Vec::new();
    for r in rules {
        if !values.contains(&r.value.as_str()) {
            values.push(&r.value);
        }
    }
    values.sort_unstable();
    let mut arms = TokenStream::new();
    for value in &values {
        if let Err(e) = check_value(discriminator, value) {
            let at = rules
                .iter()
                .find(|r| r.value == *value)
                .map_or(rules[0].at, |r| r.at);
            cx.error(at, e);
            return None;
        }
        let mut calls = Vec::new();
        for r in rules.iter().filter(|r| r.value == *value) {
            calls.extend(levels::mark(lower_tag(cx, &site, r.at, r.payload), r.level));
        }
        let body = emit_calls(cx, calls, &Exit::Break(label.clone()));
        arms.extend(quote! {
            if validate::discriminator_is(disc, #value) {
                #body
                break #label;
            }
        });
    }
    // Any other value: the member is forbidden, at the rules' level when
    // they all share one.
    let level = rules[0].level;
    let uniform = rules.iter().all(|r| r.level == level);
    let (whole, old) = (&site.whole_opt, &site.old_whole);
    let forbidden = vec![Call::errors(
        quote!(validate::forbidden(errs, op, path, #whole, #old)),
    )];
    let forbidden = levels::mark(forbidden, if uniform { level } else { None });
    let forbidden = emit_calls(cx, forbidden, &Exit::Break(label.clone()));
    let (member, dmember) = (&field.member, &discriminator.member);
    let json = &field.json_name;
    Some(Call::errors(quote! {
        #label: {
            let (value, old_value) = (&self.#member, old.map(|old| &old.#member));
            let (disc, old_disc) = (&self.#dmember, old.map(|old| &old.#dmember));
            if validate::discriminated_unchanged(op, value, old_value, disc, old_disc) {
                break #label;
            }
            let path = &path.child(#json);
            #bindings
            #arms
            #forbidden
        }
    }))
}
