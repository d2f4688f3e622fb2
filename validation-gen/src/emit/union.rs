//! `+k8s:unionMember`, `+k8s:unionDiscriminator`, `+k8s:zeroOrOneOfMember`
//! (runtime: `validate::union`). Members are struct fields; the union is
//! validated at the struct level, before the fields.

use proc_macro2::TokenStream;
use quote::quote;

use super::wrappers::{unwrap, wrap_call, Wrap};
use super::{invoke, Call, Cx};
use crate::front::behaviour::{Behaviour, UnionWrappers};
use crate::front::{Field, Rule, RuleAt, RuleKind, Shape, TagName, TypeModel};

#[derive(Default)]
struct Group<'a> {
    members: Vec<(&'a Field, String)>,
    discriminator: Option<&'a Field>,
    /// The wrappers the union's validation runs under.
    wraps: Vec<Wrap>,
}

/// Whether `rule` is a union tag: a member or discriminator of a union or
/// zeroOrOneOf group.
pub(super) fn is_union_tag(rule: &Rule) -> bool {
    matches!(
        rule.kind,
        RuleKind::UnionMember { .. } | RuleKind::UnionDiscriminator { .. }
    )
}

/// Whether `rule` is a union tag under the wrappers the release lets union
/// tags stand under ([`unwrap`]).
pub(super) fn is_wrapped_union_tag(rule: &Rule, behaviour: &Behaviour) -> bool {
    is_union_tag(unwrap(rule, behaviour).1)
}

/// The union a member or discriminator belongs to (empty: the default one).
pub(super) fn union_name(rule: &Rule) -> &str {
    match &rule.kind {
        RuleKind::UnionMember { union, .. } | RuleKind::UnionDiscriminator { union } => union,
        _ => "",
    }
}

/// A member's `memberName`, if given.
fn member_name(rule: &Rule) -> Option<&str> {
    match &rule.kind {
        RuleKind::UnionMember { member_name, .. } => member_name.as_deref(),
        _ => None,
    }
}

/// The struct-level union calls of a type, one per union (sorted by name),
/// unions before zeroOrOneOf groups.
///
/// Under wrappers (1.37: upstream defers the union's validation to the
/// struct from its member tags, and wraps it as the tag is wrapped): the
/// union runs under the wrappers of the first member tag of its kind in
/// the struct (upstream's first deferred callback builds every union of
/// the struct; the others find nothing left). In 1.36 only `alpha` /
/// `beta` apply, per union: the level of the last of its tags that has one
/// (`union.go`, `u.stabilityLevel`).
pub(super) fn struct_calls(cx: &mut Cx<'_>, model: &TypeModel) -> Vec<Call> {
    let behaviour = model.behaviour;
    let first_member = behaviour.union_wrappers == UnionWrappers::FirstMember;
    let mut unions: Vec<(String, Group<'_>)> = Vec::new();
    let mut zero_or_one: Vec<(String, Group<'_>)> = Vec::new();
    // 1.37: the wrappers of the first member tag of each kind.
    let mut first_wraps: [Option<Vec<Wrap>>; 2] = [None, None];
    for field in model.fields() {
        for at in &field.rules {
            let rule = &at.rule;
            let (wraps, tag) = unwrap(rule, behaviour);
            let (target, kind) = match tag.name {
                TagName::UnionMember | TagName::UnionDiscriminator => (&mut unions, 0),
                TagName::ZeroOrOneOfMember => (&mut zero_or_one, 1),
                _ => continue,
            };
            if !tag.is(TagName::UnionDiscriminator) && first_wraps[kind].is_none() {
                first_wraps[kind] = Some(wraps.clone());
            }
            let name = union_name(tag).to_owned();
            let idx = match target.iter().position(|(n, _)| *n == name) {
                Some(i) => i,
                None => {
                    target.push((name, Group::default()));
                    target.len() - 1
                }
            };
            let group = &mut target[idx].1;
            if !first_member {
                if let Some(level) = wraps.iter().rev().find(|w| matches!(w, Wrap::Level(_))) {
                    group.wraps = vec![level.clone()];
                }
            }
            if tag.is(TagName::UnionDiscriminator) {
                if !matches!(field.ty.shape, Shape::Str | Shape::Named) {
                    cx.error(
                        at,
                        format!(
                            "can only be used on string types ({})",
                            field.ty.kind_name()
                        ),
                    );
                    continue;
                }
                if group.discriminator.is_some() {
                    cx.error(at, "a union may only have one discriminator");
                    continue;
                }
                group.discriminator = Some(field);
                continue;
            }
            if !check_member(cx, at, field) {
                continue;
            }
            let member_name = member_name(tag).map_or_else(|| field.go_name.clone(), str::to_owned);
            group.members.push((field, member_name));
        }
    }
    if first_member {
        for (kind, groups) in [&mut unions, &mut zero_or_one].into_iter().enumerate() {
            for (_, g) in groups.iter_mut() {
                g.wraps = first_wraps[kind].clone().unwrap_or_default();
            }
        }
    }
    unions.sort_by(|a, b| a.0.cmp(&b.0));
    zero_or_one.sort_by(|a, b| a.0.cmp(&b.0));
    let mut calls = Vec::new();
    for (_, g) in unions {
        calls.extend(emit_group(model, &g, false));
    }
    for (_, g) in zero_or_one {
        calls.extend(emit_group(model, &g, true));
    }
    calls
}

fn check_member(cx: &mut Cx<'_>, at: &RuleAt, field: &Field) -> bool {
    if field.json_name.is_empty() {
        cx.error(
            at,
            format!(
                "field {} is a union member but has no JSON name",
                field.rust_name
            ),
        );
        return false;
    }
    true
}

fn extractor(model: &TypeModel, field: &Field) -> TokenStream {
    let member = &field.member;
    // 1.36 on: a list or map member is set when non-empty (`len != 0`), so
    // `Option<Vec<_>>` (Go's nil-or-empty slice) with `Some(vec![])` is not;
    // 1.35 counts any non-nil one.
    if model.behaviour.union_members_set_when_nonempty {
        if let Shape::Option(inner) = &field.ty.shape {
            if matches!(inner.shape, Shape::List(_) | Shape::Map(..)) {
                return quote!(|obj: &Self| obj.#member.as_ref().is_some_and(|v| !v.is_empty()));
            }
        }
    }
    quote!(|obj: &Self| !__rt::IsZero::is_zero(&obj.#member))
}

fn emit_group(model: &TypeModel, g: &Group<'_>, zero_or_one: bool) -> Option<Call> {
    if g.members.is_empty() {
        return None;
    }
    let names: Vec<&str> = g
        .members
        .iter()
        .map(|(f, _)| f.json_name.as_str())
        .collect();
    // Upstream takes nilable and primitive members only: a struct value
    // member is rejected.
    let extractors: Vec<TokenStream> = g
        .members
        .iter()
        .map(|(f, _)| {
            super::unless_struct(
                Some(&f.ty),
                f.span,
                "can only be used on nilable and primitive types (Struct)",
                extractor(model, f),
            )
        })
        .collect();
    let call = match (zero_or_one, g.discriminator) {
        (true, _) => invoke(
            quote!(validate::zero_or_one_of),
            quote!(Some(self), old, &[#(#names),*], &[#(#extractors),*]),
        ),
        (false, None) => invoke(
            quote!(validate::union),
            quote!(Some(self), old, &[#(#names),*], &[#(#extractors),*]),
        ),
        (false, Some(d)) => {
            let rt = super::rt();
            let disc_json = &d.json_name;
            let member = &d.member;
            let pairs = g.members.iter().map(|(f, m)| {
                let j = &f.json_name;
                quote!((#j, #m))
            });
            // A closure, not a nested `fn`: it sees the type's generics.
            quote!(validate::discriminated_union(errs, op,
                path,
                Some(self),
                old,
                #disc_json,
                |obj| #rt::StrValue::as_str(&obj.#member),
                &[#(#pairs),*],
                &[#(#extractors),*],
            ))
        }
    };
    let call = if !zero_or_one && model.behaviour.union_origin {
        // 1.36 on: union errors carry the origin `union`.
        quote!(validate::with_origin(errs, "union", |errs| #call))
    } else {
        call
    };
    Some(Call::errors(wrap_call(&g.wraps, call)))
}

/// Kubernetes 1.36 on: union tags reached through `+k8s:subfield(x)=` on a
/// struct-typed field (or typedef): the union of the struct's fields is
/// validated where the subfield tags stand, on the whole value (upstream
/// re-scopes the subfield's `ParentContext` deferral to the field, without
/// a cohort), after the site's other validations. Emitted once per kind,
/// where the first member tag of that kind is lowered (so under its own
/// wrappers, those around `subfield`; those between `subfield` and the
/// member tag are applied here).
pub(super) fn subfield_unions(cx: &mut Cx<'_>, site: &super::Site<'_>, at: &RuleAt) -> Vec<Call> {
    let behaviour = cx.behaviour;
    let tags: Vec<&RuleAt> = match (site.field, site.scope) {
        (Some(f), crate::front::Scope::Field) => f.rules.iter().collect(),
        _ => site.owner.rules.iter().collect(),
    };
    // (tag line, subfield name, wrappers inside the subfield, union tag)
    let mut found: Vec<(&RuleAt, &str, Vec<Wrap>, &Rule)> = Vec::new();
    for a in tags {
        let rule = &a.rule;
        let RuleKind::Subfield { name, rule: inner } = &unwrap(rule, behaviour).1.kind else {
            continue;
        };
        let (inner_wraps, t) = unwrap(inner, behaviour);
        if is_union_tag(t) {
            found.push((a, name, inner_wraps, t));
        }
    }
    let Some(ty) = super::leaf_ty(site).filter(|t| matches!(t.shape, Shape::Named)) else {
        cx.error(
            at,
            "union members through +k8s:subfield need a struct-typed field",
        );
        return Vec::new();
    };
    let ty = &ty.ty;
    let mut calls = Vec::new();
    for zero_or_one in [false, true] {
        let is_kind = |t: &Rule| {
            if zero_or_one {
                t.is(TagName::ZeroOrOneOfMember)
            } else {
                t.is(TagName::UnionMember) || t.is(TagName::UnionDiscriminator)
            }
        };
        let member = |t: &Rule| is_kind(t) && !t.is(TagName::UnionDiscriminator);
        let Some(first) = found.iter().find(|f| member(f.3)) else {
            continue;
        };
        if !std::ptr::eq(first.0, at) {
            continue;
        }
        // 1.37: the wrappers of the first member tag (those around
        // `subfield` apply where it is lowered). 1.36: no options; the
        // level of the last tag of the kind with one inside the subfield
        // (`u.stabilityLevel`; a level around `subfield` applies where the
        // first member tag is lowered, as in 1.37).
        let wraps = if behaviour.union_wrappers == UnionWrappers::FirstMember {
            first.2.clone()
        } else {
            found
                .iter()
                .rev()
                .filter(|f| is_kind(f.3))
                .find_map(|f| f.2.iter().rev().find(|w| matches!(w, Wrap::Level(_))))
                .cloned()
                .into_iter()
                .collect()
        };
        // union name -> (members (json, member name), discriminator json)
        type Members = Vec<(String, String)>;
        let mut groups: Vec<(String, Members, Option<String>)> = Vec::new();
        for (_, name, _, t) in found.iter().filter(|f| is_kind(f.3)) {
            let union = union_name(t).to_owned();
            let idx = match groups.iter().position(|g| g.0 == union) {
                Some(i) => i,
                None => {
                    groups.push((union, Vec::new(), None));
                    groups.len() - 1
                }
            };
            if t.is(TagName::UnionDiscriminator) {
                groups[idx].2 = Some((*name).to_owned());
                continue;
            }
            // Upstream's default member name is the Go field's name; the
            // JSON name with its first letter upper-cased is the usual one.
            let member_name = member_name(t).map_or_else(
                || {
                    let mut c = name.chars();
                    c.next()
                        .map(|f| f.to_uppercase().chain(c).collect())
                        .unwrap_or_default()
                },
                str::to_owned,
            );
            groups[idx].1.push(((*name).to_owned(), member_name));
        }
        groups.sort_by(|a, b| a.0.cmp(&b.0));
        let rt = super::rt();
        let (leaf, old) = (&site.leaf, &site.old_leaf);
        for (_, members, discriminator) in groups {
            if members.is_empty() {
                continue;
            }
            let names = members.iter().map(|(j, _)| j);
            let extractors = members.iter().map(|(j, _)| {
                let n = super::field_name_ty(j);
                quote!(|obj: &#ty| #rt::fields::union_member_set::<#n, _>(obj))
            });
            let call = match (zero_or_one, discriminator) {
                (true, _) => invoke(
                    quote!(validate::zero_or_one_of),
                    quote!(#leaf, #old, &[#(#names),*], &[#(#extractors),*]),
                ),
                (false, None) => invoke(
                    quote!(validate::union),
                    quote!(#leaf, #old, &[#(#names),*], &[#(#extractors),*]),
                ),
                (false, Some(d)) => {
                    let n = super::field_name_ty(&d);
                    let pairs = members.iter().map(|(j, m)| quote!((#j, #m)));
                    invoke(
                        quote!(validate::discriminated_union),
                        quote!(
                            #leaf,
                            #old,
                            #d,
                            |obj| #rt::StrValue::as_str(#rt::fields::field::<#n, _>(obj)),
                            &[#(#pairs),*],
                            &[#(#extractors),*]
                        ),
                    )
                }
            };
            let call = if zero_or_one {
                call
            } else {
                quote!(validate::with_origin(errs, "union", |errs| #call))
            };
            let mut call = Call::errors(wrap_call(&wraps, call));
            call.deferred = true;
            calls.push(call);
        }
    }
    calls
}
