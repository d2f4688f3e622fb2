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
mod checks;
pub mod cli;
mod resolve;
mod rules;

pub use resolve::{crd, inline, strip_validations, ResolveError};
pub use rules::atomic_set_item;
use rules::Builder;

use serde_json::{json, Map, Value};

use crate::ast::{self, DocLine};
use crate::check::ListTable;
use crate::diag::Diagnostics;
use crate::model::{self, IntKind, ListKind, ListMeta, Shape, Ty, TypeKind, TypeModel};
use crate::rules::{ListTag, Rule, RuleKind};
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
///
/// The tags are read as Kubernetes [`Release::DEFAULT`] reads them unless
/// the type names its release (`#[validate(kubernetes = "...")]`); see
/// [`fragment_for`].
pub fn fragment(
    input: &syn::DeriveInput,
    enum_values: Option<&[String]>,
) -> Result<Fragment, Diagnostics> {
    fragment_for(input, enum_values, Release::DEFAULT)
}

/// [`fragment`], reading the tags as `release` does unless the type names
/// another (as its `Validate` impl does). What the fragment exports is
/// Kubernetes 1.35's meaning either way; a tag of a later release is listed
/// in [`Fragment::notes`].
pub fn fragment_for(
    input: &syn::DeriveInput,
    enum_values: Option<&[String]>,
    release: Release,
) -> Result<Fragment, Diagnostics> {
    let release = crate::type_options(&input.attrs)
        .ok()
        .and_then(|o| o.release)
        .unwrap_or(release);
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
    let mut model = TypeModel::from_input_for(parsed, release, &mut diags);
    let lists = crate::check::check_type(&mut model, &mut diags);
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

#[cfg(test)]
mod tests;
