//! Modal validation: `+k8s:discriminator`, `+k8s:member("<value>")=+<tag>`
//! (Kubernetes 1.36, upstream's `validators/discriminator.go`) and their 1.37
//! names `+k8s:modeDiscriminator`, `+k8s:ifMode("<mode>")=+<tag>`
//! (`validators/mode.go`); runtime: `validate::discriminator`. A member
//! field's payload runs only when the struct's discriminator has the rule's
//! value; with any other value the member is forbidden. Struct-level, as
//! upstream's `validate.Discriminated`: one block per member field, skipped
//! on an update that changes neither the discriminator nor the member.
//!
//! What 1.37 changed besides the names (`name` -> `modality`; `discriminator`,
//! `value` -> `modality`, `mode`): the discriminator is a string or a bool
//! (no integers), the tags are stable, and the struct's calls are deferred
//! from the first `ifMode` tag, so they run under its `ifEnabled` /
//! `ifDisabled` wrappers.

use std::collections::BTreeMap;

use proc_macro2::{Span, TokenStream};
use quote::quote;

use super::wrappers::Wrap;
use super::{emit_calls, emit_in_order, invoke, list_value, lower_rule, Call, Cx, Exit, Site};
use crate::front::{Field, Level, Rule, RuleAt, RuleKind, Shape, TypeModel};

/// The tags in place: they add no calls where they are (the struct emits
/// them), directly on a field, under `+k8s:alpha` / `+k8s:beta`, and (1.37)
/// under `+k8s:ifEnabled` / `+k8s:ifDisabled`. Under any other wrapper they
/// are not implemented: say so rather than drop them. (`modeDiscriminator` /
/// `ifMode` before 1.37 do not read.)
pub(super) fn in_place(cx: &mut Cx<'_>, at: &RuleAt, rule: &Rule) -> Vec<Call> {
    let outer = &at.rule;
    if !std::ptr::eq(super::wrappers::unwrap(outer, cx.behaviour).1, rule) {
        cx.error(
            at,
            format!(
                "tag \"{}\" inside \"{}\" is not supported yet by this generator",
                rule.tag_name(),
                outer.tag_name()
            ),
        );
    }
    Vec::new()
}

/// One member rule (`+k8s:member` / `+k8s:ifMode`).
struct MemberRule<'a> {
    value: String,
    /// The stability level the rule was declared under (the innermost
    /// `alpha` / `beta`: upstream's `context.StabilityLevel`).
    level: Option<Level>,
    at: &'a RuleAt,
    payload: &'a Rule,
}

#[derive(Default)]
struct Group<'a> {
    discriminator: Option<&'a Field>,
    /// By Go field name (upstream's order), the member and its rules.
    members: BTreeMap<String, (&'a Field, Vec<MemberRule<'a>>)>,
}

/// Upstream's `^[a-zA-Z][a-zA-Z0-9_]*$`.
fn valid_group_name(s: &str) -> bool {
    let mut b = s.bytes();
    b.next().is_some_and(|c| c.is_ascii_alphabetic())
        && b.all(|c| c.is_ascii_alphanumeric() || c == b'_')
}

/// The wrappers the struct's modal calls run under (1.37): upstream's
/// `ifMode` defers the struct's validation from the field, and the first
/// deferred callback (fields in order, a field's tags in processing order)
/// builds every group of the struct, under that tag's wrappers. A level
/// wrapper inside the innermost option wrapper does not apply: the call
/// manages its levels itself (`StabilityLevelSelfManaged`); one outside
/// marks the option's call.
fn deferred_wraps(mut wraps: Vec<Wrap>) -> Vec<Wrap> {
    let keep = wraps
        .iter()
        .rposition(|w| matches!(w, Wrap::Option { .. }))
        .map_or(0, |i| i + 1);
    wraps.truncate(keep);
    wraps
}

/// The struct-level calls: one per member field of every group, groups by
/// name, members by field name.
pub(super) fn struct_calls(cx: &mut Cx<'_>, model: &TypeModel) -> Vec<Call> {
    let behaviour = model.behaviour;
    let d = behaviour.modal;
    let mut groups: BTreeMap<String, Group<'_>> = BTreeMap::new();
    let mut first_at: BTreeMap<String, &RuleAt> = BTreeMap::new();
    let mut first_wraps: Option<Vec<Wrap>> = None;
    let mut rejected: Vec<String> = Vec::new();
    for field in model.fields() {
        // Upstream's processing order of the field's tags.
        let mut tags: Vec<&RuleAt> = field.rules.iter().collect();
        tags.sort_by_key(|at| at.rule.name);
        for at in tags {
            let rule = &at.rule;
            let (wraps, tag) = super::wrappers::unwrap(rule, behaviour);
            let level = wraps.iter().rev().find_map(|w| match w {
                Wrap::Level(l) => Some(*l),
                Wrap::Option { .. } => None,
            });
            if let (RuleKind::Discriminator { group }, true) = (&tag.kind, tag.is(d.discriminator))
            {
                // A rejected discriminator is reported once: its group's
                // rules do not also report it missing.
                let group_name = if group.is_empty() {
                    "default".to_string()
                } else {
                    group.clone()
                };
                rejected.push(group_name);
                if matches!(field.ty.shape, Shape::Option(_) | Shape::Boxed(_)) {
                    cx.error(at, "can only be used on non-pointer types");
                    continue;
                }
                let ok = match field.ty.shape {
                    Shape::Str | Shape::Bool | Shape::Named => true,
                    Shape::Int(_) => d.integer_discriminators,
                    _ => false,
                };
                if !ok {
                    let kinds = if d.integer_discriminators {
                        "string, bool or integer"
                    } else {
                        "string or bool"
                    };
                    cx.error(
                        at,
                        format!(
                            "can only be used on {kinds} types ({})",
                            field.ty.kind_name()
                        ),
                    );
                    continue;
                }
                let name = group.clone();
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
                rejected.pop();
            } else if let (
                RuleKind::Member {
                    group,
                    value,
                    rule: payload,
                },
                true,
            ) = (&tag.kind, tag.is(d.member))
            {
                let name = group.clone();
                if name == "default" {
                    cx.error(at, format!("discriminator group name {name:?} is reserved"));
                    continue;
                }
                let value = value.clone();
                if first_wraps.is_none() {
                    first_wraps = Some(deferred_wraps(wraps.clone()));
                }
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
                    .push(MemberRule {
                        value,
                        level,
                        at,
                        payload,
                    });
            }
        }
    }
    // 1.36: the calls run where the struct is validated, unwrapped; 1.37:
    // under the first rule's option wrappers.
    let wraps = if d.wrapped {
        first_wraps.unwrap_or_default()
    } else {
        Vec::new()
    };
    let mut calls = Vec::new();
    for (name, group) in &groups {
        let Some(discriminator) = group.discriminator else {
            if rejected.contains(name) {
                return Vec::new();
            }
            if let Some(at) = first_at.get(name) {
                if name == "default" {
                    cx.error(at, "missing discriminator");
                } else {
                    cx.error(at, format!("missing discriminator for group {name:?}"));
                }
                // Upstream stops at the first group without one.
                return Vec::new();
            }
            continue;
        };
        for (field, rules) in group.members.values() {
            match member_call(cx, model, discriminator, field, rules) {
                Some(call) => calls.push(Call::errors(super::wrappers::wrap_call(&wraps, call))),
                None => return Vec::new(),
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
    rules: &[MemberRule<'_>],
) -> Option<TokenStream> {
    cx.labels += 1;
    let label = syn::Lifetime::new(&format!("'modal_{}", cx.labels), Span::call_site());
    // A member's rules see no list semantics of the field.
    let mut site = Site::field(model, field, None);
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
    // 1.37 takes string or bool discriminators only: `mode_is` is bounded
    // to them, spanned at the discriminator's tag.
    let modal = model.behaviour.modal;
    let is_value = if !modal.integer_discriminators {
        let span = discriminator
            .rules
            .iter()
            .find(|at| {
                super::wrappers::unwrap(&at.rule, model.behaviour)
                    .1
                    .is(modal.discriminator)
            })
            .map_or(Span::call_site(), |at| super::tag_span(at.span));
        super::respan(quote!(validate::mode_is), span)
    } else {
        quote!(validate::discriminator_is)
    };
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
            let mut payload = lower_rule(cx, &site, r.at, r.payload);
            // 1.37 keeps only the payload's immediate functions: what the
            // payload defers (`eachVal`, `item`, `listType` / `unique`
            // uniqueness, `subfield`, `update`) is dropped, as v0.37.2's
            // `mode.go` builds each rule from `Validations.Functions`.
            if modal.immediate_only {
                payload.retain(|c| !c.deferred && !c.late);
            }
            calls.extend(super::wrappers::mark_level(payload, r.level));
        }
        // Upstream's `MultiWrapperFunction`: the rules' functions in order.
        let body = emit_in_order(calls, &Exit::Break(label.clone()));
        arms.extend(quote! {
            if #is_value(disc, #value) {
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
    // Upstream rejects a member of struct type that is not a pointer.
    let forbidden = vec![Call::errors(super::unless_struct(
        Some(&field.ty),
        super::tag_span(rules[0].at.span),
        "discriminated member fields of struct type must be pointers",
        invoke(quote!(validate::forbidden), quote!(#whole, #old)),
    ))];
    let forbidden = super::wrappers::mark_level(forbidden, if uniform { level } else { None });
    let forbidden = emit_calls(cx, forbidden, &Exit::Break(label.clone()));
    let (member, dmember) = (&field.member, &discriminator.member);
    let json = &field.json_name;
    Some(quote! {
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
    })
}
