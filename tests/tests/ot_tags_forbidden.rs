//! Port of upstream `cmd/validation-gen/output_tests/tags/forbidden`
//! (kubernetes/code-generator default branch; the package is newer than
//! v0.36.0, the tag is 1.35's): `+k8s:forbidden` on every kind of field.
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::{forbidden, st, TF};
use k8s_validation::Validate;

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct Struct {
    /// +k8s:forbidden
    pub stringField: String,
    /// +k8s:forbidden
    pub stringPtrField: Option<String>,
    /// +k8s:forbidden
    pub stringTypedefField: StringType,
    /// +k8s:forbidden
    pub stringTypedefPtrField: Option<StringType>,
    /// +k8s:forbidden
    pub intField: i64,
    /// +k8s:forbidden
    pub intPtrField: Option<i64>,
    /// +k8s:forbidden
    pub intTypedefField: IntType,
    /// +k8s:forbidden
    pub intTypedefPtrField: Option<IntType>,
    /// +k8s:forbidden
    pub boolField: bool,
    /// +k8s:forbidden
    pub floatField: f64,
    /// +k8s:forbidden
    pub byteField: u8,
    /// +k8s:forbidden
    pub otherStructPtrField: Option<OtherStruct>,
    /// +k8s:forbidden
    pub sliceField: Vec<String>,
    /// +k8s:forbidden
    pub sliceTypedefField: SliceType,
    /// +k8s:forbidden
    pub byteArrayField: Vec<u8>,
    /// +k8s:forbidden
    pub mapField: BTreeMap<String, String>,
    /// +k8s:forbidden
    pub mapTypedefField: MapType,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct StringType(pub String);

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct IntType(pub i64);

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct OtherStruct {}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct SliceType(pub Vec<String>);

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct MapType(pub BTreeMap<String, String>);

fn full() -> Struct {
    Struct {
        stringField: "abc".into(),
        stringPtrField: Some("xyz".into()),
        stringTypedefField: StringType("abc".into()),
        stringTypedefPtrField: Some(StringType("xyz".into())),
        intField: 123,
        intPtrField: Some(456),
        intTypedefField: IntType(123),
        intTypedefPtrField: Some(IntType(456)),
        boolField: true,
        floatField: 1.23,
        byteField: b'a',
        otherStructPtrField: Some(OtherStruct {}),
        sliceField: vec!["a".into(), "b".into()],
        sliceTypedefField: SliceType(vec!["a".into(), "b".into()]),
        byteArrayField: b"abc".to_vec(),
        mapField: two(),
        mapTypedefField: MapType(two()),
    }
}

fn two() -> BTreeMap<String, String> {
    BTreeMap::from([("a".into(), "b".into()), ("c".into(), "d".into())])
}

/// Explicit zero values and empty (not nil) lists and maps: the same as
/// nil in Go's zero-value test.
fn explicit_zero() -> Struct {
    Struct {
        sliceField: vec![],
        sliceTypedefField: SliceType(vec![]),
        byteArrayField: vec![],
        mapField: BTreeMap::new(),
        mapTypedefField: MapType(BTreeMap::new()),
        ..Struct::default()
    }
}

#[test]
fn zero_values_are_allowed() {
    st(&Struct::default()).expect_valid();
    st(&explicit_zero()).expect_valid();
}

#[test]
fn set_values_are_forbidden() {
    st(&full()).expect(
        TF,
        &[
            forbidden("stringField"),
            forbidden("stringPtrField"),
            forbidden("stringTypedefField"),
            forbidden("stringTypedefPtrField"),
            forbidden("intField"),
            forbidden("intPtrField"),
            forbidden("intTypedefField"),
            forbidden("intTypedefPtrField"),
            forbidden("boolField"),
            forbidden("floatField"),
            forbidden("byteField"),
            forbidden("otherStructPtrField"),
            forbidden("sliceField"),
            forbidden("sliceTypedefField"),
            forbidden("byteArrayField"),
            forbidden("mapField"),
            forbidden("mapTypedefField"),
        ],
    );
    let errs = st(&full()).errors();
    assert_eq!(errs.len(), 17);
    assert_eq!(
        errs.iter().next().unwrap().to_string(),
        "stringField: Forbidden"
    );
}
