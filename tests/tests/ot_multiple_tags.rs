//! Port of upstream `cmd/validation-gen/output_tests/multiple_tags`
//! (kubernetes/code-generator v0.35.0): `testdata/validate-false.json`,
//! plus the emission order of upstream's generated code: tags sort by name
//! (validateFalse before validateTrue) and tags of one name keep their order.

use conformance_tests::{assert_forced_order, fixture};
use k8s_validation::{Operation, Validate};

/// validateTrue sorts after validateFalse, but all the validateFalse
/// retain their order.
/// +k8s:validateTrue="type T1 #0"
/// +k8s:validateFalse="type T1 #1"
/// +k8s:validateFalse="type T1 #2"
/// +k8s:validateFalse="type T1 #3"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct T1 {
    /// +k8s:validateTrue="field T1.S true"
    /// +k8s:validateFalse="field T1.S false #1"
    /// +k8s:validateFalse="field T1.S false #2"
    /// +k8s:validateFalse="field T1.S false #3"
    pub s: String,
    /// +k8s:validateTrue="field T1.T2 true"
    /// +k8s:validateFalse="field T1.T2 false #1"
    /// +k8s:validateFalse="field T1.T2 false #2"
    /// +k8s:validateFalse="field T1.T2 false #3"
    pub t2: T2,
}

/// +k8s:validateTrue="type T2 true"
/// +k8s:validateFalse="type T2 false #1"
/// +k8s:validateFalse="type T2 false #2"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct T2 {
    /// +k8s:validateTrue="field T2.S true"
    /// +k8s:validateFalse="field T2.S false #1"
    /// +k8s:validateFalse="field T2.S false #2"
    pub s: String,
}

fn t1() -> T1 {
    T1 {
        s: "s".into(),
        t2: T2 { s: "t".into() },
    }
}

#[test]
fn fixture_t1() {
    fixture(
        &t1(),
        &[
            ("", &["type T1 #1", "type T1 #2", "type T1 #3"]),
            (
                "s",
                &[
                    "field T1.S false #1",
                    "field T1.S false #2",
                    "field T1.S false #3",
                ],
            ),
            (
                "t2",
                &[
                    "field T1.T2 false #1",
                    "field T1.T2 false #2",
                    "field T1.T2 false #3",
                    "type T2 false #1",
                    "type T2 false #2",
                ],
            ),
            ("t2.s", &["field T2.S false #1", "field T2.S false #2"]),
        ],
    );
}

#[test]
fn emission_order() {
    let errs = t1().validate(&Operation::create());
    assert_forced_order(
        &errs,
        &[
            ("", "type T1 #1"),
            ("", "type T1 #2"),
            ("", "type T1 #3"),
            ("s", "field T1.S false #1"),
            ("s", "field T1.S false #2"),
            ("s", "field T1.S false #3"),
            ("t2", "field T1.T2 false #1"),
            ("t2", "field T1.T2 false #2"),
            ("t2", "field T1.T2 false #3"),
            ("t2", "type T2 false #1"),
            ("t2", "type T2 false #2"),
            ("t2.s", "field T2.S false #1"),
            ("t2.s", "field T2.S false #2"),
        ],
    );
    assert_eq!(errs.len(), 13);
}
