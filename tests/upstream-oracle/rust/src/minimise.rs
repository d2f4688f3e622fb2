//! Shrinking a differing case: one structural simplification at a time
//! (drop a list item or map entry, unset an optional field, empty a string,
//! zero a number), kept whenever the two sides still disagree.

use serde_json::Value;

use crate::schema::{Kind, Package, Ty};

/// Every value that is `v` with exactly one simplification applied.
pub fn reductions(pkg: &Package, v: &Value, ty: &Ty, depth: u32) -> Vec<Value> {
    let mut out = Vec::new();
    if depth > 12 {
        return out;
    }
    match (ty, v) {
        (_, Value::Null) => {}
        (Ty::Opt(inner), v) => {
            out.push(Value::Null);
            out.extend(reductions(pkg, v, inner, depth + 1));
        }
        (Ty::List(elem), Value::Array(items)) => {
            for i in 0..items.len() {
                let mut c = items.clone();
                c.remove(i);
                out.push(Value::Array(c));
            }
            for (i, x) in items.iter().enumerate() {
                for r in reductions(pkg, x, elem, depth + 1) {
                    let mut c = items.clone();
                    c[i] = r;
                    out.push(Value::Array(c));
                }
            }
        }
        (Ty::Map(_, vt), Value::Object(m)) => {
            for k in m.keys() {
                let mut c = m.clone();
                c.remove(k);
                out.push(Value::Object(c));
            }
            for (k, x) in m {
                for r in reductions(pkg, x, vt, depth + 1) {
                    let mut c = m.clone();
                    c.insert(k.clone(), r);
                    out.push(Value::Object(c));
                }
            }
        }
        (Ty::Str, Value::String(s)) if !s.is_empty() => {
            out.push(Value::String(String::new()));
            let n = s.chars().count();
            if n > 1 {
                out.push(Value::String(s.chars().take(n / 2).collect()));
            }
        }
        (Ty::Int(_), n) if n.as_i64() != Some(0) => out.push(Value::from(0)),
        (Ty::Bool, Value::Bool(true)) => out.push(Value::Bool(false)),
        (Ty::Named(name), v) => match pkg.get(name).map(|t| &t.kind) {
            Some(Kind::Newtype(inner)) => out.extend(reductions(pkg, v, inner, depth + 1)),
            Some(Kind::Struct(fields)) => {
                if let Value::Object(m) = v {
                    for f in pkg.json_fields(fields) {
                        let Some(j) = &f.json else { continue };
                        let Some(x) = m.get(j) else { continue };
                        for r in reductions(pkg, x, &f.ty, depth + 1) {
                            let mut c = m.clone();
                            c.insert(j.clone(), r);
                            out.push(Value::Object(c));
                        }
                    }
                }
            }
            None => {}
        },
        _ => {}
    }
    out
}

/// Greedily shrinks `(new, old)` while `differs` holds, within `budget`
/// attempts.
pub fn shrink(
    pkg: &Package,
    root: &str,
    mut new: Value,
    mut old: Option<Value>,
    mut budget: usize,
    mut differs: impl FnMut(&Value, Option<&Value>) -> bool,
) -> (Value, Option<Value>) {
    let ty = Ty::Named(root.to_string());
    loop {
        let mut progressed = false;
        for cand in reductions(pkg, &new, &ty, 0) {
            if budget == 0 {
                return (new, old);
            }
            budget -= 1;
            if differs(&cand, old.as_ref()) {
                new = cand;
                progressed = true;
                break;
            }
        }
        if let Some(o) = old.clone() {
            for cand in reductions(pkg, &o, &ty, 0) {
                if budget == 0 {
                    return (new, old);
                }
                budget -= 1;
                if differs(&new, Some(&cand)) {
                    old = Some(cand);
                    progressed = true;
                    break;
                }
            }
        }
        if !progressed {
            return (new, old);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn shrinks_to_the_culprit() {
        let p =
            Package::parse("pub struct T { pub a: Vec<i32>, pub s: String, pub o: Option<bool> }")
                .unwrap();
        let new = json!({"a": [1, 7, 3], "s": "hello", "o": true});
        let (n, o) = shrink(&p, "T", new, None, 1000, |v, _| {
            v["a"].as_array().unwrap().iter().any(|x| x == 7)
        });
        assert_eq!(n, json!({"a": [7], "s": "", "o": null}));
        assert_eq!(o, None);
    }
}
