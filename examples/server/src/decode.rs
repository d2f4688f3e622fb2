//! Request bodies: media types, the body-size limit, and strict decoding
//! (unknown and duplicate fields) as upstream's `fieldValidation` does it.

use std::fmt;

use axum::body::Body;
use http_body_util::{BodyExt, Limited};
use serde::de::{DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use crate::api::{API_VERSION, KIND, VERSION};
use crate::schema;
use crate::status::Status;

/// The largest body accepted (upstream's 3 MiB).
pub const MAX_BODY: usize = 3 * 1024 * 1024;

/// What a body is, from its `Content-Type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Media {
    /// `application/json` (also a missing header, as upstream).
    Json,
    /// `application/yaml`.
    Yaml,
    /// `application/merge-patch+json`.
    MergePatch,
    /// `application/json-patch+json`.
    JsonPatch,
    /// `application/apply-patch+yaml`.
    ApplyPatch,
    /// `application/strategic-merge-patch+json` (refused: custom resources
    /// have no patch strategy).
    StrategicMergePatch,
    /// Anything else.
    Other,
}

/// The media type of a `Content-Type` value (parameters ignored).
pub fn media(content_type: Option<&str>) -> Media {
    let Some(ct) = content_type else {
        return Media::Json;
    };
    let essence = ct.split(';').next().unwrap_or("").trim();
    match essence.to_ascii_lowercase().as_str() {
        "" | "application/json" => Media::Json,
        "application/yaml" => Media::Yaml,
        "application/merge-patch+json" => Media::MergePatch,
        "application/json-patch+json" => Media::JsonPatch,
        "application/apply-patch+yaml" => Media::ApplyPatch,
        "application/strategic-merge-patch+json" => Media::StrategicMergePatch,
        _ => Media::Other,
    }
}

/// The media types a create or update takes.
pub const OBJECT_MEDIA: &str = "application/json, application/yaml";
/// The media types a patch takes.
pub const PATCH_MEDIA: &str =
    "application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml";

/// Reads the whole body, at most [`MAX_BODY`] bytes (413 otherwise).
pub async fn read_body(body: Body) -> Result<Vec<u8>, Status> {
    match Limited::new(body, MAX_BODY).collect().await {
        Ok(c) => Ok(c.to_bytes().to_vec()),
        Err(e) => {
            if e.downcast_ref::<http_body_util::LengthLimitError>()
                .is_some()
            {
                Err(Status::too_large(MAX_BODY))
            } else {
                Err(Status::bad_request(format!("error reading the body: {e}")))
            }
        }
    }
}

/// `fieldValidation`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldValidation {
    /// Unknown or duplicate fields fail the request (400).
    Strict,
    /// ... become `Warning` headers (upstream's default).
    Warn,
    /// ... are dropped silently.
    Ignore,
}

impl FieldValidation {
    /// From the query parameter (absent: `Warn`).
    pub fn parse(v: Option<&str>) -> Result<FieldValidation, Status> {
        match v {
            None | Some("") | Some("Warn") => Ok(FieldValidation::Warn),
            Some("Strict") => Ok(FieldValidation::Strict),
            Some("Ignore") => Ok(FieldValidation::Ignore),
            Some(other) => Err(Status::bad_request(format!(
                "fieldValidation parameter unsupported: {other}"
            ))),
        }
    }
}

/// A decoded JSON document with the problems strict decoding reports.
pub struct Decoded {
    /// The value (for a duplicate key, the last one wins, as in Go).
    pub value: Value,
    /// `duplicate field "spec.replicas"` paths.
    pub duplicates: Vec<String>,
}

/// Parses JSON (or YAML), noting duplicate keys.
pub fn parse(bytes: &[u8], yaml: bool) -> Result<Decoded, String> {
    if yaml {
        let value: Value = serde_norway::from_slice(bytes).map_err(|e| e.to_string())?;
        return Ok(Decoded {
            value,
            duplicates: Vec::new(),
        });
    }
    let mut duplicates = Vec::new();
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = DupSeed {
        path: String::new(),
        dups: &mut duplicates,
    }
    .deserialize(&mut de)
    .map_err(|e| e.to_string())?;
    de.end().map_err(|e| e.to_string())?;
    Ok(Decoded { value, duplicates })
}

struct DupSeed<'a> {
    path: String,
    dups: &'a mut Vec<String>,
}

impl<'de> DeserializeSeed<'de> for DupSeed<'_> {
    type Value = Value;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for DupSeed<'_> {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(v.into())
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(v.into())
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        while let Some(v) = seq.next_element_seed(DupSeed {
            path: format!("{}[{}]", self.path, out.len()),
            dups: &mut *self.dups,
        })? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(k) = map.next_key::<String>()? {
            let path = if self.path.is_empty() {
                k.clone()
            } else {
                format!("{}.{k}", self.path)
            };
            let v = map.next_value_seed(DupSeed {
                path: path.clone(),
                dups: &mut *self.dups,
            })?;
            if out.insert(k, v).is_some() {
                self.dups.push(path);
            }
        }
        Ok(Value::Object(out))
    }
}

/// The strict-decoding findings of an object: `unknown field "spec.foo"`,
/// `duplicate field "spec.replicas"`, as upstream words them.
pub fn strict_problems(d: &Decoded, schema: &schema::Schema) -> Vec<String> {
    let mut out: Vec<String> = d
        .duplicates
        .iter()
        .map(|p| format!("duplicate field {}", crate::status::go_quote(p)))
        .collect();
    out.extend(unknown_fields(&d.value, schema));
    out
}

/// The strict-decoding findings of a value with no duplicate keys (a
/// patched object, an apply configuration): `unknown field "spec.foo"`.
pub fn unknown_fields(v: &Value, schema: &schema::Schema) -> Vec<String> {
    schema
        .unknown_fields(v)
        .into_iter()
        .map(|p| format!("unknown field {}", crate::status::go_quote(&p)))
        .collect()
}

/// The 400 upstream answers a body that is not a Widget with.
pub fn cannot_handle(detail: &str) -> Status {
    Status::bad_request(format!(
        "{KIND} in version {} cannot be handled as a {KIND}: {detail}",
        crate::status::go_quote(VERSION)
    ))
}

/// Checks `apiVersion` and `kind` of an object body (filled in when absent).
pub fn check_type_meta(v: &mut Value) -> Result<(), Status> {
    let Value::Object(m) = v else {
        return Err(cannot_handle(&format!(
            "json: cannot unmarshal {} into Go value of type map[string]interface {{}}",
            json_type(v)
        )));
    };
    match m.get("apiVersion") {
        None | Some(Value::Null) => {
            m.insert("apiVersion".into(), API_VERSION.into());
        }
        Some(Value::String(s)) if s == API_VERSION => {}
        Some(Value::String(s)) if s.is_empty() => {
            m.insert("apiVersion".into(), API_VERSION.into());
        }
        Some(other) => {
            return Err(Status::bad_request(format!(
                "the API version in the data ({}) does not match the expected API version ({API_VERSION})",
                other.as_str().unwrap_or(&other.to_string())
            )))
        }
    }
    match m.get("kind") {
        None | Some(Value::Null) => {
            m.insert("kind".into(), KIND.into());
        }
        Some(Value::String(s)) if s == KIND => {}
        Some(Value::String(s)) if s.is_empty() => {
            m.insert("kind".into(), KIND.into());
        }
        Some(other) => {
            return Err(Status::bad_request(format!(
                "the kind in the data ({}) does not match the expected kind ({KIND})",
                other.as_str().unwrap_or(&other.to_string())
            )))
        }
    }
    Ok(())
}

/// Go's name of a JSON value's type (`array`, `string`, ...).
pub fn json_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicates() {
        let d = parse(
            br#"{"a":1,"spec":{"r":1,"r":2,"l":[{"x":1,"x":2}]}}"#,
            false,
        )
        .unwrap();
        assert_eq!(d.duplicates, ["spec.r", "spec.l[0].x"]);
        assert_eq!(d.value["spec"]["r"], 2);
    }

    #[test]
    fn media_types() {
        assert_eq!(media(None), Media::Json);
        assert_eq!(media(Some("application/json; charset=utf-8")), Media::Json);
        assert_eq!(media(Some("text/plain")), Media::Other);
        assert_eq!(
            media(Some("application/strategic-merge-patch+json")),
            Media::StrategicMergePatch
        );
    }

    #[test]
    fn type_meta() {
        let mut v = serde_json::json!([1]);
        assert!(check_type_meta(&mut v).is_err());
        let mut v = serde_json::json!({"apiVersion":"apps/v1"});
        assert_eq!(
            check_type_meta(&mut v).unwrap_err().body(),
            r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the API version in the data (apps/v1) does not match the expected API version (example.dev/v1)","reason":"BadRequest","code":400}"#
        );
    }
}
