//! Update constraints: `update_value`, `update_pointer`, `update_struct`,
//! `update_list`, `update_map`.
//!
//! Cases are ported from upstream `k8s.io/apimachinery/pkg/api/validate`
//! `update_test.go` (main branch, which has the list and map variants; the
//! scalar cases are unchanged since v0.35.0) and from
//! `k8s.io/code-generator/cmd/validation-gen/output_tests/tags/update`.

#![allow(clippy::type_complexity)] // test tables

use std::collections::{BTreeMap, HashMap};

use k8s_validation::field::Path;
use k8s_validation::validate::UpdateConstraint::{
    self, NoAddItem, NoModify, NoRemoveItem, NoSet, NoUnset,
};
use k8s_validation::validate::{
    update_list, update_map, update_pointer, update_struct, update_value,
};
use k8s_validation::{Error, ErrorList, ErrorType, Operation};

use crate::alloc_counter::allocations;

// ---------------------------------------------------------------------------
// Allocation counting (per thread).

// ---------------------------------------------------------------------------

const SET: &str = "test: Invalid value: null: field cannot be set once created";
const UNSET: &str = "test: Invalid value: null: field cannot be cleared once set";
const MODIFY: &str = "test: Invalid value: null: field cannot be modified once set";
const REMOVED: &str = "test: Forbidden: item may not be removed";

fn op(update: bool) -> Operation {
    if update {
        Operation::update()
    } else {
        Operation::create()
    }
}

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(Error::to_string).collect()
}

/// Every error has origin `update` and the type its text implies.
fn check_kinds(errs: &ErrorList) {
    for e in errs {
        assert_eq!(e.origin(), Some("update"), "{e}");
        let want = if e.to_string().contains("Forbidden") {
            ErrorType::Forbidden
        } else {
            ErrorType::Invalid
        };
        assert_eq!(e.kind(), want, "{e}");
    }
}

// ---------------------------------------------------------------------------
// update_test.go: TestUpdateValue (UpdateValueByCompare)

#[test]
fn update_value_cases() {
    // upstream TestUpdateValue
    let cases: [(&str, bool, &str, &str, &[UpdateConstraint], &[&str]); 12] = [
        (
            "create operation - no validation",
            false,
            "value",
            "",
            &[NoSet, NoUnset, NoModify],
            &[],
        ),
        (
            "NoSet - unset to set transition (forbidden)",
            true,
            "value",
            "",
            &[NoSet],
            &[SET],
        ),
        (
            "NoSet - set to set transition (allowed)",
            true,
            "value2",
            "value1",
            &[NoSet],
            &[],
        ),
        (
            "NoUnset - set to unset transition (forbidden)",
            true,
            "",
            "value",
            &[NoUnset],
            &[UNSET],
        ),
        (
            "NoUnset - unset to set transition (allowed)",
            true,
            "value",
            "",
            &[NoUnset],
            &[],
        ),
        (
            "NoModify - set to different value (forbidden)",
            true,
            "value2",
            "value1",
            &[NoModify],
            &[MODIFY],
        ),
        (
            "NoModify - unset to set transition (allowed)",
            true,
            "value",
            "",
            &[NoModify],
            &[],
        ),
        (
            "NoModify - set to unset transition (allowed)",
            true,
            "",
            "value",
            &[NoModify],
            &[],
        ),
        (
            "Multiple constraints - NoSet and NoUnset",
            true,
            "value",
            "",
            &[NoSet, NoUnset],
            &[SET],
        ),
        (
            "Multiple constraints - NoUnset and NoModify",
            true,
            "",
            "value",
            &[NoUnset, NoModify],
            &[UNSET],
        ),
        (
            "Multiple constraints - NoSet, NoUnset, NoModify - modify attempt",
            true,
            "value2",
            "value1",
            &[NoSet, NoUnset, NoModify],
            &[MODIFY],
        ),
        ("No constraints", true, "value2", "value1", &[], &[]),
    ];
    let path = Path::new("test");
    for (name, is_update, value, old, constraints, want) in cases {
        let (value, old) = (value.to_string(), old.to_string());
        let errs = k8s_validation::ErrorList::from_fn(|e| {
            update_value(
                e,
                &op(is_update),
                &path,
                Some(&value),
                Some(&old),
                constraints,
            )
        });
        assert_eq!(strings(&errs), want, "{name}");
        check_kinds(&errs);
        for e in &errs {
            assert_eq!(e.field(), "test");
        }
    }
}

#[test]
fn update_value_integers_and_no_old_value() {
    let path = Path::new("test");
    let up = Operation::update();
    assert_eq!(
        strings(&k8s_validation::ErrorList::from_fn(|e| update_value(
            e,
            &up,
            &path,
            Some(&5i32),
            Some(&0),
            &[NoSet]
        ))),
        [SET]
    );
    assert_eq!(
        strings(&k8s_validation::ErrorList::from_fn(|e| update_value(
            e,
            &up,
            &path,
            Some(&0u8),
            Some(&1),
            &[NoUnset]
        ))),
        [UNSET]
    );
    assert_eq!(
        strings(&k8s_validation::ErrorList::from_fn(|e| update_value(
            e,
            &up,
            &path,
            Some(&true),
            Some(&true),
            &[NoModify]
        ))),
        [MODIFY]
    );
    // No old value (a new list item at eachVal scope): no transition.
    assert!(k8s_validation::ErrorList::from_fn(|e| update_value(
        e,
        &up,
        &path,
        Some(&5i32),
        None,
        &[NoSet, NoUnset, NoModify]
    ))
    .is_empty());
    // A missing value counts as unset.
    assert_eq!(
        strings(&k8s_validation::ErrorList::from_fn(
            |e| update_value::<str>(e, &up, &path, None, Some("x"), &[NoUnset, NoModify])
        )),
        [UNSET]
    );
    // NoAddItem / NoRemoveItem do not apply to scalars.
    assert!(k8s_validation::ErrorList::from_fn(|e| update_value(
        e,
        &up,
        &path,
        Some(&1i64),
        Some(&2),
        &[NoAddItem, NoRemoveItem]
    ))
    .is_empty());
}

#[test]
fn update_value_by_reflect_cases() {
    // upstream TestUpdateValueByReflect: a non-comparable value whose zero
    // test is structural (here a list: Go's DeepEqual to the zero value).
    let some = vec!["test".to_string()];
    let other = vec!["test2".to_string()];
    let zero: Vec<String> = vec![];
    let path = Path::new("test");
    let up = Operation::update();
    let cases: [(
        &str,
        &Vec<String>,
        &Vec<String>,
        &[UpdateConstraint],
        &[&str],
    ); 6] = [
        (
            "NoModify - zero to non-zero transition (allowed)",
            &some,
            &zero,
            &[NoModify],
            &[],
        ),
        (
            "NoModify - non-zero to zero transition (allowed)",
            &zero,
            &some,
            &[NoModify],
            &[],
        ),
        (
            "NoModify - different values (forbidden)",
            &other,
            &some,
            &[NoModify],
            &[MODIFY],
        ),
        (
            "NoSet - zero to non-zero (forbidden)",
            &some,
            &zero,
            &[NoSet],
            &[SET],
        ),
        (
            "NoUnset - non-zero to zero (forbidden)",
            &zero,
            &some,
            &[NoUnset],
            &[UNSET],
        ),
        (
            "Multiple constraints",
            &some,
            &zero,
            &[NoSet, NoModify],
            &[SET],
        ),
    ];
    for (name, value, old, constraints, want) in cases {
        let errs = k8s_validation::ErrorList::from_fn(|e| {
            update_value(e, &up, &path, Some(value), Some(old), constraints)
        });
        assert_eq!(strings(&errs), want, "{name}");
        check_kinds(&errs);
    }
}

// ---------------------------------------------------------------------------
// update_test.go: TestUpdatePointer

#[test]
fn update_pointer_cases() {
    // upstream TestUpdatePointer
    let v1 = "value1".to_string();
    let v2 = "value2".to_string();
    let cases: [(
        &str,
        bool,
        Option<&String>,
        Option<&String>,
        &[UpdateConstraint],
        &[&str],
    ); 9] = [
        (
            "create operation - no validation",
            false,
            Some(&v1),
            None,
            &[NoSet, NoUnset, NoModify],
            &[],
        ),
        (
            "NoSet - nil to non-nil transition (forbidden)",
            true,
            Some(&v1),
            None,
            &[NoSet],
            &[SET],
        ),
        (
            "NoSet - non-nil to non-nil transition (allowed)",
            true,
            Some(&v2),
            Some(&v1),
            &[NoSet],
            &[],
        ),
        (
            "NoUnset - non-nil to nil transition (forbidden)",
            true,
            None,
            Some(&v1),
            &[NoUnset],
            &[UNSET],
        ),
        (
            "NoUnset - nil to non-nil transition (allowed)",
            true,
            Some(&v1),
            None,
            &[NoUnset],
            &[],
        ),
        (
            "NoModify - different values (forbidden)",
            true,
            Some(&v2),
            Some(&v1),
            &[NoModify],
            &[MODIFY],
        ),
        (
            "NoModify - nil to non-nil transition (allowed)",
            true,
            Some(&v1),
            None,
            &[NoModify],
            &[],
        ),
        (
            "NoModify - non-nil to nil transition (allowed)",
            true,
            None,
            Some(&v1),
            &[NoModify],
            &[],
        ),
        (
            "Multiple constraints - all three",
            true,
            Some(&v2),
            Some(&v1),
            &[NoSet, NoUnset, NoModify],
            &[MODIFY],
        ),
    ];
    let path = Path::new("test");
    for (name, is_update, value, old, constraints, want) in cases {
        let errs = k8s_validation::ErrorList::from_fn(|e| {
            update_pointer(e, &op(is_update), &path, value, old, constraints)
        });
        assert_eq!(strings(&errs), want, "{name}");
        check_kinds(&errs);
    }
    // "Set" is Some, even of a zero value.
    let empty = String::new();
    assert_eq!(
        strings(&k8s_validation::ErrorList::from_fn(|e| update_pointer(
            e,
            &Operation::update(),
            &path,
            Some(&empty),
            None,
            &[NoSet]
        ))),
        [SET]
    );
}

// ---------------------------------------------------------------------------
// update_test.go: TestUpdateStruct

#[derive(Default, PartialEq)]
struct TestStruct {
    field1: String,
    field2: i32,
}

#[test]
fn update_struct_cases() {
    // upstream TestUpdateStruct
    let a = TestStruct {
        field1: "test1".into(),
        field2: 42,
    };
    let b = TestStruct {
        field1: "test2".into(),
        field2: 100,
    };
    let zero = TestStruct::default();
    let cases: [(
        &str,
        bool,
        &TestStruct,
        &TestStruct,
        &[UpdateConstraint],
        &[&str],
    ); 4] = [
        (
            "create operation - no validation",
            false,
            &a,
            &zero,
            &[NoModify],
            &[],
        ),
        (
            "NoModify - different values (forbidden)",
            true,
            &b,
            &a,
            &[NoModify],
            &[MODIFY],
        ),
        (
            "NoModify - zero value to non-zero (forbidden)",
            true,
            &a,
            &zero,
            &[NoModify],
            &[MODIFY],
        ),
        (
            "NoSet and NoUnset with modification - only NoModify triggers",
            true,
            &b,
            &a,
            &[NoSet, NoUnset, NoModify],
            &[MODIFY],
        ),
    ];
    let path = Path::new("test");
    for (name, is_update, value, old, constraints, want) in cases {
        let errs = k8s_validation::ErrorList::from_fn(|e| {
            update_struct(
                e,
                &op(is_update),
                &path,
                Some(value),
                Some(old),
                constraints,
            )
        });
        assert_eq!(strings(&errs), want, "{name}");
        check_kinds(&errs);
    }
    // No old value: no transition.
    assert!(k8s_validation::ErrorList::from_fn(|e| update_struct(
        e,
        &Operation::update(),
        &path,
        Some(&a),
        None,
        &[NoModify]
    ))
    .is_empty());
    // NoSet / NoUnset never apply to a struct.
    assert!(k8s_validation::ErrorList::from_fn(|e| update_struct(
        e,
        &Operation::update(),
        &path,
        Some(&a),
        Some(&b),
        &[NoSet, NoUnset]
    ))
    .is_empty());
}

// ---------------------------------------------------------------------------
// update_test.go: TestValSliceUpdate

fn direct_eq(a: &&str, b: &&str) -> bool {
    a == b
}

#[test]
fn update_list_cases() {
    // upstream TestValSliceUpdate
    type Case<'a> = (
        &'a str,
        bool,
        Option<&'a [&'a str]>,
        Option<&'a [&'a str]>,
        bool,
        &'a [UpdateConstraint],
        &'a [&'a str],
    );
    let cases: [Case; 12] = [
        (
            "create operation - no validation",
            false,
            Some(&["a"]),
            None,
            true,
            &[NoSet, NoUnset, NoAddItem, NoRemoveItem],
            &[],
        ),
        (
            "NoSet nil to non-empty (forbidden)",
            true,
            Some(&["a"]),
            None,
            false,
            &[NoSet],
            &[SET],
        ),
        (
            "NoSet empty to non-empty (forbidden)",
            true,
            Some(&["a"]),
            Some(&[]),
            false,
            &[NoSet],
            &[SET],
        ),
        (
            "NoSet non-empty to non-empty (allowed)",
            true,
            Some(&["a", "b"]),
            Some(&["a"]),
            false,
            &[NoSet],
            &[],
        ),
        (
            "NoUnset non-empty to nil (forbidden)",
            true,
            None,
            Some(&["a"]),
            false,
            &[NoUnset],
            &[UNSET],
        ),
        (
            "NoUnset non-empty to empty (forbidden)",
            true,
            Some(&[]),
            Some(&["a"]),
            false,
            &[NoUnset],
            &[UNSET],
        ),
        (
            "NoAddItem direct-equal item added",
            true,
            Some(&["a", "b", "c"]),
            Some(&["a", "c"]),
            true,
            &[NoAddItem],
            &["test[1]: Forbidden: item may not be added"],
        ),
        (
            "NoAddItem direct-equal reorder allowed",
            true,
            Some(&["c", "a", "b"]),
            Some(&["a", "b", "c"]),
            true,
            &[NoAddItem],
            &[],
        ),
        (
            "NoRemoveItem direct-equal item removed",
            true,
            Some(&["a"]),
            Some(&["a", "b"]),
            true,
            &[NoRemoveItem],
            &[REMOVED],
        ),
        (
            "NoAddItem + NoRemoveItem frozen shape (allowed)",
            true,
            Some(&["a", "b"]),
            Some(&["b", "a"]),
            true,
            &[NoAddItem, NoRemoveItem],
            &[],
        ),
        (
            "NoAddItem + NoRemoveItem one added one removed",
            true,
            Some(&["a", "c"]),
            Some(&["a", "b"]),
            true,
            &[NoAddItem, NoRemoveItem],
            &["test[1]: Forbidden: item may not be added", REMOVED],
        ),
        (
            "NoAddItem + NoRemoveItem combined with NoUnset",
            true,
            None,
            Some(&["a"]),
            true,
            &[NoUnset, NoAddItem, NoRemoveItem],
            &[UNSET, REMOVED],
        ),
    ];
    let path = Path::new("test");
    let m: &dyn Fn(&&str, &&str) -> bool = &direct_eq;
    for (name, is_update, value, old, with_match, constraints, want) in cases {
        let errs = k8s_validation::ErrorList::from_fn(|e| {
            update_list(
                e,
                &op(is_update),
                &path,
                value,
                old,
                with_match.then_some(m),
                constraints,
            )
        });
        assert_eq!(strings(&errs), want, "{name}");
        check_kinds(&errs);
    }
}

#[derive(Debug)]
struct Keyed {
    name: &'static str,
    value: &'static str,
}

fn key_match(a: &Keyed, b: &Keyed) -> bool {
    a.name == b.name
}

#[test]
fn update_list_keyed_match() {
    let path = Path::new("test");
    let up = Operation::update();
    // upstream TestValSliceUpdate "NoAddItem+NoRemoveItem keyed match allows
    // item modification"
    let new = [
        Keyed {
            name: "alpha",
            value: "v2",
        },
        Keyed {
            name: "beta",
            value: "v1",
        },
    ];
    let old = [
        Keyed {
            name: "alpha",
            value: "v1",
        },
        Keyed {
            name: "beta",
            value: "v1",
        },
    ];
    assert_ne!(new[0].value, old[0].value);
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        update_list(
            e,
            &up,
            &path,
            Some(&new),
            Some(&old),
            Some(&key_match),
            &[NoAddItem, NoRemoveItem],
        )
    });
    assert!(errs.is_empty(), "{errs}");

    // "NoAddItem+NoRemoveItem keyed match reports add and remove by key"
    let new = [
        Keyed {
            name: "alpha",
            value: "",
        },
        Keyed {
            name: "gamma",
            value: "",
        },
    ];
    let old = [
        Keyed {
            name: "alpha",
            value: "",
        },
        Keyed {
            name: "beta",
            value: "",
        },
    ];
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        update_list(
            e,
            &up,
            &path,
            Some(&new),
            Some(&old),
            Some(&key_match),
            &[NoAddItem, NoRemoveItem],
        )
    });
    assert_eq!(
        strings(&errs),
        ["test[1]: Forbidden: item may not be added", REMOVED]
    );
    assert_eq!(errs[0].field(), "test[1]");
    assert_eq!(errs[1].field(), "test");
    check_kinds(&errs);
}

#[test]
fn update_list_removal_reported_once_per_item() {
    let path = Path::new("test");
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        update_list(
            e,
            &Operation::update(),
            &path,
            Some(&["a"][..]),
            Some(&["x", "a", "y", "z"][..]),
            Some(&direct_eq),
            &[NoRemoveItem, NoAddItem],
        )
    });
    assert_eq!(strings(&errs), [REMOVED, REMOVED, REMOVED]);
}

#[test]
fn update_list_matcher_argument_order() {
    // Additions call matches(old, new); removals call matches(new, old).
    let path = Path::new("test");
    let old_first = |a: &(bool, i32), b: &(bool, i32)| a.0 && !b.0 && a.1 == b.1;
    let new = [(false, 1)];
    let old = [(true, 1)];
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        update_list(
            e,
            &Operation::update(),
            &path,
            Some(&new),
            Some(&old),
            Some(&old_first),
            &[NoAddItem],
        )
    });
    assert!(errs.is_empty());
    let new_first = |a: &(bool, i32), b: &(bool, i32)| !a.0 && b.0 && a.1 == b.1;
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        update_list(
            e,
            &Operation::update(),
            &path,
            Some(&new),
            Some(&old),
            Some(&new_first),
            &[NoRemoveItem],
        )
    });
    assert!(errs.is_empty());
}

#[test]
fn update_list_without_matcher_is_an_internal_error() {
    // upstream TestValSliceUpdate "NoAddItem without match returns internal error"
    let path = Path::new("test");
    let want = "test: Internal error: ValSliceUpdate: NoAddItem/NoRemoveItem require a non-nil match function";
    for constraints in [
        &[NoAddItem][..],
        &[NoRemoveItem],
        &[NoSet, NoUnset, NoRemoveItem],
    ] {
        let errs = k8s_validation::ErrorList::from_fn(|e| {
            update_list::<&str>(
                e,
                &Operation::update(),
                &path,
                Some(&["a"]),
                None,
                None,
                constraints,
            )
        });
        assert_eq!(strings(&errs), [want]);
        assert_eq!(errs[0].kind(), ErrorType::Internal);
        assert_eq!(errs[0].field(), "test");
        assert_eq!(errs[0].origin(), None);
    }
    // Not on create, and not without NoAddItem / NoRemoveItem.
    assert!(k8s_validation::ErrorList::from_fn(|e| update_list::<&str>(
        e,
        &Operation::create(),
        &path,
        Some(&["a"]),
        None,
        None,
        &[NoAddItem]
    ))
    .is_empty());
    assert_eq!(
        strings(&k8s_validation::ErrorList::from_fn(
            |e| update_list::<&str>(
                e,
                &Operation::update(),
                &path,
                Some(&["a"]),
                None,
                None,
                &[NoSet]
            )
        )),
        [SET]
    );
    // NoModify does not apply to lists.
    assert!(k8s_validation::ErrorList::from_fn(|e| update_list::<&str>(
        e,
        &Operation::update(),
        &path,
        Some(&["a"]),
        Some(&["b"]),
        None,
        &[NoModify]
    ))
    .is_empty());
}

// ---------------------------------------------------------------------------
// update_test.go: TestUpdateMap

fn map(entries: &[(&str, &str)]) -> BTreeMap<String, String> {
    entries
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[test]
fn update_map_cases() {
    // upstream TestUpdateMap
    type Case<'a> = (
        &'a str,
        bool,
        Option<BTreeMap<String, String>>,
        Option<BTreeMap<String, String>>,
        &'a [UpdateConstraint],
        &'a [&'a str],
    );
    let cases: [Case; 7] = [
        (
            "create operation - no validation",
            false,
            Some(map(&[("a", "1")])),
            None,
            &[NoSet, NoUnset, NoAddItem, NoRemoveItem],
            &[],
        ),
        (
            "NoSet nil to non-empty (forbidden)",
            true,
            Some(map(&[("a", "1")])),
            None,
            &[NoSet],
            &[SET],
        ),
        (
            "NoUnset non-empty to empty (forbidden)",
            true,
            Some(map(&[])),
            Some(map(&[("a", "1")])),
            &[NoUnset],
            &[UNSET],
        ),
        (
            "NoAddItem key added",
            true,
            Some(map(&[("a", "1"), ("b", "2")])),
            Some(map(&[("a", "1")])),
            &[NoAddItem],
            &["test[b]: Forbidden: item may not be added"],
        ),
        (
            "NoAddItem value-only change allowed",
            true,
            Some(map(&[("a", "2")])),
            Some(map(&[("a", "1")])),
            &[NoAddItem],
            &[],
        ),
        (
            "NoRemoveItem key removed",
            true,
            Some(map(&[("a", "1")])),
            Some(map(&[("a", "1"), ("b", "2")])),
            &[NoRemoveItem],
            &["test[b]: Forbidden: item may not be removed"],
        ),
        (
            "NoAddItem + NoRemoveItem stable keys allowed",
            true,
            Some(map(&[("a", "1"), ("b", "22")])),
            Some(map(&[("a", "11"), ("b", "2")])),
            &[NoAddItem, NoRemoveItem],
            &[],
        ),
    ];
    let path = Path::new("test");
    for (name, is_update, value, old, constraints, want) in cases {
        let errs = k8s_validation::ErrorList::from_fn(|e| {
            update_map(
                e,
                &op(is_update),
                &path,
                value.as_ref(),
                old.as_ref(),
                constraints,
            )
        });
        assert_eq!(strings(&errs), want, "{name}");
        check_kinds(&errs);
        // The same with a HashMap.
        let hv: Option<HashMap<String, String>> = value.map(|m| m.into_iter().collect());
        let ho: Option<HashMap<String, String>> = old.map(|m| m.into_iter().collect());
        let errs = k8s_validation::ErrorList::from_fn(|e| {
            update_map(
                e,
                &op(is_update),
                &path,
                hv.as_ref(),
                ho.as_ref(),
                constraints,
            )
        });
        assert_eq!(strings(&errs), want, "{name} (HashMap)");
    }
}

#[test]
fn update_map_errors_in_key_order() {
    let path = Path::new("test");
    let keys = ["k9", "k1", "k5", "k3", "k7", "k2", "k8"];
    let new: HashMap<String, i32> = keys.iter().map(|k| (k.to_string(), 1)).collect();
    let old: HashMap<String, i32> = [
        ("k5".to_string(), 0),
        ("gone-b".into(), 0),
        ("gone-a".into(), 0),
    ]
    .into_iter()
    .collect();
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        update_map(
            e,
            &Operation::update(),
            &path,
            Some(&new),
            Some(&old),
            &[NoRemoveItem, NoAddItem],
        )
    });
    assert_eq!(
        strings(&errs),
        [
            "test[gone-a]: Forbidden: item may not be removed",
            "test[gone-b]: Forbidden: item may not be removed",
            "test[k1]: Forbidden: item may not be added",
            "test[k2]: Forbidden: item may not be added",
            "test[k3]: Forbidden: item may not be added",
            "test[k7]: Forbidden: item may not be added",
            "test[k8]: Forbidden: item may not be added",
            "test[k9]: Forbidden: item may not be added",
        ]
    );
    check_kinds(&errs);
    // Integer keys print in decimal (Go's %v).
    let new: BTreeMap<i64, ()> = [(-3, ())].into_iter().collect();
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        update_map(
            e,
            &Operation::update(),
            &path,
            Some(&new),
            None,
            &[NoSet, NoAddItem],
        )
    });
    assert_eq!(
        strings(&errs),
        [SET, "test[-3]: Forbidden: item may not be added"]
    );
    assert_eq!(errs[1].field(), "test[-3]");
    // NoModify does not apply to maps.
    assert!(k8s_validation::ErrorList::from_fn(|e| update_map(
        e,
        &Operation::update(),
        &path,
        Some(&new),
        Some(&new),
        &[NoModify]
    ))
    .is_empty());
    // A missing new map: every old key was removed.
    let old: BTreeMap<i64, ()> = [(1, ()), (2, ())].into_iter().collect();
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        update_map(
            e,
            &Operation::update(),
            &path,
            None,
            Some(&old),
            &[NoRemoveItem, NoUnset],
        )
    });
    assert_eq!(
        strings(&errs),
        [
            "test[1]: Forbidden: item may not be removed",
            "test[2]: Forbidden: item may not be removed",
            UNSET
        ]
    );
}

// ---------------------------------------------------------------------------
// output_tests/tags/update: the fully restricted field (NoSet, NoUnset,
// NoModify) on a string and on an Option.

#[test]
fn output_tests_fully_restricted() {
    let path = Path::new("stringFullyRestricted");
    let all = [NoSet, NoUnset, NoModify];
    let up = Operation::update();
    let s = |v: &str| v.to_string();
    assert_eq!(
        strings(&k8s_validation::ErrorList::from_fn(|e| update_value(
            e,
            &up,
            &path,
            Some(&s("x")),
            Some(&s("")),
            &all
        ))),
        ["stringFullyRestricted: Invalid value: null: field cannot be set once created"]
    );
    assert_eq!(
        strings(&k8s_validation::ErrorList::from_fn(|e| update_value(
            e,
            &up,
            &path,
            Some(&s("")),
            Some(&s("x")),
            &all
        ))),
        ["stringFullyRestricted: Invalid value: null: field cannot be cleared once set"]
    );
    assert_eq!(
        strings(&k8s_validation::ErrorList::from_fn(|e| update_value(
            e,
            &up,
            &path,
            Some(&s("y")),
            Some(&s("x")),
            &all
        ))),
        ["stringFullyRestricted: Invalid value: null: field cannot be modified once set"]
    );
    // Unset to unset (only reachable when nothing changed): nothing.
    assert!(k8s_validation::ErrorList::from_fn(|e| update_value(
        e,
        &up,
        &path,
        Some(&s("")),
        Some(&s("")),
        &all
    ))
    .is_empty());
    assert!(k8s_validation::ErrorList::from_fn(|e| update_value(
        e,
        &Operation::create(),
        &path,
        Some(&s("x")),
        None,
        &all
    ))
    .is_empty());

    let path = Path::new("pointerFullyRestricted");
    assert_eq!(
        strings(&k8s_validation::ErrorList::from_fn(|e| update_pointer(
            e,
            &up,
            &path,
            Some(&s("")),
            None,
            &all
        ))),
        ["pointerFullyRestricted: Invalid value: null: field cannot be set once created"]
    );
    assert_eq!(
        strings(&k8s_validation::ErrorList::from_fn(|e| update_pointer::<
            String,
        >(
            e,
            &up,
            &path,
            None,
            Some(&s("")),
            &all
        ))),
        ["pointerFullyRestricted: Invalid value: null: field cannot be cleared once set"]
    );
    assert!(
        k8s_validation::ErrorList::from_fn(|e| update_pointer::<String>(
            e, &up, &path, None, None, &all
        ))
        .is_empty()
    );
}

// ---------------------------------------------------------------------------

#[test]
fn valid_path_does_not_allocate() {
    let path = Path::new("test");
    let up = Operation::update();
    let all = [NoSet, NoUnset, NoModify, NoAddItem, NoRemoveItem];
    let v = "x".to_string();
    let (errs, n) = allocations(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            update_value(e, &up, &path, Some(&v), Some(&v), &[NoSet, NoUnset])
        })
    });
    assert!(errs.is_empty());
    assert_eq!(n, 0);
    let (errs, n) = allocations(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            update_pointer(e, &up, &path, Some(&v), Some(&v), &[NoSet, NoUnset])
        })
    });
    assert!(errs.is_empty());
    assert_eq!(n, 0);
    let (errs, n) = allocations(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            update_struct(e, &up, &path, Some(&v), Some(&v), &[NoSet, NoUnset])
        })
    });
    assert!(errs.is_empty());
    assert_eq!(n, 0);
    let new = ["a", "b"];
    let old = ["b", "a"];
    let (errs, n) = allocations(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            update_list(
                e,
                &up,
                &path,
                Some(&new),
                Some(&old),
                Some(&direct_eq),
                &all,
            )
        })
    });
    assert!(errs.is_empty());
    assert_eq!(n, 0);
    let hm: HashMap<String, i32> = (0..50).map(|i| (format!("k{i}"), i)).collect();
    let hm2: HashMap<String, i32> = (0..50).map(|i| (format!("k{i}"), -i)).collect();
    let (errs, n) = allocations(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            update_map(e, &up, &path, Some(&hm), Some(&hm2), &all)
        })
    });
    assert!(errs.is_empty());
    assert_eq!(n, 0);
    // The counter works: an error allocates.
    let (errs, n) = allocations(|| {
        k8s_validation::ErrorList::from_fn(|e| update_map(e, &up, &path, Some(&hm), None, &all))
    });
    assert_eq!(errs.len(), 51);
    assert!(n > 0);
}

// These test types' `PartialEq` has upstream's semantic meaning.
k8s_validation::impl_semantic_eq_via_partial_eq!(TestStruct);
