//! Lists, maps and the values inside: `+k8s:eachVal`, `+k8s:eachKey`,
//! `+k8s:item(...)`, `+k8s:subfield(...)`, and the list semantics as the
//! apiserver's list keywords.

use super::walk::{finish_parent, push_rule, Builder, FieldCx, Parent, Place};
use super::*;

impl Builder<'_> {
    /// `+k8s:eachVal=+<rule>`: the payload on the schema of the items (or
    /// the map's values).
    pub(super) fn each_val(&mut self, rule: &Rule, payload: &Rule, place: &mut Place<'_, '_>) {
        let (key, elem_ty) = match place.ty.map(|t| &t.leaf().shape) {
            Some(Shape::List(e)) => ("items", Some(&**e)),
            Some(Shape::Map(_, v)) => ("additionalProperties", Some(&**v)),
            _ => {
                self.note(place.at, rule, "the collection's type is not visible here");
                return;
            }
        };
        let Some(Value::Object(inner)) = place.schema.get_mut(key) else {
            return;
        };
        let mut elem = Parent::default();
        let at = format!("{}[*]", place.at);
        self.apply(
            payload,
            &mut Place {
                schema: inner,
                ty: elem_ty,
                field: None,
                guard: None,
                parent: &mut elem,
                at: &at,
            },
        );
        let mut inner_rules = elem.rules;
        if !inner_rules.is_empty() {
            let list = inner
                .entry("x-kubernetes-validations")
                .or_insert_with(|| json!([]));
            if let Value::Array(a) = list {
                a.append(&mut inner_rules);
            }
        }
    }

    /// `+k8s:eachKey=+<rule>`: the payload's checks on every key.
    pub(super) fn each_key(&mut self, rule: &Rule, payload: &Rule, place: &mut Place<'_, '_>) {
        match self.checks(payload, "k", None) {
            Ok(checks) => {
                for c in checks {
                    let (check, message) = c.into_cel();
                    push_rule(
                        place.schema,
                        cel::rule(format!("self.all(k, {check})"), message),
                    );
                }
            }
            Err(why) => self.note(place.at, rule, why),
        }
    }

    /// `+k8s:subfield(<name>)=+<rule>`: the payload on the subfield's
    /// schema (a list tag as its keyword).
    pub(super) fn subfield(&mut self, name: &str, payload: &Rule, place: &mut Place<'_, '_>) {
        let props = place
            .schema
            .entry("properties")
            .or_insert_with(|| json!({}));
        let Value::Object(props) = props else { return };
        let inner = props.entry(name.to_string()).or_insert_with(|| json!({}));
        let Value::Object(inner) = inner else { return };
        let cx = FieldCx {
            json: name,
            ty: None,
        };
        let mut sub = Parent::default();
        let at = format!("{}.{name}", place.at);
        if let RuleKind::List(list @ (ListTag::Type(_) | ListTag::Unique(_) | ListTag::MapKey(_))) =
            &payload.kind
        {
            list_keyword_from_tag(inner, list);
        } else {
            self.apply(
                payload,
                &mut Place {
                    schema: inner,
                    ty: None,
                    field: Some(&cx),
                    guard: None,
                    parent: &mut sub,
                    at: &at,
                },
            );
        }
        finish_parent(place.schema, sub);
    }

    /// `+k8s:item(<key>: <value>, ...)=+<rule>`: the payload's checks on
    /// every item the selector selects (an immutable item: the old list has
    /// the same item).
    pub(super) fn item(
        &mut self,
        tag: &Rule,
        criteria: &Payload<Vec<(String, TagValue)>>,
        payload: &Rule,
        place: &mut Place<'_, '_>,
    ) {
        // `x.key == value` per selector argument; none when one of them
        // cannot be written (then the rule is not exported).
        let Ok(criteria) = criteria else {
            self.note(place.at, tag, "the item selector does not read");
            return;
        };
        let conds: Vec<String> = criteria
            .iter()
            .map(|(name, value)| {
                let prop = cel::property(name)?;
                let lit = match value {
                    TagValue::String(s) => cel::string(s),
                    TagValue::Int(i) => i.to_string(),
                    TagValue::Bool(b) => b.to_string(),
                };
                Some(format!("has(x.{prop}) && x.{prop} == {lit}"))
            })
            .collect::<Option<Vec<_>>>()
            .unwrap_or_default();
        let selected = conds.join(" && ");
        // An immutable selected item: the old list has the same item
        // (upstream: a new selected item fails too). The list must be
        // correlatable (listType=map) for `oldSelf`.
        if payload.is(TagName::Immutable) {
            if conds.is_empty() {
                self.note(place.at, tag, "the item selector cannot be written in CEL");
            } else {
                let old_sel = selected.replace("x.", "y.");
                push_rule(
                    place.schema,
                    cel::rule(
                        format!(
                            "self.all(x, !({selected}) || oldSelf.exists(y, {old_sel} && y == x))"
                        ),
                        "field is immutable".into(),
                    ),
                );
            }
            return;
        }
        match self.checks(payload, "x", None) {
            Ok(checks) if !conds.is_empty() => {
                for c in checks {
                    let (check, message) = match c {
                        Check::Cel { rule, .. } if rule.contains("oldSelf") => {
                            self.note(
                                place.at,
                                tag,
                                "a transition rule on a selected item needs correlation CEL cannot express",
                            );
                            continue;
                        }
                        c => c.into_cel(),
                    };
                    push_rule(
                        place.schema,
                        cel::rule(format!("self.all(x, !({selected}) || {check})"), message),
                    );
                }
            }
            Ok(_) => self.note(place.at, tag, "the item selector cannot be written in CEL"),
            Err(why) => self.note(place.at, tag, why),
        }
    }
}

/// A list tag reached through a subfield, as its keyword.
fn list_keyword_from_tag(site: &mut Map<String, Value>, tag: &ListTag) {
    match tag {
        ListTag::Type(v) => {
            site.insert("x-kubernetes-list-type".into(), json!(v));
        }
        ListTag::MapKey(v) => {
            let keys = site
                .entry("x-kubernetes-list-map-keys")
                .or_insert_with(|| json!([]));
            if let Value::Array(a) = keys {
                a.push(json!(v));
            }
        }
        ListTag::Unique(_) | ListTag::CustomUnique => {}
    }
}

/// The list keywords of resolved list semantics. `+k8s:unique` on an atomic
/// list has no keyword (the apiserver's list types are also merge
/// strategies): it becomes a CEL rule.
pub(super) fn list_keywords(site: &mut Map<String, Value>, meta: &ListMeta) {
    let list_type = match meta.list_type {
        Some(ListKind::Atomic) => "atomic",
        Some(ListKind::Set) => "set",
        Some(ListKind::Map) => "map",
        None => return,
    };
    site.insert("x-kubernetes-list-type".into(), json!(list_type));
    if meta.list_type == Some(ListKind::Map) {
        site.insert("x-kubernetes-list-map-keys".into(), json!(meta.keys));
    }
    if meta.list_type == Some(ListKind::Set) {
        // A set's items are compared whole: an object item must be an
        // atomic map (`x-kubernetes-map-type: atomic`), a list item an
        // atomic list, or the apiserver rejects the schema.
        // (A referenced type's kind is known once inlined: `resolve`.)
        if let Some(Value::Object(items)) = site.get_mut("items") {
            if items.contains_key(REF) {
                items.insert(SET_ITEM.into(), json!(true));
            } else {
                atomic_set_item(items);
            }
        }
    }
    if meta.list_type == Some(ListKind::Atomic) && !meta.custom_unique {
        match meta.unique {
            Some(ListKind::Set) => push_rule(
                site,
                cel::rule_at(
                    "self.all(x, self.exists_one(y, y == x))".into(),
                    "Duplicate value".into(),
                    Some("FieldValueDuplicate"),
                    None,
                ),
            ),
            Some(ListKind::Map) => {
                let keys: Option<Vec<String>> =
                    meta.keys.iter().map(|k| cel::property(k)).collect();
                if let Some(keys) = keys {
                    let eq: Vec<String> = keys
                        .iter()
                        .map(|k| {
                            format!("(has(x.{k}) == has(y.{k}) && (!has(x.{k}) || x.{k} == y.{k}))")
                        })
                        .collect();
                    push_rule(
                        site,
                        cel::rule_at(
                            format!("self.all(x, self.exists_one(y, {}))", eq.join(" && ")),
                            "Duplicate value".into(),
                            Some("FieldValueDuplicate"),
                            None,
                        ),
                    );
                }
            }
            Some(ListKind::Atomic) | None => {}
        }
    }
}

/// The items of a set are compared whole: an object item must be an atomic
/// map (`x-kubernetes-map-type: atomic`), a list item an atomic list, or the
/// apiserver rejects the schema.
pub fn atomic_set_item(items: &mut Map<String, Value>) {
    if items.get("type") == Some(&json!("object")) {
        items
            .entry("x-kubernetes-map-type")
            .or_insert_with(|| json!("atomic"));
    } else if items.get("type") == Some(&json!("array")) {
        items
            .entry("x-kubernetes-list-type")
            .or_insert_with(|| json!("atomic"));
    }
}
