//! Inlining fragments into one schema (a CRD's `openAPIV3Schema` has no
//! `$ref`), and the CRD around a root type's schema.

use serde_json::{json, Map, Value};

use super::{atomic_set_item, Fragment, ENUM_PENDING, FLATTEN, OPAQUE, REF, SET_ITEM};

/// Why a schema could not be assembled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolveError(pub String);

impl std::fmt::Display for ResolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ResolveError {}

/// The schema of `root` with every reference inlined. Types that are not
/// among `fragments` become `x-kubernetes-preserve-unknown-fields` objects,
/// with a note in `notes`; a type that contains itself is an error (a CRD
/// schema cannot be recursive).
pub fn inline(
    fragments: &[Fragment],
    root: &str,
    notes: &mut Vec<String>,
) -> Result<Value, ResolveError> {
    let frag = fragments
        .iter()
        .find(|f| f.name == root)
        .ok_or_else(|| ResolveError(format!("no type named `{root}` in the input")))?;
    let mut stack = vec![root.to_string()];
    resolve(fragments, &frag.schema, &mut stack, notes)
}

fn resolve(
    fragments: &[Fragment],
    v: &Value,
    stack: &mut Vec<String>,
    notes: &mut Vec<String>,
) -> Result<Value, ResolveError> {
    let Value::Object(m) = v else {
        return Ok(v.clone());
    };
    let mut out = Map::new();
    for (k, child) in m {
        match k.as_str() {
            REF | FLATTEN | OPAQUE | SET_ITEM => {}
            ENUM_PENDING => notes.push(format!(
                "{}: +k8s:enum values not found (no impl block with its consts in the input)",
                stack.last().cloned().unwrap_or_default()
            )),
            "properties" => {
                let mut props = Map::new();
                if let Value::Object(p) = child {
                    for (name, s) in p {
                        props.insert(name.clone(), resolve(fragments, s, stack, notes)?);
                    }
                }
                out.insert(k.clone(), Value::Object(props));
            }
            "items" | "additionalProperties" => {
                out.insert(k.clone(), resolve(fragments, child, stack, notes)?);
            }
            _ => {
                out.insert(k.clone(), child.clone());
            }
        }
    }
    if let Some(Value::Array(flat)) = m.get(FLATTEN) {
        for name in flat.iter().filter_map(Value::as_str) {
            let target = target(fragments, name, stack, notes)?;
            merge(&mut out, target, true);
        }
    }
    if let Some(name) = m.get(REF).and_then(Value::as_str) {
        let mut target = target(fragments, name, stack, notes)?;
        if m.contains_key(OPAQUE) {
            strip_validations(&mut target);
        }
        // The field's own keywords (its description, the tags on the field)
        // go over the type's.
        let own = std::mem::take(&mut out);
        merge(&mut target, own, false);
        out = target;
    }
    if m.contains_key(SET_ITEM) {
        atomic_set_item(&mut out);
    }
    Ok(Value::Object(out))
}

fn target(
    fragments: &[Fragment],
    name: &str,
    stack: &mut Vec<String>,
    notes: &mut Vec<String>,
) -> Result<Map<String, Value>, ResolveError> {
    if stack.iter().any(|s| s == name) {
        return Err(ResolveError(format!(
            "type `{name}` contains itself ({} -> {name}); a CRD schema cannot be recursive",
            stack.join(" -> ")
        )));
    }
    let Some(frag) = fragments.iter().find(|f| f.name == name) else {
        notes.push(format!(
            "{}: type `{name}` is not in the input: exported as an object with any fields \
             (x-kubernetes-preserve-unknown-fields)",
            stack.last().cloned().unwrap_or_default()
        ));
        let v = json!({ "type": "object", "x-kubernetes-preserve-unknown-fields": true });
        return Ok(v.as_object().cloned().unwrap_or_default());
    };
    stack.push(name.to_string());
    let resolved = resolve(fragments, &frag.schema, stack, notes);
    stack.pop();
    match resolved? {
        Value::Object(m) => Ok(m),
        _ => Ok(Map::new()),
    }
}

/// Removes every validation keyword from a schema, recursively, keeping its
/// structure (types, properties, items, list types, descriptions): the
/// schema of an opaque type.
pub fn strip_validations(schema: &mut Map<String, Value>) {
    for k in [
        "x-kubernetes-validations",
        "required",
        "maxLength",
        "minLength",
        "minimum",
        "maximum",
        "maxItems",
        "minItems",
        "maxProperties",
        "minProperties",
        "enum",
    ] {
        schema.remove(k);
    }
    if let Some(Value::Object(props)) = schema.get_mut("properties") {
        for p in props.values_mut() {
            if let Value::Object(p) = p {
                strip_validations(p);
            }
        }
    }
    for k in ["items", "additionalProperties"] {
        if let Some(Value::Object(p)) = schema.get_mut(k) {
            strip_validations(p);
        }
    }
}

/// Merges `from` into `into`: properties recursively, `required` and
/// `x-kubernetes-validations` appended, other keywords from `from` (unless
/// `keep` and `into` has them already).
fn merge(into: &mut Map<String, Value>, from: Map<String, Value>, keep: bool) {
    for (k, v) in from {
        match (k.as_str(), into.get_mut(&k), v) {
            ("properties", Some(Value::Object(dst)), Value::Object(src)) => {
                for (name, s) in src {
                    match (dst.get_mut(&name), s) {
                        (Some(Value::Object(d)), Value::Object(s)) => merge(d, s, keep),
                        (_, s) => {
                            dst.insert(name, s);
                        }
                    }
                }
            }
            (
                "required" | "x-kubernetes-validations",
                Some(Value::Array(dst)),
                Value::Array(src),
            ) => {
                for x in src {
                    if !dst.contains(&x) {
                        dst.push(x);
                    }
                }
            }
            (_, Some(_), _) if keep => {}
            (_, _, v) => {
                into.insert(k, v);
            }
        }
    }
}

/// A `CustomResourceDefinition` (apiextensions.k8s.io/v1) serving `root`'s
/// schema as `group/version`, kind `kind`: the root's `metadata` becomes
/// `{type: object}` (the apiserver validates object metadata itself; rules
/// under it are dropped with a note), `apiVersion` and `kind` are added,
/// and `status`/`scale` subresources follow `+k8s:supportsSubresource`.
pub fn crd(
    schema: Value,
    group: &str,
    version: &str,
    kind: &str,
    subresources: &[String],
    notes: &mut Vec<String>,
) -> Value {
    let mut schema = match schema {
        Value::Object(m) => m,
        _ => Map::new(),
    };
    if let Some(Value::Object(props)) = schema.get_mut("properties") {
        if let Some(meta) = props.get("metadata") {
            let text = meta.to_string();
            let validated = [
                "x-kubernetes-validations",
                "\"required\"",
                "maxLength",
                "minLength",
                "minimum",
                "maximum",
                "\"enum\"",
                "maxItems",
                "minItems",
                "maxProperties",
                "minProperties",
            ]
            .iter()
            .any(|k| text.contains(k));
            if validated {
                notes.push(format!(
                    "{kind}.metadata: not exported: the apiserver validates object metadata \
                     itself; a CRD schema may only say `type: object` there"
                ));
            }
            props.insert("metadata".into(), json!({ "type": "object" }));
        }
        props
            .entry("apiVersion")
            .or_insert_with(|| json!({ "type": "string" }));
        props
            .entry("kind")
            .or_insert_with(|| json!({ "type": "string" }));
    }
    if let Some(Value::Array(req)) = schema.get_mut("required") {
        req.retain(|r| r != "metadata" && r != "apiVersion" && r != "kind");
        if req.is_empty() {
            schema.remove("required");
        }
    }
    let lower = kind.to_ascii_lowercase();
    let plural = if lower.ends_with('s') {
        format!("{lower}es")
    } else {
        format!("{lower}s")
    };
    let mut version_entry = json!({
        "name": version,
        "served": true,
        "storage": true,
        "schema": { "openAPIV3Schema": Value::Object(schema) },
    });
    let mut subs = Map::new();
    for s in subresources {
        match s.as_str() {
            "/status" => {
                subs.insert("status".into(), json!({}));
            }
            other => notes.push(format!(
                "{kind}: subresource {other} is not declared in the CRD (only /status is)"
            )),
        }
    }
    if !subs.is_empty() {
        version_entry["subresources"] = Value::Object(subs);
    }
    json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": { "name": format!("{plural}.{group}") },
        "spec": {
            "group": group,
            "names": {
                "kind": kind,
                "listKind": format!("{kind}List"),
                "plural": plural,
                "singular": lower,
            },
            "scope": "Namespaced",
            "versions": [version_entry],
        },
    })
}
