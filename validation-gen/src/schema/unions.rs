//! Struct-level rules, as CEL on the struct: unions and zeroOrOneOf groups
//! (`+k8s:unionMember`, `+k8s:unionDiscriminator`,
//! `+k8s:zeroOrOneOfMember`), field dependencies (`+k8s:dependentRequired`,
//! `+k8s:dependentForbidden`) and modal groups.

use super::walk::{with_field, Builder, Parent};
use super::*;

impl Builder<'_> {
    /// Unions and zeroOrOneOf groups of a struct, as CEL on the struct.
    pub(super) fn unions(&mut self, model: &TypeModel, parent: &mut Parent) {
        // (union name, zeroOrOneOf) -> members (json, rust ty, member name), discriminator json.
        struct Group<'a> {
            name: String,
            zero_or_one: bool,
            members: Vec<(&'a str, &'a Ty, String)>,
            discriminator: Option<&'a str>,
        }
        let mut groups: Vec<Group<'_>> = Vec::new();
        for field in model.fields() {
            for rule in field.rules.iter().map(|r| &r.rule) {
                let (zero_or_one, union, member_name) = match &rule.kind {
                    RuleKind::UnionMember { union, member_name } => (
                        rule.is(TagName::ZeroOrOneOfMember),
                        union,
                        Some(member_name),
                    ),
                    RuleKind::UnionDiscriminator { union } => (false, union, None),
                    _ => continue,
                };
                let union = union.clone();
                let i = match groups
                    .iter()
                    .position(|g| g.name == union && g.zero_or_one == zero_or_one)
                {
                    Some(i) => i,
                    None => {
                        groups.push(Group {
                            name: union,
                            zero_or_one,
                            members: Vec::new(),
                            discriminator: None,
                        });
                        groups.len() - 1
                    }
                };
                if let Some(member_name) = member_name {
                    let member_name = member_name.clone().unwrap_or_else(|| field.go_name.clone());
                    groups[i]
                        .members
                        .push((&field.json_name, &field.ty, member_name));
                } else {
                    groups[i].discriminator = Some(&field.json_name);
                }
            }
        }
        for g in groups {
            let sets: Option<Vec<(String, String)>> = g
                .members
                .iter()
                .map(|(json, ty, _)| {
                    Some((
                        self.member_set("self", json, ty)?,
                        self.member_set("oldSelf", json, ty)?,
                    ))
                })
                .collect();
            let Some(sets) = sets else {
                self.notes.push(format!(
                    "{}: union {:?}: a member's name cannot be reached from CEL",
                    self.type_name, g.name
                ));
                continue;
            };
            let names: Vec<String> = g.members.iter().map(|(j, _, _)| format!("`{j}`")).collect();
            let list = names.join(", ");
            // Upstream ratchets an update on which no member's set-ness changed.
            let unchanged = format!(
                "(oldSelf.hasValue() && [{}].all(x, x))",
                sets.iter()
                    .map(|(n, o)| format!("{n} == {}", o.replace("oldSelf", "oldSelf.value()")))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            let count = format!(
                "[{}].filter(x, x).size()",
                sets.iter()
                    .map(|(n, _)| n.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            let optional_old = |rule: String, message: String| {
                let mut r = cel::rule(rule, message);
                r["optionalOldSelf"] = json!(true);
                r
            };
            match (g.discriminator, g.zero_or_one) {
                (None, false) => {
                    parent.rules.push(optional_old(
                        format!("{unchanged} || {count} != 0"),
                        format!("must specify one of: {list}"),
                    ));
                    parent.rules.push(optional_old(
                        format!("{unchanged} || {count} <= 1"),
                        format!("must specify exactly one of: {list}"),
                    ));
                }
                (None, true) => parent.rules.push(optional_old(
                    format!("{unchanged} || {count} <= 1"),
                    format!("must specify at most one of: {list}"),
                )),
                (Some(d), _) => {
                    let Some(dp) = cel::property(d) else { continue };
                    let disc = format!("(has(self.{dp}) ? self.{dp} : '')");
                    let old_disc =
                        format!("(has(oldSelf.value().{dp}) ? oldSelf.value().{dp} : '')");
                    let unchanged = format!("({unchanged} && {disc} == {old_disc})");
                    for ((json, _, member), (set, _)) in g.members.iter().zip(&sets) {
                        let sel = cel::string(member);
                        let quoted = k8s_validation_spec::go_quote(member);
                        parent.rules.push(with_field(
                            optional_old(
                                format!("{unchanged} || !{set} || {disc} == {sel}"),
                                format!("may only be specified when `{d}` is {quoted}"),
                            ),
                            json,
                        ));
                        parent.rules.push(with_field(
                            optional_old(
                                format!("{unchanged} || {set} || {disc} != {sel}"),
                                format!("must be specified when `{d}` is {quoted}"),
                            ),
                            json,
                        ));
                    }
                }
            }
        }
    }

    /// Whether the member `json` (of type `ty`) of `obj` is set for its
    /// union: present and non-zero; from Kubernetes 1.36 a list or map
    /// behind a pointer only when it has an item (`len != 0`).
    fn member_set(&self, obj: &str, json: &str, ty: &Ty) -> Option<String> {
        let set = cel::is_set(obj, json, ty)?;
        let collection = match &ty.shape {
            Shape::Option(inner) => matches!(inner.shape, Shape::List(_) | Shape::Map(..)),
            _ => false,
        };
        if collection && self.behaviour.union_members_set_when_nonempty {
            let sel = format!("{obj}.{}", cel::property(json)?);
            return Some(format!("({set} && size({sel}) != 0)"));
        }
        Some(set)
    }

    /// `+k8s:dependentRequired(<dependent>)` and
    /// `+k8s:dependentForbidden(<dependent>)` on a field: on the struct, the
    /// dependent is (not) set when the field is, reported at the dependent;
    /// an update on which neither's set-ness changed passes (the runtime's
    /// ratcheting).
    pub(super) fn dependencies(&mut self, model: &TypeModel, parent: &mut Parent) {
        for trigger in model.fields() {
            for at in trigger.rules.iter() {
                let RuleKind::Dependent { required, field } = &at.rule.kind else {
                    continue;
                };
                let Some(dependent) = model.field_by_json(field) else {
                    continue;
                };
                let sets = (
                    cel::is_set("self", &trigger.json_name, &trigger.ty),
                    cel::is_set("self", &dependent.json_name, &dependent.ty),
                );
                let (Some(t), Some(d)) = sets else {
                    let at_field = format!(".{}", trigger.json_name);
                    self.note(
                        &at_field,
                        &at.rule,
                        "a field's name cannot be reached from CEL",
                    );
                    continue;
                };
                let old = |s: &str| s.replace("self.", "oldSelf.value().");
                let unchanged = format!(
                    "(oldSelf.hasValue() && {t} == {} && {d} == {})",
                    old(&t),
                    old(&d)
                );
                let trigger_name = &trigger.json_name;
                let (check, message, reason) = if *required {
                    (
                        format!("{unchanged} || !{t} || {d}"),
                        format!("must be set when {trigger_name} is set"),
                        "FieldValueRequired",
                    )
                } else {
                    (
                        format!("{unchanged} || !{t} || !{d}"),
                        format!("may not be set when {trigger_name} is set"),
                        "FieldValueForbidden",
                    )
                };
                let mut rule = cel::rule_at(check, message, Some(reason), Some(field));
                rule["optionalOldSelf"] = json!(true);
                parent.rules.push(with_field(rule, field));
            }
        }
    }

    /// Modal groups (`+k8s:discriminator` / `+k8s:member`, 1.36's names;
    /// `+k8s:modeDiscriminator` / `+k8s:ifMode`, 1.37's): not exported; each
    /// member rule is noted.
    pub(super) fn modes(&mut self, model: &TypeModel, _parent: &mut Parent) {
        for field in model.fields() {
            for at in field.rules.iter() {
                if let RuleKind::Member { .. } = at.rule.kind {
                    let at_field = format!(".{}", field.json_name);
                    self.note(
                        &at_field,
                        &at.rule,
                        "a modal member's rules are not exported (the derive validates them)",
                    );
                }
            }
        }
    }
}
