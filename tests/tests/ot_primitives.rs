//! Port of upstream `cmd/validation-gen/output_tests/primitives`
//! (kubernetes/code-generator v0.35.0): `testdata/validate-false.json`.
//! Value fields of every builtin kind, struct fields with and without
//! validations; types with validations that are not reachable from the root
//! are irrelevant to the root's errors.
#![allow(non_snake_case)]

use conformance_tests::{assert_forced_order, fixture};
use k8s_validation::{Operation, Validate};

#[derive(Validate, PartialEq, Debug, Clone)]
pub struct T1 {
    /// +k8s:validateFalse="field T1.S"
    pub s: String,
    /// +k8s:validateFalse="field T1.I"
    pub i: i64,
    /// +k8s:validateFalse="field T1.B"
    pub b: bool,
    /// +k8s:validateFalse="field T1.F"
    pub f: f64,
    /// +k8s:validateFalse="field T1.T2"
    pub t2: T2,
    /// No internal validations.
    pub t3: T3,
    // Duplicate types with no validation.
    pub anothers: String,
    pub anotheri: i64,
    pub anotherb: bool,
    pub anotherf: f64,
    pub anothert2: T2,
}

/// Has validations and is linked into the type graph of T1.
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct T2 {
    /// +k8s:validateFalse="field T2.S"
    pub s: String,
    /// +k8s:validateFalse="field T2.I"
    pub i: i64,
    /// +k8s:validateFalse="field T2.B"
    pub b: bool,
    /// +k8s:validateFalse="field T2.F"
    pub f: f64,
}

/// No validations, linked into the type graph of T1.
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct T3 {
    pub s: String,
    pub i: i64,
    pub b: bool,
    pub f: f64,
}

/// Has validations, not linked into the type graph of T1.
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct T4 {
    /// +k8s:validateFalse="field T4.S"
    pub s: String,
    /// +k8s:validateFalse="field T4.I"
    pub i: i64,
    /// +k8s:validateFalse="field T4.B"
    pub b: bool,
    /// +k8s:validateFalse="field T4.F"
    pub f: f64,
}

/// No validations, not linked into the type graph of T1.
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct T5 {
    pub s: String,
    pub i: i64,
    pub b: bool,
    pub f: f64,
}

fn t2() -> T2 {
    T2 {
        s: "x".into(),
        i: 7,
        b: true,
        f: 1.5,
    }
}

fn t1() -> T1 {
    T1 {
        s: "s".into(),
        i: 1,
        b: true,
        f: 0.25,
        t2: t2(),
        t3: T3 {
            s: "s".into(),
            i: 2,
            b: true,
            f: 2.0,
        },
        anothers: "a".into(),
        anotheri: 3,
        anotherb: true,
        anotherf: 3.5,
        anothert2: t2(),
    }
}

#[test]
fn fixture_t1() {
    fixture(
        &t1(),
        &[
            ("anothert2.b", &["field T2.B"]),
            ("anothert2.f", &["field T2.F"]),
            ("anothert2.i", &["field T2.I"]),
            ("anothert2.s", &["field T2.S"]),
            ("b", &["field T1.B"]),
            ("f", &["field T1.F"]),
            ("i", &["field T1.I"]),
            ("s", &["field T1.S"]),
            ("t2", &["field T1.T2"]),
            ("t2.b", &["field T2.B"]),
            ("t2.f", &["field T2.F"]),
            ("t2.i", &["field T2.I"]),
            ("t2.s", &["field T2.S"]),
        ],
    );
}

#[test]
fn zero_values_still_reach_every_field() {
    // validateFalse ignores the value: zero scalars fail the same way.
    let mut v = t1();
    v.s.clear();
    v.i = 0;
    v.b = false;
    v.f = 0.0;
    let errs = v.validate(&Operation::create());
    assert_forced_order(
        &errs,
        &[
            ("s", "field T1.S"),
            ("i", "field T1.I"),
            ("b", "field T1.B"),
            ("f", "field T1.F"),
            ("t2", "field T1.T2"),
            ("t2.s", "field T2.S"),
            ("t2.i", "field T2.I"),
            ("t2.b", "field T2.B"),
            ("t2.f", "field T2.F"),
            ("anothert2.s", "field T2.S"),
            ("anothert2.i", "field T2.I"),
            ("anothert2.b", "field T2.B"),
            ("anothert2.f", "field T2.F"),
        ],
    );
    assert_eq!(
        errs.iter().next().unwrap().to_string(),
        r#"s: Invalid value: "": forced failure: field T1.S"#
    );
}

#[test]
fn unlinked_types_validate_on_their_own() {
    let t4 = T4 {
        s: "s".into(),
        i: 1,
        b: true,
        f: 1.0,
    };
    fixture(
        &t4,
        &[
            ("b", &["field T4.B"]),
            ("f", &["field T4.F"]),
            ("i", &["field T4.I"]),
            ("s", &["field T4.S"]),
        ],
    );
    let t5 = T5 {
        s: "s".into(),
        i: 1,
        b: true,
        f: 1.0,
    };
    assert!(t5.validate(&Operation::create()).is_empty());
}

#[test]
fn unchanged_update_is_ratcheted() {
    // Every field is unchanged, so no field is validated again; the root
    // has no type-level validations.
    let v = t1();
    assert!(v
        .validate_update(&v.clone(), &Operation::update())
        .is_empty());
}
