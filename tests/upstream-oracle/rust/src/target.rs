//! Directed cases for the real-API oracle: a case aimed at one validation
//! tag line. The object is a random object of a root type that reaches the
//! line's site (by the shortest route through the schema, avoiding
//! `+k8s:immutable` fields, whose check would short-circuit the ones below
//! them), with every value along the route present (pointers set, lists and
//! maps non-empty), and the site's value set to what the line rejects: one
//! past a limit, a duplicate item, an invalid name, a zero value for
//! `required`; for `immutable`, `update=...` and `monotonic`, an update
//! whose old object differs from the new one at the site only. Options a
//! line's `ifEnabled` / `ifDisabled` wrapper names are set accordingly, and
//! a `supportsSubresource` line gets a request for a subresource the type
//! does not support.
//!
//! Random cases reach deep and rare lines by chance (the recursive
//! scheduling templates, a `beta` limit of 256 items); directed ones reach
//! every line within a few thousand objects, so `--require-tag-coverage`
//! holds at a case count CI can afford.

use std::collections::{HashMap, VecDeque};

use serde_json::{Map, Value};

use crate::gen::{Gen, Hints};
use crate::schema::{Kind, Package, Ty};
use crate::tagcov::{Coverage, Line};

/// One step of a route: from a value of type `.0` through its JSON field
/// `.1` (`None`: a newtype's inner value).
type Step = (String, Option<String>);

/// A line and the routes to its site.
pub struct Target {
    pub line: Line,
    /// (root type, steps from the root to the site type, site type).
    pub routes: Vec<(String, Vec<Step>, String)>,
}

/// What a directed case sends.
pub struct Directed {
    pub root: String,
    pub object: Value,
    pub old: Option<Value>,
    pub enable: Vec<String>,
    pub disable: Vec<String>,
    /// The subresource to request (`None`: the root resource).
    pub subresource: Option<String>,
}

fn is_immutable(line: &str) -> bool {
    line == "k8s:immutable" || line.ends_with("=+k8s:immutable")
}

/// The named types a value of `ty` holds directly (through pointers, lists
/// and map values).
fn named_in(ty: &Ty, out: &mut Vec<String>) {
    match ty {
        Ty::Opt(t) | Ty::List(t) => named_in(t, out),
        Ty::Map(_, v) => named_in(v, out),
        Ty::Named(n) => out.push(n.clone()),
        _ => {}
    }
}

/// The type of JSON field `j` of struct `node` (flattened fields included).
fn field_ty(pkg: &Package, node: &str, j: &str) -> Option<Ty> {
    match pkg.get(node).map(|t| &t.kind) {
        Some(Kind::Struct(fs)) => pkg
            .json_fields(fs)
            .into_iter()
            .find(|f| f.json.as_deref() == Some(j))
            .map(|f| f.ty.clone()),
        _ => None,
    }
}

/// The tags of JSON field `j` of struct `node`.
fn field_tags<'a>(pkg: &'a Package, node: &str, j: &str) -> Vec<&'a String> {
    match pkg.get(node).map(|t| &t.kind) {
        Some(Kind::Struct(fs)) => pkg
            .json_fields(fs)
            .into_iter()
            .filter(|f| f.json.as_deref() == Some(j))
            .flat_map(|f| &f.tags)
            .collect(),
        _ => Vec::new(),
    }
}

/// The type itself and the structs it embeds (whose fields its JSON object
/// holds).
fn flat_owners(pkg: &Package, name: &str, out: &mut Vec<String>) {
    out.push(name.to_string());
    if let Some(Kind::Struct(fs)) = pkg.get(name).map(|t| &t.kind) {
        for f in fs {
            if let (None, Ty::Named(inner)) = (&f.json, &f.ty) {
                flat_owners(pkg, inner, out);
            }
        }
    }
}

/// Breadth-first from `root`: each reached type's predecessor step.
fn bfs(pkg: &Package, root: &str, mutable_only: bool) -> HashMap<String, Step> {
    let mut parent: HashMap<String, Step> = HashMap::new();
    let mut queue = VecDeque::from([root.to_string()]);
    let mut seen = std::collections::HashSet::from([root.to_string()]);
    while let Some(n) = queue.pop_front() {
        let mut edges: Vec<(Option<String>, Vec<String>)> = Vec::new();
        match pkg.get(&n).map(|t| &t.kind) {
            Some(Kind::Struct(fs)) => {
                for f in pkg.json_fields(fs) {
                    if mutable_only && f.tags.iter().any(|l| is_immutable(l)) {
                        continue;
                    }
                    let mut names = Vec::new();
                    named_in(&f.ty, &mut names);
                    edges.push((f.json.clone(), names));
                }
            }
            Some(Kind::Newtype(inner)) => {
                let mut names = Vec::new();
                named_in(inner, &mut names);
                edges.push((None, names));
            }
            None => {}
        }
        for (j, names) in edges {
            for m in names {
                if seen.insert(m.clone()) {
                    parent.insert(m.clone(), (n.clone(), j.clone()));
                    queue.push_back(m);
                }
            }
        }
    }
    parent
}

/// Every line that can fail, with the routes to it.
pub fn targets(pkg: &Package) -> Vec<Target> {
    let cov = Coverage::new(pkg);
    let roots: Vec<String> = pkg.roots().map(|t| t.name.clone()).collect();
    let mut sites: HashMap<String, Vec<String>> = HashMap::new();
    for t in &pkg.types {
        let mut owners = Vec::new();
        flat_owners(pkg, &t.name, &mut owners);
        for o in owners {
            sites.entry(o).or_default().push(t.name.clone());
        }
    }
    let searches: Vec<[HashMap<String, Step>; 2]> = roots
        .iter()
        .map(|r| [bfs(pkg, r, true), bfs(pkg, r, false)])
        .collect();
    let mut out = Vec::new();
    for line in cov.lines {
        if line.never_fails().is_some() {
            continue;
        }
        let nodes = sites.get(&line.owner).cloned().unwrap_or_default();
        let mut routes = Vec::new();
        for pass in 0..2 {
            for (r, s) in roots.iter().zip(&searches) {
                let parents = &s[pass];
                let Some(site) = nodes.iter().find(|n| *n == r || parents.contains_key(*n)) else {
                    continue;
                };
                let mut steps = Vec::new();
                let mut cur = site.clone();
                while cur != *r {
                    let (prev, j) = parents[&cur].clone();
                    steps.push((prev.clone(), j));
                    cur = prev;
                }
                steps.reverse();
                routes.push((r.clone(), steps, site.clone()));
            }
            if !routes.is_empty() {
                break;
            }
        }
        if !routes.is_empty() {
            out.push(Target { line, routes });
        }
    }
    out
}

/// `s` as one JSON pointer segment.
/// The JSON names and types of the fields of struct `site` that carry a
/// `leaf` tag (`unionMember`, `zeroOrOneOfMember`) of a field union (not an
/// `item(...)` one); `None` when `site` is not a struct.
fn union_members(pkg: &Package, site: &str, leaf: &str) -> Option<Vec<(String, Ty)>> {
    let Some(Kind::Struct(fs)) = pkg.get(site).map(|t| &t.kind) else {
        return None;
    };
    Some(
        pkg.json_fields(fs)
            .into_iter()
            .filter(|f| {
                f.tags
                    .iter()
                    .any(|l| l.contains(leaf) && !l.contains("item("))
            })
            .filter_map(|f| Some((f.json.clone()?, f.ty.clone())))
            .collect(),
    )
}

/// The JSON name of struct `site`'s `+k8s:unionDiscriminator` field and the
/// value that selects member `member` (a JSON name): its
/// `unionMember(memberName: "...")`, else its Go field name, as upstream's
/// union validators read them.
fn discriminator(pkg: &Package, site: &str, member: &str) -> Option<(String, String)> {
    let Some(Kind::Struct(fs)) = pkg.get(site).map(|t| &t.kind) else {
        return None;
    };
    let fs = pkg.json_fields(fs);
    let d = fs
        .iter()
        .find(|f| f.tags.iter().any(|l| l.ends_with("k8s:unionDiscriminator")))?;
    let m = fs.iter().find(|f| f.json.as_deref() == Some(member))?;
    let value = m
        .tags
        .iter()
        .find_map(|l| {
            let (_, rest) = l.split_once("k8s:unionMember(")?;
            let arg = rest.split(')').next()?;
            let (_, v) = arg.split_once("memberName:")?;
            Some(unquote(v))
        })
        .unwrap_or_else(|| {
            // The Go field name: the mirror's is re-cased from the Rust one
            // (`OCI` reads `Oci`), so take the discriminator's enum value
            // that spells it.
            let named = match &d.ty {
                Ty::Opt(t) => &**t,
                t => t,
            };
            let consts = match named {
                Ty::Named(n) => pkg.get(n).map(|t| &t.consts[..]).unwrap_or_default(),
                _ => &[],
            };
            consts
                .iter()
                .find(|c| c.value.eq_ignore_ascii_case(&m.go))
                .map_or_else(|| m.go.clone(), |c| c.value.clone())
        });
    Some((d.json.clone()?, value))
}

fn esc(s: &str) -> String {
    s.replace('~', "~0").replace('/', "~1")
}

/// Whether `v` is Go's zero value as JSON (unset, empty, or all zero).
fn json_zero(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Bool(b) => !b,
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Object(m) => m.values().all(json_zero),
    }
}

/// Whether two values of `ty` differ for Go (a set pointer differs from an
/// unset one, whatever it points to).
fn differs(ty: &Ty, a: &Value, b: &Value) -> bool {
    match ty {
        Ty::Opt(_) if a.is_null() != b.is_null() => true,
        _ => a != b && !(json_zero(a) && json_zero(b)),
    }
}

/// The type under pointers and typedefs.
fn core<'p>(pkg: &'p Package, ty: &'p Ty) -> &'p Ty {
    match ty {
        Ty::Opt(t) => core(pkg, t),
        Ty::Named(n) => match pkg.get(n).map(|t| &t.kind) {
            Some(Kind::Newtype(inner)) => core(pkg, inner),
            _ => ty,
        },
        t => t,
    }
}

/// The leading number of a tag argument (`32`, `-1`).
fn num(arg: &str) -> Option<i128> {
    let a = arg.trim();
    let end = a
        .char_indices()
        .find(|(i, c)| !(c.is_ascii_digit() || (*i == 0 && *c == '-')))
        .map_or(a.len(), |(i, _)| i);
    a[..end].parse().ok()
}

fn int_value(pkg: &Package, ty: &Ty, n: i128) -> Value {
    let n = match core(pkg, ty) {
        Ty::Int(k) => {
            let (lo, hi) = k.range();
            n.clamp(lo, hi)
        }
        _ => n,
    };
    if n > i64::MAX as i128 {
        Value::from(n as u64)
    } else {
        Value::from(n as i64)
    }
}

/// A tag part: `k8s:item(type: "A")` → (`item`, `type: "A"`);
/// `k8s:maxItems=32` → (`maxItems`, `32`).
fn split_part(part: &str) -> (&str, &str) {
    let p = part.trim_start_matches("k8s:");
    let p = p.split(" #").next().unwrap_or(p).trim();
    match p.find(['(', '=']) {
        Some(i) if p.as_bytes()[i] == b'(' => {
            let close = p.rfind(')').unwrap_or(p.len());
            (&p[..i], &p[i + 1..close.max(i + 1)])
        }
        Some(i) => (&p[..i], &p[i + 1..]),
        None => (p, ""),
    }
}

fn unquote(s: &str) -> String {
    s.trim().trim_matches('"').to_string()
}

/// `type: "A", port: 80` → the item's key values.
fn item_keys(arg: &str) -> Vec<(String, Value)> {
    arg.split(',')
        .filter_map(|kv| {
            let (k, v) = kv.split_once(':')?;
            let v = v.trim();
            let val = if v.starts_with('"') {
                Value::String(unquote(v))
            } else if let Ok(n) = v.parse::<i64>() {
                Value::from(n)
            } else if let Ok(b) = v.parse::<bool>() {
                Value::Bool(b)
            } else {
                Value::String(v.to_string())
            };
            Some((k.trim().to_string(), val))
        })
        .collect()
}

impl Gen<'_> {
    /// A value of `ty` that is set (non-zero).
    fn nonzero(&mut self, ty: &Ty, depth: u32) -> Value {
        if let Ty::Opt(inner) = ty {
            let v = self.nonzero(inner, depth);
            return v;
        }
        for _ in 0..8 {
            let v = self.value(ty, &Hints::default(), depth);
            if !json_zero(&v) {
                return v;
            }
        }
        let pkg = self.pkg;
        match core(pkg, ty) {
            Ty::Str => Value::String("a".into()),
            Ty::Int(_) => Value::from(1),
            Ty::Float => Value::from(1.5),
            Ty::Bool => Value::Bool(true),
            Ty::List(e) => {
                let e = (**e).clone();
                Value::Array(vec![self.nonzero(&e, depth + 1)])
            }
            Ty::Map(_, v) => {
                let v = (**v).clone();
                let mut m = Map::new();
                m.insert("a".into(), self.nonzero(&v, depth + 1));
                Value::Object(m)
            }
            _ => self.value(ty, &Hints::default(), depth),
        }
    }

    /// A value of `ty` that differs from `old`.
    fn different(&mut self, ty: &Ty, old: &Value, depth: u32) -> Value {
        if let Ty::Opt(_) = ty {
            if !old.is_null() && self.rng.chance(0.3) {
                return Value::Null;
            }
        }
        for _ in 0..8 {
            let v = self.nonzero(ty, depth);
            if differs(ty, old, &v) {
                return v;
            }
        }
        let pkg = self.pkg;
        match (core(pkg, ty), old) {
            (Ty::Str, Value::String(s)) => Value::String(format!("{s}x")),
            (Ty::Int(_), v) => Value::from(v.as_i64().unwrap_or(0).wrapping_add(1)),
            (Ty::Bool, v) => Value::Bool(!v.as_bool().unwrap_or(false)),
            _ if matches!(ty, Ty::Opt(_)) && !old.is_null() => Value::Null,
            _ => self.nonzero(ty, depth),
        }
    }

    /// Makes the value at `ptr` (of type `ty`) present down to a value of
    /// type `next`, and returns that value's pointer.
    fn descend(
        &mut self,
        root: &mut Value,
        ptr: String,
        ty: &Ty,
        next: &str,
        depth: u32,
    ) -> String {
        let h = Hints::default();
        match ty {
            Ty::Opt(inner) => {
                if root.pointer(&ptr).is_none_or(Value::is_null) {
                    let v = self.value(inner, &h, depth);
                    if let Some(x) = root.pointer_mut(&ptr) {
                        *x = v;
                    }
                }
                self.descend(root, ptr, inner, next, depth + 1)
            }
            Ty::List(elem) => {
                let n = root
                    .pointer(&ptr)
                    .and_then(Value::as_array)
                    .map_or(0, Vec::len);
                if n == 0 {
                    let v = self.value(elem, &h, depth + 1);
                    if let Some(x) = root.pointer_mut(&ptr) {
                        *x = Value::Array(vec![v]);
                    }
                }
                let n = n.max(1);
                let mut i = self.rng.below(n);
                if self.single {
                    // Only the item on the route.
                    if let Some(Value::Array(a)) = root.pointer_mut(&ptr) {
                        let x = a.swap_remove(i);
                        *a = vec![x];
                        i = 0;
                    }
                }
                self.descend(root, format!("{ptr}/{i}"), elem, next, depth + 1)
            }
            Ty::Map(k, vt) => {
                let keys: Vec<String> = root
                    .pointer(&ptr)
                    .and_then(Value::as_object)
                    .map(|m| m.keys().cloned().collect())
                    .unwrap_or_default();
                let key = if keys.is_empty() {
                    let key = match self.value(k, &h, depth + 1) {
                        Value::String(s) if !s.is_empty() => s,
                        Value::String(_) => "a".into(),
                        other => other.to_string(),
                    };
                    let v = self.value(vt, &h, depth + 1);
                    if let Some(x) = root.pointer_mut(&ptr) {
                        let mut m = Map::new();
                        m.insert(key.clone(), v);
                        *x = Value::Object(m);
                    }
                    key
                } else {
                    self.rng.pick(&keys).clone()
                };
                if self.single {
                    if let Some(Value::Object(m)) = root.pointer_mut(&ptr) {
                        m.retain(|k, _| *k == key);
                    }
                }
                self.descend(root, format!("{ptr}/{}", esc(&key)), vt, next, depth + 1)
            }
            Ty::Named(n) => {
                if root.pointer(&ptr).is_none_or(Value::is_null) {
                    let v = self.value(ty, &h, depth);
                    if let Some(x) = root.pointer_mut(&ptr) {
                        *x = v;
                    }
                }
                if n != next {
                    if let Some(Kind::Newtype(inner)) = self.pkg.get(n).map(|t| t.kind.clone()) {
                        return self.descend(root, ptr, &inner, next, depth + 1);
                    }
                }
                ptr
            }
            _ => ptr,
        }
    }

    /// A case aimed at `t`, the `round`th (from 0) aimed at it.
    pub fn directed(&mut self, t: &Target, round: u64) -> Directed {
        let pkg = self.pkg;
        // The shortest routes (the smallest objects).
        let shortest = t.routes.iter().map(|r| r.1.len()).min().unwrap_or(0);
        let routes: Vec<_> = t.routes.iter().filter(|r| r.1.len() == shortest).collect();
        let (root, steps, site) = (*self.rng.pick(&routes)).clone();
        // Now and then the site is left as generated: the line's passes.
        // (for the lines the generated value often fails).
        // The first round breaks every line; the second passes the lines
        // whose passes need aiming too (a union with one member set, a type
        // at a subresource it supports); later rounds do either.
        let needs_pass = matches!(
            t.line.leaf.as_str(),
            "unionMember" | "zeroOrOneOfMember" | "supportsSubresource"
        );
        let pass = match round {
            0 => false,
            1 => needs_pass,
            _ => {
                (needs_pass || matches!(t.line.leaf.as_str(), "required" | "forbidden"))
                    && self.rng.chance(0.3)
            }
        };
        // A pass keeps only the route's items (the line's other sites in
        // the same lists would fail it as often as not).
        self.single = pass;
        let mut base = self.object(&root);
        let mut ptr = String::new();
        let mut depth = 0;
        // Options that keep the route open: a field along it that a
        // disabled (enabled) option forbids gets that option enabled
        // (disabled).
        let (mut enable, mut disable) = (Vec::new(), Vec::new());
        for (node, j) in &steps {
            for l in j
                .as_ref()
                .map(|j| field_tags(pkg, node, j))
                .unwrap_or_default()
            {
                if let Some(rest) = l.strip_suffix("=+k8s:forbidden") {
                    let (name, arg) = split_part(rest);
                    match name {
                        "ifDisabled" => enable.push(unquote(arg)),
                        "ifEnabled" => disable.push(unquote(arg)),
                        _ => {}
                    }
                }
            }
        }
        for (k, (node, j)) in steps.iter().enumerate() {
            let next = steps.get(k + 1).map_or(&site, |s| &s.0);
            let ty = match j {
                Some(j) => {
                    let Some(ty) = field_ty(pkg, node, j) else {
                        break;
                    };
                    if let Some(Value::Object(m)) = base.pointer_mut(&ptr) {
                        m.entry(j.clone()).or_insert(Value::Null);
                    }
                    ptr = format!("{ptr}/{}", esc(j));
                    ty
                }
                None => match pkg.get(node).map(|t| &t.kind) {
                    Some(Kind::Newtype(inner)) => inner.clone(),
                    _ => break,
                },
            };
            ptr = self.descend(&mut base, ptr, &ty, next, depth + 1);
            depth += 2;
        }
        let mut d = Directed {
            root: root.clone(),
            object: Value::Null,
            old: None,
            enable,
            disable,
            subresource: None,
        };
        let line = &t.line;
        // The site: the field's value, or the value of the line's type.
        let (owner_ptr, mut vptr, mut ty) = match &line.field {
            Some(j) => {
                let Some(fty) = field_ty(pkg, &site, j) else {
                    d.object = base;
                    return d;
                };
                if let Some(Value::Object(m)) = base.pointer_mut(&ptr) {
                    m.entry(j.clone()).or_insert(Value::Null);
                }
                (Some(ptr.clone()), format!("{ptr}/{}", esc(j)), fty)
            }
            None => (None, ptr.clone(), Ty::Named(site.clone())),
        };
        let parts: Vec<&str> = line.text.split("=+").collect();
        let mut old: Option<Value> = None;
        // Whether the value is still the field's own (no `eachVal`, `item`
        // or `subfield` has stepped inside it): siblings are the field's.
        let mut at_field = true;
        for part in &parts {
            let (name, arg) = split_part(part);
            let top = owner_ptr.as_ref().filter(|_| at_field);
            match name {
                "alpha" | "beta" => {}
                "ifEnabled" => {
                    d.disable.retain(|o| *o != unquote(arg));
                    d.enable.push(unquote(arg));
                }
                "ifDisabled" => {
                    d.enable.retain(|o| *o != unquote(arg));
                    d.disable.push(unquote(arg));
                }
                "ifMode" => {
                    // The sibling discriminator selects the mode.
                    if let (Some(op), Some(Kind::Struct(fs))) =
                        (top, pkg.get(&site).map(|t| &t.kind))
                    {
                        for f in pkg.json_fields(fs) {
                            if f.tags.iter().any(|l| l.contains("k8s:modeDiscriminator")) {
                                if let (Some(j), Some(Value::Object(m))) =
                                    (&f.json, base.pointer_mut(op))
                                {
                                    m.insert(j.clone(), Value::String(unquote(arg)));
                                }
                            }
                        }
                    }
                }
                "eachVal" => {
                    let (p, t) = self.each_val(&mut base, vptr.clone(), &ty, depth);
                    at_field = false;
                    vptr = p;
                    ty = t;
                }
                "item" => {
                    // An item with the named key values (and, for a
                    // zero-or-one-of, one for each of its sibling lines).
                    let leaf = parts.last().map(|p| split_part(p).0).unwrap_or("");
                    let mut selectors = vec![arg.to_string()];
                    if matches!(leaf, "zeroOrOneOfMember" | "unionMember") {
                        if let Some(j) = &line.field {
                            for l in field_tags(pkg, &site, j) {
                                if l.contains(leaf) && l != &line.text {
                                    for p in l.split("=+") {
                                        let (n, a) = split_part(p);
                                        if n == "item" {
                                            selectors.push(a.to_string());
                                        }
                                    }
                                }
                            }
                        }
                    }
                    let (p, t) = self.add_items(&mut base, vptr.clone(), &ty, &selectors, depth);
                    at_field = false;
                    vptr = p;
                    ty = t;
                    if matches!(leaf, "zeroOrOneOfMember" | "unionMember") {
                        break;
                    }
                }
                "subfield" => {
                    let sub = unquote(arg);
                    let sty = match core(pkg, &ty) {
                        Ty::Named(n) => field_ty(pkg, n, &sub),
                        _ => None,
                    };
                    let Some(sty) = sty else { break };
                    let p = vptr.clone();
                    if base.pointer(&p).is_none_or(|v| !v.is_object()) {
                        let v = self.value(core(pkg, &ty), &Hints::default(), depth);
                        if let Some(x) = base.pointer_mut(&p) {
                            *x = v;
                        }
                    }
                    if let Some(Value::Object(m)) = base.pointer_mut(&p) {
                        m.entry(sub.clone()).or_insert(Value::Null);
                    }
                    vptr = format!("{p}/{}", esc(&sub));
                    ty = sty;
                    at_field = false;
                }
                "eachKey" => break,
                leaf if pass => {
                    self.satisfy(&mut base, &vptr, &ty, leaf, top.cloned(), &site, depth);
                    break;
                }
                leaf => {
                    old =
                        self.violate(&mut base, &vptr, &ty, leaf, arg, top.cloned(), &site, depth);
                }
            }
        }
        // Value rules on create (an update from another old object could
        // trip an `immutable` of the same field first, which short-circuits).
        d.old = old;
        // A type that is a subresource's is validated for that subresource.
        d.subresource = pkg
            .get(&root)
            .and_then(|t| {
                t.tags
                    .iter()
                    .find_map(|l| l.strip_prefix("k8s:isSubresource="))
            })
            .map(unquote);
        if matches!(line.leaf.as_str(), "supportsSubresource" | "isSubresource") && !pass {
            // A subresource none of the type's lines names.
            let own: Vec<String> = pkg
                .get(&root)
                .map(|t| &t.tags[..])
                .unwrap_or_default()
                .iter()
                .filter_map(|l| {
                    l.strip_prefix("k8s:supportsSubresource=")
                        .or_else(|| l.strip_prefix("k8s:isSubresource="))
                })
                .map(unquote)
                .collect();
            let mut subs: Vec<String> = pkg
                .subresources()
                .into_iter()
                .filter(|s| !own.contains(s))
                .collect();
            subs.push("/x".into());
            d.subresource = Some(self.rng.pick(&subs).clone());
        }
        d.object = base;
        d
    }

    /// One value of the list or map at `ptr` (made non-empty).
    fn each_val(&mut self, root: &mut Value, ptr: String, ty: &Ty, depth: u32) -> (String, Ty) {
        let pkg = self.pkg;
        let h = Hints::default();
        match core(pkg, ty).clone() {
            Ty::List(e) => {
                let n = root
                    .pointer(&ptr)
                    .and_then(Value::as_array)
                    .map_or(0, Vec::len);
                if n == 0 {
                    let v = self.value(&e, &h, depth + 1);
                    if let Some(x) = root.pointer_mut(&ptr) {
                        *x = Value::Array(vec![v]);
                    }
                }
                let i = self.rng.below(n.max(1));
                (format!("{ptr}/{i}"), *e)
            }
            Ty::Map(k, v) => {
                let mut keys: Vec<String> = root
                    .pointer(&ptr)
                    .and_then(Value::as_object)
                    .map(|m| m.keys().cloned().collect())
                    .unwrap_or_default();
                if keys.is_empty() {
                    let key = match self.value(&k, &h, depth + 1) {
                        Value::String(s) if !s.is_empty() => s,
                        Value::String(_) => "a".into(),
                        other => other.to_string(),
                    };
                    let val = self.value(&v, &h, depth + 1);
                    if let Some(x) = root.pointer_mut(&ptr) {
                        let mut m = Map::new();
                        m.insert(key.clone(), val);
                        *x = Value::Object(m);
                    }
                    keys.push(key);
                }
                let key = self.rng.pick(&keys).clone();
                (format!("{ptr}/{}", esc(&key)), *v)
            }
            _ => (ptr, ty.clone()),
        }
    }

    /// Appends items with the given key values to the list at `ptr`;
    /// returns the first one's pointer.
    fn add_items(
        &mut self,
        root: &mut Value,
        ptr: String,
        ty: &Ty,
        selectors: &[String],
        depth: u32,
    ) -> (String, Ty) {
        let pkg = self.pkg;
        let Ty::List(e) = core(pkg, ty).clone() else {
            return (ptr, ty.clone());
        };
        let p = ptr;
        let mut first = None;
        for sel in selectors {
            let mut item = self.value(&e, &Hints::default(), depth + 1);
            if let Value::Object(m) = &mut item {
                for (k, v) in item_keys(sel) {
                    m.insert(k, v);
                }
            }
            if let Some(x) = root.pointer_mut(&p) {
                if !x.is_array() {
                    *x = Value::Array(Vec::new());
                }
                let a = x.as_array_mut().expect("array");
                a.push(item);
                first.get_or_insert(format!("{p}/{}", a.len() - 1));
            }
        }
        (first.unwrap_or(p), *e)
    }

    /// Sets the value at `ptr` (of type `ty`) to one the leaf tag accepts,
    /// where the generated one would often fail it.
    #[allow(clippy::too_many_arguments)]
    fn satisfy(
        &mut self,
        root: &mut Value,
        ptr: &str,
        ty: &Ty,
        leaf: &str,
        owner: Option<String>,
        site: &str,
        depth: u32,
    ) {
        let pkg = self.pkg;
        let v = match leaf {
            "required" => self.nonzero(ty, depth),
            "forbidden" if matches!(ty, Ty::Opt(_)) => Value::Null,
            "forbidden" => self.zero(ty),
            "unionMember" | "zeroOrOneOfMember" => {
                // This member alone.
                let (Some(op), Some(others)) = (owner, union_members(pkg, site, leaf)) else {
                    return;
                };
                for (j, t) in others {
                    let z = if matches!(t, Ty::Opt(_)) {
                        Value::Null
                    } else {
                        self.zero(&t)
                    };
                    if let Some(Value::Object(m)) = root.pointer_mut(&op) {
                        m.insert(j, z);
                    }
                }
                // A discriminated union's discriminator names this member.
                let member = ptr
                    .rsplit('/')
                    .next()
                    .unwrap_or("")
                    .replace("~1", "/")
                    .replace("~0", "~");
                if let Some((d, value)) = discriminator(pkg, site, &member) {
                    if let Some(Value::Object(m)) = root.pointer_mut(&op) {
                        m.insert(d, Value::String(value));
                    }
                }
                self.nonzero(ty, depth)
            }
            _ => return,
        };
        if let Some(x) = root.pointer_mut(ptr) {
            *x = v;
        }
    }

    /// Sets the value at `ptr` (of type `ty`) to one the leaf tag rejects;
    /// for update rules, returns the old object.
    #[allow(clippy::too_many_arguments)]
    fn violate(
        &mut self,
        root: &mut Value,
        ptr: &str,
        ty: &Ty,
        leaf: &str,
        arg: &str,
        owner: Option<String>,
        site: &str,
        depth: u32,
    ) -> Option<Value> {
        let pkg = self.pkg;
        let cur = root.pointer(ptr).cloned().unwrap_or(Value::Null);
        let set = |root: &mut Value, v: Value| {
            if let Some(x) = root.pointer_mut(ptr) {
                *x = v;
            }
        };
        let list_elem = match core(pkg, ty) {
            Ty::List(e) => Some((**e).clone()),
            _ => None,
        };
        let sibling = |name: &str| -> Option<(String, Ty)> {
            let Some(Kind::Struct(fs)) = pkg.get(site).map(|t| &t.kind) else {
                return None;
            };
            pkg.json_fields(fs)
                .into_iter()
                .find(|f| f.json.as_deref() == Some(name) || f.go == name)
                .and_then(|f| Some((f.json.clone()?, f.ty.clone())))
        };
        let n = num(arg);
        match leaf {
            "required" => {
                let z = if matches!(ty, Ty::Opt(_)) {
                    Value::Null
                } else {
                    self.zero(ty)
                };
                set(root, z);
            }
            "forbidden" => {
                let v = self.nonzero(ty, depth);
                set(root, v);
            }
            "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" => {
                let n = n?;
                let v = if leaf.contains("inimum") {
                    n - i128::from(leaf == "minimum")
                } else {
                    n + i128::from(leaf == "maximum")
                };
                // 1.38 limits quantities too (`minimum=0` on a Quantity).
                let v = match core(pkg, ty) {
                    Ty::Special(q) if q == "Quantity" => Value::String(v.to_string()),
                    _ => int_value(pkg, ty, v),
                };
                set(root, v);
            }
            "maxProperties" | "minProperties" => {
                let Ty::Map(k, v) = core(pkg, ty).clone() else {
                    return None;
                };
                let want = if leaf == "maxProperties" {
                    n? + 1
                } else {
                    (n? - 1).max(0)
                };
                let mut m = Map::new();
                for i in 0..want {
                    // Distinct keys (a key type's own rules may fail too).
                    let key = match core(pkg, &k) {
                        Ty::Int(_) => i.to_string(),
                        _ => format!("k{i}"),
                    };
                    m.insert(key, self.value(&v, &Hints::default(), depth + 1));
                }
                set(root, Value::Object(m));
            }
            "eq" => {
                // Anything but the payload.
                let v = match core(pkg, ty) {
                    Ty::Int(_) => int_value(pkg, ty, n? + 1),
                    Ty::Bool => Value::Bool(arg.trim() != "true"),
                    _ => Value::String(format!("{}x", unquote(arg))),
                };
                set(root, v);
            }
            "maxLength" | "maxBytes" => set(root, Value::String("a".repeat(n? as usize + 1))),
            "minLength" | "minBytes" => {
                set(root, Value::String("a".repeat((n? - 1).max(0) as usize)))
            }
            "maxItems" | "minItems" => {
                let e = list_elem?;
                let want = if leaf == "maxItems" {
                    n? + 1
                } else {
                    (n? - 1).max(0)
                };
                let mut items: Vec<Value> = Vec::new();
                for i in 0..want {
                    let v = if i < 3 {
                        self.value(&e, &Hints::default(), depth + 1)
                    } else {
                        items[self.rng.below(items.len())].clone()
                    };
                    items.push(v);
                }
                set(root, Value::Array(items));
            }
            "format" => set(root, Value::String("Not Valid!".into())),
            "enum" => set(root, Value::String("NotAValue".into())),
            "neq" => {
                let v = match core(pkg, ty) {
                    Ty::Int(_) => int_value(pkg, ty, n?),
                    Ty::Bool => Value::Bool(arg.trim() == "true"),
                    _ => Value::String(unquote(arg)),
                };
                set(root, v);
            }
            "listType" | "unique" | "listMapKey" => {
                let e = list_elem?;
                let mut items = cur.as_array().cloned().unwrap_or_default();
                if items.is_empty() {
                    items.push(self.value(&e, &Hints::default(), depth + 1));
                }
                let x = items[self.rng.below(items.len())].clone();
                let at = self.rng.below(items.len() + 1);
                items.insert(at, x);
                set(root, Value::Array(items));
            }
            "unionMember" | "zeroOrOneOfMember" => {
                // Every member of the struct's unions set.
                let op = owner?;
                for (j, t) in union_members(pkg, site, leaf)? {
                    let v = self.nonzero(&t, depth);
                    if let Some(Value::Object(m)) = root.pointer_mut(&op) {
                        m.insert(j, v);
                    }
                }
            }
            "dependentRequired" | "dependentForbidden" => {
                let v = self.nonzero(ty, depth);
                set(root, v);
                let (j, t) = sibling(&unquote(arg))?;
                let w = if leaf == "dependentForbidden" {
                    self.nonzero(&t, depth)
                } else if matches!(t, Ty::Opt(_)) {
                    Value::Null
                } else {
                    self.zero(&t)
                };
                let op = owner?;
                if let Some(Value::Object(m)) = root.pointer_mut(&op) {
                    m.insert(j, w);
                }
            }
            "immutable" => {
                let before = if self.rng.chance(0.3) {
                    self.zero(ty)
                } else {
                    self.nonzero(ty, depth)
                };
                let before = if matches!(ty, Ty::Opt(_)) && json_zero(&before) {
                    Value::Null
                } else {
                    before
                };
                set(root, before.clone());
                let old = root.clone();
                let after = self.different(ty, &before, depth);
                set(root, after);
                return Some(old);
            }
            "update" => {
                let zero = if matches!(ty, Ty::Opt(_)) {
                    Value::Null
                } else {
                    self.zero(ty)
                };
                let (before, after) = match arg.trim() {
                    "NoSet" => (zero, self.nonzero(ty, depth)),
                    "NoUnset" => (self.nonzero(ty, depth), zero),
                    "NoModify" => {
                        let b = self.nonzero(ty, depth);
                        let mut a = self.nonzero(ty, depth);
                        for _ in 0..8 {
                            if differs(ty, &b, &a) && !json_zero(&a) {
                                break;
                            }
                            a = self.nonzero(ty, depth);
                        }
                        (b, a)
                    }
                    "NoAddItem" | "NoRemoveItem" => {
                        let e = list_elem?;
                        let mut items = cur.as_array().cloned().unwrap_or_default();
                        if items.is_empty() {
                            items.push(self.value(&e, &Hints::default(), depth + 1));
                        }
                        let mut more = items.clone();
                        more.push(self.value(&e, &Hints::default(), depth + 1));
                        let mut fewer = items.clone();
                        fewer.remove(self.rng.below(fewer.len()));
                        if arg.trim() == "NoAddItem" {
                            (Value::Array(items), Value::Array(more))
                        } else {
                            (Value::Array(items), Value::Array(fewer))
                        }
                    }
                    _ => return None,
                };
                set(root, before);
                let old = root.clone();
                set(root, after);
                return Some(old);
            }
            "monotonic" => {
                let b = 2 + self.rng.below(5) as i128;
                set(root, int_value(pkg, ty, b));
                let old = root.clone();
                set(root, int_value(pkg, ty, b - 1));
                return Some(old);
            }
            _ => {}
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gen::Rng;

    fn pkg() -> Package {
        Package::parse(
            r#"
            pub const ROOTS: &[&str] = &["T"];
            pub struct T {
                /// +k8s:immutable
                pub frozen: Option<Inner>,
                pub items: Vec<Inner>,
            }
            pub struct Inner {
                /// +k8s:maxItems=2
                pub xs: Vec<String>,
                /// +k8s:immutable
                pub n: Option<i32>,
                /// +k8s:dependentRequired("n")
                pub m: Option<i32>,
            }
            "#,
        )
        .unwrap()
    }

    fn target<'a>(ts: &'a [Target], text: &str) -> &'a Target {
        ts.iter()
            .find(|t| t.line.text == text)
            .unwrap_or_else(|| panic!("no target {text}"))
    }

    /// Routes avoid immutable fields (whose check short-circuits the ones
    /// below), and the directed object breaks the line at its site.
    #[test]
    fn directed_cases_break_their_line() {
        let p = pkg();
        let ts = targets(&p);
        let t = target(&ts, "k8s:maxItems=2");
        assert_eq!(t.routes.len(), 1);
        assert_eq!(
            t.routes[0].1,
            [("T".to_string(), Some("items".to_string()))]
        );
        for seed in 0..20 {
            let d = Gen::new(&p, Rng::new(seed)).directed(t, 0);
            let items = d.object["items"].as_array().unwrap();
            assert!(items.iter().any(|i| i["xs"].as_array().unwrap().len() == 3));
            assert!(d.old.is_none());
        }
    }

    /// `immutable`: an update whose old object differs at the site only.
    #[test]
    fn immutable_gets_an_update_changing_the_site() {
        let p = pkg();
        let ts = targets(&p);
        let t = target(&ts, "k8s:immutable");
        let t = ts
            .iter()
            .find(|x| x.line.text == t.line.text && x.line.owner == "Inner")
            .unwrap();
        for seed in 0..20 {
            let d = Gen::new(&p, Rng::new(seed)).directed(t, 0);
            let old = d.old.expect("an update");
            let (a, b) = (&old["items"], &d.object["items"]);
            let changed: Vec<usize> = (0..a.as_array().unwrap().len())
                .filter(|&i| a[i] != b[i])
                .collect();
            assert_eq!(changed.len(), 1, "{a} / {b}");
            let i = changed[0];
            assert_ne!(a[i]["n"], b[i]["n"]);
            assert_eq!(a[i]["xs"], b[i]["xs"]);
        }
    }

    /// `dependentRequired("n")` on `m`: `m` set, `n` unset.
    #[test]
    fn dependencies_set_the_field_and_clear_the_other() {
        let p = pkg();
        let ts = targets(&p);
        let t = target(&ts, "k8s:dependentRequired(\"n\")");
        for seed in 0..20 {
            let d = Gen::new(&p, Rng::new(seed)).directed(t, 0);
            let items = d.object["items"].as_array().unwrap();
            assert!(items.iter().any(|i| !i["m"].is_null() && i["n"].is_null()));
        }
    }
}
