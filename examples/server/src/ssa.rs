//! Managed fields and server-side apply, after upstream's
//! `structured-merge-diff`: field sets in the `FieldsV1` format, one entry
//! per manager and operation, conflicts when an applier sets a field another
//! manager owns to a different value, list merging by `listType` /
//! `listMapKey` from [`crate::schema`].

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use crate::api::{ManagedFieldsEntry, API_VERSION};
use crate::schema::{Kind, ListType, Schema};
use crate::status::{Cause, Status};

/// One step of a field path.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Step {
    /// `f:name`.
    Field(String),
    /// `k:{"name":"http"}` (a map-list item).
    Key(String),
    /// `v:"a"` (a set item).
    Value(String),
}

/// A field path.
pub type FieldPath = Vec<Step>;
/// A set of paths.
pub type FieldSet = BTreeSet<FieldPath>;

/// The printed form upstream uses in conflict messages:
/// `.spec.replicas`, `.spec.ports[name="http"].port`, `.spec.tags[="a"]`.
pub fn path_string(p: &FieldPath) -> String {
    let mut s = String::new();
    for step in p {
        match step {
            Step::Field(f) => {
                s.push('.');
                s.push_str(f);
            }
            Step::Key(k) => {
                let v: Map<String, Value> = serde_json::from_str(k).unwrap_or_default();
                let parts: Vec<String> = v.iter().map(|(k, v)| format!("{k}={v}")).collect();
                s.push('[');
                s.push_str(&parts.join(","));
                s.push(']');
            }
            Step::Value(v) => {
                s.push_str("[=");
                s.push_str(v);
                s.push(']');
            }
        }
    }
    s
}

/// Top-level fields no manager owns (upstream strips them).
fn stripped(p: &FieldPath) -> bool {
    match p.as_slice() {
        [Step::Field(f)] => f == "apiVersion" || f == "kind",
        [Step::Field(m), Step::Field(f), ..] if m == "metadata" => {
            !matches!(f.as_str(), "labels" | "annotations")
        }
        _ => false,
    }
}

/// The set of fields `v` sets: leaves, and map-list and set items.
pub fn field_set(v: &Value, schema: &Schema) -> FieldSet {
    let mut out = FieldSet::new();
    walk(v, schema, &mut Vec::new(), &mut out);
    out.retain(|p| !stripped(p));
    out
}

fn key_of(item: &Value, keys: &[String]) -> String {
    let mut m = Map::new();
    for k in keys {
        m.insert(k.clone(), item.get(k).cloned().unwrap_or(Value::Null));
    }
    Value::Object(m).to_string()
}

fn walk(v: &Value, schema: &Schema, path: &mut FieldPath, out: &mut FieldSet) {
    match (&schema.kind, v) {
        (Kind::Object(fields), Value::Object(m)) => {
            for (k, child) in m {
                let Some(f) = fields.iter().find(|f| f.name == *k) else {
                    continue;
                };
                path.push(Step::Field(k.clone()));
                walk(child, &f.schema, path, out);
                path.pop();
            }
        }
        (Kind::Map(_), Value::Object(m)) if !m.is_empty() => {
            for k in m.keys() {
                path.push(Step::Field(k.clone()));
                out.insert(path.clone());
                path.pop();
            }
        }
        (
            Kind::List {
                list_type: ListType::Map,
                keys,
                items,
            },
            Value::Array(a),
        ) => {
            for item in a {
                path.push(Step::Key(key_of(item, keys)));
                out.insert(path.clone());
                walk(item, items, path, out);
                path.pop();
            }
        }
        (
            Kind::List {
                list_type: ListType::Set,
                ..
            },
            Value::Array(a),
        ) => {
            for item in a {
                path.push(Step::Value(item.to_string()));
                out.insert(path.clone());
                path.pop();
            }
        }
        _ => {
            out.insert(path.clone());
        }
    }
}

/// The value at `p` in `v` (for conflict and change detection).
pub fn get<'a>(v: &'a Value, schema: &Schema, p: &[Step]) -> Option<&'a Value> {
    let Some((first, rest)) = p.split_first() else {
        return Some(v);
    };
    match (first, &schema.kind, v) {
        (Step::Field(f), Kind::Object(fields), Value::Object(m)) => {
            let fs = &fields.iter().find(|x| x.name == *f)?.schema;
            get(m.get(f)?, fs, rest)
        }
        (Step::Field(f), Kind::Map(_), Value::Object(m)) => m.get(f),
        (Step::Key(k), Kind::List { keys, items, .. }, Value::Array(a)) => {
            let item = a.iter().find(|i| &key_of(i, keys) == k)?;
            get(item, items, rest)
        }
        (Step::Value(s), Kind::List { .. }, Value::Array(a)) => {
            a.iter().find(|i| &i.to_string() == s)
        }
        _ => None,
    }
}

/// `FieldsV1` of a set.
pub fn to_fields_v1(set: &FieldSet) -> Value {
    let mut root = Map::new();
    for p in set {
        let mut node = &mut root;
        for (i, step) in p.iter().enumerate() {
            let k = match step {
                Step::Field(f) => format!("f:{f}"),
                Step::Key(k) => format!("k:{k}"),
                Step::Value(v) => format!("v:{v}"),
            };
            let child = node
                .entry(k)
                .or_insert_with(|| Value::Object(Map::new()))
                .as_object_mut()
                .expect("objects only");
            if i + 1 == p.len() && matches!(step, Step::Key(_)) {
                child.insert(".".into(), Value::Object(Map::new()));
            }
            node = child;
        }
    }
    Value::Object(root)
}

/// A set from `FieldsV1`.
pub fn from_fields_v1(v: &Value) -> FieldSet {
    fn rec(v: &Value, path: &mut FieldPath, out: &mut FieldSet) {
        let Value::Object(m) = v else { return };
        if m.is_empty() {
            if !path.is_empty() {
                out.insert(path.clone());
            }
            return;
        }
        for (k, child) in m {
            if k == "." {
                out.insert(path.clone());
                continue;
            }
            let step = if let Some(f) = k.strip_prefix("f:") {
                Step::Field(f.to_owned())
            } else if let Some(f) = k.strip_prefix("k:") {
                Step::Key(f.to_owned())
            } else if let Some(f) = k.strip_prefix("v:") {
                Step::Value(f.to_owned())
            } else {
                continue;
            };
            path.push(step);
            rec(child, path, out);
            path.pop();
        }
    }
    let mut out = FieldSet::new();
    rec(v, &mut Vec::new(), &mut out);
    out
}

fn entry_set(e: &ManagedFieldsEntry) -> FieldSet {
    from_fields_v1(&e.fields_v1)
}

fn set_entry(
    entries: &mut Vec<ManagedFieldsEntry>,
    manager: &str,
    operation: &str,
    subresource: &str,
    set: FieldSet,
    now: &str,
) {
    let pos = entries.iter().position(|e| {
        e.manager == manager && e.operation == operation && e.subresource == subresource
    });
    if set.is_empty() {
        if let Some(i) = pos {
            entries.remove(i);
        }
        return;
    }
    let fields_v1 = to_fields_v1(&set);
    match pos {
        Some(i) => {
            if entries[i].fields_v1 != fields_v1 {
                entries[i].fields_v1 = fields_v1;
                entries[i].time = now.to_owned();
            }
        }
        None => entries.push(ManagedFieldsEntry {
            manager: manager.to_owned(),
            operation: operation.to_owned(),
            api_version: API_VERSION.to_owned(),
            time: now.to_owned(),
            fields_type: "FieldsV1".to_owned(),
            fields_v1,
            subresource: subresource.to_owned(),
        }),
    }
}

/// Who writes: what a managed-fields entry records of a request.
#[derive(Clone, Copy, Debug)]
pub struct Writer<'a> {
    /// The field manager.
    pub manager: &'a str,
    /// The subresource written through (`""`, `status`, `scale`).
    pub subresource: &'a str,
    /// The time of the write (RFC 3339).
    pub now: &'a str,
}

/// An update (create, PUT, merge or JSON patch) by `by`: the fields it
/// changed become its manager's (operation `Update`) and leave other
/// managers.
pub fn record_update(
    entries: &mut Vec<ManagedFieldsEntry>,
    old: Option<&Value>,
    new: &Value,
    schema: &Schema,
    by: &Writer,
) {
    let Writer {
        manager,
        subresource,
        now,
    } = *by;
    let new_set = field_set(new, schema);
    let changed: FieldSet = match old {
        None => new_set.clone(),
        Some(old) => {
            let old_set = field_set(old, schema);
            new_set
                .iter()
                .filter(|p| get(old, schema, p) != get(new, schema, p))
                .cloned()
                .chain(old_set.difference(&new_set).cloned())
                .collect()
        }
    };
    // Fields no longer present leave every manager.
    for e in entries.iter_mut() {
        let mut s = entry_set(e);
        let before = s.len();
        s.retain(|p| new_set.contains(p) && !changed.contains(p));
        if s.len() != before {
            e.fields_v1 = to_fields_v1(&s);
        }
    }
    entries.retain(|e| !entry_set(e).is_empty());
    if changed.is_empty() {
        return;
    }
    let mut mine = entries
        .iter()
        .find(|e| e.manager == manager && e.operation == "Update" && e.subresource == subresource)
        .map(entry_set)
        .unwrap_or_default();
    mine.extend(changed.into_iter().filter(|p| new_set.contains(p)));
    set_entry(entries, manager, "Update", subresource, mine, now);
}

/// The 409 of a conflicting apply, worded as upstream's
/// `internal.NewConflictError`.
fn conflict_status(conflicts: &[(String, FieldPath)], entries: &[ManagedFieldsEntry]) -> Status {
    let print = |manager: &str| -> String {
        let e = entries.iter().find(|e| e.manager == manager);
        let mut s = crate::status::go_quote(manager);
        if let Some(e) = e {
            if !e.subresource.is_empty() {
                s.push_str(&format!(
                    " with subresource {}",
                    crate::status::go_quote(&e.subresource)
                ));
            }
            if e.operation == "Update" {
                s.push_str(&format!(" using {}", e.api_version));
                if !e.time.is_empty() {
                    s.push_str(&format!(" at {}", e.time));
                }
            }
        }
        s
    };
    let causes = conflicts
        .iter()
        .map(|(m, p)| Cause {
            reason: "FieldManagerConflict".into(),
            message: format!("conflict with {}", print(m)),
            field: path_string(p),
        })
        .collect();
    let message = if conflicts.len() == 1 {
        format!(
            "Apply failed with 1 conflict: conflict with {}: {}",
            print(&conflicts[0].0),
            path_string(&conflicts[0].1)
        )
    } else {
        let mut managers: Vec<&String> = conflicts.iter().map(|(m, _)| m).collect();
        managers.sort();
        managers.dedup();
        let mut parts = Vec::new();
        for m in managers {
            parts.push(format!("conflicts with {}", print(m)));
            for (cm, p) in conflicts {
                if cm == m {
                    parts.push(format!("- {}", path_string(p)));
                }
            }
        }
        format!(
            "Apply failed with {} conflicts: {}",
            conflicts.len(),
            parts.join("\n")
        )
    };
    Status::apply_conflict(message, causes)
}

/// Merges an applied configuration by `by` into `live` (`Value::Null` for
/// a new object), per the schema's list types, removing the fields its
/// manager applied before and no longer applies (unless someone else owns
/// them). A field another manager owns with a different value is a
/// conflict (409) unless `force` takes it. The caller passes only the part
/// of the configuration the subresource applies.
pub fn apply(
    live: &Value,
    config: &Value,
    schema: &Schema,
    entries: &mut Vec<ManagedFieldsEntry>,
    by: &Writer,
    force: bool,
) -> Result<Value, Status> {
    let Writer {
        manager,
        subresource,
        now,
    } = *by;
    let config_set = field_set(config, schema);
    // Conflicts: another manager owns a field this apply sets differently.
    let mut conflicts = Vec::new();
    for e in entries.iter() {
        if e.manager == manager && e.operation == "Apply" && e.subresource == subresource {
            continue;
        }
        for p in entry_set(e).intersection(&config_set) {
            if get(live, schema, p) != get(config, schema, p) {
                conflicts.push((e.manager.clone(), p.clone()));
            }
        }
    }
    if !conflicts.is_empty() && !force {
        return Err(conflict_status(&conflicts, entries));
    }
    let previous = entries
        .iter()
        .find(|e| e.manager == manager && e.operation == "Apply" && e.subresource == subresource)
        .map(entry_set)
        .unwrap_or_default();
    if force {
        for e in entries.iter_mut() {
            if e.manager == manager && e.operation == "Apply" && e.subresource == subresource {
                continue;
            }
            let mut s = entry_set(e);
            let before = s.len();
            s.retain(|p| !conflicts.iter().any(|(_, c)| c == p));
            if s.len() != before {
                e.fields_v1 = to_fields_v1(&s);
            }
        }
        entries.retain(|e| !entry_set(e).is_empty());
    }
    let mut merged = merge(live, config, schema);
    // Fields this manager dropped from its configuration, that nobody else
    // owns, are removed.
    let others: FieldSet = entries
        .iter()
        .filter(|e| {
            !(e.manager == manager && e.operation == "Apply" && e.subresource == subresource)
        })
        .flat_map(entry_set)
        .collect();
    for p in previous.difference(&config_set) {
        if !others.contains(p) {
            remove(&mut merged, schema, p);
        }
    }
    set_entry(entries, manager, "Apply", subresource, config_set, now);
    Ok(merged)
}

fn merge(live: &Value, config: &Value, schema: &Schema) -> Value {
    match (&schema.kind, live, config) {
        (Kind::Object(fields), Value::Object(l), Value::Object(c)) => {
            let mut out = l.clone();
            for (k, cv) in c {
                let v = match (fields.iter().find(|f| f.name == *k), l.get(k)) {
                    (Some(f), Some(lv)) => merge(lv, cv, &f.schema),
                    _ => cv.clone(),
                };
                out.insert(k.clone(), v);
            }
            Value::Object(out)
        }
        (Kind::Map(_), Value::Object(l), Value::Object(c)) => {
            let mut out = l.clone();
            out.extend(c.clone());
            Value::Object(out)
        }
        (
            Kind::List {
                list_type: ListType::Map,
                keys,
                items,
            },
            Value::Array(l),
            Value::Array(c),
        ) => {
            let mut out: Vec<Value> = l.clone();
            for ci in c {
                let k = key_of(ci, keys);
                match out.iter().position(|li| key_of(li, keys) == k) {
                    Some(i) => out[i] = merge(&out[i], ci, items),
                    None => out.push(ci.clone()),
                }
            }
            Value::Array(out)
        }
        (
            Kind::List {
                list_type: ListType::Set,
                ..
            },
            Value::Array(l),
            Value::Array(c),
        ) => {
            let mut out = l.clone();
            for ci in c {
                if !out.contains(ci) {
                    out.push(ci.clone());
                }
            }
            Value::Array(out)
        }
        _ => config.clone(),
    }
}

fn remove(v: &mut Value, schema: &Schema, p: &[Step]) {
    let Some((first, rest)) = p.split_first() else {
        return;
    };
    match (first, &schema.kind, v) {
        (Step::Field(f), Kind::Object(fields), Value::Object(m)) => {
            if rest.is_empty() {
                m.remove(f);
            } else if let (Some(fd), Some(child)) =
                (fields.iter().find(|x| x.name == *f), m.get_mut(f))
            {
                remove(child, &fd.schema, rest);
            }
        }
        (Step::Field(f), Kind::Map(_), Value::Object(m)) => {
            m.remove(f);
        }
        (Step::Key(k), Kind::List { keys, items, .. }, Value::Array(a)) => {
            if rest.is_empty() {
                a.retain(|i| &key_of(i, keys) != k);
            } else if let Some(item) = a.iter_mut().find(|i| &key_of(i, keys) == k) {
                remove(item, items, rest);
            }
        }
        (Step::Value(s), Kind::List { .. }, Value::Array(a)) => {
            a.retain(|i| &i.to_string() != s);
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::widget;
    use serde_json::json;

    #[test]
    fn fields_v1_round_trip() {
        let v = json!({"apiVersion":"x","metadata":{"name":"a","labels":{"app":"x"}},
                       "spec":{"replicas":1,"ports":[{"name":"http","port":80}],"tags":["a"]}});
        let set = field_set(&v, widget());
        let f = to_fields_v1(&set);
        assert_eq!(
            f,
            json!({"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{"f:ports":{"k:{\"name\":\"http\"}":{".":{},"f:name":{},"f:port":{}}},"f:replicas":{},"f:tags":{"v:\"a\"":{}}}})
        );
        assert_eq!(from_fields_v1(&f), set);
    }

    #[test]
    fn apply_conflicts_and_force() {
        let live = json!({"spec":{"replicas":1,"ports":[{"name":"a","port":1}]}});
        let mut entries = Vec::new();
        let by = |manager| Writer {
            manager,
            subresource: "",
            now: "T",
        };
        record_update(&mut entries, None, &live, widget(), &by("kubectl-create"));
        let cfg = json!({"spec":{"replicas":2}});
        let err = apply(&live, &cfg, widget(), &mut entries, &by("kubectl"), false)
            .err()
            .unwrap();
        assert_eq!(err.code().as_u16(), 409);
        assert!(err.body().contains(r#""message":"Apply failed with 1 conflict: conflict with \"kubectl-create\" using example.dev/v1 at T: .spec.replicas""#), "{}", err.body());
        let merged = apply(&live, &cfg, widget(), &mut entries, &by("kubectl"), true).unwrap();
        assert_eq!(merged["spec"]["replicas"], 2);
        assert_eq!(merged["spec"]["ports"][0]["port"], 1);
        // Same value: shared, no conflict.
        let cfg2 =
            json!({"spec":{"ports":[{"name":"a","port":1},{"name":"b","port":2}],"tags":["x"]}});
        let merged2 = apply(&merged, &cfg2, widget(), &mut entries, &by("other"), false).unwrap();
        assert_eq!(merged2["spec"]["ports"].as_array().unwrap().len(), 2);
        // "other" drops port b and tag x: removed; port a stays (owned by create too).
        let cfg3 = json!({"spec":{"ports":[{"name":"a","port":1}]}});
        let merged3 = apply(&merged2, &cfg3, widget(), &mut entries, &by("other"), false).unwrap();
        assert_eq!(merged3["spec"]["ports"], json!([{"name":"a","port":1}]));
        assert_eq!(merged3["spec"].get("tags"), Some(&json!([])));
    }
}
