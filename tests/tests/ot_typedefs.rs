//! Port of upstream `cmd/validation-gen/output_tests/typedefs`
//! (kubernetes/code-generator v0.35.0): `testdata/validate-false.json`.
//! Typedefs of scalars and structs: a typedef's own tags apply wherever it
//! is used, by value or by pointer.
//!
//! Go's `type E3 E1` has underlying type `string` (Go typedefs carry no
//! validations of the type they are defined from), so it is ported as a
//! newtype of `String`. Go's `type E4 T2` has T2's fields and E4's own type
//! tags, but not T2's type tags; it is ported as a newtype of `T2`.

use conformance_tests::{assert_forced_order, fixture};
use k8s_validation::{Operation, Validate};

/// +k8s:validateFalse="type E1"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct E1(pub String);

/// +k8s:validateFalse="type E2"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct E2(pub i64);

/// +k8s:validateFalse="type E3"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct E3(pub String);

/// +k8s:validateFalse="type E4"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct E4(pub T2);

/// +k8s:validateFalse="type T1"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct T1 {
    /// +k8s:validateFalse="field T1.E1"
    pub e1: E1,
    /// +k8s:validateFalse="field T1.PE1"
    pub pe1: Option<E1>,
    /// +k8s:validateFalse="field T1.E2"
    pub e2: E2,
    /// +k8s:validateFalse="field T1.PE2"
    pub pe2: Option<E2>,
    /// +k8s:validateFalse="field T1.E3"
    pub e3: E3,
    /// +k8s:validateFalse="field T1.PE3"
    pub pe3: Option<E3>,
    /// +k8s:validateFalse="field T1.E4"
    pub e4: E4,
    /// +k8s:validateFalse="field T1.PE4"
    pub pe4: Option<E4>,
    /// +k8s:validateFalse="field T1.T2"
    pub t2: T2,
    /// +k8s:validateFalse="field T1.PT2"
    pub pt2: Option<T2>,
}

/// +k8s:validateFalse="type T2"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct T2 {
    /// +k8s:validateFalse="field T2.S"
    pub s: String,
}

fn t2() -> T2 {
    T2 { s: "s".into() }
}

fn t1() -> T1 {
    T1 {
        e1: E1("a".into()),
        pe1: Some(E1("b".into())),
        e2: E2(1),
        pe2: Some(E2(2)),
        e3: E3("c".into()),
        pe3: Some(E3("d".into())),
        e4: E4(t2()),
        pe4: Some(E4(t2())),
        t2: t2(),
        pt2: Some(t2()),
    }
}

#[test]
fn fixture_t1() {
    fixture(
        &t1(),
        &[
            ("", &["type T1"]),
            ("e1", &["field T1.E1", "type E1"]),
            ("e2", &["field T1.E2", "type E2"]),
            ("e3", &["field T1.E3", "type E3"]),
            ("e4", &["field T1.E4", "type E4"]),
            ("e4.s", &["field T2.S"]),
            ("pe1", &["field T1.PE1", "type E1"]),
            ("pe2", &["field T1.PE2", "type E2"]),
            ("pe3", &["field T1.PE3", "type E3"]),
            ("pe4", &["field T1.PE4", "type E4"]),
            ("pe4.s", &["field T2.S"]),
            ("pt2", &["field T1.PT2", "type T2"]),
            ("pt2.s", &["field T2.S"]),
            ("t2", &["field T1.T2", "type T2"]),
            ("t2.s", &["field T2.S"]),
        ],
    );
}

#[test]
fn order_type_then_fields_field_tags_then_type_tags() {
    let errs = t1().validate(&Operation::create());
    assert_forced_order(
        &errs,
        &[
            ("", "type T1"),
            ("e1", "field T1.E1"),
            ("e1", "type E1"),
            ("pe1", "field T1.PE1"),
            ("pe1", "type E1"),
            ("e2", "field T1.E2"),
            ("e2", "type E2"),
            ("pe2", "field T1.PE2"),
            ("pe2", "type E2"),
            ("e3", "field T1.E3"),
            ("e3", "type E3"),
            ("pe3", "field T1.PE3"),
            ("pe3", "type E3"),
            ("e4", "field T1.E4"),
            ("e4", "type E4"),
            ("e4.s", "field T2.S"),
            ("pe4", "field T1.PE4"),
            ("pe4", "type E4"),
            ("pe4.s", "field T2.S"),
            ("t2", "field T1.T2"),
            ("t2", "type T2"),
            ("t2.s", "field T2.S"),
            ("pt2", "field T1.PT2"),
            ("pt2", "type T2"),
            ("pt2.s", "field T2.S"),
        ],
    );
    // A typedef of a string prints as JSON, as upstream prints a named type.
    let e1 = errs.iter().find(|e| e.field() == "e1").unwrap();
    assert_eq!(
        e1.to_string(),
        r#"e1: Invalid value: "a": forced failure: field T1.E1"#
    );
}

#[test]
fn typedef_root() {
    fixture(&E2(0), &[("", &["type E2"])]);
    fixture(&E4(t2()), &[("", &["type E4"]), ("s", &["field T2.S"])]);
}

#[test]
fn nil_typedef_pointers_run_the_typedef_validations() {
    // Go calls Validate_E1 with the nil pointer: the typedef's own tags run
    // on the missing value. A nil struct pointer has nothing to run.
    let mut v = t1();
    v.pe1 = None;
    v.pe2 = None;
    v.pt2 = None;
    let errs = v.validate(&Operation::create());
    let mut got = conformance_tests::forced_by_path(&errs);
    assert_eq!(got.remove("pe1").unwrap(), ["field T1.PE1", "type E1"]);
    assert_eq!(got.remove("pe2").unwrap(), ["field T1.PE2", "type E2"]);
    assert_eq!(got.remove("pt2").unwrap(), ["field T1.PT2"]);
    assert!(!got.contains_key("pt2.s"));
    let pe1: Vec<String> = errs
        .iter()
        .filter(|e| e.field() == "pe1")
        .map(|e| e.to_string())
        .collect();
    assert_eq!(
        pe1,
        [
            "pe1: Invalid value: null: forced failure: field T1.PE1",
            "pe1: Invalid value: null: forced failure: type E1",
        ]
    );
}
