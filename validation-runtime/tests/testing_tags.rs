//! Test tags: `+k8s:validateTrue` and `+k8s:validateFalse`.
//!
//! Cases are ported from upstream `pkg/api/validate/testing_test.go` at
//! v0.35.0 (`TestFixedResult`: every value passes with `true` and fails with
//! `false`, detail `forced failure: detail string`, origin `validateFalse`).
//! Generated code passes upstream's validator a pointer (or a slice or map),
//! so the value prints as JSON.

use std::collections::BTreeMap;

use k8s_validation::field::{BadValue, Path, ToBadValue};
use k8s_validation::validate::fixed_result;
use k8s_validation::{ErrorList, ErrorType, Operation};

use crate::alloc_counter::allocations;

/// A struct as `#[derive(Validate)]` would render it.
struct Thing {
    name: String,
    count: i32,
}

impl ToBadValue for Thing {
    fn write_json(&self, out: &mut String) {
        out.push_str("{\"name\":");
        self.name.write_json(out);
        out.push_str(",\"count\":");
        self.count.write_json(out);
        out.push('}');
    }
}

/// Upstream's table: the value passes with `true` and fails with `false`
/// rendered as `rendered`.
#[track_caller]
fn check<T: ToBadValue + ?Sized>(value: Option<&T>, rendered: &str) {
    let p = Path::new("fldpath");
    for op in [Operation::create(), Operation::update()] {
        let (errs, allocs) = allocations(|| {
            k8s_validation::ErrorList::from_fn(|e| {
                fixed_result(e, &op, &p, value, value, true, "detail string")
            })
        });
        assert!(errs.is_empty(), "validateTrue failed: {errs:?}");
        assert_eq!(allocs, 0, "validateTrue allocated");

        let errs = k8s_validation::ErrorList::from_fn(|e| {
            fixed_result(e, &op, &p, value, None, false, "detail string")
        });
        assert_one(
            &errs,
            &format!("fldpath: Invalid value: {rendered}: forced failure: detail string"),
        );
        assert_eq!(errs[0].detail(), "forced failure: detail string");
    }
}

#[track_caller]
fn assert_one(errs: &ErrorList, text: &str) {
    assert_eq!(errs.len(), 1, "want one error, got {errs:?}");
    let e = &errs[0];
    assert_eq!(e.to_string(), text);
    assert_eq!(e.kind(), ErrorType::Invalid);
    assert_eq!(e.field(), "fldpath");
    assert_eq!(e.origin(), Some("validateFalse"));
}

/// Upstream `TestFixedResult`.
#[test]
fn fixed_results() {
    check(Some(""), r#""""#);
    check(Some("nonempty"), r#""nonempty""#);
    check(Some(&String::from("nonempty")), r#""nonempty""#);
    check(Some(&0i32), "0");
    check(Some(&1i64), "1");
    check(Some(&false), "false");
    check(Some(&true), "true");
    check::<i32>(None, "null");
    check(Some(&None::<String>), "null");
    check(Some(&Some(String::new())), r#""""#);
    check(Some(&Some(String::from("nonempty"))), r#""nonempty""#);
    check(Some(&Vec::<String>::new()), "[]");
    check(Some(&vec![String::from("s")]), r#"["s"]"#);
    check(Some(&[1u8, 2][..]), "[1,2]");
    check(Some(&BTreeMap::<String, String>::new()), "{}");
    check(
        Some(&BTreeMap::from([("k".to_string(), "v".to_string())])),
        r#"{"k":"v"}"#,
    );
    check(
        Some(&Thing {
            name: "x".into(),
            count: 3,
        }),
        r#"{"name":"x","count":3}"#,
    );
    // A string prints as Go prints a *string: JSON, HTML characters escaped.
    check(Some("<a&b>"), r#""\u003ca\u0026b\u003e""#);
    check(Some(&1.5f64), "1.5");
}

/// The bad value is the JSON of the value (`null` when there is none).
#[test]
fn bad_value_is_json() {
    let p = Path::new("fldpath");
    let op = Operation::create();
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        fixed_result(e, &op, &p, Some("x"), None, false, "m")
    });
    assert_eq!(errs[0].bad_value(), BadValue::Json(r#""x""#.into()));
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        fixed_result::<str>(e, &op, &p, None, None, false, "m")
    });
    assert_eq!(errs[0].bad_value(), BadValue::Null);
}

/// With no message the detail keeps upstream's trailing space.
#[test]
fn empty_message() {
    let p = Path::new("fldpath");
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        fixed_result::<i32>(e, &Operation::create(), &p, None, None, false, "")
    });
    assert_one(&errs, "fldpath: Invalid value: null: forced failure: ");
    assert_eq!(errs[0].detail(), "forced failure: ");
}

/// Type-level use on the root object, as in the generator's output tests.
#[test]
fn root_path() {
    let root = Path::root();
    let thing = Thing {
        name: String::new(),
        count: 0,
    };
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        fixed_result(
            e,
            &Operation::create(),
            &root,
            Some(&thing),
            None,
            false,
            "type T1",
        )
    });
    assert_eq!(
        errs[0].to_string(),
        r#"<nil>: Invalid value: {"name":"","count":0}: forced failure: type T1"#
    );
    assert_eq!(errs[0].field(), "<nil>");
}
