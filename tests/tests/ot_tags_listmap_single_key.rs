//! Port of upstream `cmd/validation-gen/output_tests/tags/listmap/single_key`
//! (kubernetes/code-generator v0.35.0): `+k8s:listType=map` with one key:
//! uniqueness by key (including pointer keys, where nil equals nil),
//! correlation of items by key on update (so reordering is not a change),
//! on fields and on a list typedef.
#![allow(non_snake_case)]

use conformance_tests::{duplicate, invalid, st, Matcher, TF};
use k8s_validation::Validate;

const TFSO: Matcher = Matcher::new()
    .by_type()
    .by_field()
    .by_detail_substring()
    .by_origin();

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct Struct {
    /// +k8s:listType=map
    /// +k8s:listMapKey=keyField
    /// +k8s:eachVal=+k8s:immutable
    pub listField: Vec<OtherStruct>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=keyField
    /// +k8s:eachVal=+k8s:immutable
    pub listTypedefField: Vec<OtherTypedefStruct>,
    /// +k8s:eachVal=+k8s:immutable
    pub typedefField: ListType,
    /// +k8s:listType=map
    /// +k8s:listMapKey=keyField
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListComparableField[*]"
    pub listComparableField: Vec<OtherStruct>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=keyField
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListNonComparableField[*]"
    pub listNonComparableField: Vec<NonComparableStruct>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=keyField
    pub listPtrKeyField: Vec<PtrKeyStruct>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct OtherStruct {
    pub keyField: String,
    pub dataField: String,
}

/// Go's `type OtherTypedefStruct OtherStruct`: the same fields.
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct OtherTypedefStruct {
    pub keyField: String,
    pub dataField: String,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct NonComparableStruct {
    pub keyField: String,
    pub stringPtrField: Option<String>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct PtrKeyStruct {
    pub keyField: Option<String>,
    pub dataField: String,
}

/// +k8s:listType=map
/// +k8s:listMapKey=keyField
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct ListType(pub Vec<OtherStruct>);

fn o(k: &str, d: &str) -> OtherStruct {
    OtherStruct {
        keyField: k.into(),
        dataField: d.into(),
    }
}

fn t(k: &str, d: &str) -> OtherTypedefStruct {
    OtherTypedefStruct {
        keyField: k.into(),
        dataField: d.into(),
    }
}

fn three_lists(items: &[(&str, &str)]) -> Struct {
    Struct {
        listField: items.iter().map(|(k, d)| o(k, d)).collect(),
        listTypedefField: items.iter().map(|(k, d)| t(k, d)).collect(),
        typedefField: ListType(items.iter().map(|(k, d)| o(k, d)).collect()),
        ..Struct::default()
    }
}

#[test]
fn uniqueness() {
    let v = three_lists(&[("key1", "one"), ("key2", "two"), ("key2", "two")]);
    st(&v).expect(
        TF,
        &[
            duplicate("listField[2]"),
            duplicate("listTypedefField[2]"),
            duplicate("typedefField[2]"),
        ],
    );
    let errs = st(&v).errors();
    assert_eq!(
        errs.iter().next().unwrap().to_string(),
        r#"listField[2]: Duplicate value: {"keyField":"key2","dataField":"two"}"#
    );
}

#[test]
fn update_correlation() {
    let a1 = three_lists(&[("key1", "one"), ("key2", "two")]);
    // Same data, different order.
    let a2 = three_lists(&[("key2", "two"), ("key1", "one")]);
    // Different data.
    let b = three_lists(&[("key3", "THREE"), ("key1", "ONE"), ("key2", "TWO")]);
    st(&a1).old(&a2).expect_valid();
    st(&a2).old(&a1).expect_valid();
    let imm = |f: &str| invalid(f).origin("immutable").detail("immutable");
    st(&a1).old(&b).expect(
        TFSO,
        &[
            imm("listField[0]"),
            imm("listField[1]"),
            imm("listTypedefField[0]"),
            imm("listTypedefField[1]"),
            imm("typedefField[0]"),
            imm("typedefField[1]"),
        ],
    );
    // A new item (key3) has no old item, and immutable fails on any change.
    st(&b).old(&a1).expect(
        TFSO,
        &[
            imm("listField[0]"),
            imm("listField[1]"),
            imm("listField[2]"),
            imm("listTypedefField[0]"),
            imm("listTypedefField[1]"),
            imm("listTypedefField[2]"),
            imm("typedefField[0]"),
            imm("typedefField[1]"),
            imm("typedefField[2]"),
        ],
    );
}

#[test]
fn ratcheting() {
    let nc = |k: &str, s: &str| NonComparableStruct {
        keyField: k.into(),
        stringPtrField: Some(s.into()),
    };
    let s1 = Struct {
        listComparableField: vec![o("key1", "one"), o("key2", "two")],
        listNonComparableField: vec![nc("key1", "one"), nc("key2", "two")],
        ..Struct::default()
    };
    let s2 = Struct {
        listComparableField: vec![o("key2", "two"), o("key1", "one")],
        listNonComparableField: vec![nc("key2", "two"), nc("key1", "one")],
        ..Struct::default()
    };
    st(&s1).expect_forced(&[
        (
            "listComparableField[0]",
            &["field Struct.ListComparableField[*]"],
        ),
        (
            "listComparableField[1]",
            &["field Struct.ListComparableField[*]"],
        ),
        (
            "listNonComparableField[0]",
            &["field Struct.ListNonComparableField[*]"],
        ),
        (
            "listNonComparableField[1]",
            &["field Struct.ListNonComparableField[*]"],
        ),
    ]);
    st(&s1).old(&s2).expect_valid();
    st(&s2).old(&s1).expect_valid();
}

#[test]
fn uniqueness_of_pointer_keys() {
    let p = |k: Option<&str>, d: &str| PtrKeyStruct {
        keyField: k.map(str::to_string),
        dataField: d.into(),
    };
    let v = Struct {
        listPtrKeyField: vec![
            p(Some("key1"), "one"),
            p(Some("key2"), "two"),
            p(Some("key2"), "three"), // duplicate key
            p(None, "four"),
            p(None, "five"), // duplicate nil key
        ],
        ..Struct::default()
    };
    st(&v).expect(
        TF,
        &[
            duplicate("listPtrKeyField[2]"),
            duplicate("listPtrKeyField[4]"),
        ],
    );
}
