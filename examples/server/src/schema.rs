//! The structural schema of a Widget: what strict decoding, the OpenAPI v3
//! document and server-side apply's list merging need to know.
//!
//! It is written next to the types in [`crate::api`] and checked against
//! them by the tests at the end of this file: every serialised field of a
//! fully populated Widget is in the schema, and every `+k8s:listType`,
//! `+k8s:listMapKey`, `+k8s:minimum`, `+k8s:maxLength`, `+k8s:required` and
//! `+k8s:enum` tag in `api.rs` is reflected here (and nothing more). When
//! the generator exports schemas from tags, this table is replaced by that
//! export.

use std::sync::OnceLock;

use serde_json::{json, Map, Value};

/// How a list merges (`+k8s:listType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListType {
    /// Replaced as a whole.
    Atomic,
    /// Scalars, each value owned separately.
    Set,
    /// Objects keyed by `listMapKey` fields.
    Map,
}

/// A node of the schema.
#[derive(Clone, Debug)]
pub enum Kind {
    /// A string.
    String,
    /// A 32-bit integer.
    Int32,
    /// A 64-bit integer.
    Int64,
    /// An object with known fields.
    Object(Vec<Field>),
    /// A map of strings to strings.
    StringMap,
    /// A list.
    List {
        /// The merge strategy.
        list_type: ListType,
        /// The key fields of a map list.
        keys: Vec<&'static str>,
        /// The items.
        items: Box<Schema>,
    },
    /// Anything (kept as sent; `fieldsV1`).
    Any,
}

/// A schema with the constraints the tags declare.
#[derive(Clone, Debug)]
pub struct Schema {
    /// The shape.
    pub kind: Kind,
    /// `+k8s:minimum`.
    pub minimum: Option<i64>,
    /// `+k8s:maxLength`.
    pub max_length: Option<u64>,
    /// `+k8s:enum` values.
    pub enum_values: Vec<&'static str>,
}

/// A field of an object.
#[derive(Clone, Debug)]
pub struct Field {
    /// The JSON name.
    pub name: &'static str,
    /// The doc comment of the Rust field (tags left out).
    pub description: String,
    /// `+k8s:required`.
    pub required: bool,
    /// The value's schema.
    pub schema: Schema,
}

fn s(kind: Kind) -> Schema {
    Schema {
        kind,
        minimum: None,
        max_length: None,
        enum_values: Vec::new(),
    }
}

fn f(name: &'static str, schema: Schema) -> Field {
    Field {
        name,
        description: String::new(),
        required: false,
        schema,
    }
}

fn req(name: &'static str, schema: Schema) -> Field {
    Field {
        name,
        description: String::new(),
        required: true,
        schema,
    }
}

/// `snake_case` to `camelCase` (serde's `rename_all`).
fn camel(snake: &str) -> String {
    let mut out = String::new();
    let mut up = false;
    for c in snake.chars() {
        if c == '_' {
            up = true;
        } else if up {
            out.extend(c.to_uppercase());
            up = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// The doc comments of the fields of `api.rs`: `(struct, json name) → text`
/// (the `+k8s:` tag lines left out).
pub fn field_docs() -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    let mut doc: Vec<&str> = Vec::new();
    let mut strukt = String::new();
    for line in include_str!("api/mod.rs").lines().map(str::trim) {
        if let Some(d) = line.strip_prefix("///") {
            doc.push(d.trim());
        } else if let Some(rest) = line.strip_prefix("pub struct ") {
            strukt = rest.split([' ', '(', '{']).next().unwrap_or("").to_owned();
            doc.clear();
        } else if let Some(rest) = line.strip_prefix("pub ") {
            if let Some((ident, _)) = rest.split_once(':') {
                if !ident.contains(' ') {
                    let text: Vec<&str> = doc
                        .iter()
                        .copied()
                        .filter(|l| !l.starts_with("+k8s:"))
                        .collect();
                    let text = text.join(" ").trim().to_owned();
                    out.push((strukt.clone(), camel(ident), text));
                }
            }
            doc.clear();
        } else if !line.starts_with("#[") {
            doc.clear();
        }
    }
    out
}

/// Fills the descriptions of the fields of `schema`, a `strukt`.
fn describe(schema: &mut Schema, strukt: &str, docs: &[(String, String, String)]) {
    let Kind::Object(fields) = &mut schema.kind else {
        return;
    };
    for fd in fields {
        if let Some((_, _, d)) = docs.iter().find(|(s, n, _)| s == strukt && n == fd.name) {
            fd.description = d.clone();
        }
        let child = match (strukt, fd.name) {
            ("Widget", "metadata") => "ObjectMeta",
            ("Widget", "spec") => "WidgetSpec",
            ("Widget", "status") => "WidgetStatus",
            ("WidgetSpec", "ports") => "WidgetPort",
            ("ObjectMeta", "managedFields") => "ManagedFieldsEntry",
            _ => continue,
        };
        match &mut fd.schema.kind {
            Kind::List { items, .. } => describe(items, child, docs),
            _ => describe(&mut fd.schema, child, docs),
        }
    }
}

fn min0(kind: Kind) -> Schema {
    Schema {
        minimum: Some(0),
        ..s(kind)
    }
}

fn list(list_type: ListType, keys: Vec<&'static str>, items: Schema) -> Schema {
    s(Kind::List {
        list_type,
        keys,
        items: Box::new(items),
    })
}

/// `metadata`.
pub fn object_meta() -> Schema {
    let managed = s(Kind::Object(vec![
        f("manager", s(Kind::String)),
        f("operation", s(Kind::String)),
        f("apiVersion", s(Kind::String)),
        f("time", s(Kind::String)),
        f("fieldsType", s(Kind::String)),
        f("fieldsV1", s(Kind::Any)),
        f("subresource", s(Kind::String)),
    ]));
    s(Kind::Object(vec![
        req("name", s(Kind::String)),
        f("namespace", s(Kind::String)),
        f("uid", s(Kind::String)),
        f("resourceVersion", s(Kind::String)),
        f("generation", s(Kind::Int64)),
        f("creationTimestamp", s(Kind::String)),
        f("labels", s(Kind::StringMap)),
        f("annotations", s(Kind::StringMap)),
        f("managedFields", list(ListType::Atomic, vec![], managed)),
    ]))
}

fn build() -> Schema {
    let port = s(Kind::Object(vec![
        req("name", s(Kind::String)),
        f("port", min0(Kind::Int32)),
        f("protocol", s(Kind::String)),
    ]));
    let spec = s(Kind::Object(vec![
        f("replicas", min0(Kind::Int32)),
        f(
            "displayName",
            Schema {
                max_length: Some(16),
                ..s(Kind::String)
            },
        ),
        f("class", s(Kind::String)),
        f(
            "tier",
            Schema {
                enum_values: vec!["Gold", "Silver"],
                ..s(Kind::String)
            },
        ),
        f("ports", list(ListType::Map, vec!["name"], port)),
        f("tags", list(ListType::Set, vec![], s(Kind::String))),
        f("command", list(ListType::Atomic, vec![], s(Kind::String))),
    ]));
    let status = s(Kind::Object(vec![
        f("readyReplicas", min0(Kind::Int32)),
        f("replicas", min0(Kind::Int32)),
    ]));
    s(Kind::Object(vec![
        f("apiVersion", s(Kind::String)),
        f("kind", s(Kind::String)),
        f("metadata", object_meta()),
        f("spec", spec),
        f("status", status),
    ]))
}

/// The Widget's schema (descriptions from the doc comments of `api.rs`).
pub fn widget() -> &'static Schema {
    static W: OnceLock<Schema> = OnceLock::new();
    W.get_or_init(|| {
        let mut w = build();
        describe(&mut w, "Widget", &field_docs());
        w
    })
}

impl Schema {
    /// The field `name` of an object schema.
    pub fn field(&self, name: &str) -> Option<&Schema> {
        match &self.kind {
            Kind::Object(fields) => fields.iter().find(|f| f.name == name).map(|f| &f.schema),
            _ => None,
        }
    }

    /// Upstream's strict-decoding check: the paths of `value`'s fields the
    /// schema does not know (`spec.foo`, `spec.ports[0].bar`), sorted by
    /// key within each object.
    pub fn unknown_fields(&self, value: &Value) -> Vec<String> {
        let mut out = Vec::new();
        self.walk_unknown(value, "", &mut out);
        out
    }

    fn walk_unknown(&self, value: &Value, path: &str, out: &mut Vec<String>) {
        match (&self.kind, value) {
            (Kind::Object(fields), Value::Object(m)) => {
                for (k, v) in m {
                    let p = if path.is_empty() {
                        k.clone()
                    } else {
                        format!("{path}.{k}")
                    };
                    match fields.iter().find(|f| f.name == k) {
                        Some(f) => f.schema.walk_unknown(v, &p, out),
                        None => out.push(p),
                    }
                }
            }
            (Kind::List { items, .. }, Value::Array(a)) => {
                for (i, v) in a.iter().enumerate() {
                    items.walk_unknown(v, &format!("{path}[{i}]"), out);
                }
            }
            _ => {}
        }
    }

    /// The OpenAPI v3 (structural schema) form.
    pub fn openapi(&self) -> Value {
        let mut o = Map::new();
        match &self.kind {
            Kind::String => {
                o.insert("type".into(), json!("string"));
            }
            Kind::Int32 => {
                o.insert("type".into(), json!("integer"));
                o.insert("format".into(), json!("int32"));
            }
            Kind::Int64 => {
                o.insert("type".into(), json!("integer"));
                o.insert("format".into(), json!("int64"));
            }
            Kind::StringMap => {
                o.insert("type".into(), json!("object"));
                o.insert(
                    "additionalProperties".into(),
                    json!({"type": "string", "default": ""}),
                );
            }
            Kind::Any => {
                o.insert("type".into(), json!("object"));
                o.insert("x-kubernetes-preserve-unknown-fields".into(), json!(true));
            }
            Kind::Object(fields) => {
                o.insert("type".into(), json!("object"));
                let props: Map<String, Value> = fields
                    .iter()
                    .map(|f| {
                        let mut p = f.schema.openapi();
                        if !f.description.is_empty() {
                            p["description"] = json!(f.description);
                        }
                        (f.name.to_owned(), p)
                    })
                    .collect();
                o.insert("properties".into(), Value::Object(props));
                let required: Vec<&str> = fields
                    .iter()
                    .filter(|f| f.required)
                    .map(|f| f.name)
                    .collect();
                if !required.is_empty() {
                    o.insert("required".into(), json!(required));
                }
            }
            Kind::List {
                list_type,
                keys,
                items,
            } => {
                o.insert("type".into(), json!("array"));
                o.insert("items".into(), items.openapi());
                o.insert(
                    "x-kubernetes-list-type".into(),
                    json!(match list_type {
                        ListType::Atomic => "atomic",
                        ListType::Set => "set",
                        ListType::Map => "map",
                    }),
                );
                if !keys.is_empty() {
                    o.insert("x-kubernetes-list-map-keys".into(), json!(keys));
                }
            }
        }
        if let Some(m) = self.minimum {
            o.insert("minimum".into(), json!(m));
        }
        if let Some(m) = self.max_length {
            o.insert("maxLength".into(), json!(m));
        }
        if !self.enum_values.is_empty() {
            o.insert("enum".into(), json!(self.enum_values));
        }
        Value::Object(o)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::*;

    /// Every field a fully populated Widget serialises is in the schema.
    #[test]
    fn schema_covers_the_types() {
        let w = Widget {
            api_version: API_VERSION.into(),
            kind: KIND.into(),
            metadata: ObjectMeta {
                name: "n".into(),
                namespace: "d".into(),
                uid: "u".into(),
                resource_version: "1".into(),
                generation: 1,
                creation_timestamp: "t".into(),
                labels: [("a".to_owned(), "b".to_owned())].into(),
                annotations: [("a".to_owned(), "b".to_owned())].into(),
                managed_fields: vec![ManagedFieldsEntry {
                    manager: "m".into(),
                    operation: "Apply".into(),
                    api_version: "v".into(),
                    time: "t".into(),
                    fields_type: "FieldsV1".into(),
                    fields_v1: json!({}),
                    subresource: "status".into(),
                }],
            },
            spec: WidgetSpec {
                replicas: Some(1),
                display_name: "d".into(),
                class: "c".into(),
                tier: Some(Tier("Gold".into())),
                ports: vec![WidgetPort {
                    name: "p".into(),
                    port: Some(1),
                    protocol: "TCP".into(),
                }],
                tags: vec!["t".into()],
                command: vec!["c".into()],
            },
            status: WidgetStatus {
                ready_replicas: Some(1),
                replicas: Some(1),
            },
        };
        let v = serde_json::to_value(&w).unwrap();
        assert_eq!(widget().unknown_fields(&v), Vec::<String>::new());
        // And the schema has nothing the types lack.
        fn count(s: &Schema) -> usize {
            match &s.kind {
                Kind::Object(fs) => fs.iter().map(|f| 1 + count(&f.schema)).sum(),
                Kind::List { items, .. } => count(items),
                _ => 0,
            }
        }
        fn count_value(v: &Value) -> usize {
            match v {
                Value::Object(m) => m
                    .iter()
                    .map(|(k, v)| {
                        1 + if k == "labels" || k == "annotations" || k == "fieldsV1" {
                            0
                        } else {
                            count_value(v)
                        }
                    })
                    .sum(),
                Value::Array(a) => a.iter().map(count_value).sum(),
                _ => 0,
            }
        }
        assert_eq!(count(widget()), count_value(&v));
    }

    /// The tags of `api.rs`, read from its source, are what the schema says.
    #[test]
    fn schema_follows_the_tags() {
        let src = include_str!("api/mod.rs");
        let mut tags: Vec<String> = Vec::new();
        let mut found = Vec::new();
        let mut strukt = String::new();
        for line in src.lines().map(str::trim) {
            if let Some(t) = line.strip_prefix("/// +k8s:") {
                tags.push(t.to_owned());
            } else if let Some(rest) = line.strip_prefix("pub struct ") {
                strukt = rest.split([' ', '(', '{']).next().unwrap().to_owned();
                tags.clear();
            } else if let Some(rest) = line.strip_prefix("pub ") {
                if let Some((ident, _)) = rest.split_once(':') {
                    if !ident.contains(' ') {
                        for t in tags.drain(..) {
                            found.push((strukt.clone(), camel(ident), t));
                        }
                    }
                }
                tags.clear();
            } else if !line.starts_with("///") && !line.starts_with("#[") {
                tags.clear();
            }
        }
        let at = |path: &[&str]| -> &Schema {
            let mut s = widget();
            for p in path {
                s = s.field(p).unwrap_or_else(|| panic!("{p}"));
                if let Kind::List { items, .. } = &s.kind {
                    if matches!(items.kind, Kind::Object(_)) {
                        s = items;
                    }
                }
            }
            s
        };
        let owner = |strukt: &str| -> Vec<&str> {
            match strukt {
                "ObjectMeta" => vec!["metadata"],
                "WidgetSpec" => vec!["spec"],
                "WidgetPort" => vec!["spec", "ports"],
                "WidgetStatus" => vec!["status"],
                other => panic!("tags on {other} not mapped"),
            }
        };
        let mut checked = 0;
        for (strukt, field, tag) in &found {
            let mut path = owner(strukt);
            path.push(field);
            let parent = at(&path[..path.len() - 1]);
            let Kind::Object(fields) = &parent.kind else {
                panic!()
            };
            let fd = fields.iter().find(|f| f.name == *field).unwrap();
            let sch = &fd.schema;
            let (name, value) = tag.split_once('=').unwrap_or((tag, ""));
            match name {
                "required" => assert!(fd.required, "{field}"),
                "optional" | "immutable" | "format" => {}
                "minimum" => assert_eq!(sch.minimum, Some(value.parse().unwrap()), "{field}"),
                "maxLength" => assert_eq!(sch.max_length, Some(value.parse().unwrap()), "{field}"),
                "listType" => {
                    let Kind::List { list_type, .. } = &sch.kind else {
                        panic!("{field}")
                    };
                    let want = match value {
                        "map" => ListType::Map,
                        "set" => ListType::Set,
                        _ => ListType::Atomic,
                    };
                    assert_eq!(*list_type, want, "{field}");
                }
                "listMapKey" => {
                    let Kind::List { keys, .. } = &sch.kind else {
                        panic!("{field}")
                    };
                    assert!(keys.contains(&value), "{field}");
                }
                other => panic!("tag {other} on {field} not reflected in the schema"),
            }
            checked += 1;
        }
        assert!(checked >= 14, "{found:?}");
        // The enum's values.
        assert_eq!(
            at(&["spec", "tier"]).enum_values,
            [Tier::GOLD, Tier::SILVER]
        );
        // Nothing in the schema that no tag asked for.
        let minimums = found.iter().filter(|t| t.2.starts_with("minimum")).count();
        fn count_min(s: &Schema) -> usize {
            usize::from(s.minimum.is_some())
                + match &s.kind {
                    Kind::Object(fs) => fs.iter().map(|f| count_min(&f.schema)).sum(),
                    Kind::List { items, .. } => count_min(items),
                    _ => 0,
                }
        }
        assert_eq!(count_min(widget()), minimums);
    }

    #[test]
    fn unknown_fields() {
        let v = json!({"spec":{"foo":1,"ports":[{"name":"a","bar":2}]},"zzz":1});
        assert_eq!(
            widget().unknown_fields(&v),
            ["spec.foo", "spec.ports[0].bar", "zzz"]
        );
    }
}
