//! Presence: `+k8s:required`, `+k8s:optional`, `+k8s:forbidden`.
//!
//! Cases are ported from upstream `pkg/api/validate/required_test.go` at
//! v0.35.0 (`TestRequiredValue`, `TestRequiredPointer`, `TestRequiredSlice`,
//! `TestRequiredMap`, and the `Optional*` / `Forbidden*` variants). Go's
//! value / pointer / slice / map shapes map to a Rust value, `Option`, `Vec`
//! and map field, passed whole.

use std::collections::{BTreeMap, HashMap};

use k8s_validation::field::Path;
use k8s_validation::validate::{forbidden, is_unset, optional, required};
use k8s_validation::{ErrorList, ErrorType, IsZero, Operation};

use crate::alloc_counter::allocations;

/// Go's `struct{ S string }`.
#[derive(Default)]
struct S {
    s: String,
}

impl IsZero for S {
    fn is_zero(&self) -> bool {
        self.s.is_zero()
    }
}

fn s(v: &str) -> S {
    S { s: v.into() }
}

/// Runs the three validators on `value` and checks them against `set`.
#[track_caller]
fn check<T: IsZero + ?Sized>(value: Option<&T>, set: bool) {
    let p = Path::new("fldpath");
    for op in [Operation::create(), Operation::update()] {
        assert_eq!(is_unset(value), !set);

        let (errs, allocs) = allocations(|| {
            k8s_validation::ErrorList::from_fn(|e| required(e, &op, &p, value, value))
        });
        if set {
            assert!(errs.is_empty(), "required: {errs:?}");
            assert_eq!(allocs, 0, "required allocated on success");
        } else {
            assert_one(&errs, "fldpath: Required value", ErrorType::Required, "");
        }

        let (errs, allocs) = allocations(|| {
            k8s_validation::ErrorList::from_fn(|e| optional(e, &op, &p, value, None))
        });
        if set {
            assert!(errs.is_empty(), "optional: {errs:?}");
            assert_eq!(allocs, 0, "optional allocated on success");
        } else {
            assert_one(
                &errs,
                "fldpath: Required value: optional value was not specified",
                ErrorType::Required,
                "optional value was not specified",
            );
        }

        let (errs, allocs) = allocations(|| {
            k8s_validation::ErrorList::from_fn(|e| forbidden(e, &op, &p, value, None))
        });
        if set {
            assert_one(&errs, "fldpath: Forbidden", ErrorType::Forbidden, "");
        } else {
            assert!(errs.is_empty(), "forbidden: {errs:?}");
            assert_eq!(allocs, 0, "forbidden allocated on success");
        }
    }
}

#[track_caller]
fn assert_one(errs: &ErrorList, text: &str, kind: ErrorType, detail: &str) {
    assert_eq!(errs.len(), 1, "want one error, got {errs:?}");
    let e = &errs[0];
    assert_eq!(e.to_string(), text);
    assert_eq!(e.kind(), kind);
    assert_eq!(e.field(), "fldpath");
    assert_eq!(e.detail(), detail);
    assert_eq!(e.origin(), None);
}

/// Upstream `TestRequiredValue`, `TestOptionalValue`, `TestForbiddenValue`.
#[test]
fn values_use_go_zero() {
    check(Some(&String::from("value")), true);
    check(Some(&String::new()), false);
    check(Some("value"), true);
    check(Some(""), false);
    check(Some(&123i32), true);
    check(Some(&0i32), false);
    check(Some(&-1i64), true);
    check(Some(&0u64), false);
    check(Some(&true), true);
    check(Some(&false), false);
    check(Some(&s("value")), true);
    check(Some(&S::default()), false);
    check(Some(&0.5f64), true);
    check(Some(&0.0f64), false);
}

/// Upstream `TestRequiredPointer`, `TestOptionalPointer`,
/// `TestForbiddenPointer`: an `Option` is set iff `Some`, whatever it holds.
#[test]
fn options_are_set_when_some() {
    check(Some(&Some(String::new())), true);
    check(Some(&None::<String>), false);
    check(Some(&Some(0i32)), true);
    check(Some(&None::<i32>), false);
    check(Some(&Some(false)), true);
    check(Some(&None::<bool>), false);
    check(Some(&Some(S::default())), true);
    check(Some(&None::<S>), false);
    // Go's `**string`.
    check(Some(&Some(None::<String>)), true);
    check(Some(&None::<Option<String>>), false);
    check(Some(&Some(Box::new(0i32))), true);
}

/// Upstream `TestRequiredSlice`, `TestOptionalSlice`, `TestForbiddenSlice`.
#[test]
fn lists_are_set_when_non_empty() {
    check(Some(&vec![String::new()]), true);
    check(Some(&Vec::<String>::new()), false);
    check(Some(&vec![0i32]), true);
    check(Some(&Vec::<i32>::new()), false);
    check(Some(&vec![false]), true);
    check(Some(&Vec::<bool>::new()), false);
    check(Some(&vec![None::<String>]), true);
    check(Some(&Vec::<Option<String>>::new()), false);
    check(Some(&[1u8][..]), true);
    check(Some(&[0u8; 0][..]), false);
}

/// Upstream `TestRequiredMap`, `TestOptionalMap`, `TestForbiddenMap`.
#[test]
fn maps_are_set_when_non_empty() {
    check(
        Some(&BTreeMap::from([(String::new(), String::new())])),
        true,
    );
    check(Some(&BTreeMap::<String, String>::new()), false);
    check(Some(&HashMap::from([(0i32, 0i32)])), true);
    check(Some(&HashMap::<i32, i32>::new()), false);
    check(Some(&BTreeMap::from([(false, false)])), true);
    check(Some(&BTreeMap::<String, bool>::new()), false);
}

/// `None` (no value at all) is unset.
#[test]
fn none_is_unset() {
    check::<String>(None, false);
    check::<str>(None, false);
    check::<Vec<i32>>(None, false);
    check::<Option<i32>>(None, false);
}

#[test]
fn root_and_nested_paths() {
    let op = Operation::create();
    let root = Path::root();
    assert_eq!(
        k8s_validation::ErrorList::from_fn(|e| required::<i32>(e, &op, &root, None, None))[0]
            .to_string(),
        "<nil>: Required value"
    );
    let spec = root.child("spec");
    let labels = spec.child("labels");
    let key = labels.key("app");
    let errs = k8s_validation::ErrorList::from_fn(|e| forbidden(e, &op, &key, Some("x"), None));
    assert_eq!(errs[0].to_string(), "spec.labels[app]: Forbidden");
    assert_eq!(errs[0].field(), "spec.labels[app]");
    let errs = k8s_validation::ErrorList::from_fn(|e| optional(e, &op, &key, Some(""), None));
    assert_eq!(
        errs[0].to_string(),
        "spec.labels[app]: Required value: optional value was not specified"
    );
}
