//! The structural schema of a Widget: what strict decoding
//! ([`crate::decode`]), the OpenAPI v3 document ([`crate::discovery`], which
//! `kubectl explain` reads) and server-side apply's list merging
//! ([`crate::ssa`]) know of the types.
//!
//! It is the product's own export: `validation-gen schema` reads the types
//! of [`crate::api`] (their `+k8s:` tags, serde names and doc comments) and
//! prints one OpenAPI v3 schema per type, nested types inlined. The export
//! of each release the server runs (`--kubernetes-version`) is committed as
//! `schema/api-<release>.json` and compiled in; `.ci/run` and
//! `tests/schema_files.rs` fail when one is stale. To regenerate them, from
//! the workspace root:
//!
//! ```text
//! for r in 1.35 1.36 1.37 1.38; do
//!   cargo run -q -p k8s-validation-gen -- schema --kubernetes-version $r \
//!     -o examples/server/schema/api-$r.json examples/server/src/api
//! done
//! ```
//!
//! [`Document`] keeps the export as JSON (the OpenAPI document serves it
//! as is) and reads the Widget's schema into a [`Schema`] tree once.

use std::sync::OnceLock;

use serde_json::{Map, Value};

use crate::migrate::Release;

/// The committed exports, one per release the server supports.
const EXPORTS: [(Release, &str); 4] = [
    (Release::V1_35, include_str!("../schema/api-1.35.json")),
    (Release::V1_36, include_str!("../schema/api-1.36.json")),
    (Release::V1_37, include_str!("../schema/api-1.37.json")),
    (Release::V1_38, include_str!("../schema/api-1.38.json")),
];

/// The root type: the object the server stores and serves.
pub const ROOT: &str = "Widget";

/// How a list merges (`x-kubernetes-list-type`, from `+k8s:listType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListType {
    /// Replaced as a whole (also a list without a list type, as
    /// structured-merge-diff reads one).
    Atomic,
    /// Scalars, each value owned separately.
    Set,
    /// Objects keyed by `x-kubernetes-list-map-keys` fields.
    Map,
}

/// The shape of a schema node.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// `type: string`.
    String,
    /// `type: integer` (the width is [`Schema::format`]).
    Integer,
    /// `type: number`.
    Number,
    /// `type: boolean`.
    Boolean,
    /// `type: object` with `properties`.
    Object(Vec<Field>),
    /// `type: object` with `additionalProperties` (labels, annotations).
    Map(Box<Schema>),
    /// `type: array`.
    List {
        /// The merge strategy.
        list_type: ListType,
        /// The key fields of a map list.
        keys: Vec<String>,
        /// The items.
        items: Box<Schema>,
    },
    /// `x-kubernetes-preserve-unknown-fields` without a type: anything, kept
    /// as sent (`fieldsV1`).
    Any,
}

/// A schema node with the keywords the tags and doc comments export.
#[derive(Clone, Debug, PartialEq)]
pub struct Schema {
    /// The shape.
    pub kind: Kind,
    /// `format` (`int32`, `int64`, ...).
    pub format: Option<String>,
    /// `description`: the doc comment, tag lines left out.
    pub description: String,
    /// `minimum` (`+k8s:minimum`).
    pub minimum: Option<i64>,
    /// `maximum` (`+k8s:maximum`).
    pub maximum: Option<i64>,
    /// `minLength` (`+k8s:minLength`).
    pub min_length: Option<u64>,
    /// `maxLength` (`+k8s:maxLength`, or the one a format implies).
    pub max_length: Option<u64>,
    /// `minItems` (`+k8s:minItems`).
    pub min_items: Option<u64>,
    /// `maxItems` (`+k8s:maxItems`).
    pub max_items: Option<u64>,
    /// `enum` (`+k8s:enum`).
    pub enum_values: Vec<String>,
}

/// A property of an object.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// The JSON name.
    pub name: String,
    /// In the object's `required` (`+k8s:required`).
    pub required: bool,
    /// The value's schema.
    pub schema: Schema,
}

/// The keywords the reader knows; any other is an error, so that an export
/// that says something new is read on purpose, not skipped. The `x-`
/// extensions besides list types are CEL rules, which only an apiserver
/// given the schema runs (the server runs the generated validators).
const KNOWN: [&str; 18] = [
    "type",
    "format",
    "description",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "x-kubernetes-list-type",
    "x-kubernetes-list-map-keys",
    "x-kubernetes-preserve-unknown-fields",
    "x-kubernetes-validations",
    "enum",
    "minimum",
    "maximum",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
];

impl Schema {
    /// Reads an exported OpenAPI v3 schema; `at` names it in errors.
    pub fn parse(v: &Value, at: &str) -> Result<Schema, String> {
        let Value::Object(o) = v else {
            return Err(format!("{at}: not a schema object"));
        };
        if let Some(k) = o.keys().find(|k| !KNOWN.contains(&k.as_str())) {
            return Err(format!("{at}: keyword {k:?} is not read by the server"));
        }
        let str_of = |k: &str| o.get(k).and_then(Value::as_str);
        let int = |k: &str| -> Result<Option<i64>, String> {
            o.get(k)
                .map(|n| n.as_i64().ok_or(format!("{at}: {k} is not an integer")))
                .transpose()
        };
        let uint = |k: &str| -> Result<Option<u64>, String> {
            o.get(k)
                .map(|n| n.as_u64().ok_or(format!("{at}: {k} is not a count")))
                .transpose()
        };
        let strings = |k: &str| -> Result<Vec<String>, String> {
            match o.get(k) {
                None => Ok(Vec::new()),
                Some(Value::Array(a)) => a
                    .iter()
                    .map(|s| {
                        s.as_str()
                            .map(str::to_owned)
                            .ok_or(format!("{at}: {k} holds a non-string"))
                    })
                    .collect(),
                Some(_) => Err(format!("{at}: {k} is not a list")),
            }
        };
        let preserve = o.get("x-kubernetes-preserve-unknown-fields") == Some(&Value::Bool(true));
        let kind = match (str_of("type"), preserve) {
            (Some("string"), _) => Kind::String,
            (Some("integer"), _) => Kind::Integer,
            (Some("number"), _) => Kind::Number,
            (Some("boolean"), _) => Kind::Boolean,
            (Some("object"), _) if o.contains_key("additionalProperties") => Kind::Map(Box::new(
                Schema::parse(&o["additionalProperties"], &format!("{at}{{}}"))?,
            )),
            (Some("object"), _) if o.contains_key("properties") => {
                let required = strings("required")?;
                let Some(Value::Object(props)) = o.get("properties") else {
                    return Err(format!("{at}: properties is not an object"));
                };
                let fields = props
                    .iter()
                    .map(|(name, p)| {
                        Ok(Field {
                            name: name.clone(),
                            required: required.contains(name),
                            schema: Schema::parse(p, &format!("{at}.{name}"))?,
                        })
                    })
                    .collect::<Result<Vec<_>, String>>()?;
                if let Some(r) = required.iter().find(|r| !props.contains_key(*r)) {
                    return Err(format!("{at}: required {r:?} is not a property"));
                }
                Kind::Object(fields)
            }
            (Some("object"), true) | (None, true) => Kind::Any,
            (Some("array"), _) => {
                let list_type = match str_of("x-kubernetes-list-type") {
                    None | Some("atomic") => ListType::Atomic,
                    Some("set") => ListType::Set,
                    Some("map") => ListType::Map,
                    Some(other) => return Err(format!("{at}: list type {other:?}")),
                };
                let keys = strings("x-kubernetes-list-map-keys")?;
                if (list_type == ListType::Map) == keys.is_empty() {
                    return Err(format!("{at}: map-list keys {keys:?} with {list_type:?}"));
                }
                let items = o
                    .get("items")
                    .ok_or(format!("{at}: an array without items"))?;
                Kind::List {
                    list_type,
                    keys,
                    items: Box::new(Schema::parse(items, &format!("{at}[]"))?),
                }
            }
            (t, _) => return Err(format!("{at}: cannot read a schema of type {t:?}")),
        };
        Ok(Schema {
            kind,
            format: str_of("format").map(str::to_owned),
            description: str_of("description").unwrap_or_default().to_owned(),
            minimum: int("minimum")?,
            maximum: int("maximum")?,
            min_length: uint("minLength")?,
            max_length: uint("maxLength")?,
            min_items: uint("minItems")?,
            max_items: uint("maxItems")?,
            enum_values: strings("enum")?,
        })
    }

    /// The property `name` of an object schema.
    pub fn field(&self, name: &str) -> Option<&Field> {
        match &self.kind {
            Kind::Object(fields) => fields.iter().find(|f| f.name == name),
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
                    match fields.iter().find(|f| f.name == *k) {
                        Some(f) => f.schema.walk_unknown(v, &p, out),
                        None => out.push(p),
                    }
                }
            }
            (Kind::Map(values), Value::Object(m)) => {
                for (k, v) in m {
                    values.walk_unknown(v, &format!("{path}.{k}"), out);
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
}

/// One release's export: every type's OpenAPI v3 schema, and the root
/// type's read into a [`Schema`].
#[derive(Debug)]
pub struct Document {
    release: Release,
    types: Map<String, Value>,
    root: Schema,
}

impl Document {
    /// Reads an export (`validation-gen schema` without `--type`: an object
    /// of type name to schema) whose root type is [`ROOT`].
    pub fn parse(release: Release, json: &str) -> Result<Document, String> {
        let types: Map<String, Value> = serde_json::from_str(json).map_err(|e| e.to_string())?;
        let root = types
            .get(ROOT)
            .ok_or(format!("no type {ROOT} in the export"))?;
        let root = Schema::parse(root, ROOT)?;
        Ok(Document {
            release,
            types,
            root,
        })
    }

    /// The export of `release`, read once; `None` for a release the server
    /// does not support.
    pub fn for_release(release: Release) -> Option<&'static Document> {
        static DOCS: [OnceLock<Document>; EXPORTS.len()] =
            [const { OnceLock::new() }; EXPORTS.len()];
        let i = EXPORTS.iter().position(|(r, _)| *r == release)?;
        Some(DOCS[i].get_or_init(|| {
            let (release, json) = EXPORTS[i];
            Document::parse(release, json)
                .unwrap_or_else(|e| panic!("schema/api-{release}.json: {e}"))
        }))
    }

    /// The release whose export this is.
    pub fn release(&self) -> Release {
        self.release
    }

    /// The Widget's schema.
    pub fn widget(&self) -> &Schema {
        &self.root
    }

    /// The exported OpenAPI v3 schema of the type `name` (`Widget`,
    /// `ObjectMeta`, ...), nested types inlined.
    pub fn openapi(&self, name: &str) -> Option<&Value> {
        self.types.get(name)
    }
}

/// The Widget's schema of the default release, for unit tests (the server
/// reads its release's [`Document`]).
#[cfg(test)]
pub(crate) fn widget() -> &'static Schema {
    Document::for_release(Release::DEFAULT)
        .expect("the default release has a schema")
        .widget()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::*;
    use serde_json::json;

    fn every_document() -> impl Iterator<Item = &'static Document> {
        Release::SUPPORTED.iter().map(|r| {
            Document::for_release(*r).unwrap_or_else(|| panic!("no schema for Kubernetes {r}"))
        })
    }

    /// A Widget with every field set.
    fn full_widget() -> Widget {
        Widget {
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
                    fields_v1: json!({"f:spec": {}}),
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
        }
    }

    /// Every supported release has an export the reader reads.
    #[test]
    fn every_supported_release_has_a_schema() {
        for d in every_document() {
            assert!(Release::SUPPORTED.contains(&d.release()));
            assert!(d.openapi("ObjectMeta").is_some());
        }
        assert!(Document::for_release(Release::V1_34).is_none());
    }

    /// The export and serde agree: every field a fully populated Widget
    /// serialises is in the schema, with the JSON type it is written as,
    /// and the schema has no field the types lack.
    #[test]
    fn schema_covers_the_types() {
        fn check(s: &Schema, v: &Value, path: &str) -> usize {
            match (&s.kind, v) {
                (Kind::Object(fields), Value::Object(m)) => {
                    for f in fields {
                        assert!(m.contains_key(&f.name), "{path}.{} not serialised", f.name);
                    }
                    m.iter()
                        .map(|(k, v)| {
                            let f = s
                                .field(k)
                                .unwrap_or_else(|| panic!("{path}.{k} not in the schema"));
                            1 + check(&f.schema, v, &format!("{path}.{k}"))
                        })
                        .sum()
                }
                (Kind::Map(values), Value::Object(m)) => {
                    m.values().map(|v| check(values, v, path)).sum()
                }
                (Kind::List { items, .. }, Value::Array(a)) => {
                    a.iter().map(|v| check(items, v, path)).sum()
                }
                (Kind::String, Value::String(_))
                | (Kind::Integer, Value::Number(_))
                | (Kind::Any, _) => 0,
                (k, v) => panic!("{path}: {v} is not a {k:?}"),
            }
        }
        let v = serde_json::to_value(full_widget()).unwrap();
        for d in every_document() {
            assert_eq!(d.widget().unknown_fields(&v), Vec::<String>::new());
            assert_eq!(check(d.widget(), &v, ""), 33, "{}", d.release());
        }
    }

    /// What the server relies on is read from the tags: list types and
    /// keys (apply), `required`, keywords and the doc comments (OpenAPI).
    #[test]
    fn schema_follows_the_tags() {
        for d in every_document() {
            let w = d.widget();
            let at = |path: &str| -> &Field {
                let mut s = w;
                let mut field = None;
                for p in path.split('.') {
                    let f = s.field(p).unwrap_or_else(|| panic!("{path}"));
                    s = match &f.schema.kind {
                        Kind::List { items, .. } => items,
                        _ => &f.schema,
                    };
                    field = Some(f);
                }
                field.unwrap()
            };
            let list = |path: &str| match &at(path).schema.kind {
                Kind::List {
                    list_type, keys, ..
                } => (*list_type, keys.clone()),
                other => panic!("{path}: {other:?}"),
            };
            assert_eq!(list("spec.ports"), (ListType::Map, vec!["name".into()]));
            assert_eq!(list("spec.tags"), (ListType::Set, vec![]));
            assert_eq!(list("spec.command"), (ListType::Atomic, vec![]));
            // No listType tag: atomic, as structured-merge-diff has it.
            assert_eq!(list("metadata.managedFields"), (ListType::Atomic, vec![]));
            assert!(at("metadata.name").required && at("spec.ports.name").required);
            assert!(!at("spec.replicas").required && !at("spec.ports.port").required);
            for path in [
                "spec.replicas",
                "spec.ports.port",
                "status.replicas",
                "status.readyReplicas",
            ] {
                let s = &at(path).schema;
                assert_eq!((&s.kind, s.minimum), (&Kind::Integer, Some(0)), "{path}");
                assert_eq!(s.format.as_deref(), Some("int32"), "{path}");
            }
            assert_eq!(at("spec.displayName").schema.max_length, Some(16));
            assert_eq!(
                at("spec.tier").schema.enum_values,
                [Tier::GOLD, Tier::SILVER]
            );
            assert_eq!(
                at("metadata.generation").schema.format.as_deref(),
                Some("int64")
            );
            assert!(matches!(at("metadata.labels").schema.kind, Kind::Map(_)));
            assert_eq!(at("metadata.managedFields.fieldsV1").schema.kind, Kind::Any);
            assert_eq!(
                at("spec.ports").schema.description,
                "Ports, keyed by name: server-side apply merges them item by item."
            );
            // Tag lines are not part of a description.
            assert_eq!(at("spec.replicas").schema.description, "");
        }
    }

    #[test]
    fn unknown_fields() {
        let v = json!({"spec":{"foo":1,"ports":[{"name":"a","bar":2}]},"zzz":1,
                       "metadata":{"labels":{"x":"y"},"managedFields":[{"fieldsV1":{"f:a":{}}}]}});
        assert_eq!(
            widget().unknown_fields(&v),
            ["spec.foo", "spec.ports[0].bar", "zzz"]
        );
    }

    #[test]
    fn the_reader_refuses_what_it_does_not_know() {
        let read = |v: Value| Schema::parse(&v, "T").unwrap_err();
        assert_eq!(
            read(json!({"type": "object", "x-kubernetes-map-type": "atomic", "properties": {}})),
            "T: keyword \"x-kubernetes-map-type\" is not read by the server"
        );
        assert_eq!(
            read(json!({"type": "object", "properties": {"a": {"allOf": []}}})),
            "T.a: keyword \"allOf\" is not read by the server"
        );
        assert_eq!(
            read(
                json!({"type": "array", "items": {"type": "string"}, "x-kubernetes-list-type": "map"})
            ),
            "T: map-list keys [] with Map"
        );
        assert_eq!(
            read(
                json!({"type": "object", "required": ["b"], "properties": {"a": {"type": "string"}}})
            ),
            "T: required \"b\" is not a property"
        );
    }
}
