//! Port of upstream `cmd/validation-gen/output_tests/tags/dependentrequired`
//! (kubernetes/code-generator default branch, where the package first
//! appears): `+k8s:dependentRequired(sibling)` with one or many dependents and triggers,
//! every "is set" kind, and ratcheting on set-ness.
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::{required, st, TFO};
use k8s_validation::Validate;

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct Struct {
    /// +k8s:optional
    /// +k8s:dependentRequired("dependent")
    pub trigger: Option<String>,
    /// +k8s:optional
    pub dependent: Option<String>,
    /// +k8s:optional
    pub otherField: Option<String>,
}

/// One trigger, many dependents (repeated tags).
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct MultiDependent {
    /// +k8s:optional
    /// +k8s:dependentRequired("dependentA")
    /// +k8s:dependentRequired("dependentB")
    pub trigger: Option<String>,
    /// +k8s:optional
    pub dependentA: Option<String>,
    /// +k8s:optional
    pub dependentB: Option<String>,
}

/// Many triggers, one dependent.
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct MultiTrigger {
    /// +k8s:optional
    /// +k8s:dependentRequired("dependent")
    pub triggerA: Option<String>,
    /// +k8s:optional
    /// +k8s:dependentRequired("dependent")
    pub triggerB: Option<String>,
    /// +k8s:optional
    pub dependent: Option<String>,
}

/// All four "is set" kinds.
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct AllKinds {
    /// +k8s:optional
    /// +k8s:dependentRequired("ptrDep")
    pub ptrTrigger: Option<String>,
    /// +k8s:optional
    pub ptrDep: Option<String>,
    /// +k8s:optional
    /// +k8s:dependentRequired("sliceDep")
    pub sliceTrigger: Vec<String>,
    /// +k8s:optional
    pub sliceDep: Vec<String>,
    /// +k8s:optional
    /// +k8s:dependentRequired("mapDep")
    pub mapTrigger: BTreeMap<String, String>,
    /// +k8s:optional
    pub mapDep: BTreeMap<String, String>,
    /// +k8s:optional
    /// +k8s:dependentRequired("intDep")
    pub intTrigger: i64,
    /// +k8s:optional
    pub intDep: i64,
}

fn s(v: &str) -> Option<String> {
    Some(v.to_string())
}

fn w(f: &str) -> conformance_tests::W {
    required(f).origin("dependentRequired")
}

#[test]
fn one_to_one() {
    st(&Struct {
        dependent: s("d"),
        ..Struct::default()
    })
    .expect_valid();
    st(&Struct {
        trigger: s("t"),
        dependent: s("d"),
        ..Struct::default()
    })
    .expect_valid();
    let t = Struct {
        trigger: s("t"),
        ..Struct::default()
    };
    st(&t).expect(TFO, &[w("dependent")]);
    st(&t).expect_texts(&["dependent: Required value: must be set when trigger is set"]);
    // Ratchet: an unrelated field changed; set-ness unchanged.
    st(&Struct {
        trigger: s("t"),
        otherField: s("new"),
        ..Struct::default()
    })
    .old(&Struct {
        trigger: s("t"),
        otherField: s("old"),
        ..Struct::default()
    })
    .expect_valid();
    // Ratchet: the trigger's value changed but not its set-ness.
    st(&t)
        .old(&Struct {
            trigger: s("old"),
            ..Struct::default()
        })
        .expect_valid();
    // A newly cleared dependent fails.
    st(&t)
        .old(&Struct {
            trigger: s("t"),
            dependent: s("d"),
            ..Struct::default()
        })
        .expect(TFO, &[w("dependent")]);
}

#[test]
fn multi_dependent_and_multi_trigger() {
    st(&MultiDependent {
        trigger: s("t"),
        ..MultiDependent::default()
    })
    .expect(TFO, &[w("dependentA"), w("dependentB")]);
    let v = MultiTrigger {
        triggerA: s("a"),
        triggerB: s("b"),
        dependent: None,
    };
    st(&v).expect(TFO, &[w("dependent")]);
    // Two independent implications: one error per trigger.
    st(&v).expect_texts(&[
        "dependent: Required value: must be set when triggerA is set",
        "dependent: Required value: must be set when triggerB is set",
    ]);
}

#[test]
fn all_kinds() {
    st(&AllKinds {
        ptrTrigger: s("t"),
        sliceTrigger: vec!["x".into()],
        mapTrigger: BTreeMap::from([("k".into(), "v".into())]),
        intTrigger: 1,
        ..AllKinds::default()
    })
    .expect(TFO, &[w("ptrDep"), w("sliceDep"), w("mapDep"), w("intDep")]);
    // Empty list / map and zero int are "not set".
    st(&AllKinds::default()).expect_valid();
}
