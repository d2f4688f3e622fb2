//! Port of upstream `cmd/validation-gen/output_tests/embedded`
//! (kubernetes/code-generator v0.35.0): `testdata/validate-false.json`.
//! Go embedded (`json:",inline"`) structs are `#[serde(flatten)]` fields;
//! at the root the path falls back to the embedded Go type's name.

use conformance_tests::fixture;
use k8s_validation::Validate;
use serde::Serialize;

#[derive(Validate, Serialize, PartialEq, Debug, Clone)]
pub struct T1 {
    // NOTE: It's weird to have intField in both, but Go allows it.
    #[serde(flatten)]
    pub t2: T2,
    #[serde(flatten)]
    pub t3: Option<T3>,
}

#[derive(Validate, Serialize, PartialEq, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct T2 {
    /// +k8s:validateFalse="T2.IntField"
    pub int_field: i64,
}

#[derive(Validate, Serialize, PartialEq, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct T3 {
    /// +k8s:validateFalse="T3.StringField"
    pub string_field: String,
    /// +k8s:validateFalse="T3.IntField"
    pub int_field: i64,
}

/// T1 below a field: the embedded structs' fields are the parent's fields.
#[derive(Validate, Serialize, PartialEq, Debug, Clone)]
pub struct Outer {
    pub t1: T1,
}

fn t1() -> T1 {
    T1 {
        t2: T2 { int_field: 1 },
        t3: Some(T3 {
            string_field: "s".into(),
            int_field: 2,
        }),
    }
}

#[test]
fn fixture_t1() {
    fixture(
        &t1(),
        &[
            ("T2.intField", &["T2.IntField"]),
            ("T3.intField", &["T3.IntField"]),
            ("T3.stringField", &["T3.StringField"]),
        ],
    );
}

#[test]
fn nil_embedded_pointer_has_no_fields() {
    let mut v = t1();
    v.t3 = None;
    fixture(&v, &[("T2.intField", &["T2.IntField"])]);
}

#[test]
fn embedded_below_root_is_inline() {
    fixture(
        &Outer { t1: t1() },
        &[
            ("t1.intField", &["T2.IntField", "T3.IntField"]),
            ("t1.stringField", &["T3.StringField"]),
        ],
    );
}
