//! What each tag exports (the schema stage's per-tag rules): keywords where
//! a structural schema can say it, `x-kubernetes-validations` CEL rules
//! otherwise, and notes for what is not exported. [`Builder`] walks one
//! checked type.

use super::*;

/// What a tag on a field adds to the object that holds the field.
#[derive(Default)]
pub(super) struct Parent {
    pub(super) required: Vec<String>,
    pub(super) rules: Vec<Value>,
}

/// The field a tag stands on, for the tags that act on the holder.
pub(super) struct FieldCx<'a> {
    pub(super) json: &'a str,
    /// `None` when the stage cannot see the type (a subfield's).
    pub(super) ty: Option<&'a Ty>,
}

pub(super) struct Builder<'a> {
    pub(super) type_name: String,
    pub(super) lists: &'a ListTable,
    pub(super) notes: Vec<String>,
}

/// A value check a tag makes: a keyword when the value's zero passes it
/// (or no zero is skipped), otherwise its CEL form.
pub(super) enum Check {
    Keyword {
        key: &'static str,
        value: Value,
        zero_passes: bool,
        cel: String,
        message: String,
    },
    Cel {
        rule: String,
        message: String,
        reason: Option<&'static str>,
    },
}

impl Builder<'_> {
    pub(super) fn note(&mut self, at: &str, tag: &Rule, why: impl std::fmt::Display) {
        self.notes.push(format!(
            "{}{at}: +{}: not exported: {why}",
            self.type_name, tag.text
        ));
    }

    pub(super) fn object(&mut self, model: &TypeModel) -> Map<String, Value> {
        let mut schema = Map::new();
        schema.insert("type".into(), json!("object"));
        let mut props = Map::new();
        let mut parent = Parent::default();
        let mut flatten = Vec::new();
        for field in model.fields() {
            if field.flatten {
                flatten.push(json!(type_name(&field.ty.leaf().ty)));
                continue;
            }
            let mut site = shape_schema(&field.ty);
            if let Some(d) = &field.description {
                site.insert("description".into(), json!(d));
            }
            let at = format!(".{}", field.json_name);
            let optional = field.rules.has(TagName::Optional);
            // A non-pointer scalar, list or map marked optional is unset at
            // its zero value, where its checks do not run: they are guarded.
            let guard = if optional {
                zero_check(&field.ty)
            } else {
                None
            };
            let owner = crate::front::ListOwner::Field(field.rust_name.clone());
            self.lists_of(&mut site, &owner);
            let cx = FieldCx {
                json: &field.json_name,
                ty: Some(&field.ty),
            };
            for t in field.rules.iter().map(|r| &r.rule) {
                self.apply(
                    t,
                    &mut site,
                    Some(&field.ty),
                    Some(&cx),
                    guard.as_deref(),
                    &mut parent,
                    &at,
                );
            }
            props.insert(field.json_name.clone(), Value::Object(site));
        }
        self.unions(model, &mut parent);
        for t in model.rules.iter().map(|r| &r.rule) {
            let mut dummy = Parent::default();
            self.apply(t, &mut schema, None, None, None, &mut dummy, "");
            parent.rules.extend(dummy.rules);
        }
        if !props.is_empty() {
            schema.insert("properties".into(), Value::Object(props));
        }
        if !flatten.is_empty() {
            schema.insert(FLATTEN.into(), Value::Array(flatten));
        }
        finish_parent(&mut schema, parent);
        schema
    }

    pub(super) fn newtype(
        &mut self,
        model: &TypeModel,
        inner: &Ty,
        enum_values: Option<&[String]>,
    ) -> Map<String, Value> {
        let mut site = shape_schema(inner);
        self.lists_of(&mut site, &crate::front::ListOwner::Type);
        let mut parent = Parent::default();
        for t in &model.rules {
            if t.rule.is(TagName::Enum) {
                match enum_values {
                    Some(v) => {
                        site.insert("enum".into(), json!(v));
                    }
                    None => {
                        site.insert(ENUM_PENDING.into(), json!(true));
                    }
                }
                continue;
            }
            self.apply(&t.rule, &mut site, Some(inner), None, None, &mut parent, "");
        }
        finish_parent(&mut site, parent);
        site
    }

    /// `x-kubernetes-list-type` and `x-kubernetes-list-map-keys`, and CEL
    /// for `+k8s:unique` on an atomic list.
    fn lists_of(&mut self, site: &mut Map<String, Value>, owner: &crate::front::ListOwner) {
        let Some(meta) = self.lists.get(owner, &crate::front::ListContext::Own) else {
            return;
        };
        list_keywords(site, meta);
    }

    /// Applies one (checked) tag to the schema of the value it stands on.
    #[allow(clippy::too_many_arguments)]
    fn apply(
        &mut self,
        rule: &Rule,
        site: &mut Map<String, Value>,
        ty: Option<&Ty>,
        field: Option<&FieldCx<'_>>,
        guard: Option<&str>,
        parent: &mut Parent,
        at: &str,
    ) {
        let tag = rule;
        match rule.name {
            TagName::Optional | TagName::ListType | TagName::ListMapKey | TagName::Unique => {
                // Optional: not in `required`. List tags: from the list table.
            }
            TagName::Required => {
                let Some(f) = field else { return };
                parent.required.push(f.json.to_string());
                // A non-pointer value is unset at its zero value too.
                if let Some(nz) = f.ty.and_then(zero_check) {
                    push_rule(
                        site,
                        cel::rule_at(
                            nz,
                            "Required value".into(),
                            Some("FieldValueRequired"),
                            None,
                        ),
                    );
                }
            }
            TagName::Forbidden => {
                let Some(f) = field else { return };
                match f.ty.and_then(|t| cel::is_set("self", f.json, t)) {
                    Some(set) => parent.rules.push(cel::rule_at(
                        format!("!{set}"),
                        "Forbidden".into(),
                        Some("FieldValueForbidden"),
                        Some(f.json),
                    )),
                    None => self.note(at, tag, "the field's name cannot be reached from CEL"),
                }
            }
            TagName::EachVal => {
                let Some(payload) = rule.chained() else {
                    return;
                };
                let elem = ty.map(|t| t.leaf());
                let (key, elem_ty) = match elem.map(|t| &t.shape) {
                    Some(Shape::List(e)) => ("items", Some(&**e)),
                    Some(Shape::Map(_, v)) => ("additionalProperties", Some(&**v)),
                    _ => {
                        self.note(at, tag, "the collection's type is not visible here");
                        return;
                    }
                };
                let Some(Value::Object(inner)) = site.get_mut(key) else {
                    return;
                };
                let mut p = Parent::default();
                self.apply(
                    payload,
                    inner,
                    elem_ty,
                    None,
                    None,
                    &mut p,
                    &format!("{at}[*]"),
                );
                let mut inner_rules = p.rules;
                if !inner_rules.is_empty() {
                    let list = inner
                        .entry("x-kubernetes-validations")
                        .or_insert_with(|| json!([]));
                    if let Value::Array(a) = list {
                        a.append(&mut inner_rules);
                    }
                }
            }
            TagName::EachKey => {
                let Some(payload) = rule.chained() else {
                    return;
                };
                match self.checks(payload, "k") {
                    Ok(checks) => {
                        for c in checks {
                            let (rule, message) = match c {
                                Check::Keyword { cel, message, .. } => (cel, message),
                                Check::Cel { rule, message, .. } => (rule, message),
                            };
                            push_rule(site, cel::rule(format!("self.all(k, {rule})"), message));
                        }
                    }
                    Err(why) => self.note(at, tag, why),
                }
            }
            TagName::Subfield => {
                let (RuleKind::Subfield { name: sub, .. }, Some(payload)) =
                    (&rule.kind, rule.chained())
                else {
                    return;
                };
                let props = site.entry("properties").or_insert_with(|| json!({}));
                let Value::Object(props) = props else { return };
                let inner = props.entry(sub.to_string()).or_insert_with(|| json!({}));
                let Value::Object(inner) = inner else { return };
                let cx = FieldCx {
                    json: sub,
                    ty: None,
                };
                let mut p = Parent::default();
                let sub_at = format!("{at}.{sub}");
                if let RuleKind::List(
                    list @ (ListTag::Type(_) | ListTag::Unique(_) | ListTag::MapKey(_)),
                ) = &payload.kind
                {
                    list_keyword_from_tag(inner, list);
                } else {
                    self.apply(payload, inner, None, Some(&cx), None, &mut p, &sub_at);
                }
                finish_parent(site, p);
            }
            TagName::Item => {
                let RuleKind::Item {
                    criteria,
                    rule: payload,
                } = &rule.kind
                else {
                    return;
                };
                // `x.key == value` per selector argument; none when one of
                // them cannot be written (then the rule is not exported).
                let Ok(criteria) = criteria else {
                    self.note(at, tag, "the item selector does not read");
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
                        self.note(at, tag, "the item selector cannot be written in CEL");
                    } else {
                        let old_sel = selected.replace("x.", "y.");
                        push_rule(
                            site,
                            cel::rule(
                                format!("self.all(x, !({selected}) || oldSelf.exists(y, {old_sel} && y == x))"),
                                "field is immutable".into(),
                            ),
                        );
                    }
                    return;
                }
                match self.checks(payload, "x") {
                    Ok(checks) if !conds.is_empty() => {
                        for c in checks {
                            let (rule, message) = match c {
                                Check::Keyword { cel, message, .. } => (cel, message),
                                Check::Cel { rule, message, .. } if !rule.contains("oldSelf") => {
                                    (rule, message)
                                }
                                Check::Cel { .. } => {
                                    self.note(at, tag, "a transition rule on a selected item needs correlation CEL cannot express");
                                    continue;
                                }
                            };
                            push_rule(
                                site,
                                cel::rule(format!("self.all(x, !({selected}) || {rule})"), message),
                            );
                        }
                    }
                    Ok(_) => self.note(at, tag, "the item selector cannot be written in CEL"),
                    Err(why) => self.note(at, tag, why),
                }
            }
            TagName::Immutable => {
                push_rule(
                    site,
                    cel::rule("self == oldSelf".into(), "field is immutable".into()),
                );
                if let Some(f) = field {
                    if let Some(prop) = cel::property(f.json) {
                        if f.ty.is_none_or(|t| {
                            t.is_option() || matches!(t.shape, Shape::List(_) | Shape::Map(..))
                        }) {
                            parent.rules.push(cel::rule_at(
                                format!("has(self.{prop}) == has(oldSelf.{prop})"),
                                "field is immutable".into(),
                                None,
                                Some(f.json),
                            ));
                        }
                    }
                }
            }
            TagName::Update => {
                let RuleKind::Update(constraint) = rule.kind else {
                    return;
                };
                let constraint = constraint.as_str();
                match (constraint, field) {
                    ("NoModify", _) => {
                        let nz = ty.and_then(|t| cel::nonzero(&t.shape, "self"));
                        let rule = match nz {
                            Some(_) => {
                                let old = ty
                                    .and_then(|t| cel::nonzero(&t.shape, "oldSelf"))
                                    .unwrap_or_default();
                                let new = ty
                                    .and_then(|t| cel::nonzero(&t.shape, "self"))
                                    .unwrap_or_default();
                                format!("!({old}) || !({new}) || self == oldSelf")
                            }
                            None => "self == oldSelf".into(),
                        };
                        push_rule(
                            site,
                            cel::rule(rule, "field cannot be modified once set".into()),
                        );
                    }
                    ("NoSet" | "NoUnset", Some(f)) => {
                        let (Some(new), Some(old)) = (
                            f.ty.and_then(|t| cel::is_set("self", f.json, t)),
                            f.ty.and_then(|t| cel::is_set("oldSelf", f.json, t)),
                        ) else {
                            self.note(at, tag, "the field's name cannot be reached from CEL");
                            return;
                        };
                        let (rule, message) = if constraint == "NoSet" {
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
                        parent
                            .rules
                            .push(cel::rule_at(rule, message.into(), None, Some(f.json)));
                    }
                    ("NoAddItem" | "NoRemoveItem", _) => {
                        let (a, b, message, reason) = if constraint == "NoAddItem" {
                            (
                                "self",
                                "oldSelf",
                                "item may not be added",
                                "FieldValueForbidden",
                            )
                        } else {
                            (
                                "oldSelf",
                                "self",
                                "item may not be removed",
                                "FieldValueForbidden",
                            )
                        };
                        let rule = match ty.map(|t| &t.leaf().shape) {
                            Some(Shape::Map(..)) => format!("{a}.all(k, k in {b})"),
                            Some(Shape::List(_)) => {
                                let keys = site
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
                                        let eq: Vec<String> = keys
                                            .iter()
                                            .map(|k| format!("y.{k} == x.{k}"))
                                            .collect();
                                        format!("{a}.all(x, {b}.exists(y, {}))", eq.join(" && "))
                                    }
                                    _ => format!("{a}.all(x, x in {b})"),
                                }
                            }
                            _ => {
                                self.note(at, tag, "not a list or map");
                                return;
                            }
                        };
                        push_rule(site, cel::rule_at(rule, message.into(), Some(reason), None));
                    }
                    _ => self.note(at, tag, "constraint needs the enclosing field"),
                }
            }
            TagName::UnionMember | TagName::UnionDiscriminator | TagName::ZeroOrOneOfMember => {
                if field.is_none() {
                    self.note(at, tag, "a union of list items is not exported");
                }
                // Struct unions: `unions`.
            }
            TagName::Enum => {
                // A `+k8s:enum` type: its own fragment has the values.
            }
            TagName::Alpha
            | TagName::Beta
            | TagName::IfEnabled
            | TagName::IfDisabled
            | TagName::ValidateTrueAlpha
            | TagName::ValidateTrueBeta => self.note(
                at,
                tag,
                "validation options and stability levels have no counterpart in a CRD schema",
            ),
            TagName::ValidateTrue | TagName::ValidateFalse | TagName::ValidateError => {
                self.note(at, tag, "test-only tag")
            }
            TagName::CustomValidation | TagName::CustomUnique => {
                self.note(at, tag, "hand-written Rust code cannot be exported")
            }
            TagName::OpaqueType => {
                // The type's structure, without its validations.
                site.insert(OPAQUE.into(), json!(true));
            }
            TagName::DependentRequired
            | TagName::DependentForbidden
            | TagName::ModeDiscriminator
            | TagName::IfMode => self.note(at, tag, "Kubernetes 1.37 tag; not exported for 1.35"),
            TagName::Discriminator | TagName::Member => {
                self.note(at, tag, "Kubernetes 1.36 tag; not exported for 1.35")
            }
            TagName::SupportsSubresource | TagName::IsSubresource => {
                // Subresources are declared in the CRD's `subresources`.
            }
            TagName::EnumExclude => {}
            TagName::Format
            | TagName::MaxBytes
            | TagName::MaxItems
            | TagName::MaxLength
            | TagName::MaxProperties
            | TagName::Maximum
            | TagName::MinItems
            | TagName::MinLength
            | TagName::MinProperties
            | TagName::Minimum
            | TagName::Monotonic
            | TagName::Neq => match self.checks(rule, "self") {
                Ok(checks) => {
                    for c in checks {
                        add_check(site, c, guard);
                    }
                }
                Err(why) => self.note(at, tag, why),
            },
        }
    }
}

/// What "set" means beyond presence for a field's value, as CEL on `self`:
/// a non-pointer value is unset at its zero value (`Some` of anything,
/// even an empty list, is set).
pub(super) fn zero_check(ty: &Ty) -> Option<String> {
    cel::nonzero(&ty.shape, "self")
}

pub(super) fn with_field(mut rule: Value, json: &str) -> Value {
    if let Some(Value::String(p)) =
        cel::rule_at(String::new(), String::new(), None, Some(json)).get("fieldPath")
    {
        rule["fieldPath"] = json!(p);
    }
    rule
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
        _ => {}
    }
}

/// The list keywords of resolved list semantics. `+k8s:unique` on an atomic
/// list has no keyword (the apiserver's list types are also merge
/// strategies): it becomes a CEL rule.
fn list_keywords(site: &mut Map<String, Value>, meta: &ListMeta) {
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
            _ => {}
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

pub(super) fn add_check(site: &mut Map<String, Value>, c: Check, guard: Option<&str>) {
    match c {
        Check::Keyword {
            key,
            value,
            zero_passes,
            cel,
            message,
        } => {
            if guard.is_none() || zero_passes {
                // Two bounds of one kind (a format's and a tag's): the tighter.
                let tighter = match (site.get(key).and_then(Value::as_i64), value.as_i64()) {
                    (Some(old), Some(new)) if key.starts_with("max") => old.min(new),
                    (Some(old), Some(new)) => old.max(new),
                    (_, Some(new)) => new,
                    _ => return,
                };
                site.insert(key.into(), json!(tighter));
            } else {
                let g = guard.unwrap_or_default();
                push_rule(site, cel::rule(format!("!({g}) || {cel}"), message));
            }
        }
        Check::Cel {
            rule,
            message,
            reason,
        } => {
            let rule = match guard {
                Some(g) if !rule.contains("oldSelf") => format!("!({g}) || ({rule})"),
                _ => rule,
            };
            push_rule(site, cel::rule_at(rule, message, reason, None));
        }
    }
}

pub(super) fn push_rule(site: &mut Map<String, Value>, rule: Value) {
    let list = site
        .entry("x-kubernetes-validations")
        .or_insert_with(|| json!([]));
    if let Value::Array(a) = list {
        if !a.contains(&rule) {
            a.push(rule);
        }
    }
}

fn finish_parent(site: &mut Map<String, Value>, parent: Parent) {
    if !parent.required.is_empty() {
        let req = site.entry("required").or_insert_with(|| json!([]));
        if let Value::Array(a) = req {
            for r in parent.required {
                if !a.iter().any(|x| x == &json!(r)) {
                    a.push(json!(r));
                }
            }
        }
    }
    for r in parent.rules {
        push_rule(site, r);
    }
}
