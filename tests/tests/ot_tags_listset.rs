//! Port of upstream `cmd/validation-gen/output_tests/tags/listset`
//! (kubernetes/code-generator v0.35.0): `+k8s:listType=set` uniqueness for
//! primitives, comparable, non-comparable and "falsely comparable" (pointer
//! holding) items, and correlation by value on update.
#![allow(non_snake_case)]

use conformance_tests::{duplicate, st, Matcher};
use k8s_validation::Validate;

const TFSO: Matcher = Matcher::new()
    .by_type()
    .by_field()
    .by_detail_substring()
    .by_origin();

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct Struct {
    /// +k8s:listType=set
    pub sliceStringField: Vec<String>,
    /// +k8s:listType=set
    pub sliceIntField: Vec<i64>,
    /// +k8s:listType=set
    pub sliceComparableField: Vec<ComparableStruct>,
    /// +k8s:listType=set
    pub sliceNonComparableField: Vec<NonComparableStruct>,
    /// +k8s:listType=set
    pub sliceFalselyComparableField: Vec<FalselyComparableStruct>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct ImmutableStruct {
    /// +k8s:eachVal=+k8s:immutable
    pub sliceComparableField: Vec<ComparableStruct>,
    /// +k8s:listType=set
    /// +k8s:eachVal=+k8s:immutable
    pub sliceSetComparableField: Vec<ComparableStruct>,
    /// +k8s:eachVal=+k8s:immutable
    pub sliceNonComparableField: Vec<NonComparableStruct>,
    /// +k8s:listType=set
    /// +k8s:eachVal=+k8s:immutable
    pub sliceSetNonComparableField: Vec<NonComparableStruct>,
    /// +k8s:eachVal=+k8s:immutable
    pub slicePrimitiveField: Vec<i64>,
    /// +k8s:listType=set
    /// +k8s:eachVal=+k8s:immutable
    pub sliceSetPrimitiveField: Vec<i64>,
    /// +k8s:listType=set
    /// +k8s:eachVal=+k8s:immutable
    pub sliceSetFalselyComparableField: Vec<FalselyComparableStruct>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct ComparableStruct {
    pub stringField: String,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct NonComparableStruct {
    pub sliceField: Vec<String>,
}

/// In Go, `==` on this compares the pointer, not the value; uniqueness and
/// correlation compare values.
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct FalselyComparableStruct {
    pub stringPtrField: Option<String>,
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn cs(v: &[&str]) -> Vec<ComparableStruct> {
    v.iter()
        .map(|s| ComparableStruct {
            stringField: s.to_string(),
        })
        .collect()
}

fn ncs(v: &[&[&str]]) -> Vec<NonComparableStruct> {
    v.iter()
        .map(|s| NonComparableStruct {
            sliceField: strs(s),
        })
        .collect()
}

#[test]
fn uniqueness() {
    st(&Struct::default()).expect_valid();
    st(&Struct {
        sliceStringField: strs(&["aaa", "bbb"]),
        sliceIntField: vec![1, 2],
        sliceComparableField: cs(&["aaa", "bbb"]),
        sliceNonComparableField: ncs(&[&["aaa", "bbb"], &["bbb", "aaa"]]),
        sliceFalselyComparableField: vec![],
    })
    .expect_valid();
    let same = || FalselyComparableStruct {
        stringPtrField: Some("same value".into()),
    };
    let v = Struct {
        sliceStringField: strs(&["aaa", "bbb", "ccc", "ccc", "bbb", "aaa"]),
        sliceIntField: vec![1, 2, 3, 3, 2, 1],
        sliceComparableField: cs(&["aaa", "bbb", "ccc", "ccc", "bbb", "aaa"]),
        sliceNonComparableField: ncs(&[
            &["aaa", "111"],
            &["bbb", "222"],
            &["ccc", "333"],
            &["ccc", "333"],
            &["bbb", "222"],
            &["aaa", "111"],
        ]),
        sliceFalselyComparableField: vec![same(), same()],
    };
    st(&v).expect(
        TFSO,
        &[
            duplicate("sliceStringField[3]"),
            duplicate("sliceStringField[4]"),
            duplicate("sliceStringField[5]"),
            duplicate("sliceIntField[3]"),
            duplicate("sliceIntField[4]"),
            duplicate("sliceIntField[5]"),
            duplicate("sliceComparableField[3]"),
            duplicate("sliceComparableField[4]"),
            duplicate("sliceComparableField[5]"),
            duplicate("sliceNonComparableField[3]"),
            duplicate("sliceNonComparableField[4]"),
            duplicate("sliceNonComparableField[5]"),
            duplicate("sliceFalselyComparableField[1]"),
        ],
    );
    let texts: Vec<String> = st(&v).errors().iter().map(|e| e.to_string()).collect();
    assert_eq!(texts[0], r#"sliceStringField[3]: Duplicate value: "ccc""#);
    assert_eq!(texts[3], "sliceIntField[3]: Duplicate value: 3");
    assert_eq!(
        texts[12],
        r#"sliceFalselyComparableField[1]: Duplicate value: {"stringPtrField":"same value"}"#
    );
}

#[test]
fn set_correlation() {
    let new = ImmutableStruct {
        sliceSetComparableField: cs(&["aaa", "bbb"]),
        ..ImmutableStruct::default()
    };
    let old = ImmutableStruct {
        sliceSetComparableField: cs(&["bbb", "aaa"]),
        ..ImmutableStruct::default()
    };
    st(&new).old(&old).expect_valid();
    let new = ImmutableStruct {
        sliceSetNonComparableField: ncs(&[&["aaa"], &["bbb"]]),
        ..ImmutableStruct::default()
    };
    let old = ImmutableStruct {
        sliceSetNonComparableField: ncs(&[&["bbb"], &["aaa"]]),
        ..ImmutableStruct::default()
    };
    st(&new).old(&old).expect_valid();
    let new = ImmutableStruct {
        sliceSetPrimitiveField: vec![1, 2],
        ..ImmutableStruct::default()
    };
    let old = ImmutableStruct {
        sliceSetPrimitiveField: vec![2, 1],
        ..ImmutableStruct::default()
    };
    st(&new).old(&old).expect_valid();
    let f = || ImmutableStruct {
        sliceSetFalselyComparableField: vec![FalselyComparableStruct {
            stringPtrField: Some("same value".into()),
        }],
        ..ImmutableStruct::default()
    };
    st(&f()).old(&f()).expect_valid();
}

#[test]
fn atomic_lists_do_not_correlate() {
    // Not in upstream's test: without a listType the same reordering is a
    // change of every element, and eachVal=+k8s:immutable fails for each.
    let new = ImmutableStruct {
        slicePrimitiveField: vec![1, 2],
        ..ImmutableStruct::default()
    };
    let old = ImmutableStruct {
        slicePrimitiveField: vec![2, 1],
        ..ImmutableStruct::default()
    };
    st(&new).old(&old).expect(
        TFSO,
        &[
            conformance_tests::invalid("slicePrimitiveField[0]").origin("immutable"),
            conformance_tests::invalid("slicePrimitiveField[1]").origin("immutable"),
        ],
    );
}
