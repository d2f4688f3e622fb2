//! Port of upstream `cmd/validation-gen/output_tests/tags/maximum`
//! (kubernetes/code-generator v0.36.0, where the package first appears):
//! `+k8s:maximum` on every integer kind, pointers and typedefs, with
//! ratcheting.
#![allow(non_snake_case)]

use conformance_tests::{invalid, st, Matcher};
use k8s_validation::Validate;

const TFS: Matcher = Matcher::new().by_type().by_field().by_detail_substring();

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct Struct {
    /// +k8s:maximum=1
    pub intField: i64,
    /// +k8s:maximum=1
    pub intPtrField: Option<i64>,
    /// +k8s:maximum=1
    pub int16Field: i16,
    /// +k8s:maximum=1
    pub int32Field: i32,
    /// +k8s:maximum=1
    pub int64Field: i64,
    /// +k8s:maximum=1
    pub uintField: u64,
    /// +k8s:maximum=1
    pub uintPtrField: Option<u64>,
    /// +k8s:maximum=1
    pub uint16Field: u16,
    /// +k8s:maximum=1
    pub uint32Field: u32,
    /// +k8s:maximum=1
    pub uint64Field: u64,
    pub typedefField: IntType,
    pub typedefPtrField: Option<IntType>,
}

/// +k8s:maximum=1
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct IntType(pub i64);

fn all(n: u16) -> Struct {
    Struct {
        intField: n.into(),
        intPtrField: Some(n.into()),
        int16Field: n as i16,
        int32Field: n.into(),
        int64Field: n.into(),
        uintField: n.into(),
        uint16Field: n,
        uint32Field: n.into(),
        uint64Field: n.into(),
        uintPtrField: Some(n.into()),
        typedefField: IntType(n.into()),
        typedefPtrField: Some(IntType(n.into())),
    }
}

#[test]
fn greater_than_maximum_fails() {
    let want: Vec<_> = [
        "intField",
        "intPtrField",
        "int16Field",
        "int32Field",
        "int64Field",
        "uintField",
        "uintPtrField",
        "uint16Field",
        "uint32Field",
        "uint64Field",
        "typedefField",
        "typedefPtrField",
    ]
    .iter()
    .map(|f| invalid(f).detail("must be less than or equal to 1"))
    .collect();
    st(&all(2)).expect(TFS, &want);
    let errs = st(&all(2)).errors();
    assert_eq!(
        errs.iter().last().unwrap().to_string(),
        "typedefPtrField: Invalid value: 2: must be less than or equal to 1"
    );
    assert!(errs.iter().all(|e| e.origin() == Some("maximum")));
}

#[test]
fn ratcheting_and_valid() {
    st(&all(2)).old(&all(2)).expect_valid();
    st(&all(1)).expect_valid();
    // Zero values are below the maximum.
    st(&Struct::default()).expect_valid();
}
