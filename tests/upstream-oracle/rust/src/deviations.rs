//! Known, documented deviations from upstream (see `../DEVIATIONS.md`):
//! each is excluded by name, as narrowly as it can be described, and the run
//! reports how many cases each one excluded. Nothing is excluded silently.
//!
//! A deviation either rewrites error texts (both sides alike, so that a
//! rendering difference disappears) or covers a whole difference (a
//! predicate over the case and both verdicts). A case is excluded when the
//! rewrites alone, or the rewrites and one predicate, account for all of
//! its difference.

use crate::case::{Case, ErrRec, Verdict};
use crate::compare;
use crate::fixtures::Build;

/// How a deviation is recognised.
pub enum Rule {
    /// Rewrites an error text; differences that vanish are the deviation's.
    Rewrite(fn(&str) -> String),
    /// Covers a difference of the case (after the rewrites).
    Covers(fn(&Case, &Verdict, &Verdict) -> bool),
}

/// A deviation: its name, why upstream is not followed, and how it is
/// recognised.
pub struct Deviation {
    pub name: &'static str,
    pub reason: &'static str,
    pub rule: Rule,
}

/// Every deviation the oracle excludes.
pub static DEVIATIONS: &[Deviation] = &[
    Deviation {
        name: "empty-collection-rendering",
        reason: "an empty Vec/map renders as []/{} inside a bad value; the oracle sends it to Go as nil, which Go renders as null",
        rule: Rule::Rewrite(empty_rendering),
    },
    Deviation {
        name: "item-union-member-names",
        reason: "with list-item union members declared out of selector order, upstream names the wrong members in the \"{...}\" value of a too-many-members error (member names in tag order, set-ness in selector order); the project names the members that are set",
        rule: Rule::Rewrite(item_union_value),
    },
    Deviation {
        name: "upstream-panic-update-without-old-1.35",
        reason: "1.35 panics (nil dereference in UpdateValueByCompare) for an update constraint on a value field of a struct that has no old value (a new list item, a newly set pointer); fixed later",
        rule: Rule::Covers(panic_update_without_old),
    },
    Deviation {
        name: "upstream-panic-nil-struct-pointer",
        reason: "upstream calls a struct's validation through a nil pointer when the field has no optional/required/forbidden tag (a shape its lint rejects; k8s.io/api resource/v1beta1 Device.basic has it); the project validates nothing for None",
        rule: Rule::Covers(panic_nil_struct_pointer),
    },
];

/// The deviations that together cover a difference (empty when they do not).
pub fn find(case: &Case, rust: &Verdict, go: &Verdict) -> Vec<&'static Deviation> {
    let mut used = Vec::new();
    let (mut r, mut g) = (rust.clone(), go.clone());
    for d in DEVIATIONS {
        if let Rule::Rewrite(f) = d.rule {
            let (r2, g2) = (rewrite(&r, f), rewrite(&g, f));
            // Attribute a rewrite only when it changes a differing text.
            if differing_texts(&r, &g) != differing_texts(&r2, &g2) {
                used.push(d);
            }
            (r, g) = (r2, g2);
        }
    }
    if compare::difference(&r, &g).is_none() {
        return used;
    }
    for d in DEVIATIONS {
        if let Rule::Covers(f) = d.rule {
            if f(case, &r, &g) {
                used.push(d);
                return used;
            }
        }
    }
    Vec::new()
}

fn rewrite(v: &Verdict, f: fn(&str) -> String) -> Verdict {
    match v {
        Verdict::Errors(errs) => Verdict::Errors(
            errs.iter()
                .map(|e| ErrRec {
                    text: f(&e.text),
                    ..e.clone()
                })
                .collect(),
        ),
        other => other.clone(),
    }
}

fn differing_texts(r: &Verdict, g: &Verdict) -> (Vec<String>, Vec<String>) {
    match (r, g) {
        (Verdict::Errors(r), Verdict::Errors(g)) => {
            let rt: Vec<String> = r.iter().map(|e| e.text.clone()).collect();
            let gt: Vec<String> = g.iter().map(|e| e.text.clone()).collect();
            (minus(&rt, &gt), minus(&gt, &rt))
        }
        _ => (Vec::new(), Vec::new()),
    }
}

/// Empty collections rendered alike.
fn empty_rendering(text: &str) -> String {
    text.replace("[]", "\u{2205}")
        .replace("{}", "\u{2205}")
        .replace("null", "\u{2205}")
}

/// The `"{a, b}"` value of a list-item union's too-many-members error
/// (whose members are `<list>[{...}]`) replaced by its member count.
fn item_union_value(text: &str) -> String {
    let start = "Invalid value: \"{";
    let (Some(i), true) = (
        text.find(start),
        text.contains("\": must specify exactly one of: `")
            || text.contains("\": must specify at most one of: `"),
    ) else {
        return text.to_string();
    };
    let rest = &text[i + start.len()..];
    let Some(end) = rest.find("}\": must specify") else {
        return text.to_string();
    };
    let inner = &rest[..end];
    if !inner.contains("[{") {
        return text.to_string();
    }
    let members = inner.matches("}], ").count() + 1;
    format!(
        "{}Invalid value: \"<{members} list items>{}",
        &text[..i],
        &rest[end + 1..]
    )
}

/// Multiset difference `a - b`.
fn minus<T: Ord + Clone>(a: &[T], b: &[T]) -> Vec<T> {
    let mut b = b.to_vec();
    b.sort();
    let mut out = Vec::new();
    for x in a {
        match b.binary_search(x) {
            Ok(i) => {
                b.remove(i);
            }
            Err(_) => out.push(x.clone()),
        }
    }
    out
}

fn nil_dereference(rust: &Verdict, go: &Verdict) -> bool {
    matches!(rust, Verdict::Errors(_))
        && matches!(go, Verdict::Panic(p) if p.contains("invalid memory address or nil pointer dereference"))
}

/// Go panicked on a nil dereference validating an update of the fixture
/// made for this panic.
fn panic_update_without_old(case: &Case, rust: &Verdict, go: &Verdict) -> bool {
    // v0.36.0 still dereferences the missing old value.
    matches!(case.build, Build::V1_35 | Build::V1_36)
        && case.ty == "UpdateInItems"
        && case.is_update()
        && nil_dereference(rust, go)
}

/// Go panicked on a nil dereference validating the fixture made for this
/// panic, whose pointer is unset.
fn panic_nil_struct_pointer(case: &Case, rust: &Verdict, go: &Verdict) -> bool {
    // Still in v0.37.2 and v0.38.0-beta.0 (the generated `Validate_<T>`
    // takes `&obj.<Field>` through the nil pointer).
    let fixture = matches!(
        case.build,
        Build::V1_35 | Build::V1_36 | Build::V1_35At1_37 | Build::V1_35At1_38
    ) && case.ty == "NilStructPointer"
        && case.object.get("leaf").is_some_and(|v| v.is_null());
    // k8s.io/api resource/v1beta1: Device.Basic (*BasicDevice) has no
    // +k8s:optional, and v0.35.0's generated Validate_Device calls
    // Validate_BasicDevice through the nil pointer.
    let real = case.build == Build::Real
        && matches!(
            case.ty.as_str(),
            "resource_v1beta1::ResourceSlice" | "resource_v1beta1::ResourceSliceList"
        )
        && device_without_basic(&case.object);
    (fixture || real) && nil_dereference(rust, go)
}

/// Whether a v1beta1 ResourceSlice (or a list of them) has a device without
/// `basic`.
fn device_without_basic(v: &serde_json::Value) -> bool {
    let slices: Vec<&serde_json::Value> = match v.get("items").and_then(|i| i.as_array()) {
        Some(items) => items.iter().collect(),
        None => vec![v],
    };
    slices.iter().any(|s| {
        s.pointer("/spec/devices")
            .and_then(|d| d.as_array())
            .is_some_and(|ds| {
                ds.iter()
                    .any(|d| d.get("basic").is_none_or(|b| b.is_null()))
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn e(field: &str, detail: &str, text: &str) -> ErrRec {
        ErrRec {
            kind: "FieldValueInvalid".into(),
            field: field.into(),
            origin: String::new(),
            detail: detail.into(),
            text: text.into(),
            level: String::new(),
        }
    }

    fn case(build: Build, update: bool) -> Case {
        Case {
            id: 0,
            build,
            ty: "T".into(),
            object: json!({}),
            old_object: update.then(|| json!({})),
            options: vec![],
            disabled: vec![],
            subresource: "/".into(),
        }
    }

    fn names(c: &Case, r: &Verdict, g: &Verdict) -> Vec<&'static str> {
        find(c, r, g).iter().map(|d| d.name).collect()
    }

    #[test]
    fn rendering_only_differences() {
        let c = case(Build::V1_35, false);
        let r = Verdict::Errors(vec![e("x", "d", "x: Invalid value: {\"a\":[]}: d")]);
        let g = Verdict::Errors(vec![e("x", "d", "x: Invalid value: {\"a\":null}: d")]);
        assert_eq!(names(&c, &r, &g), ["empty-collection-rendering"]);
        let g2 = Verdict::Errors(vec![e("x", "d", "x: Invalid value: {\"a\":[1]}: d")]);
        assert!(find(&c, &r, &g2).is_empty());
    }

    #[test]
    fn item_union_member_names() {
        let c = case(Build::V1_35, false);
        let t = |v: &str| {
            format!("three: Invalid value: \"{{{v}}}\": must specify exactly one of: `three[{{\"name\": \"c\"}}]`, `three[{{\"name\": \"a\"}}]`")
        };
        let r = Verdict::Errors(vec![e(
            "three",
            "",
            &t("three[{\\\"name\\\": \\\"a\\\"}], three[{\\\"name\\\": \\\"b\\\"}]"),
        )]);
        let g = Verdict::Errors(vec![e(
            "three",
            "",
            &t("three[{\\\"name\\\": \\\"c\\\"}], three[{\\\"name\\\": \\\"a\\\"}]"),
        )]);
        assert_eq!(names(&c, &r, &g), ["item-union-member-names"]);
        // A different number of members is a real difference.
        let g1 = Verdict::Errors(vec![e("three", "", &t("three[{\\\"name\\\": \\\"c\\\"}]"))]);
        assert!(find(&c, &r, &g1).is_empty());
        // Field unions are not list-item unions.
        let f = |v: &str| {
            format!("<nil>: Invalid value: \"{{{v}}}\": must specify exactly one of: `a`, `b`")
        };
        let rf = Verdict::Errors(vec![e("<nil>", "", &f("a, b"))]);
        let gf = Verdict::Errors(vec![e("<nil>", "", &f("b, a"))]);
        assert!(find(&c, &rf, &gf).is_empty());
    }

    #[test]
    fn union_errors_without_old_are_real_differences() {
        // 1.35's patch releases ratchet only with an old value (v0.35.10
        // `hasOldValue`), as the project does: an extra "must specify one of"
        // on an update is a difference in every build, and so is an origin.
        let u = e("many[0]", "must specify one of: `a`, `b`", "many[0]: ...");
        let other = e("x", "d", "x: d");
        let r = Verdict::Errors(vec![other.clone(), u.clone()]);
        let g = Verdict::Errors(vec![other.clone()]);
        for build in [Build::V1_35, Build::Real, Build::V1_37] {
            assert!(find(&case(build, true), &r, &g).is_empty());
        }
        let mut tagged = u.clone();
        tagged.origin = "union".into();
        let g3 = Verdict::Errors(vec![tagged, other.clone()]);
        assert!(find(&case(Build::V1_37, false), &r, &g3).is_empty());
    }

    #[test]
    fn a_rewrite_covers_only_a_whole_difference() {
        let c = case(Build::V1_35, true);
        let dup = |t: &str| ErrRec {
            kind: "FieldValueDuplicate".into(),
            field: "items[1]".into(),
            origin: String::new(),
            detail: String::new(),
            text: t.into(),
            level: String::new(),
        };
        let dups = |t: &str| vec![dup(&format!("items[1]: Duplicate value: {{\"a\":{t}}}"))];
        let r = Verdict::Errors(dups("[]"));
        let g = Verdict::Errors(dups("null"));
        assert_eq!(names(&c, &r, &g), ["empty-collection-rendering"]);
        // What the rewrite leaves (an extra error) is not excused by it.
        let extra = e("many[0]", "must specify one of: `a`", "many[0]: ...");
        let r2 = Verdict::Errors([dups("[]"), vec![extra]].concat());
        assert!(find(&c, &r2, &g).is_empty());
    }
}
