//! Port of upstream `cmd/validation-gen/output_tests/ordering/typedefs`
//! (kubernetes/code-generator v0.35.0): `testdata/validate-false.json`.
//! Short-circuit vs regular validations on typedefs.

use conformance_tests::{assert_forced_order, fixture};
use k8s_validation::{Operation, Validate};

/// No validations.
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct E00(pub String);

/// +k8s:validateFalse="E01, no flags"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct E01(pub String);

/// +k8s:validateFalse(flags: "ShortCircuit")="E02, ShortCircuit"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct E02(pub String);

/// +k8s:validateFalse="E03, no flags"
/// +k8s:validateFalse(flags: "ShortCircuit")="E03, ShortCircuit"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct E03(pub String);

/// Note: these are intentionally in the wrong final order.
/// +k8s:validateFalse="EMultiple, no flags 1"
/// +k8s:validateFalse(flags: "ShortCircuit")="EMultiple, ShortCircuit 1"
/// +k8s:validateFalse="E0, string payload"
/// +k8s:validateFalse="EMultiple, no flags 2"
/// +k8s:validateFalse(flags: "ShortCircuit")="EMultiple, ShortCircuit 2"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct EMultiple(pub String);

#[test]
fn fixtures() {
    assert!(E00("x".into()).validate(&Operation::create()).is_empty());
    fixture(&E01("x".into()), &[("", &["E01, no flags"])]);
    fixture(&E02("x".into()), &[("", &["E02, ShortCircuit"])]);
    fixture(&E03("x".into()), &[("", &["E03, ShortCircuit"])]);
    let errs = EMultiple("x".into()).validate(&Operation::create());
    assert_forced_order(
        &errs,
        &[
            ("", "EMultiple, ShortCircuit 1"),
            ("", "EMultiple, ShortCircuit 2"),
        ],
    );
}
