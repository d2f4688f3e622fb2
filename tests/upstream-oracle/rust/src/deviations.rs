//! Known, documented deviations from upstream (see `../DEVIATIONS.md`):
//! each is excluded by name, with a predicate as narrow as the deviation,
//! and the run reports how many cases each one excluded. Nothing is
//! excluded silently.

use crate::case::{Case, ErrRec, Verdict};
use crate::fixtures::Build;

/// A deviation: its name, why upstream is not followed, and which
/// differences it covers.
pub struct Deviation {
    pub name: &'static str,
    pub reason: &'static str,
    pub covers: fn(&Case, &Verdict, &Verdict) -> bool,
}

/// Every deviation the oracle excludes.
pub static DEVIATIONS: &[Deviation] = &[
    Deviation {
        name: "empty-collection-rendering",
        reason: "an empty Vec/map renders as []/{} inside a bad value; the oracle sends it to Go as nil, which Go renders as null",
        covers: empty_collection_rendering,
    },
    Deviation {
        name: "union-ratchet-without-old-1.35",
        reason: "1.35 skips an empty union on update when there is no old value (a new list item, a newly set parent); fixed in 1.36, which the project follows",
        covers: union_ratchet_without_old,
    },
    Deviation {
        name: "upstream-panic-update-without-old-1.35",
        reason: "1.35 panics (nil dereference in UpdateValueByCompare) for an update constraint on a value field of a struct that has no old value (a new list item, a newly set pointer); fixed later",
        covers: panic_update_without_old,
    },
    Deviation {
        name: "upstream-panic-nil-struct-pointer",
        reason: "upstream calls a struct's validation through a nil pointer when the field has no optional/required/forbidden tag (a shape its lint rejects); the project validates nothing for None",
        covers: panic_nil_struct_pointer,
    },
    Deviation {
        name: "union-origin-1.36",
        reason: "1.36 added the origin \"union\" to union errors; the project follows 1.35, where they have none",
        covers: union_origin,
    },
];

/// The deviation that covers a difference, if any.
pub fn find(case: &Case, rust: &Verdict, go: &Verdict) -> Option<&'static Deviation> {
    DEVIATIONS.iter().find(|d| (d.covers)(case, rust, go))
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

fn both(rust: &Verdict, go: &Verdict) -> Option<(Vec<ErrRec>, Vec<ErrRec>)> {
    match (rust, go) {
        (Verdict::Errors(r), Verdict::Errors(g)) => Some((r.clone(), g.clone())),
        _ => None,
    }
}

/// Same errors, and the texts differ only in how empty collections render.
fn empty_collection_rendering(_: &Case, rust: &Verdict, go: &Verdict) -> bool {
    let Some((r, g)) = both(rust, go) else {
        return false;
    };
    let triple = |e: &ErrRec| (e.kind.clone(), e.field.clone(), e.origin.clone());
    let rt: Vec<_> = r.iter().map(triple).collect();
    let gt: Vec<_> = g.iter().map(triple).collect();
    if !minus(&rt, &gt).is_empty() || !minus(&gt, &rt).is_empty() {
        return false;
    }
    let norm = |e: &ErrRec| {
        e.text
            .replace("[]", "\u{2205}")
            .replace("{}", "\u{2205}")
            .replace("null", "\u{2205}")
    };
    let rx: Vec<String> = r.iter().map(norm).collect();
    let gx: Vec<String> = g.iter().map(norm).collect();
    let differs = r.iter().map(|e| &e.text).ne(g.iter().map(|e| &e.text));
    differs && minus(&rx, &gx).is_empty() && minus(&gx, &rx).is_empty()
}

/// A 1.35 update where Rust reports exactly the errors Go reports plus
/// "must specify one of" union errors.
fn union_ratchet_without_old(case: &Case, rust: &Verdict, go: &Verdict) -> bool {
    if case.build != Build::V1_35 || !case.is_update() {
        return false;
    }
    let Some((r, g)) = both(rust, go) else {
        return false;
    };
    let extra = minus(&r, &g);
    minus(&g, &r).is_empty()
        && !extra.is_empty()
        && extra
            .iter()
            .all(|e| e.kind == "FieldValueInvalid" && e.detail.starts_with("must specify one of: "))
}

fn nil_dereference(rust: &Verdict, go: &Verdict) -> bool {
    matches!(rust, Verdict::Errors(_))
        && matches!(go, Verdict::Panic(p) if p.contains("invalid memory address or nil pointer dereference"))
}

/// Go panicked on a nil dereference validating an update of the fixture
/// made for this panic.
fn panic_update_without_old(case: &Case, rust: &Verdict, go: &Verdict) -> bool {
    case.build == Build::V1_35
        && case.ty == "UpdateInItems"
        && case.is_update()
        && nil_dereference(rust, go)
}

/// Go panicked on a nil dereference validating the fixture made for this
/// panic, whose pointer is unset.
fn panic_nil_struct_pointer(case: &Case, rust: &Verdict, go: &Verdict) -> bool {
    case.build == Build::V1_35
        && case.ty == "NilStructPointer"
        && case.object.get("leaf").is_some_and(|v| v.is_null())
        && nil_dereference(rust, go)
}

/// A 1.37 case whose errors are the same once Go's origin "union" is
/// dropped.
fn union_origin(case: &Case, rust: &Verdict, go: &Verdict) -> bool {
    if case.build != Build::V1_37 {
        return false;
    }
    let Some((r, mut g)) = both(rust, go) else {
        return false;
    };
    let mut any = false;
    for e in &mut g {
        if e.origin == "union" {
            e.origin.clear();
            any = true;
        }
    }
    any && minus(&r, &g).is_empty() && minus(&g, &r).is_empty()
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
        }
    }

    fn case(update: bool) -> Case {
        Case {
            id: 0,
            build: if update { Build::V1_35 } else { Build::V1_37 },
            ty: "T".into(),
            object: json!({}),
            old_object: update.then(|| json!({})),
            options: vec![],
            subresource: "/".into(),
        }
    }

    #[test]
    fn rendering_only_differences() {
        let r = Verdict::Errors(vec![e("x", "d", "x: Invalid value: {\"a\":[]}: d")]);
        let g = Verdict::Errors(vec![e("x", "d", "x: Invalid value: {\"a\":null}: d")]);
        assert!(empty_collection_rendering(&case(false), &r, &g));
        let g2 = Verdict::Errors(vec![e("x", "d", "x: Invalid value: {\"a\":[1]}: d")]);
        assert!(!empty_collection_rendering(&case(false), &r, &g2));
        assert!(!empty_collection_rendering(&case(false), &r, &r));
    }

    #[test]
    fn union_without_old_only_on_updates_and_only_empty_unions() {
        let u = e("many[0]", "must specify one of: `a`, `b`", "many[0]: ...");
        let other = e("x", "d", "x: d");
        let r = Verdict::Errors(vec![other.clone(), u.clone()]);
        let g = Verdict::Errors(vec![other.clone()]);
        assert!(union_ratchet_without_old(&case(true), &r, &g));
        assert!(!union_ratchet_without_old(&case(false), &r, &g));
        let mut tagged = u.clone();
        tagged.origin = "union".into();
        let g3 = Verdict::Errors(vec![tagged, other.clone()]);
        assert!(union_origin(&case(false), &r, &g3));
        assert!(!union_origin(&case(false), &r, &g));
        let r2 = Verdict::Errors(vec![other.clone(), e("y", "must be", "y")]);
        assert!(!union_ratchet_without_old(&case(true), &r2, &g));
    }
}
