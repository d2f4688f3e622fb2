//! Port of upstream `cmd/validation-gen/output_tests/tags/minimum`
//! (kubernetes/code-generator v0.35.0): `+k8s:minimum` on every integer
//! kind, pointers and typedefs, with ratcheting.
#![allow(non_snake_case)]

use conformance_tests::{invalid, st, Matcher};
use k8s_validation::Validate;

const TFS: Matcher = Matcher::new().by_type().by_field().by_detail_substring();

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct Struct {
    /// +k8s:minimum=1
    pub intField: i64,
    /// +k8s:minimum=1
    pub intPtrField: Option<i64>,
    // "int8" becomes "byte" somewhere in gengo.  We don't need it so just skip it.
    /// +k8s:minimum=1
    pub int16Field: i16,
    /// +k8s:minimum=1
    pub int32Field: i32,
    /// +k8s:minimum=1
    pub int64Field: i64,
    /// +k8s:minimum=1
    pub uintField: u64,
    /// +k8s:minimum=1
    pub uintPtrField: Option<u64>,
    /// +k8s:minimum=1
    pub uint16Field: u16,
    /// +k8s:minimum=1
    pub uint32Field: u32,
    /// +k8s:minimum=1
    pub uint64Field: u64,
    pub typedefField: IntType,
    pub typedefPtrField: Option<IntType>,
}

/// +k8s:minimum=1
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct IntType(pub i64);

fn zero_ptrs() -> Struct {
    Struct {
        intPtrField: Some(0),
        uintPtrField: Some(0),
        typedefPtrField: Some(IntType(0)),
        ..Struct::default()
    }
}

#[test]
fn zero_values_fail() {
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
    .map(|f| invalid(f).detail("must be greater than or equal to 1"))
    .collect();
    st(&zero_ptrs()).expect(TFS, &want);
    let errs = st(&zero_ptrs()).errors();
    let first = errs.iter().next().unwrap();
    assert_eq!(
        first.to_string(),
        "intField: Invalid value: 0: must be greater than or equal to 1"
    );
    assert_eq!(first.origin(), Some("minimum"));
}

#[test]
fn unchanged_invalid_values_ratchet() {
    st(&zero_ptrs()).old(&zero_ptrs()).expect_valid();
}

#[test]
fn valid_values() {
    st(&Struct {
        intField: 1,
        intPtrField: Some(1),
        int16Field: 1,
        int32Field: 1,
        int64Field: 1,
        uintField: 1,
        uint16Field: 1,
        uint32Field: 1,
        uint64Field: 1,
        uintPtrField: Some(1),
        typedefField: IntType(1),
        typedefPtrField: Some(IntType(1)),
    })
    .expect_valid();
}
