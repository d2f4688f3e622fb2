//! Port of upstream `cmd/validation-gen/output_tests/ordering/structs`
//! (kubernetes/code-generator v0.35.0): `testdata/validate-false.json`.
//! Short-circuit vs regular validations, type vs field: a failing type-level
//! short-circuit suppresses all field validations; short-circuits run first
//! and all of them run.

use conformance_tests::{assert_forced_order, fixture};
use k8s_validation::{Operation, Validate};

#[derive(Validate, PartialEq, Debug, Clone)]
pub struct Tother {
    /// +k8s:validateFalse="Tother, no flags"
    pub os: String,
}

/// No validations.
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct T00 {
    pub s: String,
    pub ps: Option<String>,
    pub t: Tother,
    pub pt: Option<Tother>,
}

/// +k8s:validateFalse="T01, no flags"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct T01 {
    /// +k8s:validateFalse="T01.S, no flags"
    pub s: String,
    /// +k8s:validateFalse="T01.PS, no flags"
    pub ps: Option<String>,
    /// +k8s:validateFalse="T01.T, no flags"
    pub t: Tother,
    /// +k8s:validateFalse="T01.PT, no flags"
    pub pt: Option<Tother>,
}

/// +k8s:validateFalse(flags: "ShortCircuit")="T02, ShortCircuit"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct T02 {
    /// +k8s:validateFalse(flags: "ShortCircuit")="T02.S, ShortCircuit"
    pub s: String,
    /// +k8s:validateFalse(flags: "ShortCircuit")="T02.PS, ShortCircuit"
    pub ps: Option<String>,
    /// +k8s:validateFalse(flags: "ShortCircuit")="T02.T, ShortCircuit"
    pub t: Tother,
    /// +k8s:validateFalse(flags: "ShortCircuit")="T02.PT, ShortCircuit"
    pub pt: Option<Tother>,
}

/// +k8s:validateFalse="T03, no flags"
/// +k8s:validateFalse(flags: "ShortCircuit")="T03, ShortCircuit"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct T03 {
    /// +k8s:validateFalse="T03.S, no flags"
    /// +k8s:validateFalse(flags: "ShortCircuit")="T03.S, ShortCircuit"
    pub s: String,
    /// +k8s:validateFalse="T03.PS, no flags"
    /// +k8s:validateFalse(flags: "ShortCircuit")="T03.PS, ShortCircuit"
    pub ps: Option<String>,
    /// +k8s:validateFalse="T03.T, no flags"
    /// +k8s:validateFalse(flags: "ShortCircuit")="T03.T, ShortCircuit"
    pub t: Tother,
    /// +k8s:validateFalse="T03.PT, no flags"
    /// +k8s:validateFalse(flags: "ShortCircuit")="T03.PT, ShortCircuit"
    pub pt: Option<Tother>,
}

/// Note: these are intentionally in the wrong final order.
/// +k8s:validateFalse="TMultiple, no flags 1"
/// +k8s:validateFalse(flags: "ShortCircuit")="TMultiple, ShortCircuit 1"
/// +k8s:validateFalse="T0, string payload"
/// +k8s:validateFalse="TMultiple, no flags 2"
/// +k8s:validateFalse(flags: "ShortCircuit")="TMultiple, ShortCircuit 2"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct TMultiple {
    /// +k8s:validateFalse="TMultiple.S, no flags 1"
    /// +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.S, ShortCircuit 1"
    /// +k8s:validateFalse="T0, string payload"
    /// +k8s:validateFalse="TMultiple.S, no flags 2"
    /// +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.S, ShortCircuit 2"
    pub s: String,
    /// +k8s:validateFalse="TMultiple.PS, no flags 1"
    /// +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.PS, ShortCircuit 1"
    /// +k8s:validateFalse="T0, string payload"
    /// +k8s:validateFalse="TMultiple.PS, no flags 2"
    /// +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.PS, ShortCircuit 2"
    pub ps: Option<String>,
    /// +k8s:validateFalse="TMultiple.T, no flags 1"
    /// +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.T, ShortCircuit 1"
    /// +k8s:validateFalse="T0, string payload"
    /// +k8s:validateFalse="TMultiple.T, no flags 2"
    /// +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.T, ShortCircuit 2"
    pub t: Tother,
    /// +k8s:validateFalse="TMultiple.PT, no flags 1"
    /// +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.PT, ShortCircuit 1"
    /// +k8s:validateFalse="T0, string payload"
    /// +k8s:validateFalse="TMultiple.PT, no flags 2"
    /// +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.PT, ShortCircuit 2"
    pub pt: Option<Tother>,
}

/// TMultiple's field tags on a type without type-level validations, so the
/// field-level short-circuits are observable.
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct Holder {
    pub t01: T01,
    pub t02: T02,
}

fn other() -> Tother {
    Tother { os: "o".into() }
}

#[test]
fn fixture_t00() {
    let v = T00 {
        s: "s".into(),
        ps: Some("p".into()),
        t: other(),
        pt: Some(other()),
    };
    fixture(
        &v,
        &[
            ("pt.os", &["Tother, no flags"]),
            ("t.os", &["Tother, no flags"]),
        ],
    );
}

fn t01() -> T01 {
    T01 {
        s: "s".into(),
        ps: Some("p".into()),
        t: other(),
        pt: Some(other()),
    }
}

fn t02() -> T02 {
    T02 {
        s: "s".into(),
        ps: Some("p".into()),
        t: other(),
        pt: Some(other()),
    }
}

#[test]
fn fixture_t01() {
    fixture(
        &t01(),
        &[
            ("", &["T01, no flags"]),
            ("ps", &["T01.PS, no flags"]),
            ("pt", &["T01.PT, no flags"]),
            ("pt.os", &["Tother, no flags"]),
            ("s", &["T01.S, no flags"]),
            ("t", &["T01.T, no flags"]),
            ("t.os", &["Tother, no flags"]),
        ],
    );
}

#[test]
fn fixture_t02() {
    fixture(&t02(), &[("", &["T02, ShortCircuit"])]);
}

#[test]
fn fixture_t03() {
    let v = T03 {
        s: "s".into(),
        ps: Some("p".into()),
        t: other(),
        pt: Some(other()),
    };
    fixture(&v, &[("", &["T03, ShortCircuit"])]);
}

#[test]
fn fixture_tmultiple() {
    let v = TMultiple {
        s: "s".into(),
        ps: Some("p".into()),
        t: other(),
        pt: Some(other()),
    };
    let errs = v.validate(&Operation::create());
    // Both short-circuits run, in tag order, and nothing else does.
    assert_forced_order(
        &errs,
        &[
            ("", "TMultiple, ShortCircuit 1"),
            ("", "TMultiple, ShortCircuit 2"),
        ],
    );
}

#[test]
fn field_short_circuit_skips_the_field_type() {
    // Below a field, T02's type-level short-circuit fails and ends T02; T01
    // runs everything. (Not in the fixture: it validates roots only.)
    let v = Holder {
        t01: t01(),
        t02: t02(),
    };
    let errs = v.validate(&Operation::create());
    assert_forced_order(
        &errs,
        &[
            ("t01", "T01, no flags"),
            ("t01.s", "T01.S, no flags"),
            ("t01.ps", "T01.PS, no flags"),
            ("t01.t", "T01.T, no flags"),
            ("t01.t.os", "Tother, no flags"),
            ("t01.pt", "T01.PT, no flags"),
            ("t01.pt.os", "Tother, no flags"),
            ("t02", "T02, ShortCircuit"),
        ],
    );
}
