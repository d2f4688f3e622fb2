//! Port of upstream `cmd/validation-gen/output_tests/types_with_suffix`
//! (kubernetes/code-generator v0.37.2, where the package first appears):
//! `testdata/validate-false.json` for the root types `StructRequest` and
//! `EnumRequest`. Upstream selects the root types by name
//! (`+k8s:validation-gen=TypesWithSuffix=Request`); here every type with
//! `#[derive(Validate)]` is validated, so the selection has no counterpart,
//! and the fixture checks what the roots report: their own and their
//! fields' validations, none of the unreachable `T4`'s.
#![allow(non_snake_case)]

use conformance_tests::fixture;
use k8s_validation::Validate;

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct StructRequest {
    /// +k8s:validateFalse="field StructRequest.S"
    pub s: String,
    /// +k8s:validateFalse="field StructRequest.T2"
    pub t2: T2,
    /// No internal validations.
    pub t3: T3,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct T2 {
    /// +k8s:validateFalse="field T2.I"
    pub i: i64,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct T3 {
    pub b: bool,
    pub f: f64,
}

/// Not a root (no `Request` suffix) and not reachable from one.
#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
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

/// +k8s:validateFalse="type EnumRequest"
#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct EnumRequest(pub String);

#[test]
fn validate_false_fixture() {
    fixture(
        &StructRequest::default(),
        &[
            ("s", &["field StructRequest.S"]),
            ("t2", &["field StructRequest.T2"]),
            ("t2.i", &["field T2.I"]),
        ],
    );
    fixture(&EnumRequest::default(), &[("", &["type EnumRequest"])]);
}
