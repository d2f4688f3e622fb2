//! `+k8s:item(key: value, ...)=...` (runtime: `validate::item`): the payload
//! validates the list-map item with the given key values.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::wrappers::Wrap;
use super::{invoke, list_elem, lower_rule, value_site, Call, Cx, Site};
use crate::front::behaviour::{Behaviour, ItemChecks, UnionWrappers};
use crate::front::{Payload, Rule, RuleAt, RuleKind, Scope, TagName, Value};

/// An `item` tag's criteria: key field and value, in source order.
type Criteria = [(String, Value)];

/// The selector text upstream uses as the item's cohort: `{"name": "x"}`.
fn selector_text(criteria: &Criteria) -> String {
    let parts: Vec<String> = criteria
        .iter()
        .map(|(name, value)| {
            let v = match value {
                Value::String(s) => format!("{s:?}"),
                Value::Int(i) => i.to_string(),
                Value::Bool(b) => b.to_string(),
            };
            format!("{name:?}: {v}")
        })
        .collect();
    format!("{{{}}}", parts.join(", "))
}

/// Upstream's error for an `item` tag that finds no list-map metadata.
pub(super) const NO_LIST_METADATA: &str =
    "found items with no list metadata - item tags require listType=map or unique=map with listMapKey";

/// Whether the site is a field of a list typedef without list tags of its
/// own: the typedef has the list metadata, out of the derive's sight, so the
/// selector's keys cannot be checked against the listMapKeys here.
pub(super) fn typedef_field(site: &Site<'_>) -> bool {
    site.list.is_none()
        && matches!(
            site.ty.map(|t| &t.leaf().shape),
            Some(crate::front::Shape::Named)
        )
}

/// `|item| key_matches(fields::leaf::<k, _>(item), ...) && ...` and the
/// criteria, or an error. The list's metadata and the criteria are judged
/// in the release's order: 1.35 and 1.36 look for the metadata first, 1.37
/// reads the criteria first (its metadata check is deferred).
fn matcher<'c>(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &RuleAt,
    criteria: &'c Payload<Vec<(String, Value)>>,
) -> Option<(TokenStream, &'c Criteria)> {
    let early = if cx.behaviour.item_checks == ItemChecks::CriteriaFirst {
        Some(cx.payload(at, criteria)?)
    } else {
        None
    };
    let typedef_field = typedef_field(site);
    let meta = match &site.list {
        Some(meta) if meta.semantics() == super::lists::ListKind::Map => Some(meta),
        None if typedef_field => None,
        _ => {
            cx.error(at, NO_LIST_METADATA);
            return None;
        }
    };
    let criteria = match early {
        Some(criteria) => criteria,
        None => cx.payload(at, criteria)?,
    };
    let Some(meta) = meta else {
        return Some((selector_closure(at, criteria), criteria));
    };
    if criteria.len() != meta.keys.len() {
        cx.error(
            at,
            format!(
                "number of arguments ({}) does not match number of listMapKey fields ({})",
                criteria.len(),
                meta.keys.len()
            ),
        );
        return None;
    }
    let missing: Vec<&String> = meta
        .keys
        .iter()
        .filter(|k| !criteria.iter().any(|(n, _)| n == *k))
        .collect();
    if !missing.is_empty() {
        let missing: Vec<&str> = missing.iter().map(|k| k.as_str()).collect();
        cx.error(
            at,
            format!(
                "missing required listMapKey fields: [{}]",
                missing.join(" ")
            ),
        );
        return None;
    }
    let selector = selector_closure(at, criteria);
    if meta.ptr_elems() {
        // 1.37 `PtrSliceItem`: `None` elements match nothing.
        return Some((
            quote!(|item| item.as_ref().is_some_and(#selector)),
            criteria,
        ));
    }
    Some((selector, criteria))
}

/// `+k8s:item(<criteria>)=+<rule>`.
pub(super) fn lower(
    cx: &mut Cx<'_>,
    site: &Site<'_>,
    at: &RuleAt,
    criteria: &Payload<Vec<(String, Value)>>,
    inner: &Rule,
) -> Vec<Call> {
    if super::union::is_wrapped_union_tag(inner, cx.behaviour) {
        return item_unions(cx, site, at);
    }
    let named = matches!(
        site.ty.map(|t| &t.leaf().shape),
        Some(crate::front::Shape::Named)
    );
    let elem = list_elem(site);
    // A value whose type the derive does not see (a subfield's) is judged
    // by its list semantics alone, as a typedef field is.
    if elem.is_none() && !named && site.ty.is_some() {
        let kind = site.ty.map(|t| t.leaf().kind_name()).unwrap_or_default();
        cx.error(at, format!("can only be used on list types ({kind})"));
        return Vec::new();
    }
    let Some((matcher, criteria)) = matcher(cx, site, at, criteria) else {
        return Vec::new();
    };
    let mut elem_site = match elem {
        Some(elem) => value_site(
            Scope::ListVal,
            elem,
            quote!(value),
            quote!(old_value),
            site.owner,
            None,
        ),
        // A list typedef or a subfield: its items are found through `ListLike`.
        None => super::each::opaque_element_site(cx.behaviour, site, Scope::ListVal, true),
    };
    elem_site.enclosing_list = site.list.clone();
    let calls = lower_rule(cx, &elem_site, at, inner);
    if calls.is_empty() {
        return Vec::new();
    }
    let (list, old) = site.items();
    let cohort = selector_text(criteria);
    let mut calls = super::calls::cohort_wrapper_calls(cx, calls, &cohort, |_, closure| {
        if site
            .list
            .as_ref()
            .is_some_and(|m| m.elems == crate::front::Elems::Unknown)
        {
            // The compiler picks `PtrSliceItem` for a list of pointers.
            invoke(
                quote!(validate::Elems::of(#list).item),
                quote!(#old, #matcher, #closure),
            )
        } else {
            invoke(
                quote!(validate::slice_item),
                quote!(#list, #old, #matcher, #closure),
            )
        }
    });
    for call in &mut calls {
        call.deferred = true;
    }
    calls
}

/// List-item unions: `+k8s:item(k: "v")=+k8s:unionMember` (or
/// `zeroOrOneOfMember`) on a list. All such tags of the list form one union
/// per union name, validated on the whole list (after its uniqueness check
/// through 1.36, before it from 1.37);
/// a member is "set" when an item with its key values exists, and is named
/// `<list>[{"k": "v"}]` (`<list>`: the field's JSON name, or the typedef's
/// name). The unions of a kind (unions, zeroOrOneOf groups) are emitted
/// once, from the first tag of that kind, so they run under its wrappers
/// (upstream's first deferred callback builds them all): the wrappers
/// around its `item` come from the caller, those between `item(...)=` and
/// the member tag are applied here. 1.36 instead marks each union with the
/// level of the last of its tags that has one, around or inside the `item`
/// (`union.go` `u.stabilityLevel`).
fn item_unions(cx: &mut Cx<'_>, site: &Site<'_>, at: &RuleAt) -> Vec<Call> {
    let all: Vec<&RuleAt> = match (site.field, site.scope) {
        (Some(f), crate::front::Scope::Field) => f.rules.iter().collect(),
        _ => site.owner.rules.iter().collect(),
    };
    let behaviour = cx.behaviour;
    let first_member = behaviour.union_wrappers == UnionWrappers::FirstMember;
    let mut unions: Vec<ItemUnionTag<'_>> = all
        .into_iter()
        .filter_map(|a| ItemUnionTag::of(a, behaviour))
        .collect();
    // In upstream's processing order (`+k8s:beta=+k8s:item(...)` before
    // `+k8s:item(...)`), which decides the first.
    unions.sort_by_key(|u| u.at.rule.name);
    if !unions.iter().any(|u| std::ptr::eq(u.at, at)) {
        let outer = at.rule.tag_name();
        cx.error(
            at,
            format!("tag \"k8s:item\" inside \"{outer}\" is not supported yet by this generator"),
        );
        return Vec::new();
    }
    // The kinds (false: unions, true: zeroOrOneOf) whose first tag is `at`.
    let first_of = |zero_or_one: bool| {
        unions
            .iter()
            .find(|u| u.zero_or_one() == zero_or_one)
            .is_some_and(|u| std::ptr::eq(u.at, at))
    };
    let kinds: Vec<bool> = [false, true].into_iter().filter(|k| first_of(*k)).collect();
    if kinds.is_empty() {
        return Vec::new();
    }
    if list_elem(site).is_none() && site.ty.is_some() {
        let kind = site.ty.map(|t| t.leaf().kind_name()).unwrap_or_default();
        cx.error(at, format!("can only be used on list types ({kind})"));
        return Vec::new();
    }
    // Upstream names a member after the last element of the list's path:
    // the field's JSON name, or the typedef's type name.
    let list_name = match site.field {
        Some(f) => f.json_name.clone(),
        None => site.owner.ident.to_string(),
    };
    // (zero_or_one, union name) -> members (name, matcher) in tag order, and
    // the wrappers the union runs under here.
    type Members = Vec<(String, TokenStream)>;
    let mut groups: Vec<((bool, String), Members, Vec<Wrap>)> = Vec::new();
    for u in unions.iter().filter(|u| kinds.contains(&u.zero_or_one())) {
        let Some((matcher, criteria)) = matcher(cx, site, u.at, u.criteria) else {
            continue;
        };
        let union = super::union::union_name(u.member).to_owned();
        let key = (u.zero_or_one(), union);
        let name = format!("{list_name}[{}]", selector_text(criteria));
        let i = match groups.iter().position(|(k, ..)| *k == key) {
            Some(i) => i,
            None => {
                // 1.37: the first tag's wrappers inside its `item`.
                let wraps = if first_member {
                    u.inner.clone()
                } else {
                    Vec::new()
                };
                groups.push((key, Vec::new(), wraps));
                groups.len() - 1
            }
        };
        let (_, members, wraps) = &mut groups[i];
        if members.iter().any(|(n, _)| *n == name) {
            cx.error(
                u.at,
                format!("list-item union member {name:?} already exists"),
            );
            continue;
        }
        members.push((name, matcher));
        if !first_member {
            if let Some(level) = u
                .outer
                .iter()
                .chain(&u.inner)
                .rev()
                .find(|w| matches!(w, Wrap::Level(_)))
            {
                *wraps = vec![level.clone()];
            }
        }
    }
    groups.sort_by(|a, b| a.0.cmp(&b.0));
    let (list, old) = site.items();
    groups
        .into_iter()
        .map(|((zero_or_one, _), members, wraps)| {
            let names = members.iter().map(|(n, _)| n);
            let extractors = members
                .iter()
                .map(|(_, m)| quote!(|list| list.iter().any(#m)));
            let f = if zero_or_one {
                quote!(zero_or_one_of)
            } else {
                quote!(union)
            };
            let mut errors = invoke(
                quote!(validate::#f),
                quote!(#list, #old, &[#(#names),*], &[#(#extractors),*]),
            );
            if !zero_or_one && behaviour.union_origin {
                // 1.36 on: union errors carry the origin `union`.
                errors = quote!(validate::with_origin(errs, "union", |errs| #errors));
            }
            // After the list's uniqueness check through 1.36 (a second
            // deferral round); from 1.37 a deferred validation of the tag's
            // own, so before it (`listType` sorts after `item`): v0.37.2
            // emits `ZeroOrOneOfUnion` before `ValSliceUnique`.
            let call = Call::errors(super::wrappers::wrap_call(&wraps, errors));
            if behaviour.item_unions_before_uniqueness {
                call.deferred()
            } else {
                Call { late: true, ..call }
            }
        })
        .collect()
}

/// An `item` tag whose payload is a union member, through wrappers.
struct ItemUnionTag<'a> {
    at: &'a RuleAt,
    /// The `+k8s:item(...)` tag's criteria.
    criteria: &'a Payload<Vec<(String, Value)>>,
    /// The member rule inside it.
    member: &'a Rule,
    /// The wrappers around the `item` tag, and those inside it.
    outer: Vec<Wrap>,
    inner: Vec<Wrap>,
}

impl<'a> ItemUnionTag<'a> {
    fn of(at: &'a RuleAt, behaviour: &Behaviour) -> Option<Self> {
        let (outer, item) = super::wrappers::unwrap(&at.rule, behaviour);
        let RuleKind::Item { criteria, rule } = &item.kind else {
            return None;
        };
        let (inner, member) = super::wrappers::unwrap(rule, behaviour);
        if !matches!(member.kind, RuleKind::UnionMember { .. }) {
            return None;
        }
        Some(Self {
            at,
            criteria,
            member,
            outer,
            inner,
        })
    }

    fn zero_or_one(&self) -> bool {
        self.member.is(TagName::ZeroOrOneOfMember)
    }
}

/// `|item| key_matches(fields::leaf::<k, _>(item), literal) && ...` for a selector's
/// arguments, with a compile-time check (reported at the tag) that each key
/// field is of the literal's kind.
fn selector_closure(at: &RuleAt, criteria: &Criteria) -> TokenStream {
    let rt = super::rt();
    let mut type_checks = Vec::new();
    let checks: Vec<TokenStream> = criteria
        .iter()
        .map(|(key, value)| {
            // The value behind `Option`/`Box` (a nil key matches nothing),
            // spanned at the tag: a key that is not a field is reported there.
            let field = super::field_access(key, quote!(item), true, at.span);
            // The key field's type must be of the literal's kind (upstream:
            // `key "k": type mismatch, ...`); checked by rustc, at the tag.
            let kind = match value {
                Value::String(_) => Some((quote!(#rt::StrValue), "string")),
                Value::Int(_) => Some((quote!(#rt::IntValue), "integer")),
                Value::Bool(_) => None,
            };
            if let Some((bound, what)) = kind {
                let message = format!(
                    "+k8s:item key {key:?} is compared with {} {what}, but the field is `{{Self}}`",
                    if what == "integer" { "an" } else { "a" },
                );
                let note = format!("in `{}`", at.line);
                let decls = super::respan(
                    quote! {
                        #[diagnostic::on_unimplemented(message = #message, label = "key field of this type", note = #note)]
                        trait KeyKind {}
                        impl<T: #bound + ?::core::marker::Sized> KeyKind for T {}
                        fn key_kind<T: KeyKind + ?::core::marker::Sized>(_: ::core::option::Option<&T>) {}
                    },
                    at.span,
                );
                let call = super::respan(quote!(key_kind), at.span);
                type_checks.push(quote! {{
                    #decls
                    #call(#field);
                }});
            }
            let lit = match value {
                Value::String(s) => quote!(#rt::validate::KeyLiteral::Str(#s)),
                Value::Int(i) => {
                    let l = Literal::i128_unsuffixed((*i as i128).abs());
                    if *i < 0 {
                        quote!(#rt::validate::KeyLiteral::Int(-#l))
                    } else {
                        quote!(#rt::validate::KeyLiteral::Int(#l))
                    }
                }
                Value::Bool(b) => quote!(#rt::validate::KeyLiteral::Bool(#b)),
            };
            quote!(#field.is_some_and(|key| #rt::validate::key_matches(key, #lit)))
        })
        .collect();
    quote!(|item| {
        #(#type_checks)*
        #(#checks)&&*
    })
}
