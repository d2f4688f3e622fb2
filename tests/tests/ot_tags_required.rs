//! Port of upstream `cmd/validation-gen/output_tests/tags/required`
//! (kubernetes/code-generator default branch; the package is newer than
//! v0.36.0, the tag is 1.35's): `+k8s:required` on every kind of field. A
//! missing value fails with `Required value` and short-circuits the field's
//! other validations (and its type's); a set value runs them.
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::{required, st, TF, W};
use k8s_validation::Validate;

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct Struct {
    /// +k8s:required
    /// +k8s:validateFalse="field Struct.StringField"
    pub stringField: String,
    /// +k8s:required
    /// +k8s:validateFalse="field Struct.StringPtrField"
    pub stringPtrField: Option<String>,
    /// +k8s:required
    /// +k8s:validateFalse="field Struct.StringTypedefField"
    pub stringTypedefField: StringType,
    /// +k8s:required
    /// +k8s:validateFalse="field Struct.StringTypedefPtrField"
    pub stringTypedefPtrField: Option<StringType>,
    /// +k8s:required
    /// +k8s:validateFalse="field Struct.IntField"
    pub intField: i64,
    /// +k8s:required
    /// +k8s:validateFalse="field Struct.IntPtrField"
    pub intPtrField: Option<i64>,
    /// +k8s:required
    /// +k8s:validateFalse="field Struct.IntTypedefField"
    pub intTypedefField: IntType,
    /// +k8s:required
    /// +k8s:validateFalse="field Struct.IntTypedefPtrField"
    pub intTypedefPtrField: Option<IntType>,
    /// +k8s:required
    /// +k8s:validateFalse="field Struct.BoolField"
    pub boolField: bool,
    /// +k8s:required
    /// +k8s:validateFalse="field Struct.FloatField"
    pub floatField: f64,
    /// +k8s:required
    /// +k8s:validateFalse="field Struct.ByteField"
    pub byteField: u8,
    // non-pointer struct fields cannot be required or optional
    /// +k8s:required
    /// +k8s:validateFalse="field Struct.OtherStructPtrField"
    pub otherStructPtrField: Option<OtherStruct>,
    /// +k8s:required
    /// +k8s:validateFalse="field Struct.SliceField"
    pub sliceField: Vec<String>,
    /// +k8s:required
    /// +k8s:validateFalse="field Struct.SliceTypedefField"
    pub sliceTypedefField: SliceType,
    /// +k8s:required
    /// +k8s:validateFalse="field Struct.ByteArrayField"
    pub byteArrayField: Vec<u8>,
    /// +k8s:required
    /// +k8s:validateFalse="field Struct.MapField"
    pub mapField: BTreeMap<String, String>,
    /// +k8s:required
    /// +k8s:validateFalse="field Struct.MapTypedefField"
    pub mapTypedefField: MapType,
}

/// +k8s:validateFalse="type StringType"
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct StringType(pub String);

/// +k8s:validateFalse="type IntType"
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct IntType(pub i64);

/// +k8s:validateFalse="type OtherStruct"
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct OtherStruct {}

/// +k8s:validateFalse="type SliceType"
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct SliceType(pub Vec<String>);

/// +k8s:validateFalse="type MapType"
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

fn all_required() -> Vec<W> {
    vec![
        required("stringField"),
        required("stringPtrField"),
        required("stringTypedefField"),
        required("stringTypedefPtrField"),
        required("intField"),
        required("intPtrField"),
        required("intTypedefField"),
        required("intTypedefPtrField"),
        required("boolField"),
        required("floatField"),
        required("byteField"),
        required("otherStructPtrField"),
        required("sliceField"),
        required("sliceTypedefField"),
        required("byteArrayField"),
        required("mapField"),
        required("mapTypedefField"),
    ]
}

#[test]
fn zero_values_are_missing() {
    st(&Struct::default()).expect(TF, &all_required());
    st(&explicit_zero()).expect(TF, &all_required());
    let errs = st(&Struct::default()).errors();
    assert_eq!(errs.len(), 17);
    assert_eq!(
        errs.iter().next().unwrap().to_string(),
        "stringField: Required value"
    );
    assert!(errs.iter().all(|e| e.origin().is_none()));
}

#[test]
fn set_values_run_the_other_validations() {
    st(&full()).expect_forced(&[
        ("stringField", &["field Struct.StringField"]),
        ("stringPtrField", &["field Struct.StringPtrField"]),
        (
            "stringTypedefField",
            &["field Struct.StringTypedefField", "type StringType"],
        ),
        (
            "stringTypedefPtrField",
            &["field Struct.StringTypedefPtrField", "type StringType"],
        ),
        ("intField", &["field Struct.IntField"]),
        ("intPtrField", &["field Struct.IntPtrField"]),
        (
            "intTypedefField",
            &["field Struct.IntTypedefField", "type IntType"],
        ),
        (
            "intTypedefPtrField",
            &["field Struct.IntTypedefPtrField", "type IntType"],
        ),
        ("boolField", &["field Struct.BoolField"]),
        ("floatField", &["field Struct.FloatField"]),
        ("byteField", &["field Struct.ByteField"]),
        (
            "otherStructPtrField",
            &["type OtherStruct", "field Struct.OtherStructPtrField"],
        ),
        ("sliceField", &["field Struct.SliceField"]),
        (
            "sliceTypedefField",
            &["field Struct.SliceTypedefField", "type SliceType"],
        ),
        ("byteArrayField", &["field Struct.ByteArrayField"]),
        ("mapField", &["field Struct.MapField"]),
        (
            "mapTypedefField",
            &["field Struct.MapTypedefField", "type MapType"],
        ),
    ]);
}

#[test]
fn unchanged_missing_values_ratchet() {
    st(&Struct::default())
        .old(&Struct::default())
        .expect_valid();
}
