//! Port of upstream `cmd/validation-gen/output_tests/tags/dependentforbidden`
//! (kubernetes/code-generator default branch, where the package first
//! appears): `+k8s:dependentForbidden(sibling)` with one or many dependents and triggers,
//! every "is set" kind, and ratcheting on set-ness.
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::{forbidden, st, TFO};
use k8s_validation::Validate;

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct Struct {
    /// +k8s:optional
    /// +k8s:dependentForbidden("dependent")
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
    /// +k8s:dependentForbidden("dependentA")
    /// +k8s:dependentForbidden("dependentB")
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
    /// +k8s:dependentForbidden("dependent")
    pub triggerA: Option<String>,
    /// +k8s:optional
    /// +k8s:dependentForbidden("dependent")
    pub triggerB: Option<String>,
    /// +k8s:optional
    pub dependent: Option<String>,
}

/// All four "is set" kinds.
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct AllKinds {
    /// +k8s:optional
    /// +k8s:dependentForbidden("ptrDep")
    pub ptrTrigger: Option<String>,
    /// +k8s:optional
    pub ptrDep: Option<String>,
    /// +k8s:optional
    /// +k8s:dependentForbidden("sliceDep")
    pub sliceTrigger: Vec<String>,
    /// +k8s:optional
    pub sliceDep: Vec<String>,
    /// +k8s:optional
    /// +k8s:dependentForbidden("mapDep")
    pub mapTrigger: BTreeMap<String, String>,
    /// +k8s:optional
    pub mapDep: BTreeMap<String, String>,
    /// +k8s:optional
    /// +k8s:dependentForbidden("intDep")
    pub intTrigger: i64,
    /// +k8s:optional
    pub intDep: i64,
}

fn s(v: &str) -> Option<String> {
    Some(v.to_string())
}

fn w(f: &str) -> conformance_tests::W {
    forbidden(f).origin("dependentForbidden")
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
        ..Struct::default()
    })
    .expect_valid();
    let both = Struct {
        trigger: s("t"),
        dependent: s("d"),
        ..Struct::default()
    };
    st(&both).expect(TFO, &[w("dependent")]);
    st(&both).expect_texts(&["dependent: Forbidden: may not be set when trigger is set"]);
    // Ratchet: an unrelated field changed; set-ness unchanged.
    st(&Struct {
        otherField: s("new"),
        ..both.clone()
    })
    .old(&Struct {
        otherField: s("old"),
        ..both.clone()
    })
    .expect_valid();
    // Ratchet: the trigger's value changed but not its set-ness.
    st(&both)
        .old(&Struct {
            trigger: s("old"),
            dependent: s("d"),
            ..Struct::default()
        })
        .expect_valid();
    // A newly set dependent fails.
    st(&both)
        .old(&Struct {
            trigger: s("t"),
            ..Struct::default()
        })
        .expect(TFO, &[w("dependent")]);
}

#[test]
fn multi_dependent_and_multi_trigger() {
    st(&MultiDependent {
        trigger: s("t"),
        dependentA: s("a"),
        dependentB: s("b"),
    })
    .expect(TFO, &[w("dependentA"), w("dependentB")]);
    st(&MultiTrigger {
        triggerA: s("a"),
        triggerB: s("b"),
        dependent: s("d"),
    })
    .expect(TFO, &[w("dependent")]);
}

#[test]
fn all_kinds() {
    let both = AllKinds {
        ptrTrigger: s("t"),
        ptrDep: s("d"),
        sliceTrigger: vec!["x".into()],
        sliceDep: vec!["y".into()],
        mapTrigger: BTreeMap::from([("k".into(), "v".into())]),
        mapDep: BTreeMap::from([("k".into(), "v".into())]),
        intTrigger: 1,
        intDep: 1,
    };
    st(&both).expect(TFO, &[w("ptrDep"), w("sliceDep"), w("mapDep"), w("intDep")]);
    // Dependents "not set": nil pointer, empty list / map, zero int.
    st(&AllKinds {
        ptrDep: None,
        sliceDep: vec![],
        mapDep: BTreeMap::new(),
        intDep: 0,
        ..both
    })
    .expect_valid();
}
