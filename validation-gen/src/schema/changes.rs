//! What may change on update: `+k8s:immutable` and `+k8s:update=...`, as
//! transition rules (`oldSelf`).

use super::walk::{push_rule, Builder, Place};
use super::*;

/// `+k8s:immutable`: the value equals the old one; a field that may be
/// absent keeps its presence too (a rule on the holder).
pub(super) fn immutable(place: &mut Place<'_, '_>) {
    push_rule(
        place.schema,
        cel::rule(
            cel::equal(place.ty, "self", "oldSelf"),
            "field is immutable".into(),
        ),
    );
    let Some(f) = place.field else { return };
    let Some(prop) = cel::property(f.json) else {
        return;
    };
    let may_be_absent =
        f.ty.is_none_or(|t| t.is_option() || matches!(t.shape, Shape::List(_) | Shape::Map(..)));
    if may_be_absent {
        place.parent.rules.push(cel::rule_at(
            format!("has(self.{prop}) == has(oldSelf.{prop})"),
            "field is immutable".into(),
            None,
            Some(f.json),
        ));
    }
}

impl Builder<'_> {
    /// `+k8s:update=<constraint>`.
    pub(super) fn update(
        &mut self,
        rule: &Rule,
        constraint: Constraint,
        place: &mut Place<'_, '_>,
    ) {
        let ty = place.ty;
        match constraint {
            Constraint::NoModify => {
                let rule = match ty.and_then(|t| cel::nonzero(&t.shape, "self")) {
                    Some(new) => {
                        let old = ty
                            .and_then(|t| cel::nonzero(&t.shape, "oldSelf"))
                            .unwrap_or_default();
                        format!(
                            "!({old}) || !({new}) || {}",
                            cel::equal(ty, "self", "oldSelf")
                        )
                    }
                    None => cel::equal(ty, "self", "oldSelf"),
                };
                push_rule(
                    place.schema,
                    cel::rule(rule, "field cannot be modified once set".into()),
                );
            }
            Constraint::NoSet | Constraint::NoUnset => {
                let Some(f) = place.field else {
                    self.note(place.at, rule, "constraint needs the enclosing field");
                    return;
                };
                let (Some(new), Some(old)) = (
                    f.ty.and_then(|t| cel::is_set("self", f.json, t)),
                    f.ty.and_then(|t| cel::is_set("oldSelf", f.json, t)),
                ) else {
                    self.note(
                        place.at,
                        rule,
                        "the field's name cannot be reached from CEL",
                    );
                    return;
                };
                let (check, message) = if constraint == Constraint::NoSet {
                    (
                        format!("{old} || !{new}"),
                        "field cannot be set once created",
                    )
                } else {
                    (
                        format!("!{old} || {new}"),
                        "field cannot be cleared once set",
                    )
                };
                place
                    .parent
                    .rules
                    .push(cel::rule_at(check, message.into(), None, Some(f.json)));
            }
            Constraint::NoAddItem | Constraint::NoRemoveItem => {
                let (a, b, message) = if constraint == Constraint::NoAddItem {
                    ("self", "oldSelf", "item may not be added")
                } else {
                    ("oldSelf", "self", "item may not be removed")
                };
                let check = match ty.map(|t| &t.leaf().shape) {
                    Some(Shape::Map(..)) => format!("{a}.all(k, k in {b})"),
                    Some(Shape::List(_)) => {
                        let keys = place
                            .schema
                            .get("x-kubernetes-list-map-keys")
                            .and_then(Value::as_array)
                            .map(|k| {
                                k.iter()
                                    .filter_map(Value::as_str)
                                    .filter_map(cel::property)
                                    .collect::<Vec<_>>()
                            });
                        match keys {
                            Some(keys) if !keys.is_empty() => {
                                let eq: Vec<String> =
                                    keys.iter().map(|k| format!("y.{k} == x.{k}")).collect();
                                format!("{a}.all(x, {b}.exists(y, {}))", eq.join(" && "))
                            }
                            _ => format!("{a}.all(x, x in {b})"),
                        }
                    }
                    _ => {
                        self.note(place.at, rule, "not a list or map");
                        return;
                    }
                };
                push_rule(
                    place.schema,
                    cel::rule_at(check, message.into(), Some("FieldValueForbidden"), None),
                );
            }
        }
    }
}
