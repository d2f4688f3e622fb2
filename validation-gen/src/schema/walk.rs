//! The walk over one checked type: its fields (or a newtype's inner value),
//! and every rule by its family ([`Builder::apply`] matches [`RuleKind`]
//! exhaustively, as the lowering does), each family's export in a module
//! of its own.

use super::*;

/// What rules standing on a field add to the object that holds the field.
#[derive(Default)]
pub(super) struct Parent {
    pub(super) required: Vec<String>,
    pub(super) rules: Vec<Value>,
}

/// The field a rule stands on, for the rules that act on the holder.
pub(super) struct FieldCx<'a> {
    pub(super) json: &'a str,
    /// `None` when the stage cannot see the type (a subfield's).
    pub(super) ty: Option<&'a Ty>,
}

/// Where a rule is applied: the schema of the value it stands on, what the
/// stage knows of the value, and what it adds to the object holding it.
pub(super) struct Place<'p, 'a> {
    /// The value's schema.
    pub(super) schema: &'p mut Map<String, Value>,
    /// The value's type, when the stage sees it.
    pub(super) ty: Option<&'a Ty>,
    /// The field the value is, for the rules that act on the holder.
    pub(super) field: Option<&'p FieldCx<'a>>,
    /// A CEL condition under which the value's checks do not run (an
    /// optional non-pointer value at its zero value).
    pub(super) guard: Option<&'p str>,
    /// What the rules add to the holder.
    pub(super) parent: &'p mut Parent,
    /// The value's path in the type (`.spec.replicas`), for notes.
    pub(super) at: &'p str,
}

/// The schema stage's state for one type.
pub(super) struct Builder<'a> {
    pub(super) type_name: String,
    pub(super) lists: &'a ListTable,
    /// The facts of the type's Kubernetes release.
    pub(super) behaviour: &'static Behaviour,
    pub(super) notes: Vec<String>,
}

/// Why the tags of hand-written code are not exported.
pub(super) const HAND_WRITTEN: &str = "hand-written Rust code cannot be exported";

/// Why options and levels are not exported.
const NO_CRD_COUNTERPART: &str =
    "validation options and stability levels have no counterpart in a CRD schema";

impl Builder<'_> {
    /// Records that `rule` at `at` is not exported, and why.
    pub(super) fn note(&mut self, at: &str, rule: &Rule, why: impl std::fmt::Display) {
        self.notes.push(format!(
            "{}{at}: +{}: not exported: {why}",
            self.type_name, rule.text
        ));
    }

    /// The schema of a struct: its fields, each with its rules, then the
    /// struct-level rules (unions, dependencies, modal groups) and the
    /// type's own.
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
            // A non-pointer scalar, list or map marked optional is unset at
            // its zero value, where its checks do not run: they are guarded.
            let guard = if field.rules.has(TagName::Optional) {
                zero_check(&field.ty)
            } else {
                None
            };
            let owner = ListOwner::Field(field.rust_name.clone());
            self.lists_of(&mut site, &owner);
            let cx = FieldCx {
                json: &field.json_name,
                ty: Some(&field.ty),
            };
            for at_rule in field.rules.iter() {
                let mut place = Place {
                    schema: &mut site,
                    ty: Some(&field.ty),
                    field: Some(&cx),
                    guard: guard.as_deref(),
                    parent: &mut parent,
                    at: &at,
                };
                self.apply(&at_rule.rule, &mut place);
            }
            props.insert(field.json_name.clone(), Value::Object(site));
        }
        self.unions(model, &mut parent);
        self.dependencies(model, &mut parent);
        self.modes(model, &mut parent);
        for at_rule in model.rules.iter() {
            let mut own = Parent::default();
            let mut place = Place {
                schema: &mut schema,
                ty: None,
                field: None,
                guard: None,
                parent: &mut own,
                at: "",
            };
            self.apply(&at_rule.rule, &mut place);
            parent.rules.extend(own.rules);
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

    /// The schema of a tuple newtype (a Go typedef): the inner value's, with
    /// the type's rules; a `+k8s:enum` string's values from `enum_values`
    /// (or [`ENUM_PENDING`] when the caller cannot see them).
    pub(super) fn newtype(
        &mut self,
        model: &TypeModel,
        inner: &Ty,
        enum_values: Option<&[String]>,
    ) -> Map<String, Value> {
        let mut site = shape_schema(inner);
        self.lists_of(&mut site, &ListOwner::Type);
        let mut parent = Parent::default();
        for at_rule in model.rules.iter() {
            if at_rule.rule.is(TagName::Enum) {
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
            let mut place = Place {
                schema: &mut site,
                ty: Some(inner),
                field: None,
                guard: None,
                parent: &mut parent,
                at: "",
            };
            self.apply(&at_rule.rule, &mut place);
        }
        finish_parent(&mut site, parent);
        site
    }

    /// `x-kubernetes-list-type` and `x-kubernetes-list-map-keys`, and CEL
    /// for `+k8s:unique` on an atomic list.
    fn lists_of(&mut self, site: &mut Map<String, Value>, owner: &ListOwner) {
        if let Some(meta) = self.lists.get(owner, &ListContext::Own) {
            collections::list_keywords(site, meta);
        }
    }

    /// Applies one checked rule at `place`, by its family. The match is
    /// exhaustive: a new rule kind does not compile until it says what it
    /// exports, or why it does not.
    pub(super) fn apply(&mut self, rule: &Rule, place: &mut Place<'_, '_>) {
        use RuleKind as K;
        match &rule.kind {
            // Optional: not in `required`. Enum: the type's own fragment has
            // the values. Subresources: the CRD's `subresources`. List
            // semantics: from the list table.
            K::Optional | K::Enum | K::Subresource(_) => {}
            K::List(ListTag::CustomUnique) => self.note(place.at, rule, HAND_WRITTEN),
            K::List(ListTag::Type(_) | ListTag::Unique(_) | ListTag::MapKey(_)) => {}
            // `+k8s:opaqueType`: the type's structure, without its
            // validations; `+k8s:enumExclude` is read with the values.
            K::Marker if rule.is(TagName::OpaqueType) => {
                place.schema.insert(OPAQUE.into(), json!(true));
            }
            K::Marker => {}
            K::Required { .. } => presence::required(place),
            K::Forbidden { .. } => self.forbidden(rule, place),
            K::Limit { .. }
            | K::TypedBound { .. }
            | K::Format(_)
            | K::Compare { .. }
            | K::Monotonic => self.value_checks(rule, place),
            K::Immutable => changes::immutable(place),
            K::Update(constraint) => self.update(rule, *constraint, place),
            K::Each {
                keys: false,
                rule: payload,
            } => self.each_val(rule, payload, place),
            K::Each {
                keys: true,
                rule: payload,
            } => self.each_key(rule, payload, place),
            K::Subfield {
                name,
                rule: payload,
            } => self.subfield(name, payload, place),
            K::Item {
                criteria,
                rule: payload,
            } => self.item(rule, criteria, payload, place),
            // Struct unions, dependencies and modal groups: exported on the
            // struct (`unions`, `dependencies`, `modes`).
            K::UnionMember { .. } | K::UnionDiscriminator { .. } => {
                if place.field.is_none() {
                    self.note(place.at, rule, "a union of list items is not exported");
                }
            }
            K::Dependent { .. } | K::Discriminator { .. } | K::Member { .. } => {
                if place.field.is_none() {
                    self.note(place.at, rule, "only a struct field's is exported");
                }
            }
            K::Gate { .. } | K::Level { .. } => self.note(place.at, rule, NO_CRD_COUNTERPART),
            K::Fixed(_)
                if matches!(
                    rule.name,
                    TagName::ValidateTrueAlpha | TagName::ValidateTrueBeta
                ) =>
            {
                self.note(place.at, rule, NO_CRD_COUNTERPART)
            }
            K::Fixed(_) => self.note(place.at, rule, "test-only tag"),
            K::CustomValidation => self.note(place.at, rule, HAND_WRITTEN),
        }
    }

    /// The value checks of a limit, format, `neq` or `monotonic` rule.
    fn value_checks(&mut self, rule: &Rule, place: &mut Place<'_, '_>) {
        match self.checks(rule, "self", place.ty) {
            Ok(checks) => {
                for c in checks {
                    values::add_check(place.schema, c, place.guard);
                }
            }
            Err(why) => self.note(place.at, rule, why),
        }
    }
}

/// What "set" means beyond presence for a field's value, as CEL on `self`:
/// a non-pointer value is unset at its zero value (`Some` of anything,
/// even an empty list, is set).
pub(super) fn zero_check(ty: &Ty) -> Option<String> {
    cel::nonzero(&ty.shape, "self")
}

/// `rule` reported at the field `json` (its `fieldPath`).
pub(super) fn with_field(mut rule: Value, json: &str) -> Value {
    if let Some(Value::String(p)) =
        cel::rule_at(String::new(), String::new(), None, Some(json)).get("fieldPath")
    {
        rule["fieldPath"] = json!(p);
    }
    rule
}

/// Adds `rule` to the value's `x-kubernetes-validations`, once.
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

/// Adds what the rules of a value's fields add to it.
pub(super) fn finish_parent(site: &mut Map<String, Value>, parent: Parent) {
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
