//! The static coverage of the fixtures: for every tag, the positions it is
//! used in (directly, through `eachVal`/`eachKey`/`item`/`subfield`/options,
//! or inside a type that is itself used as a list element, map key or value,
//! nested struct or list-map item).

use std::collections::{BTreeMap, BTreeSet};

use crate::schema::{Kind, Package, Ty};

/// The names in a tag chain (`k8s:eachVal=+k8s:minimum=1` gives
/// `[eachVal, minimum]`), without the `k8s:` prefix.
pub fn chain(line: &str) -> Vec<String> {
    line.split("=+")
        .map(|part| {
            let end = part.find(['(', '=']).unwrap_or(part.len());
            part[..end].trim_start_matches("k8s:").to_string()
        })
        .collect()
}

fn record(
    out: &mut BTreeMap<String, BTreeSet<String>>,
    line: &str,
    base: &str,
    collection: &Ty,
    extra: &BTreeSet<String>,
) {
    let mut pos = base.to_string();
    for name in chain(line) {
        let set = out.entry(name.clone()).or_default();
        set.insert(pos.clone());
        set.extend(extra.iter().cloned());
        pos = match name.as_str() {
            "eachVal" => match collection {
                Ty::Map(..) => "map value".into(),
                _ => "list element".into(),
            },
            "eachKey" => "map key".into(),
            "item" => "list-map item".into(),
            "subfield" => "subfield".into(),
            "ifEnabled" | "ifDisabled" => {
                out.entry(name.clone()).or_default().insert(pos.clone());
                format!("{pos} (option-gated)")
            }
            _ => pos,
        };
    }
}

fn is_list_map(tags: &[String]) -> bool {
    tags.iter()
        .any(|t| t == "k8s:listType=map" || t == "k8s:unique=map")
}

/// Where each type is used: nested struct, list element, list-map item,
/// map key, map value.
fn usages(pkg: &Package) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    fn walk(
        ty: &Ty,
        list_map: bool,
        label: Option<&str>,
        out: &mut BTreeMap<String, BTreeSet<String>>,
    ) {
        match ty {
            Ty::Opt(t) => walk(t, list_map, label.or(Some("nested struct (pointer)")), out),
            Ty::List(t) => walk(
                t,
                false,
                Some(if list_map {
                    "list-map item"
                } else {
                    "list element"
                }),
                out,
            ),
            Ty::Map(k, v) => {
                walk(k, false, Some("map key"), out);
                walk(v, false, Some("map value"), out);
            }
            Ty::Named(n) => {
                out.entry(n.clone())
                    .or_default()
                    .insert(label.unwrap_or("nested struct").to_string());
            }
            _ => {}
        }
    }
    for t in &pkg.types {
        match &t.kind {
            Kind::Struct(fields) => {
                for f in fields {
                    walk(&f.ty, is_list_map(&f.tags), None, &mut out);
                }
            }
            Kind::Newtype(inner) => {
                walk(inner, is_list_map(&t.tags), Some("typedef of it"), &mut out)
            }
        }
    }
    out
}

/// Tag name → positions.
pub fn matrix(pkg: &Package) -> BTreeMap<String, BTreeSet<String>> {
    let uses = usages(pkg);
    let mut out = BTreeMap::new();
    for t in &pkg.types {
        let used: BTreeSet<String> = uses
            .get(&t.name)
            .map(|u| {
                u.iter()
                    .filter(|l| *l != "typedef of it")
                    .cloned()
                    .collect()
            })
            .unwrap_or_default();
        match &t.kind {
            Kind::Newtype(inner) => {
                for l in &t.tags {
                    record(&mut out, l, "typedef", inner, &used);
                }
            }
            Kind::Struct(fields) => {
                for l in &t.tags {
                    record(&mut out, l, "struct type", &Ty::Str, &used);
                }
                for f in fields {
                    let base = match &f.ty {
                        Ty::Opt(_) => "pointer field",
                        _ => "value field",
                    };
                    let leaf = match &f.ty {
                        Ty::Opt(t) => t,
                        t => t,
                    };
                    for l in &f.tags {
                        record(&mut out, l, base, leaf, &used);
                    }
                }
            }
        }
        for c in &t.consts {
            for l in &c.tags {
                record(&mut out, l, "enum constant", &Ty::Str, &BTreeSet::new());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_and_positions() {
        assert_eq!(
            chain("k8s:eachVal=+k8s:ifEnabled(X)=+k8s:minimum=1"),
            ["eachVal", "ifEnabled", "minimum"]
        );
        let p = Package::parse(
            r#"
            pub struct T {
                /// +k8s:eachVal=+k8s:minimum=1
                pub m: BTreeMap<String, i32>,
                /// +k8s:listType=map
                /// +k8s:listMapKey=name
                pub items: Vec<I>,
                /// +k8s:optional
                pub p: Option<I>,
            }
            pub struct I {
                /// +k8s:maxLength=3
                pub name: String,
            }
            "#,
        )
        .unwrap();
        let m = matrix(&p);
        assert!(m["minimum"].contains("map value"));
        assert!(m["eachVal"].contains("value field"));
        assert!(m["optional"].contains("pointer field"));
        let ml = &m["maxLength"];
        assert!(
            ml.contains("list-map item") && ml.contains("nested struct (pointer)"),
            "{ml:?}"
        );
    }
}
