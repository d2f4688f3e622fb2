//! Port of upstream `cmd/validation-gen/output_tests/tags/listmap/multiple_keys`
//! (kubernetes/code-generator v0.35.0): `+k8s:listType=map` with composite
//! keys (string + int, pointer keys): uniqueness, correlation by every key
//! on update, and `+k8s:item` selectors on pointer keys.
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
    /// +k8s:listMapKey=key1Field
    /// +k8s:listMapKey=key2Field
    /// +k8s:eachVal=+k8s:immutable
    pub listField: Vec<OtherStruct>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=key1Field
    /// +k8s:listMapKey=key2Field
    /// +k8s:eachVal=+k8s:immutable
    pub listTypedefField: Vec<OtherTypedefStruct>,
    /// +k8s:eachVal=+k8s:immutable
    pub typedefField: ListType,
    /// +k8s:listType=map
    /// +k8s:listMapKey=key1Field
    /// +k8s:listMapKey=key2Field
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListComparableField[*]"
    pub listComparableField: Vec<OtherStruct>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=key1Field
    /// +k8s:listMapKey=key2Field
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListNonComparableField[*]"
    pub listNonComparableField: Vec<NonComparableStruct>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=key1Field
    /// +k8s:listMapKey=key2Field
    /// +k8s:item(key1Field: "target-ptr", key2Field: 42)=+k8s:validateFalse="item ListPtrKeyField[key1Field=target-ptr,key2Field=42]"
    pub listPtrKeyField: Vec<PtrKeyStruct>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=stringPtrKey
    /// +k8s:listMapKey=stringKey
    /// +k8s:item(stringPtrKey: "target-ptr", stringKey: "target")=+k8s:validateFalse="item ListMixedPtrKeyField"
    pub listMixedPtrKeyField: Vec<MixedPtrKeyStruct>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct OtherStruct {
    pub key1Field: String,
    pub key2Field: i64,
    pub dataField: String,
}

/// Go's `type OtherTypedefStruct OtherStruct`: the same fields.
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct OtherTypedefStruct {
    pub key1Field: String,
    pub key2Field: i64,
    pub dataField: String,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct NonComparableStruct {
    pub key1Field: String,
    pub key2Field: i64,
    pub dataField: Vec<String>,
}

/// +k8s:listType=map
/// +k8s:listMapKey=key1Field
/// +k8s:listMapKey=key2Field
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct ListType(pub Vec<OtherStruct>);

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct PtrKeyStruct {
    pub key1Field: Option<String>,
    pub key2Field: i64,
    pub dataField: String,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct MixedPtrKeyStruct {
    pub stringPtrKey: Option<String>,
    pub stringKey: String,
    pub dataField: String,
}

fn o(k: &str, n: i64, d: &str) -> OtherStruct {
    OtherStruct {
        key1Field: k.into(),
        key2Field: n,
        dataField: d.into(),
    }
}

fn three_lists(items: &[(&str, i64, &str)]) -> Struct {
    Struct {
        listField: items.iter().map(|(k, n, d)| o(k, *n, d)).collect(),
        listTypedefField: items
            .iter()
            .map(|(k, n, d)| OtherTypedefStruct {
                key1Field: k.to_string(),
                key2Field: *n,
                dataField: d.to_string(),
            })
            .collect(),
        typedefField: ListType(items.iter().map(|(k, n, d)| o(k, *n, d)).collect()),
        ..Struct::default()
    }
}

#[test]
fn uniqueness() {
    let v = three_lists(&[("key1", 1, "one"), ("key2", 2, "two"), ("key2", 2, "two")]);
    st(&v).expect(
        TF,
        &[
            duplicate("listField[2]"),
            duplicate("listTypedefField[2]"),
            duplicate("typedefField[2]"),
        ],
    );
    // Same first key, different second key: not a duplicate.
    let v = three_lists(&[("key1", 1, "one"), ("key1", 2, "two")]);
    st(&v).expect_valid();
}

#[test]
fn update_correlation() {
    let a1 = three_lists(&[("key1", 1, "one"), ("key2", 2, "two")]);
    let a2 = three_lists(&[("key2", 2, "two"), ("key1", 1, "one")]);
    let b = three_lists(&[("key3", 3, "THREE"), ("key1", 1, "ONE"), ("key2", 2, "TWO")]);
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
    let nc = |k: &str, n: i64, d: &str| NonComparableStruct {
        key1Field: k.into(),
        key2Field: n,
        dataField: vec![d.into()],
    };
    let s1 = Struct {
        listComparableField: vec![o("key1", 1, "one"), o("key2", 2, "two")],
        listNonComparableField: vec![nc("key1", 1, "one"), nc("key2", 2, "two")],
        ..Struct::default()
    };
    let s2 = Struct {
        listComparableField: vec![o("key2", 2, "two"), o("key1", 1, "one")],
        listNonComparableField: vec![nc("key2", 2, "two"), nc("key1", 1, "one")],
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
fn item_with_pointer_keys() {
    let p = |k: Option<&str>, n: i64, d: &str| PtrKeyStruct {
        key1Field: k.map(str::to_string),
        key2Field: n,
        dataField: d.into(),
    };
    let v = Struct {
        listPtrKeyField: vec![
            p(Some("target-ptr"), 42, "match"),
            p(Some("target-ptr"), 99, "no match, int differs"),
            p(Some("other"), 42, "no match, string differs"),
            p(None, 42, "no match, nil string"),
        ],
        ..Struct::default()
    };
    st(&v).expect_forced(&[(
        "listPtrKeyField[0]",
        &["item ListPtrKeyField[key1Field=target-ptr,key2Field=42]"],
    )]);
    let v = Struct {
        listPtrKeyField: vec![p(Some("other"), 42, "d1"), p(None, 99, "d2")],
        ..Struct::default()
    };
    st(&v).expect_valid();
    let m = |k: Option<&str>, s: &str| MixedPtrKeyStruct {
        stringPtrKey: k.map(str::to_string),
        stringKey: s.into(),
        dataField: "d".into(),
    };
    let v = Struct {
        listMixedPtrKeyField: vec![
            m(Some("target-ptr"), "target"),
            m(Some("target-ptr"), "other"),
            m(None, "target"),
        ],
        ..Struct::default()
    };
    st(&v).expect_forced(&[("listMixedPtrKeyField[0]", &["item ListMixedPtrKeyField"])]);
}
