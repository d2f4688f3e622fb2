//! Port of upstream `cmd/validation-gen/output_tests/cohorts`
//! (kubernetes/code-generator v0.35.0): `testdata/validate-false.json`,
//! plus the emission order of upstream's generated code.
//! Named cohorts: the default cohort first, then named cohorts in order of
//! first appearance; short-circuit validations first within each cohort; a
//! short-circuit failure ends only its own cohort, except in the default
//! cohort, where it ends the whole type (or field).

use conformance_tests::{assert_forced_order, fixture};
use k8s_validation::{Operation, Validate};

/// +k8s:validateFalse(cohort: "c2")="type T c2 Regular"
/// +k8s:validateFalse(cohort: "c1")="type T c1 Regular"
/// +k8s:validateFalse(cohort: "c1", flags: "ShortCircuit")="type T c1 ShortCircuit"
/// +k8s:validateFalse(cohort: "c2", flags: "ShortCircuit")="type T c2 ShortCircuit"
/// +k8s:validateFalse="type T Regular"
/// +k8s:validateFalse(flags: "ShortCircuit")="type T ShortCircuit"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct T {
    /// +k8s:validateFalse(cohort: "c2")="field T.S c2 Regular"
    /// +k8s:validateFalse(cohort: "c1")="field T.S c1 Regular"
    /// +k8s:validateFalse(cohort: "c1", flags: "ShortCircuit")="field T.S c1 ShortCircuit"
    /// +k8s:validateFalse(cohort: "c2", flags: "ShortCircuit")="field T.S c2 ShortCircuit"
    /// +k8s:validateFalse="field T.S Regular"
    /// +k8s:validateFalse(flags: "ShortCircuit")="field T.S ShortCircuit"
    pub s: String,
}

/// The same field tags without a failing default-cohort short-circuit, so
/// the named cohorts are reached.
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct U {
    /// +k8s:validateFalse(cohort: "c2")="field U.S c2 Regular"
    /// +k8s:validateFalse(cohort: "c1")="field U.S c1 Regular"
    /// +k8s:validateFalse(cohort: "c1", flags: "ShortCircuit")="field U.S c1 ShortCircuit"
    /// +k8s:validateFalse(cohort: "c2")="field U.S c2 Regular 2"
    /// +k8s:validateFalse="field U.S Regular"
    pub s: String,
}

#[test]
fn fixture_t() {
    fixture(&T { s: "x".into() }, &[("", &["type T ShortCircuit"])]);
}

#[test]
fn named_cohorts_run_after_the_default_cohort() {
    let errs = U { s: "x".into() }.validate(&Operation::create());
    assert_forced_order(
        &errs,
        &[
            ("s", "field U.S Regular"),
            ("s", "field U.S c2 Regular"),
            ("s", "field U.S c2 Regular 2"),
            ("s", "field U.S c1 ShortCircuit"),
        ],
    );
}
