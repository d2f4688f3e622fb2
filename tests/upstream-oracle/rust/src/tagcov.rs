//! Per tag line coverage of the real-API oracle: for every validation tag
//! line of the mirror, how many objects failed it (upstream reported an
//! error that the line produces) and how many passed it (the line's site was
//! in the object and it produced no error).
//!
//! An error is attributed to a line by its field path (resolved through the
//! schema from the root type to the struct field it ends at, or the struct
//! it names) and by the family of the line's innermost tag (its origin, or
//! its error type where upstream sets no origin).

use std::collections::{BTreeMap, HashMap, HashSet};

use serde_json::Value;

use crate::case::ErrRec;
use crate::schema::{Kind, Package, Ty};

/// Whether a `+` line belongs to another generator (or to no generator):
/// not a validation tag. Mirrors the project's catalog rule
/// (`is_other_generator_tag`).
pub fn is_foreign(line: &str) -> bool {
    let Some(rest) = line.strip_prefix("k8s:") else {
        return true;
    };
    let name_end = rest.find(['=', '(']).unwrap_or(rest.len());
    let name = &rest[..name_end];
    name.contains("-gen")
        || name.starts_with("openapi")
        || name.starts_with("validation:")
        || matches!(name, "conversion-fn" | "deprecated")
}

/// A validation tag line and where it is.
#[derive(Clone, Debug)]
pub struct Line {
    /// The type the line is written on (or whose field it is on).
    pub owner: String,
    /// The field's JSON name, for a field's line.
    pub field: Option<String>,
    /// The line, without the leading `+`.
    pub text: String,
    /// The innermost tag's name (`k8s:eachVal=+k8s:minimum=1` gives `minimum`).
    pub leaf: String,
    /// The `subfield(name)`s the line reaches into, outermost first (1.38
    /// nests them: `subfield(spec)=+k8s:subfield(restartPolicy)=...`).
    pub subfields: Vec<String>,
    /// Whether the same field also has `+k8s:customUnique` (bare or under
    /// a level wrapper).
    pub custom_unique: bool,
    /// Whether the line is `+k8s:minimum` at the lowest value of the field's
    /// integer type.
    pub at_floor: bool,
    /// Whether the line is a field's `+k8s:immutable` (bare or under a level
    /// wrapper) whose struct is reached from the roots only through
    /// immutable fields.
    pub behind_immutable: bool,
    /// Whether the line is on a field of a struct type held by value (not
    /// behind a pointer, not a list or map): 1.38 accepts `+k8s:required` there
    /// as documentation only.
    pub struct_value: bool,
}

fn is_immutable(line: &str) -> bool {
    line == "k8s:immutable" || line.ends_with("=+k8s:immutable")
}

/// The types reached from the roots through fields without
/// `+k8s:immutable`. `immutable` short-circuits (upstream's `ShortCircuit`
/// flag, kept by the level wrappers): an update that changes anything below
/// an immutable field fails there and goes no deeper, so an `immutable` of a
/// type reached only through immutable fields never fails.
fn reached_mutably(pkg: &Package) -> HashSet<String> {
    fn named(ty: &Ty, out: &mut Vec<String>) {
        match ty {
            Ty::Opt(t) | Ty::List(t) => named(t, out),
            Ty::Map(k, v) => {
                named(k, out);
                named(v, out);
            }
            Ty::Named(n) => out.push(n.clone()),
            _ => {}
        }
    }
    let mut seen = HashSet::new();
    let mut stack: Vec<String> = pkg.roots().map(|t| t.name.clone()).collect();
    while let Some(n) = stack.pop() {
        if !seen.insert(n.clone()) {
            continue;
        }
        match pkg.get(&n).map(|t| &t.kind) {
            Some(Kind::Struct(fields)) => {
                for f in fields
                    .iter()
                    .filter(|f| !f.tags.iter().any(|l| is_immutable(l)))
                {
                    named(&f.ty, &mut stack);
                }
            }
            Some(Kind::Newtype(inner)) => named(inner, &mut stack),
            None => {}
        }
    }
    seen
}

impl Line {
    /// `owner.field: +text`.
    pub fn describe(&self) -> String {
        match &self.field {
            Some(f) => format!("{}.{f}: +{}", self.owner, self.text),
            None => format!("{}: +{}", self.owner, self.text),
        }
    }

    /// Why the line can never fail, if it cannot: it produces no errors of
    /// its own.
    pub fn never_fails(&self) -> Option<&'static str> {
        let mode_each = self
            .text
            .find("k8s:ifMode(")
            .is_some_and(|at| self.text[at..].contains("=+k8s:eachVal="));
        if mode_each {
            return Some("+k8s:ifMode(...)=+k8s:eachVal=... produces no errors (a mode's rule keeps only its payload's immediate validations: upstream's mode.go builds it from Validations.Functions)");
        }
        match self.leaf.as_str() {
            "optional" => Some("+k8s:optional produces no errors (it only stops the other validations of an unset value)"),
            "listMapKey" => Some("+k8s:listMapKey produces no errors (it names the key +k8s:listType=map checks)"),
            "customUnique" => Some("+k8s:customUnique produces no errors (it turns off the generated uniqueness check)"),
            "listType" if self.text.ends_with("=atomic") => Some("+k8s:listType=atomic produces no errors"),
            "listType" if self.custom_unique => Some("+k8s:listType=map next to +k8s:customUnique produces no errors (the uniqueness check is left to hand-written code)"),
            "discriminator" => Some("+k8s:discriminator produces no errors (the +k8s:member rules of its siblings report theirs)"),
            "modeDiscriminator" => Some("+k8s:modeDiscriminator produces no errors (the +k8s:ifMode rules of its siblings report theirs)"),
            "opaqueType" => Some("+k8s:opaqueType produces no errors (it turns off the validation of the type it marks)"),
            "minimum" if self.at_floor => Some("+k8s:minimum at the lowest value of the field's integer type produces no errors"),
            "immutable" if self.behind_immutable => Some("+k8s:immutable of a struct reached only through immutable fields produces no errors (the outer immutable short-circuits first)"),
            "unionDiscriminator" => Some("+k8s:unionDiscriminator produces no errors of its own (the union's errors name its members: their +k8s:unionMember lines report them)"),
            "required" if self.struct_value && self.only_levels() => Some("+k8s:required on a struct held by value produces no errors (1.38: documentation only; the struct is validated all the same)"),
            _ => None,
        }
    }

    /// Whether the line's tag is the field's own, bare or under `alpha` /
    /// `beta` only (no `eachVal`, `item`, `subfield`, option).
    fn only_levels(&self) -> bool {
        let parts: Vec<&str> = self.text.split("=+").collect();
        parts[..parts.len() - 1]
            .iter()
            .all(|p| p.starts_with("k8s:alpha") || p.starts_with("k8s:beta"))
    }

    /// Whether `e` is an error of this line's tag family.
    fn family(&self, e: &ErrRec) -> bool {
        // A discriminated union reports at the members it names.
        let union = e.detail.starts_with("must specify") || e.detail.contains(" specified when `");
        match self.leaf.as_str() {
            "required" => e.kind == "FieldValueRequired",
            "forbidden" => e.kind == "FieldValueForbidden" && e.origin.is_empty(),
            "enum" | "eq" => e.kind == "FieldValueNotSupported",
            "listType" | "unique" => e.kind == "FieldValueDuplicate",
            "unionMember" | "zeroOrOneOfMember" => union,
            "supportsSubresource" | "isSubresource" => e.kind == "InternalError",
            "format" => e.origin.starts_with("format"),
            // Hand-written functions report without an origin.
            "customValidation" => {
                e.origin.is_empty()
                    && matches!(e.kind.as_str(), "FieldValueInvalid" | "FieldValueRequired")
            }
            other => e.origin == other,
        }
    }
}

/// Parses a line into its leaf tag and the subfields it reaches into.
fn parse(text: &str) -> (String, Vec<String>) {
    let mut subfields = Vec::new();
    let mut leaf = String::new();
    for part in text.split("=+") {
        let part = part.trim_start_matches("k8s:");
        let end = part.find(['(', '=']).unwrap_or(part.len());
        let name = &part[..end];
        if name == "subfield" {
            let arg = part[end..]
                .trim_start_matches('(')
                .split(')')
                .next()
                .unwrap_or("")
                .trim()
                .trim_matches('"');
            subfields.push(arg.to_string());
        }
        leaf = name.to_string();
    }
    (leaf, subfields)
}

/// The counts of one line.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counts {
    pub failed: u64,
    pub passed: u64,
}

/// Coverage of every validation tag line of a package.
pub struct Coverage {
    pub lines: Vec<Line>,
    pub counts: Vec<Counts>,
    /// Owner type → field → the lines on that field.
    by_field: HashMap<String, HashMap<String, Vec<usize>>>,
    /// Type → the lines on that type.
    by_type: HashMap<String, Vec<usize>>,
}

/// The lines whose sites an object contains.
struct Sites<'a> {
    cov: &'a Coverage,
    present: Vec<bool>,
}

impl Sites<'_> {
    fn field(&mut self, owner: &str, field: &str) {
        if let Some(ls) = self.cov.by_field.get(owner).and_then(|m| m.get(field)) {
            for &i in ls {
                self.present[i] = true;
            }
        }
    }

    fn ty(&mut self, name: &str) {
        if let Some(ls) = self.cov.by_type.get(name) {
            for &i in ls {
                self.present[i] = true;
            }
        }
    }
}

/// Where an error's field path ends.
struct Resolved {
    /// The struct fields along the path, in order.
    fields: Vec<(String, String)>,
    /// The named type of the value the path names (after list and map
    /// indices and pointers), if any.
    reached: Option<String>,
}

impl Coverage {
    pub fn new(pkg: &Package) -> Coverage {
        let mutable = reached_mutably(pkg);
        let mut lines = Vec::new();
        let mut add = |owner: &str,
                       field: Option<&String>,
                       text: &String,
                       custom_unique: bool,
                       ty: Option<&Ty>| {
            if is_foreign(text) {
                return;
            }
            let (leaf, subfields) = parse(text);
            // A struct of the package, or a stand-in for a Go struct.
            let struct_value = match ty {
                Some(Ty::Named(n)) => pkg
                    .get(n)
                    .is_some_and(|t| matches!(t.kind, Kind::Struct(_))),
                Some(Ty::Special(n)) => matches!(n.as_str(), "Quantity" | "Time" | "MicroTime"),
                _ => false,
            };
            let int = match ty {
                Some(Ty::Int(k)) => Some(*k),
                Some(Ty::Opt(inner)) => match &**inner {
                    Ty::Int(k) => Some(*k),
                    _ => None,
                },
                _ => None,
            };
            let at_floor = leaf == "minimum"
                && int.is_some_and(|k| {
                    text.rsplit("minimum=")
                        .next()
                        .and_then(|v| v.parse::<i128>().ok())
                        == Some(k.range().0)
                });
            lines.push(Line {
                owner: owner.to_string(),
                field: field.cloned(),
                text: text.clone(),
                leaf,
                subfields,
                custom_unique,
                at_floor,
                behind_immutable: field.is_some() && is_immutable(text) && !mutable.contains(owner),
                struct_value,
            });
        };
        for t in &pkg.types {
            for l in &t.tags {
                add(&t.name, None, l, false, None);
            }
            if let Kind::Struct(fields) = &t.kind {
                for f in fields {
                    let cu = f
                        .tags
                        .iter()
                        .any(|l| l == "k8s:customUnique" || l.ends_with("=+k8s:customUnique"));
                    for l in &f.tags {
                        add(&t.name, f.json.as_ref(), l, cu, Some(&f.ty));
                    }
                }
            }
            for c in &t.consts {
                for l in &c.tags {
                    add(&t.name, None, l, false, None);
                }
            }
        }
        let counts = vec![Counts::default(); lines.len()];
        let mut by_field: HashMap<String, HashMap<String, Vec<usize>>> = HashMap::new();
        let mut by_type: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, l) in lines.iter().enumerate() {
            match &l.field {
                Some(f) => by_field
                    .entry(l.owner.clone())
                    .or_default()
                    .entry(f.clone())
                    .or_default()
                    .push(i),
                None => by_type.entry(l.owner.clone()).or_default().push(i),
            }
        }
        Coverage {
            lines,
            counts,
            by_field,
            by_type,
        }
    }

    /// Records one object of root type `root` and upstream's errors for it.
    pub fn record(&mut self, pkg: &Package, root: &str, object: &Value, errs: &[ErrRec]) {
        let mut sites = Sites {
            cov: self,
            present: vec![false; self.lines.len()],
        };
        walk(pkg, object, &Ty::Named(root.to_string()), &mut sites, 0);
        let present = sites.present;
        let resolved: Vec<Resolved> = errs.iter().map(|e| resolve(pkg, root, &e.field)).collect();
        for (i, line) in self.lines.iter().enumerate() {
            if !present[i] {
                continue;
            }
            let hit = errs
                .iter()
                .zip(&resolved)
                .any(|(e, r)| line.family(e) && at_site(line, r, root));
            if hit {
                self.counts[i].failed += 1;
            } else {
                self.counts[i].passed += 1;
            }
        }
    }
}

/// Whether an error resolved to `r` is at `line`'s site.
fn at_site(line: &Line, r: &Resolved, root: &str) -> bool {
    match (&line.field, line.leaf.as_str()) {
        // Union errors name the struct that holds the members; a
        // discriminated union's name the member.
        (Some(f), "unionMember") => {
            r.reached.as_deref() == Some(line.owner.as_str())
                || r.fields.last() == Some(&(line.owner.clone(), f.clone()))
        }
        // A dependency's error names the field it depends on
        // (`dependentRequired("b")` on `a` reports `b: Required value`).
        (Some(_), "dependentRequired" | "dependentForbidden") => {
            let named = line
                .text
                .rsplit_once(&format!("k8s:{}(", line.leaf))
                .map(|(_, rest)| {
                    rest.split(')')
                        .next()
                        .unwrap_or("")
                        .trim()
                        .trim_matches('"')
                });
            r.fields
                .last()
                .is_some_and(|(o, n)| *o == line.owner && Some(n.as_str()) == named)
        }
        (Some(f), _) => {
            let me = (line.owner.clone(), f.clone());
            // The field, then each subfield in turn.
            let k = line.subfields.len();
            let n = r.fields.len();
            n > k
                && r.fields[n - 1 - k] == me
                && r.fields[n - k..]
                    .iter()
                    .zip(&line.subfields)
                    .all(|((_, name), sub)| name == sub)
        }
        (None, "supportsSubresource" | "isSubresource") => line.owner == root,
        (None, _) => r.reached.as_deref() == Some(line.owner.as_str()),
    }
}

/// Splits a rendered field path (`a.b[0].c["k"]`) into names and indices
/// (indices as `None`).
fn segments(path: &str) -> Vec<Option<String>> {
    let mut out = Vec::new();
    if path.is_empty() || path == "<nil>" {
        return out;
    }
    let mut name = String::new();
    let mut chars = path.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '.' => {
                if !name.is_empty() {
                    out.push(Some(std::mem::take(&mut name)));
                }
            }
            '[' => {
                if !name.is_empty() {
                    out.push(Some(std::mem::take(&mut name)));
                }
                let mut quoted = false;
                for c in chars.by_ref() {
                    match c {
                        '"' => quoted = !quoted,
                        ']' if !quoted => break,
                        _ => {}
                    }
                }
                out.push(None);
            }
            c => name.push(c),
        }
    }
    if !name.is_empty() {
        out.push(Some(name));
    }
    out
}

fn strip(pkg: &Package, ty: &Ty) -> Ty {
    match ty {
        Ty::Opt(t) => strip(pkg, t),
        Ty::Named(n) => match pkg.get(n).map(|t| &t.kind) {
            // A typedef of a list or map is indexed like one.
            Some(Kind::Newtype(inner @ (Ty::List(_) | Ty::Map(..)))) => inner.clone(),
            _ => ty.clone(),
        },
        t => t.clone(),
    }
}

fn resolve(pkg: &Package, root: &str, path: &str) -> Resolved {
    let mut fields = Vec::new();
    let mut ty = Ty::Named(root.to_string());
    for seg in segments(path) {
        let cur = strip(pkg, &ty);
        match (seg, &cur) {
            (None, Ty::List(e)) => ty = (**e).clone(),
            (None, Ty::Map(_, v)) => ty = (**v).clone(),
            (Some(name), Ty::Named(n)) => {
                let Some(Kind::Struct(fs)) = pkg.get(n).map(|t| &t.kind) else {
                    return Resolved {
                        fields,
                        reached: None,
                    };
                };
                let Some(f) = find_field(pkg, n, fs, &name) else {
                    return Resolved {
                        fields,
                        reached: None,
                    };
                };
                fields.push((f.0, name));
                ty = f.1;
            }
            _ => {
                return Resolved {
                    fields,
                    reached: None,
                }
            }
        }
    }
    let reached = match strip(pkg, &ty) {
        Ty::Named(n) => Some(n),
        // A list or map typedef (or a field of one) reached as a whole.
        _ => match ty {
            Ty::Named(n) => Some(n),
            Ty::Opt(t) => match *t {
                Ty::Named(n) => Some(n),
                _ => None,
            },
            _ => None,
        },
    };
    Resolved { fields, reached }
}

/// The struct (the type itself or a flattened one) that declares JSON field
/// `name`, and the field's type.
fn find_field(
    pkg: &Package,
    owner: &str,
    fields: &[crate::schema::Field],
    name: &str,
) -> Option<(String, Ty)> {
    for f in fields {
        match (&f.json, &f.ty) {
            (Some(j), ty) if j == name => return Some((owner.to_string(), ty.clone())),
            (None, Ty::Named(inner)) => {
                if let Some(Kind::Struct(fs)) = pkg.get(inner).map(|t| &t.kind) {
                    if let Some(found) = find_field(pkg, inner, fs, name) {
                        return Some(found);
                    }
                }
            }
            _ => {}
        }
    }
    None
}

fn walk(pkg: &Package, v: &Value, ty: &Ty, sites: &mut Sites<'_>, depth: u32) {
    if depth > 64 {
        return;
    }
    match (ty, v) {
        (Ty::Opt(t), v) if !v.is_null() => walk(pkg, v, t, sites, depth + 1),
        (Ty::List(e), Value::Array(items)) => {
            for x in items {
                walk(pkg, x, e, sites, depth + 1);
            }
        }
        (Ty::Map(_, vt), Value::Object(m)) => {
            for x in m.values() {
                walk(pkg, x, vt, sites, depth + 1);
            }
        }
        (Ty::Named(n), v) => {
            let Some(t) = pkg.get(n) else { return };
            sites.ty(n);
            match &t.kind {
                Kind::Newtype(inner) => walk(pkg, v, inner, sites, depth + 1),
                Kind::Struct(fields) => struct_sites(pkg, n, fields, v, sites, depth),
            }
        }
        _ => {}
    }
}

fn struct_sites(
    pkg: &Package,
    owner: &str,
    fields: &[crate::schema::Field],
    v: &Value,
    sites: &mut Sites<'_>,
    depth: u32,
) {
    for f in fields {
        match (&f.json, &f.ty) {
            (None, Ty::Named(inner)) => {
                sites.ty(inner);
                if let Some(Kind::Struct(fs)) = pkg.get(inner).map(|t| &t.kind) {
                    struct_sites(pkg, inner, fs, v, sites, depth + 1);
                }
            }
            (Some(j), ty) => {
                sites.field(owner, j);
                let x = v.get(j).unwrap_or(&Value::Null);
                walk(pkg, x, ty, sites, depth + 1);
            }
            _ => {}
        }
    }
}

/// The report: one line per tag line with its counts, then the lines not
/// hit both ways. Returns the lines that should have been hit both ways
/// and were not.
pub fn report(cov: &Coverage) -> Vec<String> {
    let mut gaps = Vec::new();
    let mut never: BTreeMap<&'static str, u64> = BTreeMap::new();
    println!(
        "== tag lines ({}): failed / passed objects",
        cov.lines.len()
    );
    for (line, c) in cov.lines.iter().zip(&cov.counts) {
        println!("  {:>7} / {:<7} {}", c.failed, c.passed, line.describe());
        match line.never_fails() {
            Some(why) => {
                *never.entry(why).or_default() += 1;
                if c.passed == 0 {
                    gaps.push(format!("{} (never passed)", line.describe()));
                }
            }
            None => {
                if c.failed == 0 || c.passed == 0 {
                    gaps.push(format!(
                        "{} ({})",
                        line.describe(),
                        if c.failed == 0 {
                            "never failed"
                        } else {
                            "never passed"
                        }
                    ));
                }
            }
        }
    }
    for (why, n) in never {
        println!("  {n} line(s) cannot fail: {why}");
    }
    gaps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_split_into_names_and_indices() {
        assert_eq!(
            segments("a.b[0].c[\"k.]\"].d"),
            [
                Some("a".to_string()),
                Some("b".into()),
                None,
                Some("c".into()),
                None,
                Some("d".into())
            ]
        );
        assert!(segments("<nil>").is_empty());
    }

    #[test]
    fn lines_parse_into_leaf_and_subfield() {
        assert_eq!(
            parse("k8s:subfield(name)=+k8s:format=k8s-long-name"),
            ("format".to_string(), vec!["name".to_string()])
        );
        assert_eq!(
            parse("k8s:alpha(since: \"1.38\")=+k8s:subfield(spec)=+k8s:subfield(restartPolicy)=+k8s:eq=\"Always\""),
            ("eq".to_string(), vec!["spec".to_string(), "restartPolicy".to_string()])
        );
        assert_eq!(
            parse("k8s:item(type: \"Approved\")=+k8s:zeroOrOneOfMember").0,
            "zeroOrOneOfMember"
        );
        assert!(is_foreign("k8s:deepcopy-gen:interfaces=x") && is_foreign("optional"));
        assert!(!is_foreign("k8s:optional"));
    }

    #[test]
    fn errors_are_attributed_by_site_and_family() {
        let p = Package::parse(
            r#"
            pub const ROOTS: &[&str] = &["T"];
            pub struct T {
                /// +k8s:minimum=0
                pub n: i32,
                /// +k8s:eachVal=+k8s:minimum=1
                pub xs: Vec<i32>,
            }
            "#,
        )
        .unwrap();
        let mut cov = Coverage::new(&p);
        assert_eq!(cov.lines.len(), 2);
        let e = |field: &str| ErrRec {
            kind: "FieldValueInvalid".into(),
            field: field.into(),
            origin: "minimum".into(),
            detail: String::new(),
            text: String::new(),
            level: String::new(),
        };
        let obj = serde_json::json!({"n": -1, "xs": [0]});
        cov.record(&p, "T", &obj, &[e("n")]);
        cov.record(&p, "T", &obj, &[e("xs[0]")]);
        assert_eq!((cov.counts[0].failed, cov.counts[0].passed), (1, 1));
        assert_eq!((cov.counts[1].failed, cov.counts[1].passed), (1, 1));
    }

    #[test]
    fn nested_subfields_and_1_38_tags() {
        let p = Package::parse(
            r#"
            pub const ROOTS: &[&str] = &["T"];
            pub struct T {
                /// +k8s:alpha(since: "1.38")=+k8s:subfield(spec)=+k8s:subfield(policy)=+k8s:eq="Always"
                pub template: Tmpl,
                /// +k8s:alpha(since: "1.38")=+k8s:required
                pub inner: Spec,
            }
            pub struct Tmpl { pub spec: Spec }
            pub struct Spec { pub policy: String }
            "#,
        )
        .unwrap();
        let mut cov = Coverage::new(&p);
        assert_eq!(cov.lines.len(), 2);
        assert_eq!(cov.lines[0].subfields, ["spec", "policy"]);
        assert!(cov.lines[0].never_fails().is_none());
        assert!(cov.lines[1].never_fails().is_some());
        let e = |field: &str| ErrRec {
            kind: "FieldValueNotSupported".into(),
            field: field.into(),
            origin: String::new(),
            detail: "supported values: \"Always\"".into(),
            text: String::new(),
            level: "alpha".into(),
        };
        let obj = serde_json::json!({"template": {"spec": {"policy": "Never"}}, "inner": {}});
        cov.record(&p, "T", &obj, &[e("template.spec.policy")]);
        cov.record(&p, "T", &obj, &[e("template.policy")]);
        assert_eq!((cov.counts[0].failed, cov.counts[0].passed), (1, 1));
    }
}
