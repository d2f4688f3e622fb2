//! Port of upstream `cmd/validation-gen/output_tests/tags/immutable`
//! (kubernetes/code-generator v0.35.0): `+k8s:immutable` on scalars,
//! pointers, comparable and non-comparable structs, lists, maps and a
//! typedef; unchanged values (compared by value, not by pointer) pass.
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::{invalid, st, TFO};
use k8s_validation::Validate;
use serde::Serialize;

#[derive(Validate, Serialize, PartialEq, Debug, Clone)]
pub struct Struct {
    /// +k8s:immutable
    pub stringField: String,
    /// +k8s:immutable
    pub stringPtrField: Option<String>,
    /// +k8s:immutable
    pub structField: ComparableStruct,
    /// +k8s:immutable
    pub structPtrField: Option<ComparableStruct>,
    /// +k8s:immutable
    #[serde(rename = "noncomparableStructField")]
    pub nonComparableStructField: NonComparableStruct,
    /// +k8s:immutable
    #[serde(rename = "noncomparableStructPtrField")]
    pub nonComparableStructPtrField: Option<NonComparableStruct>,
    /// +k8s:immutable
    pub sliceField: Vec<String>,
    /// +k8s:immutable
    pub mapField: BTreeMap<String, String>,
    pub immutableField: ImmutableType,
    pub immutablePtrField: Option<ImmutableType>,
}

#[derive(Validate, Serialize, PartialEq, Debug, Clone)]
pub struct ComparableStruct {
    pub stringField: String,
    pub stringPtrField: Option<String>,
}

#[derive(Validate, Serialize, PartialEq, Debug, Clone)]
pub struct NonComparableStruct {
    pub sliceField: Vec<String>,
}

/// +k8s:immutable
#[derive(Validate, Serialize, PartialEq, Debug, Clone)]
pub struct ImmutableType(pub String);

fn value(a: &str, b: &str, c: &str, d: &str, e: &str, f: &str) -> Struct {
    Struct {
        stringField: a.into(),
        stringPtrField: Some(a.into()),
        structField: ComparableStruct {
            stringField: b.into(),
            stringPtrField: Some(b.to_uppercase()),
        },
        structPtrField: Some(ComparableStruct {
            stringField: b.into(),
            stringPtrField: Some(b.to_uppercase()),
        }),
        nonComparableStructField: NonComparableStruct {
            sliceField: vec![c.into()],
        },
        nonComparableStructPtrField: Some(NonComparableStruct {
            sliceField: vec![c.into()],
        }),
        sliceField: vec![d.into()],
        mapField: BTreeMap::from([(e.into(), e.into())]),
        immutableField: ImmutableType(f.into()),
        immutablePtrField: Some(ImmutableType(f.into())),
    }
}

#[test]
fn unchanged_values_pass() {
    let a = value("aaa", "bbb", "ccc", "ddd", "eee", "fff");
    // A separately built copy: equal values in different allocations.
    let a2 = value("aaa", "bbb", "ccc", "ddd", "eee", "fff");
    st(&a).old(&a).expect_valid();
    st(&a).old(&a2).expect_valid();
    st(&a2).old(&a).expect_valid();
    // Create never fails.
    st(&a).expect_valid();
}

#[test]
fn changed_values_fail() {
    let a = value("aaa", "bbb", "ccc", "ddd", "eee", "fff");
    let b = value("uuu", "vvv", "www", "xxx", "yyy", "zzz");
    let want: Vec<_> = [
        "stringField",
        "stringPtrField",
        "structField",
        "structPtrField",
        "noncomparableStructField",
        "noncomparableStructPtrField",
        "sliceField",
        "mapField",
        "immutableField",
        "immutablePtrField",
    ]
    .iter()
    .map(|f| invalid(f).origin("immutable"))
    .collect();
    st(&a).old(&b).expect(TFO, &want);
    let errs = st(&a).old(&b).errors();
    assert_eq!(
        errs.iter().nth(8).unwrap().to_string(),
        "immutableField: Invalid value: null: field is immutable"
    );
}

#[test]
fn set_and_unset_are_changes() {
    let a = value("aaa", "bbb", "ccc", "ddd", "eee", "fff");
    let mut unset = a.clone();
    unset.stringPtrField = None;
    unset.immutablePtrField = None;
    st(&unset).old(&a).expect(
        TFO,
        &[
            invalid("stringPtrField").origin("immutable"),
            invalid("immutablePtrField").origin("immutable"),
        ],
    );
    st(&a).old(&unset).expect(
        TFO,
        &[
            invalid("stringPtrField").origin("immutable"),
            invalid("immutablePtrField").origin("immutable"),
        ],
    );
}
