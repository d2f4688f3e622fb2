//! Port of upstream `cmd/validation-gen/output_tests/tags/unique`
//! (kubernetes/code-generator v0.35.0): `+k8s:unique=set|map` on atomic
//! lists (single, multiple, pointer and mixed keys), and `+k8s:customUnique`
//! which turns the generated uniqueness check off.
#![allow(non_snake_case)]

use conformance_tests::{duplicate, st, TF};
use k8s_validation::Validate;

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct Struct {
    /// Basic unique=set on primitive slice
    /// +k8s:listType=atomic
    /// +k8s:unique=set
    pub primitiveListUniqueSet: Vec<String>,
    /// unique=map with multiple keys
    /// +k8s:listType=atomic
    /// +k8s:unique=map
    /// +k8s:listMapKey=key1
    /// +k8s:listMapKey=key2
    pub sliceMapFieldWithMultipleKeys: Vec<ItemWithMultipleKeys>,
    /// atomic + unique=set combination
    /// +k8s:listType=atomic
    /// +k8s:unique=set
    pub atomicListUniqueSet: Vec<Item>,
    /// atomic + unique=map combination
    /// +k8s:listType=atomic
    /// +k8s:unique=map
    /// +k8s:listMapKey=key
    pub atomicListUniqueMap: Vec<Item>,
    /// customUnique with listType=set
    /// +k8s:listType=set
    /// +k8s:customUnique
    pub customUniqueListWithTypeSet: Vec<String>,
    /// customUnique with listType=map
    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:customUnique
    pub customUniqueListWithTypeMap: Vec<Item>,
    /// unique=map with pointer key
    /// +k8s:listType=atomic
    /// +k8s:unique=map
    /// +k8s:listMapKey=key
    pub sliceMapFieldWithPtrKey: Vec<PtrKeyStruct>,
    /// unique=map with mixed (pointer and primitive) keys
    /// +k8s:listType=atomic
    /// +k8s:unique=map
    /// +k8s:listMapKey=key1
    /// +k8s:listMapKey=key2
    pub sliceMapFieldWithMixedKeys: Vec<ItemWithMixedKeys>,
    /// unique=map with multiple pointer keys
    /// +k8s:listType=atomic
    /// +k8s:unique=map
    /// +k8s:listMapKey=key1
    /// +k8s:listMapKey=key2
    pub sliceMapFieldWithMultiplePtrKeys: Vec<ItemWithMultiplePtrKeys>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct Item {
    pub key: String,
    pub data: String,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct ItemWithMultipleKeys {
    pub key1: String,
    pub key2: String,
    pub data: String,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct PtrKeyStruct {
    pub key: Option<String>,
    pub data: String,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct ItemWithMixedKeys {
    pub key1: Option<String>,
    pub key2: String,
    pub data: String,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct ItemWithMultiplePtrKeys {
    pub key1: Option<String>,
    pub key2: Option<String>,
    pub data: String,
}

fn s(v: &str) -> String {
    v.to_string()
}

fn item(k: &str, d: &str) -> Item {
    Item {
        key: s(k),
        data: s(d),
    }
}

fn mk(k1: &str, k2: &str, d: &str) -> ItemWithMultipleKeys {
    ItemWithMultipleKeys {
        key1: s(k1),
        key2: s(k2),
        data: s(d),
    }
}

fn pk(k: &str, d: &str) -> PtrKeyStruct {
    PtrKeyStruct {
        key: Some(s(k)),
        data: s(d),
    }
}

fn mixed(k1: &str, k2: &str, d: &str) -> ItemWithMixedKeys {
    ItemWithMixedKeys {
        key1: Some(s(k1)),
        key2: s(k2),
        data: s(d),
    }
}

fn ptrs(k1: &str, k2: &str, d: &str) -> ItemWithMultiplePtrKeys {
    ItemWithMultiplePtrKeys {
        key1: Some(s(k1)),
        key2: Some(s(k2)),
        data: s(d),
    }
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|x| s(x)).collect()
}

fn ordered() -> Struct {
    Struct {
        primitiveListUniqueSet: strs(&["aaa", "bbb"]),
        sliceMapFieldWithMultipleKeys: vec![mk("a", "x", "first"), mk("a", "y", "second")],
        atomicListUniqueSet: vec![item("key1", "one"), item("key2", "two")],
        atomicListUniqueMap: vec![item("key1", "one"), item("key2", "two")],
        customUniqueListWithTypeSet: strs(&["a", "b", "a"]),
        customUniqueListWithTypeMap: vec![item("a", ""), item("b", ""), item("a", "")],
        sliceMapFieldWithPtrKey: vec![pk("a", "first"), pk("b", "second")],
        sliceMapFieldWithMixedKeys: vec![mixed("a", "x", "first"), mixed("a", "y", "second")],
        sliceMapFieldWithMultiplePtrKeys: vec![ptrs("a", "x", "first"), ptrs("a", "y", "second")],
    }
}

#[test]
fn unique() {
    st(&Struct::default()).expect_valid();
    st(&ordered()).expect_valid();
    // Single-element lists.
    st(&Struct {
        primitiveListUniqueSet: strs(&["single"]),
        sliceMapFieldWithMultipleKeys: vec![mk("a", "b", "one")],
        atomicListUniqueSet: vec![item("single", "one")],
        atomicListUniqueMap: vec![item("single", "one")],
        customUniqueListWithTypeSet: strs(&["single"]),
        customUniqueListWithTypeMap: vec![item("single", "")],
        sliceMapFieldWithPtrKey: vec![],
        sliceMapFieldWithMixedKeys: vec![mixed("a", "b", "one")],
        sliceMapFieldWithMultiplePtrKeys: vec![ptrs("a", "b", "one")],
    })
    .expect_valid();
    // Duplicates.
    let dups = Struct {
        primitiveListUniqueSet: strs(&["aaa", "bbb", "ccc", "ccc", "bbb", "aaa"]),
        sliceMapFieldWithMultipleKeys: vec![
            mk("a", "x", "first"),
            mk("a", "y", "second"),
            mk("a", "x", "third"),
        ],
        atomicListUniqueSet: vec![
            item("key1", "one"),
            item("key2", "two"),
            item("key1", "one"),
        ],
        atomicListUniqueMap: vec![
            item("key1", "one"),
            item("key2", "two"),
            item("key1", "three"),
        ],
        customUniqueListWithTypeSet: strs(&["a", "b", "a"]),
        customUniqueListWithTypeMap: vec![item("a", ""), item("b", ""), item("a", "")],
        sliceMapFieldWithPtrKey: vec![pk("a", "first"), pk("b", "second"), pk("a", "third")],
        sliceMapFieldWithMixedKeys: vec![
            mixed("a", "x", "first"),
            mixed("a", "y", "second"),
            mixed("a", "x", "third"),
        ],
        sliceMapFieldWithMultiplePtrKeys: vec![
            ptrs("a", "x", "first"),
            ptrs("a", "y", "second"),
            ptrs("a", "x", "third"),
        ],
    };
    st(&dups).expect(
        TF,
        &[
            duplicate("primitiveListUniqueSet[3]"),
            duplicate("primitiveListUniqueSet[4]"),
            duplicate("primitiveListUniqueSet[5]"),
            duplicate("sliceMapFieldWithMultipleKeys[2]"),
            duplicate("atomicListUniqueSet[2]"),
            duplicate("atomicListUniqueMap[2]"),
            duplicate("sliceMapFieldWithPtrKey[2]"),
            duplicate("sliceMapFieldWithMixedKeys[2]"),
            duplicate("sliceMapFieldWithMultiplePtrKeys[2]"),
        ],
    );
    // Zero values are values like any other.
    let zeros = Struct {
        primitiveListUniqueSet: strs(&["", "a", ""]),
        atomicListUniqueMap: vec![item("", "one"), item("a", "two"), item("", "three")],
        customUniqueListWithTypeSet: strs(&["", "a", ""]),
        customUniqueListWithTypeMap: vec![item("", ""), item("a", ""), item("", "")],
        ..Struct::default()
    };
    st(&zeros).expect(
        TF,
        &[
            duplicate("primitiveListUniqueSet[2]"),
            duplicate("atomicListUniqueMap[2]"),
        ],
    );
}

#[test]
fn ratcheting() {
    let struct1 = ordered();
    let struct2 = Struct {
        primitiveListUniqueSet: strs(&["bbb", "aaa"]),
        sliceMapFieldWithMultipleKeys: vec![mk("a", "y", "second"), mk("a", "x", "first")],
        atomicListUniqueSet: vec![item("key2", "two"), item("key1", "one")],
        atomicListUniqueMap: vec![item("key2", "two"), item("key1", "one")],
        customUniqueListWithTypeSet: strs(&["a", "a", "b"]),
        customUniqueListWithTypeMap: vec![item("a", ""), item("a", ""), item("b", "")],
        sliceMapFieldWithPtrKey: vec![pk("b", "second"), pk("a", "first")],
        sliceMapFieldWithMixedKeys: vec![mixed("a", "y", "second"), mixed("a", "x", "first")],
        sliceMapFieldWithMultiplePtrKeys: vec![ptrs("a", "y", "second"), ptrs("a", "x", "first")],
    };
    st(&struct1).old(&struct2).expect_valid();
    st(&struct2).old(&struct1).expect_valid();
    st(&struct1).expect_valid();
    st(&struct2).expect_valid();
}
