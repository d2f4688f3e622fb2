//! Port of upstream `cmd/validation-gen/output_tests/pointers`
//! (kubernetes/code-generator v0.35.0): `testdata/validate-false.json`.
//! Pointer fields of every kind; the pointee struct's fields are validated.

use conformance_tests::fixture;
use k8s_validation::Validate;

#[derive(Validate, PartialEq, Debug, Clone)]
pub struct T1 {
    /// +k8s:validateFalse="field T1.PS"
    pub ps: Option<String>,
    /// +k8s:validateFalse="field T1.PI"
    pub pi: Option<i64>,
    /// +k8s:validateFalse="field T1.PB"
    pub pb: Option<bool>,
    /// +k8s:validateFalse="field T1.PF"
    pub pf: Option<f64>,
    /// +k8s:validateFalse="field T1.PT2"
    pub pt2: Option<Box<T2>>,
    // Duplicate types with no validation.
    pub anotherps: Option<String>,
    pub anotherpi: Option<i64>,
    pub anotherpb: Option<bool>,
    pub anotherpf: Option<f64>,
}

/// Has validations and is linked into the type graph of T1.
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct T2 {
    /// +k8s:validateFalse="field T2.PS"
    pub ps: Option<String>,
    /// +k8s:validateFalse="field T2.PI"
    pub pi: Option<i64>,
    /// +k8s:validateFalse="field T2.PB"
    pub pb: Option<bool>,
    /// +k8s:validateFalse="field T2.PF"
    pub pf: Option<f64>,
}

fn full() -> T1 {
    T1 {
        ps: Some("s".into()),
        pi: Some(1),
        pb: Some(true),
        pf: Some(1.5),
        pt2: Some(Box::new(T2 {
            ps: Some("t".into()),
            pi: Some(2),
            pb: Some(false),
            pf: Some(2.5),
        })),
        anotherps: Some("a".into()),
        anotherpi: Some(3),
        anotherpb: Some(true),
        anotherpf: Some(3.5),
    }
}

#[test]
fn fixture_t1() {
    fixture(
        &full(),
        &[
            ("pb", &["field T1.PB"]),
            ("pf", &["field T1.PF"]),
            ("pi", &["field T1.PI"]),
            ("ps", &["field T1.PS"]),
            ("pt2", &["field T1.PT2"]),
            ("pt2.pb", &["field T2.PB"]),
            ("pt2.pf", &["field T2.PF"]),
            ("pt2.pi", &["field T2.PI"]),
            ("pt2.ps", &["field T2.PS"]),
        ],
    );
}

#[test]
fn nil_pointers_still_run_field_validations() {
    // validateFalse runs on nil pointers too (upstream passes the nil pointer),
    // but a nil struct pointer has no fields to descend into.
    let v = T1 {
        ps: None,
        pi: None,
        pb: None,
        pf: None,
        pt2: None,
        anotherps: None,
        anotherpi: None,
        anotherpb: None,
        anotherpf: None,
    };
    let errs = v.validate(&k8s_validation::Operation::create());
    fixture(
        &v,
        &[
            ("pb", &["field T1.PB"]),
            ("pf", &["field T1.PF"]),
            ("pi", &["field T1.PI"]),
            ("ps", &["field T1.PS"]),
            ("pt2", &["field T1.PT2"]),
        ],
    );
    assert_eq!(
        errs.iter().next().unwrap().to_string(),
        "ps: Invalid value: null: forced failure: field T1.PS"
    );
}
