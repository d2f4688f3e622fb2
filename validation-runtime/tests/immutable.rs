//! `+k8s:immutable`: `immutable`.
//!
//! Ported from upstream `k8s.io/apimachinery/pkg/api/validate`
//! `immutable_test.go` (v0.35.0, `TestImmutable`) and
//! `k8s.io/code-generator/cmd/validation-gen/output_tests/tags/immutable`.

#![allow(clippy::type_complexity)] // test tables

use std::collections::BTreeMap;

use k8s_validation::field::{BadValue, Path};
use k8s_validation::validate::{immutable, unchanged};
use k8s_validation::{ErrorList, ErrorType, Operation};

use crate::alloc_counter::allocations;

fn assert_immutable(errs: &ErrorList, field: &str) {
    assert_eq!(errs.len(), 1, "{errs}");
    let e = &errs[0];
    assert_eq!(
        e.to_string(),
        format!("{field}: Invalid value: null: field is immutable")
    );
    assert_eq!(e.kind(), ErrorType::Invalid);
    assert_eq!(e.field(), field);
    assert_eq!(e.origin(), Some("immutable"));
    assert_eq!(e.bad_value(), BadValue::Null);
    assert_eq!(e.detail(), "field is immutable");
}

struct SimpleStruct {
    #[allow(dead_code)]
    s: String,
}

#[test]
fn immutable_create_never_fails_update_always_does() {
    // upstream TestImmutable: "with primitive type", "with struct type",
    // "with nil values".
    let path = Path::new("field");
    let create = Operation::create();
    let update = Operation::update();

    assert!(k8s_validation::ErrorList::from_fn(|e| immutable(
        e,
        &create,
        &path,
        Some(&123),
        Some(&456)
    ))
    .is_empty());
    assert_immutable(
        &k8s_validation::ErrorList::from_fn(|e| {
            immutable(e, &update, &path, Some(&123), Some(&456))
        }),
        "field",
    );

    let a = SimpleStruct { s: "a".into() };
    let b = SimpleStruct { s: "b".into() };
    assert!(k8s_validation::ErrorList::from_fn(|e| immutable(
        e,
        &create,
        &path,
        Some(&a),
        Some(&b)
    ))
    .is_empty());
    assert_immutable(
        &k8s_validation::ErrorList::from_fn(|e| immutable(e, &update, &path, Some(&a), Some(&b))),
        "field",
    );

    assert!(k8s_validation::ErrorList::from_fn(|e| immutable::<i32>(
        e, &create, &path, None, None
    ))
    .is_empty());
    assert_immutable(
        &k8s_validation::ErrorList::from_fn(|e| immutable::<i32>(e, &update, &path, None, None)),
        "field",
    );

    // Unsized values.
    assert_immutable(
        &k8s_validation::ErrorList::from_fn(|e| {
            immutable::<str>(e, &update, &path, Some("a"), None)
        }),
        "field",
    );
    assert_immutable(
        &k8s_validation::ErrorList::from_fn(|e| {
            immutable::<[u8]>(e, &update, &path, Some(&[1][..]), Some(&[][..]))
        }),
        "field",
    );
}

#[test]
fn output_tests_immutable_behind_the_ratchet() {
    // output_tests/tags/immutable: generated code checks `unchanged` first,
    // so equal values pass and any change (including set <-> unset) fails.
    let root = Path::root();
    let update = Operation::update();
    let check = |name: &str, new: &Option<String>, old: &Option<String>| -> ErrorList {
        let path = root.child(name);
        if unchanged(&update, new, Some(old)) {
            return ErrorList::new();
        }
        k8s_validation::ErrorList::from_fn(|e| {
            immutable(e, &update, &path, new.as_ref(), old.as_ref())
        })
    };
    let a = Some("aaa".to_string());
    assert!(check("stringPtrField", &a, &a.clone()).is_empty());
    assert_immutable(
        &check("stringPtrField", &a, &Some("uuu".into())),
        "stringPtrField",
    );
    assert_immutable(&check("stringPtrField", &a, &None), "stringPtrField");
    assert_immutable(&check("stringPtrField", &None, &a), "stringPtrField");

    let map_a = BTreeMap::from([("eee".to_string(), "eee".to_string())]);
    let map_b = BTreeMap::from([("yyy".to_string(), "yyy".to_string())]);
    let path = root.child("mapField");
    assert!(unchanged(&update, &map_a, Some(&map_a.clone())));
    assert!(!unchanged(&update, &map_a, Some(&map_b)));
    assert_immutable(
        &k8s_validation::ErrorList::from_fn(|e| {
            immutable(e, &update, &path, Some(&map_a), Some(&map_b))
        }),
        "mapField",
    );
    let list = root.child("sliceField");
    let item = list.index(2);
    assert_immutable(
        &k8s_validation::ErrorList::from_fn(|e| immutable(e, &update, &item, Some(&1), Some(&2))),
        "sliceField[2]",
    );
}

#[test]
fn create_does_not_allocate() {
    let path = Path::new("field");
    let (errs, n) = allocations(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            immutable(e, &Operation::create(), &path, Some(&1), Some(&2))
        })
    });
    assert!(errs.is_empty());
    assert_eq!(n, 0);
}
