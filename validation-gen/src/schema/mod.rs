//! The schema stage (parse -> check -> **schema**, beside emit): the OpenAPI
//! v3 structural schema an apiserver publishes for a type, from the checked
//! model, with the tags that have an OpenAPI meaning as keywords
//! (`maxLength`, `minimum`, `enum`, `required`, `x-kubernetes-list-type`,
//! ...) and what a structural schema cannot say as
//! `x-kubernetes-validations` CEL rules (formats, unions, immutability,
//! update rules, `neq`, ...). Kubernetes 1.35 behaviour.
//!
//! One type gives one [`Fragment`]: its own schema, where a field of
//! another named type is a reference (the key [`REF`] naming the Rust type)
//! that carries the field's own keywords beside it. [`inline`] inlines the
//! references of a set of fragments (a CRD's `openAPIV3Schema` has no
//! `$ref`); the schemars integration (`validation_runtime::schema`) merges
//! a fragment into the schema schemars made for the same type instead.
//!
//! Tags the stage cannot export are listed in [`Fragment::notes`], each with
//! the type, field and tag, and why.

pub mod cel;
pub mod cli;
mod resolve;

pub use resolve::{crd, inline, strip_validations, ResolveError};

use serde_json::{json, Map, Value};

use crate::ast::{self, DocLine};
use crate::check::ListTable;
use crate::diag::Diagnostics;
use crate::model::{self, IntKind, ListKind, ListMeta, Shape, Ty, TypeKind, TypeModel};
use crate::tags::{Release, Tag, TagName, Value as TagValue};

/// The key that marks a reference to another Rust type in a fragment:
/// `{"x-validation-gen-ref": "ContainerPort", ...keywords of the field}`.
pub const REF: &str = "x-validation-gen-ref";
/// The key that lists the Rust types a struct flattens
/// (`#[serde(flatten)]`): their properties are the struct's.
pub const FLATTEN: &str = "x-validation-gen-flatten";
/// The key that marks a field of an opaque type (`+k8s:opaqueType`): its
/// type's schema is inlined without the type's own validations.
pub const OPAQUE: &str = "x-validation-gen-opaque";
/// The key that marks the items of a `listType=set` list whose type is a
/// reference: once inlined, an object becomes an atomic map, a list an
/// atomic list ([`atomic_set_item`]).
pub const SET_ITEM: &str = "x-validation-gen-set-item";
/// The key of a fragment whose `enum` values are not visible where it was
/// made (a string newtype whose values are in an `#[enum_values]` block):
/// the derive fills them in from the block's hidden consts.
pub const ENUM_PENDING: &str = "x-validation-gen-enum";

/// The schema of one type.
#[derive(Clone, Debug)]
pub struct Fragment {
    /// The Rust type name.
    pub name: String,
    /// The schema, with [`REF`] references to other types.
    pub schema: Value,
    /// Tags that are not exported, with the reason: `Type.field: +k8s:tag: why`.
    pub notes: Vec<String>,
}

/// The fragment of one type definition (a struct, a tuple newtype or a Rust
/// enum). `enum_values` are the values of a `+k8s:enum` string newtype when
/// the caller can see them (the CLI reads the module's impl blocks); without
/// them the fragment carries [`ENUM_PENDING`].
///
/// The errors are the generator's own (a tag that does not type-check).
pub fn fragment(
    input: &syn::DeriveInput,
    enum_values: Option<&[String]>,
) -> Result<Fragment, Diagnostics> {
    let mut diags = Diagnostics::new();
    let name = input.ident.to_string();
    if let syn::Data::Enum(_) = &input.data {
        let parsed = match ast::parse_enum(input) {
            Ok(p) => p,
            Err(errors) => {
                for e in errors {
                    diags.error(e.span(), e.to_string());
                }
                return Err(diags);
            }
        };
        let mut values = Vec::new();
        let mut exclusions = Vec::new();
        for v in &parsed.variants {
            if !crate::enum_values::read_value_tags(&v.value, &v.docs, &mut diags, &mut exclusions)
            {
                values.push(v.value.clone());
            }
        }
        if !diags.is_empty() {
            return Err(diags);
        }
        let values = default_values(crate::enum_values::finish(values, exclusions));
        let mut schema = json!({ "type": "string", "enum": values });
        if let Some(d) = description(&parsed.docs) {
            schema["description"] = json!(d);
        }
        return Ok(Fragment {
            name,
            schema,
            notes: Vec::new(),
        });
    }
    let parsed = match ast::parse_input(input) {
        Ok(p) => p,
        Err(errors) => {
            for e in errors {
                diags.error(e.span(), e.to_string());
            }
            return Err(diags);
        }
    };
    let type_doc = description(&parsed.docs);
    let field_docs: Vec<(String, Option<String>)> = match &parsed.kind {
        ast::InputKind::Struct(fields) => fields
            .iter()
            .map(|f| (f.rust_name.clone(), description(&f.docs)))
            .collect(),
        ast::InputKind::Newtype(_) => Vec::new(),
    };
    let mut model = TypeModel::from_input(parsed, &mut diags);
    let lists = crate::check::check_type(&mut model, Release::DEFAULT, &mut diags);
    if !diags.is_empty() {
        return Err(diags);
    }
    let mut b = Builder {
        type_name: name.clone(),
        lists: &lists,
        notes: Vec::new(),
    };
    let mut schema = match &model.kind {
        TypeKind::Struct(_) => b.object(&model, &field_docs),
        TypeKind::Newtype(inner) => b.newtype(&model, inner, enum_values),
    };
    if let Some(d) = type_doc {
        schema.insert("description".into(), json!(d));
    }
    Ok(Fragment {
        name,
        schema: Value::Object(schema),
        notes: b.notes,
    })
}

/// The values of an enum in the default state of its options (every option
/// disabled): values excluded when an option is disabled are left out.
fn default_values(values: crate::enum_values::EnumValues) -> Vec<String> {
    values
        .values
        .into_iter()
        .filter(|v| {
            !values
                .exclusions
                .iter()
                .any(|(x, _, when)| x == v && !*when)
        })
        .collect()
}

/// A description from doc lines: every line that starts with `+` (a tag of
/// any generator: `+k8s:`, `+default`, `+listType`, ...) is left out, as
/// are the blank lines around what remains.
pub fn description(docs: &[DocLine]) -> Option<String> {
    let lines: Vec<&str> = docs
        .iter()
        .map(|d| d.text.strip_prefix(' ').unwrap_or(&d.text).trim_end())
        .filter(|t| !t.trim_start().starts_with('+'))
        .collect();
    let mut out = String::new();
    let mut blank = false;
    for line in lines {
        if line.trim().is_empty() {
            blank = !out.is_empty();
            continue;
        }
        if blank {
            out.push_str("\n\n");
        } else if !out.is_empty() {
            out.push('\n');
        }
        blank = false;
        out.push_str(line);
    }
    (!out.is_empty()).then_some(out)
}

/// The structural schema of a Rust shape (no tags).
pub fn shape_schema(ty: &Ty) -> Map<String, Value> {
    let v = match &ty.shape {
        Shape::Option(t) | Shape::Boxed(t) => return shape_schema(t),
        Shape::List(e) => json!({ "type": "array", "items": shape_schema(e) }),
        Shape::Map(_, _, v) => json!({ "type": "object", "additionalProperties": shape_schema(v) }),
        Shape::Str => json!({ "type": "string" }),
        Shape::Bool => json!({ "type": "boolean" }),
        Shape::Int(k) => json!({ "type": "integer", "format": int_format(*k) }),
        Shape::Float => json!({ "type": "number" }),
        Shape::Json => json!({ "x-kubernetes-preserve-unknown-fields": true }),
        Shape::Named => return named(&ast::type_name(&ty.ty)),
    };
    match v {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

fn int_format(k: IntKind) -> &'static str {
    match k {
        IntKind::I8 | IntKind::I16 | IntKind::I32 | IntKind::U8 | IntKind::U16 => "int32",
        _ => "int64",
    }
}

/// A named type: the well-known Kubernetes value types by their schema,
/// anything else by reference.
fn named(name: &str) -> Map<String, Value> {
    let v = match name {
        "Quantity" | "IntOrString" => json!({
            "x-kubernetes-int-or-string": true,
            "anyOf": [{ "type": "integer" }, { "type": "string" }],
        }),
        "Time" | "MicroTime" => json!({ "type": "string", "format": "date-time" }),
        _ => json!({ REF: name }),
    };
    match v {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

/// What a tag on a field adds to the object that holds the field.
#[derive(Default)]
struct Parent {
    required: Vec<String>,
    rules: Vec<Value>,
}

/// The field a tag stands on, for the tags that act on the holder.
struct FieldCx<'a> {
    json: &'a str,
    /// `None` when the stage cannot see the type (a subfield's).
    ty: Option<&'a Ty>,
}

struct Builder<'a> {
    type_name: String,
    lists: &'a ListTable,
    notes: Vec<String>,
}

/// A value check a tag makes: a keyword when the value's zero passes it
/// (or no zero is skipped), otherwise its CEL form.
enum Check {
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
    fn note(&mut self, at: &str, tag: &Tag, why: impl std::fmt::Display) {
        self.notes.push(format!(
            "{}{at}: +{tag}: not exported: {why}",
            self.type_name
        ));
    }

    fn object(
        &mut self,
        model: &TypeModel,
        docs: &[(String, Option<String>)],
    ) -> Map<String, Value> {
        let mut schema = Map::new();
        schema.insert("type".into(), json!("object"));
        let mut props = Map::new();
        let mut parent = Parent::default();
        let mut flatten = Vec::new();
        for field in model.fields() {
            if field.flatten {
                flatten.push(json!(ast::type_name(&field.ty.leaf().ty)));
                continue;
            }
            let mut site = shape_schema(&field.ty);
            if let Some((_, Some(d))) = docs.iter().find(|(n, _)| *n == field.rust_name) {
                site.insert("description".into(), json!(d));
            }
            let at = format!(".{}", field.json_name);
            let optional = field.tags.has(TagName::Optional);
            // A non-pointer scalar, list or map marked optional is unset at
            // its zero value, where its checks do not run: they are guarded.
            let guard = if optional {
                zero_check(&field.ty)
            } else {
                None
            };
            let owner = crate::check::ListOwner::Field(field.rust_name.clone());
            self.lists_of(&mut site, &owner);
            let cx = FieldCx {
                json: &field.json_name,
                ty: Some(&field.ty),
            };
            for t in &field.tags.tags {
                self.apply(
                    &t.tag,
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
        for t in &model.tags.tags {
            let mut dummy = Parent::default();
            self.apply(&t.tag, &mut schema, None, None, None, &mut dummy, "");
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

    fn newtype(
        &mut self,
        model: &TypeModel,
        inner: &Ty,
        enum_values: Option<&[String]>,
    ) -> Map<String, Value> {
        let mut site = shape_schema(inner);
        self.lists_of(&mut site, &crate::check::ListOwner::Type);
        let mut parent = Parent::default();
        for t in &model.tags.tags {
            if t.tag.is(TagName::Enum) {
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
            self.apply(&t.tag, &mut site, Some(inner), None, None, &mut parent, "");
        }
        finish_parent(&mut site, parent);
        site
    }

    /// `x-kubernetes-list-type` and `x-kubernetes-list-map-keys`, and CEL
    /// for `+k8s:unique` on an atomic list.
    fn lists_of(&mut self, site: &mut Map<String, Value>, owner: &crate::check::ListOwner) {
        let Some(meta) = self.lists.get(owner, &crate::check::ListContext::Own) else {
            return;
        };
        list_keywords(site, meta);
    }

    /// Applies one (checked) tag to the schema of the value it stands on.
    #[allow(clippy::too_many_arguments)]
    fn apply(
        &mut self,
        tag: &Tag,
        site: &mut Map<String, Value>,
        ty: Option<&Ty>,
        field: Option<&FieldCx<'_>>,
        guard: Option<&str>,
        parent: &mut Parent,
        at: &str,
    ) {
        let Some(name) = tag.tag_name() else { return };
        match name {
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
                let Some(payload) = tag.chained() else { return };
                let elem = ty.map(|t| t.leaf());
                let (key, elem_ty) = match elem.map(|t| &t.shape) {
                    Some(Shape::List(e)) => ("items", Some(&**e)),
                    Some(Shape::Map(_, _, v)) => ("additionalProperties", Some(&**v)),
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
                let Some(payload) = tag.chained() else { return };
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
                let (Some(sub), Some(payload)) = (
                    tag.positional_arg().and_then(|a| a.value.as_str()),
                    tag.chained(),
                ) else {
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
                if is_list_tag(payload) {
                    list_keyword_from_tag(inner, payload);
                } else {
                    self.apply(payload, inner, None, Some(&cx), None, &mut p, &sub_at);
                }
                finish_parent(site, p);
            }
            TagName::Item => {
                let Some(payload) = tag.chained() else { return };
                // `x.key == value` per selector argument; none when one of
                // them cannot be written (then the rule is not exported).
                let conds: Vec<String> = tag
                    .args
                    .iter()
                    .map(|a| {
                        let prop = a.name.as_deref().and_then(cel::property)?;
                        let lit = match &a.value {
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
                let constraint = tag.scalar().and_then(TagValue::as_str).unwrap_or_default();
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
            | TagName::Neq => match self.checks(tag, "self") {
                Ok(checks) => {
                    for c in checks {
                        add_check(site, c, guard);
                    }
                }
                Err(why) => self.note(at, tag, why),
            },
        }
    }

    /// The value checks of a tag on a value `v` of type `ty`.
    fn checks(&self, tag: &Tag, v: &str) -> Result<Vec<Check>, String> {
        let int = || match tag.scalar() {
            Some(TagValue::Int(i)) => Ok(*i),
            _ => Err("payload is not an integer".to_string()),
        };
        let name = tag.tag_name().ok_or("unknown tag")?;
        let kw = |key: &'static str, n: i64, zero_passes: bool, cel: String, message: String| {
            Check::Keyword {
                key,
                value: json!(n),
                zero_passes,
                cel,
                message,
            }
        };
        Ok(vec![match name {
            TagName::MaxLength => {
                let n = int()?;
                kw(
                    "maxLength",
                    n,
                    true,
                    format!("size({v}) <= {n}"),
                    format!("Too long: may not be more than {n} bytes"),
                )
            }
            TagName::MinLength => {
                let n = int()?;
                kw(
                    "minLength",
                    n,
                    n <= 0,
                    format!("size({v}) >= {n}"),
                    format!("must be at least {n} characters"),
                )
            }
            TagName::MaxBytes => {
                let n = int()?;
                Check::Cel {
                    rule: format!("size(bytes({v})) <= {n}"),
                    message: format!("Too long: may not be more than {n} bytes"),
                    reason: Some("FieldValueTooLong"),
                }
            }
            TagName::Minimum => {
                let n = int()?;
                kw(
                    "minimum",
                    n,
                    n <= 0,
                    format!("{v} >= {n}"),
                    format!("must be greater than or equal to {n}"),
                )
            }
            TagName::Maximum => {
                let n = int()?;
                kw(
                    "maximum",
                    n,
                    n >= 0,
                    format!("{v} <= {n}"),
                    format!("must be less than or equal to {n}"),
                )
            }
            TagName::MaxItems => {
                let n = int()?;
                kw(
                    "maxItems",
                    n,
                    true,
                    format!("size({v}) <= {n}"),
                    format!("Too many: must have at most {n} items"),
                )
            }
            TagName::MinItems => {
                let n = int()?;
                kw(
                    "minItems",
                    n,
                    n <= 0,
                    format!("size({v}) >= {n}"),
                    format!("must have at least {n} items"),
                )
            }
            TagName::MaxProperties => {
                let n = int()?;
                kw(
                    "maxProperties",
                    n,
                    true,
                    format!("size({v}) <= {n}"),
                    format!("Too many: must have at most {n} items"),
                )
            }
            TagName::MinProperties => {
                let n = int()?;
                kw(
                    "minProperties",
                    n,
                    n <= 0,
                    format!("size({v}) >= {n}"),
                    format!("must have at least {n} items"),
                )
            }
            TagName::Format => {
                let f = tag
                    .scalar()
                    .and_then(TagValue::as_str)
                    .ok_or("payload is not a format name")?;
                let (rule, message) = cel::format(f, v).map_err(|e| format!("format {f}: {e}"))?;
                let check = Check::Cel {
                    rule,
                    message: message.into(),
                    reason: None,
                };
                // The longest valid value bounds the rule's CEL cost, which
                // the apiserver estimates from maxLength.
                return Ok(match cel::format_max_length(f) {
                    Some(n) if v == "self" => vec![
                        kw(
                            "maxLength",
                            n,
                            true,
                            format!("size({v}) <= {n}"),
                            format!("Too long: may not be more than {n} bytes"),
                        ),
                        check,
                    ],
                    _ => vec![check],
                });
            }
            TagName::Neq => {
                let (lit, shown) = match tag.scalar() {
                    Some(TagValue::String(s)) => (cel::string(s), validation_spec::go_quote(s)),
                    Some(TagValue::Int(i)) => (i.to_string(), i.to_string()),
                    Some(TagValue::Bool(b)) => (b.to_string(), b.to_string()),
                    None => return Err("no payload".into()),
                };
                Check::Cel {
                    rule: format!("{v} != {lit}"),
                    message: format!("must not be equal to {shown}"),
                    reason: None,
                }
            }
            TagName::Monotonic if v == "self" => Check::Cel {
                rule: "self >= oldSelf".into(),
                message: "may not be decreased".into(),
                reason: None,
            },
            TagName::Subfield if v != "self" => {
                // A subfield of a value named by a CEL variable (an item):
                // its checks, when the subfield is present.
                let (Some(sub), Some(inner)) = (
                    tag.positional_arg().and_then(|a| a.value.as_str()),
                    tag.chained(),
                ) else {
                    return Err("subfield without a name or payload".into());
                };
                let prop =
                    cel::property(sub).ok_or("the subfield's name cannot be reached from CEL")?;
                let sel = format!("{v}.{prop}");
                return Ok(self
                    .checks(inner, &sel)?
                    .into_iter()
                    .map(|c| {
                        let (rule, message, reason) = match c {
                            Check::Keyword { cel, message, .. } => (cel, message, None),
                            Check::Cel {
                                rule,
                                message,
                                reason,
                            } => (rule, message, reason),
                        };
                        Check::Cel {
                            rule: format!("!has({sel}) || ({rule})"),
                            message,
                            reason,
                        }
                    })
                    .collect());
            }
            TagName::Immutable if v == "self" => Check::Cel {
                rule: "self == oldSelf".into(),
                message: "field is immutable".into(),
                reason: None,
            },
            _ => {
                return Err(format!(
                    "{} has no CEL form in this position",
                    name.as_str()
                ));
            }
        }])
    }

    /// Unions and zeroOrOneOf groups of a struct, as CEL on the struct.
    fn unions(&mut self, model: &TypeModel, parent: &mut Parent) {
        // (union name, zeroOrOneOf) -> members (json, rust ty, member name), discriminator json.
        struct Group<'a> {
            name: String,
            zero_or_one: bool,
            members: Vec<(&'a str, &'a Ty, String)>,
            discriminator: Option<&'a str>,
        }
        let mut groups: Vec<Group<'_>> = Vec::new();
        for field in model.fields() {
            for t in &field.tags.tags {
                let (zero_or_one, member) = match t.tag.tag_name() {
                    Some(TagName::UnionMember) => (false, true),
                    Some(TagName::ZeroOrOneOfMember) => (true, true),
                    Some(TagName::UnionDiscriminator) => (false, false),
                    _ => continue,
                };
                let union = t
                    .tag
                    .named_arg("union")
                    .and_then(|a| a.value.as_str())
                    .unwrap_or_default()
                    .to_string();
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
                if member {
                    let member_name = t
                        .tag
                        .named_arg("memberName")
                        .and_then(|a| a.value.as_str())
                        .map(str::to_string)
                        .unwrap_or_else(|| model::upper_camel(&field.rust_name));
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
                        cel::is_set("self", json, ty)?,
                        cel::is_set("oldSelf", json, ty)?,
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
                        let quoted = validation_spec::go_quote(member);
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
}

/// What "set" means beyond presence for a field's value, as CEL on `self`:
/// a non-pointer value is unset at its zero value (`Some` of anything,
/// even an empty list, is set).
fn zero_check(ty: &Ty) -> Option<String> {
    cel::nonzero(&ty.shape, "self")
}

fn with_field(mut rule: Value, json: &str) -> Value {
    if let Some(Value::String(p)) =
        cel::rule_at(String::new(), String::new(), None, Some(json)).get("fieldPath")
    {
        rule["fieldPath"] = json!(p);
    }
    rule
}

fn is_list_tag(tag: &Tag) -> bool {
    matches!(
        tag.tag_name(),
        Some(TagName::ListType | TagName::Unique | TagName::ListMapKey)
    )
}

/// A list tag reached through a subfield, as its keyword.
fn list_keyword_from_tag(site: &mut Map<String, Value>, tag: &Tag) {
    let v = tag.scalar().and_then(TagValue::as_str).unwrap_or_default();
    match tag.tag_name() {
        Some(TagName::ListType) => {
            site.insert("x-kubernetes-list-type".into(), json!(v));
        }
        Some(TagName::ListMapKey) => {
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

fn add_check(site: &mut Map<String, Value>, c: Check, guard: Option<&str>) {
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

fn push_rule(site: &mut Map<String, Value>, rule: Value) {
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

#[cfg(test)]
mod tests;
