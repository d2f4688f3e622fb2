//! Port of upstream `cmd/validation-gen/output_tests/tags/optional`,
//! `tags/optional/nonzero_defaults` and `tags/optional/zero_defaults`
//! (kubernetes/code-generator v0.35.0): `+k8s:optional` short-circuits the
//! field's validations when the value is unset; with a `+default`, an unset
//! value is an error (`Required value`: defaulting should have set it),
//! except a zero default on a non-pointer field, which is documentation only.
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::{required, st, TF};
use k8s_validation::Validate;

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct Struct {
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.StringField"
    pub stringField: String,
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.StringPtrField"
    pub stringPtrField: Option<String>,
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.StringTypedefField"
    pub stringTypedefField: StringType,
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.StringTypedefPtrField"
    pub stringTypedefPtrField: Option<StringType>,
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.IntField"
    pub intField: i64,
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.IntPtrField"
    pub intPtrField: Option<i64>,
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.IntTypedefField"
    pub intTypedefField: IntType,
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.IntTypedefPtrField"
    pub intTypedefPtrField: Option<IntType>,
    // non-pointer struct fields cannot be required or optional
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.OtherStructPtrField"
    pub otherStructPtrField: Option<OtherStruct>,
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.SliceField"
    pub sliceField: Vec<String>,
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.SliceTypedefField"
    pub sliceTypedefField: SliceType,
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.MapField"
    pub mapField: BTreeMap<String, String>,
    /// +k8s:optional
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

fn two() -> BTreeMap<String, String> {
    BTreeMap::from([("a".into(), "b".into()), ("c".into(), "d".into())])
}

#[test]
fn unset_values_skip_validation() {
    st(&Struct::default()).expect_valid();
}

#[test]
fn set_values_run_the_other_validations() {
    let v = Struct {
        stringField: "abc".into(),
        stringPtrField: Some("xyz".into()),
        stringTypedefField: StringType("abc".into()),
        stringTypedefPtrField: Some(StringType("xyz".into())),
        intField: 123,
        intPtrField: Some(456),
        intTypedefField: IntType(123),
        intTypedefPtrField: Some(IntType(456)),
        otherStructPtrField: Some(OtherStruct {}),
        sliceField: vec!["a".into(), "b".into()],
        sliceTypedefField: SliceType(vec!["a".into(), "b".into()]),
        mapField: two(),
        mapTypedefField: MapType(two()),
    };
    st(&v).expect_forced(&[
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
        (
            "otherStructPtrField",
            &["type OtherStruct", "field Struct.OtherStructPtrField"],
        ),
        ("sliceField", &["field Struct.SliceField"]),
        (
            "sliceTypedefField",
            &["field Struct.SliceTypedefField", "type SliceType"],
        ),
        ("mapField", &["field Struct.MapField"]),
        (
            "mapTypedefField",
            &["field Struct.MapTypedefField", "type MapType"],
        ),
    ]);
}

mod nonzero_defaults {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:optional
        /// +default="foobar"
        pub stringField: String,
        /// +k8s:optional
        /// +default="foobar"
        pub stringPtrField: Option<String>,
        /// +k8s:optional
        /// +default=123
        pub intField: i64,
        /// +k8s:optional
        /// +default=123
        pub intPtrField: Option<i64>,
        /// +k8s:optional
        /// +default=true
        pub boolField: bool,
        /// +k8s:optional
        /// +default=true
        pub boolPtrField: Option<bool>,
    }

    #[test]
    fn unset_values_are_required() {
        st(&Struct::default()).expect(
            TF,
            &[
                required("stringField"),
                required("stringPtrField"),
                required("intField"),
                required("intPtrField"),
                required("boolField"),
                required("boolPtrField"),
            ],
        );
        st(&Struct {
            stringField: "abc".into(),
            stringPtrField: Some(String::new()),
            intField: 123,
            intPtrField: Some(0),
            boolField: true,
            boolPtrField: Some(false),
        })
        .expect_valid();
    }
}

mod zero_defaults {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:optional
        /// +default=""
        pub stringField: String,
        /// +k8s:optional
        /// +default=""
        pub stringPtrField: Option<String>,
        /// +k8s:optional
        /// +default=0
        pub intField: i64,
        /// +k8s:optional
        /// +default=0
        pub intPtrField: Option<i64>,
        /// +k8s:optional
        /// +default=false
        pub boolField: bool,
        /// +k8s:optional
        /// +default=false
        pub boolPtrField: Option<bool>,
    }

    #[test]
    fn zero_defaults_on_values_are_docs_only() {
        st(&Struct::default()).expect(
            TF,
            &[
                required("stringPtrField"),
                required("intPtrField"),
                required("boolPtrField"),
            ],
        );
        st(&Struct {
            stringField: "abc".into(),
            stringPtrField: Some(String::new()),
            intField: 123,
            intPtrField: Some(0),
            boolField: true,
            boolPtrField: Some(false),
        })
        .expect_valid();
    }
}
