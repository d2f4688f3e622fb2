//! Schema export: the OpenAPI v3 keywords and `x-kubernetes-*` extensions
//! (CEL rules included) that a type's `+k8s:` tags export, for merging into
//! a schema made by another tool (Kubernetes 1.35 behaviour; see
//! `docs/ecosystem.md`, "Schema export").
//!
//! With the `schema` feature (or `schemars`, which includes it),
//! `#[derive(Validate)]` implements [`SchemaFragment`] for every type. A
//! derive cannot change another derive's input, so with `schemars` the user
//! names the merge in schemars' own `transform` attribute (feature
//! `schemars`):
//!
//! ```ignore
//! #[derive(JsonSchema, Validate, Serialize, Deserialize)]
//! #[schemars(transform = k8s_validation::schema::apply::<Self>)]
//! pub struct WidgetSpec { /* ... */ }
//! ```
//!
//! Without schemars, [`merge`] does the same to any `serde_json::Value`
//! schema of the type.

use serde_json::Map;

/// The JSON value type fragments are made of (`serde_json::Value`).
pub use serde_json::Value;

/// Keys of a fragment that only the generator's own assembly reads
/// (references to other types, flattened types, enum values still to fill).
use k8s_validation_spec::schema::INTERNAL;

/// A type whose tags export schema keywords. Implemented by
/// `#[derive(Validate)]`.
pub trait SchemaFragment {
    /// The type's own schema with the exported keywords: `properties` by
    /// JSON name, `required`, limits, `enum`, list extensions and
    /// `x-kubernetes-validations`. Fields of other types carry only their
    /// field's own keywords (the other type's fragment has the rest).
    fn schema_fragment() -> Value;
}

/// Builds a fragment from the JSON text the derive embeds, filling in the
/// values of a `+k8s:enum` string type (`values` minus those excluded while
/// every option is disabled). Used by generated code.
#[doc(hidden)]
pub fn fragment_from_json(
    json: &str,
    enum_values: Option<(&[&str], &[crate::validate::EnumExclusion])>,
) -> Value {
    let mut v: Value = serde_json::from_str(json).unwrap_or(Value::Null);
    if let (Some((values, exclusions)), Value::Object(m)) = (enum_values, &mut v) {
        if m.remove(k8s_validation_spec::schema::ENUM_PENDING)
            .is_some()
        {
            let kept: Vec<Value> = values
                .iter()
                .filter(|v| !exclusions.iter().any(|x| x.value == **v && !x.exclude_when))
                .map(|v| Value::String((*v).to_string()))
                .collect();
            m.insert("enum".into(), Value::Array(kept));
        }
    }
    v
}

/// Merges `T`'s fragment into `schema`, a schema of `T` made by another
/// tool: [`merge`].
pub fn merge_fragment<T: SchemaFragment + ?Sized>(schema: &mut Value) {
    merge(schema, &T::schema_fragment());
}

/// Merges a fragment into a schema of the same type:
///
/// * `properties`, `items` and `additionalProperties` recursively (a
///   property the schema does not have is left out: the schema's tool
///   decides which fields exist);
/// * `required` and `x-kubernetes-validations` appended, without
///   duplicates;
/// * `type` and `format` kept from the schema (the tool knows the Rust
///   type, including `null` for `Option`);
/// * `description` from the fragment (its doc comment without `+` tag
///   lines); a description the fragment does not have loses its `+` lines;
/// * every other keyword (`maxLength`, `enum`, `x-kubernetes-list-type`,
///   ...) set from the fragment.
pub fn merge(schema: &mut Value, fragment: &Value) {
    let (Value::Object(dst), Value::Object(src)) = (schema, fragment) else {
        return;
    };
    merge_objects(dst, src);
}

fn merge_objects(dst: &mut Map<String, Value>, src: &Map<String, Value>) {
    if !src.contains_key("description") {
        if let Some(Value::String(d)) = dst.get_mut("description") {
            *d = strip_tag_lines(d);
            if d.is_empty() {
                dst.remove("description");
            }
        }
    }
    for (k, v) in src {
        match k.as_str() {
            k if INTERNAL.contains(&k) => {}
            "type" | "format" => {}
            "properties" => {
                let (Some(Value::Object(dp)), Value::Object(sp)) = (dst.get_mut("properties"), v)
                else {
                    continue;
                };
                for (name, s) in sp {
                    if let (Some(Value::Object(d)), Value::Object(s)) = (dp.get_mut(name), s) {
                        merge_objects(d, s);
                    }
                }
            }
            "items" | "additionalProperties" => {
                if let (Some(Value::Object(d)), Value::Object(s)) = (dst.get_mut(k), v) {
                    merge_objects(d, s);
                }
            }
            "required" | "x-kubernetes-validations" => {
                let entry = dst
                    .entry(k.clone())
                    .or_insert_with(|| Value::Array(Vec::new()));
                if let (Value::Array(d), Value::Array(s)) = (entry, v) {
                    for x in s {
                        if !d.contains(x) {
                            d.push(x.clone());
                        }
                    }
                }
            }
            _ => {
                dst.insert(k.clone(), v.clone());
            }
        }
    }
    // Nested descriptions schemars wrote from doc comments.
    if let Some(Value::Object(props)) = dst.get_mut("properties") {
        for p in props.values_mut() {
            if let Some(Value::String(d)) = p.get_mut("description") {
                *d = strip_tag_lines(d);
            }
        }
    }
}

/// A description without its `+` tag lines (`+k8s:`, `+default`, ...).
pub fn strip_tag_lines(text: &str) -> String {
    let kept: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('+'))
        .collect();
    kept.join("\n").trim().to_string()
}

/// schemars' `transform`: merges `T`'s fragment into the schema schemars
/// made for `T` (feature `schemars`).
///
/// ```ignore
/// #[derive(schemars::JsonSchema, k8s_validation::Validate)]
/// #[schemars(transform = k8s_validation::schema::apply::<Self>)]
/// pub struct WidgetSpec { /* ... */ }
/// ```
#[cfg(feature = "schemars")]
pub fn apply<T: SchemaFragment + ?Sized>(schema: &mut schemars::Schema) {
    let mut v = Value::from(std::mem::take(schema));
    merge(&mut v, &T::schema_fragment());
    *schema = schemars::Schema::try_from(v).unwrap_or_default();
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn merges_keywords_rules_and_descriptions() {
        let mut schema = json!({
            "type": "object",
            "description": "A spec.\n\n+k8s:supportsSubresource=/status",
            "properties": {
                "name": {"type": ["string", "null"], "description": "The name.\n+k8s:maxLength=5"},
                "ports": {"type": "array", "items": {"$ref": "#/$defs/Port"}},
            },
            "required": ["ports"],
        });
        let fragment = json!({
            "type": "object",
            "properties": {
                "name": {"type": "string", "maxLength": 5, "description": "The name.",
                         "x-kubernetes-validations": [{"rule": "self != 'x'", "message": "m"}]},
                "ports": {"type": "array", "x-kubernetes-list-type": "map",
                          "items": {"x-validation-gen-ref": "Port"}},
                "missing": {"maxLength": 1},
            },
            "required": ["name"],
        });
        merge(&mut schema, &fragment);
        assert_eq!(schema["description"], "A spec.");
        assert_eq!(schema["required"], json!(["ports", "name"]));
        let name = &schema["properties"]["name"];
        assert_eq!(name["type"], json!(["string", "null"]));
        assert_eq!(name["maxLength"], 5);
        assert_eq!(name["description"], "The name.");
        assert_eq!(name["x-kubernetes-validations"][0]["rule"], "self != 'x'");
        let ports = &schema["properties"]["ports"];
        assert_eq!(ports["x-kubernetes-list-type"], "map");
        assert_eq!(ports["items"], json!({"$ref": "#/$defs/Port"}));
        assert!(schema["properties"].get("missing").is_none());
    }

    #[test]
    fn enum_values_are_filled_in() {
        let ex = [crate::validate::EnumExclusion {
            value: "B",
            option: "X",
            exclude_when: false,
        }];
        let v = fragment_from_json(
            r#"{"type":"string","x-validation-gen-enum":true}"#,
            Some((&["A", "B", "C"], &ex)),
        );
        assert_eq!(v, json!({"type": "string", "enum": ["A", "C"]}));
    }
}
