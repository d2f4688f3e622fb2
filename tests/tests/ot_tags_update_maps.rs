//! Port of upstream `cmd/validation-gen/output_tests/tags/update/maps`
//! (kubernetes/code-generator default branch, where the package first
//! appears): `+k8s:update` on maps, including `NoAddItem` / `NoRemoveItem`
//! and per-value `NoModify` through eachVal.
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::{forbidden, invalid, st, Matcher, W};
use k8s_validation::Validate;

const M: Matcher = Matcher::new()
    .by_type()
    .by_field()
    .by_detail_substring()
    .by_origin();

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct UpdateMapStruct {
    /// +k8s:update=NoSet
    pub mapNoSet: BTreeMap<String, String>,
    /// +k8s:update=NoUnset
    pub mapNoUnset: BTreeMap<String, String>,
    /// +k8s:update=NoAddItem
    pub mapNoAdd: BTreeMap<String, String>,
    /// +k8s:update=NoRemoveItem
    pub mapNoRemove: BTreeMap<String, String>,
    /// +k8s:update=NoAddItem
    /// +k8s:update=NoRemoveItem
    pub mapFrozenShape: BTreeMap<String, String>,
    /// +k8s:update=NoSet
    /// +k8s:update=NoAddItem
    pub mapSetThenFreeze: BTreeMap<String, MapItem>,
    /// eachVal composition: per-value NoModify, key set can still change.
    /// +k8s:eachVal=+k8s:update=NoModify
    pub eachValNoModifyMap: BTreeMap<String, MapItem>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct MapItem {
    pub name: String,
    pub value: String,
}

type S = UpdateMapStruct;

fn with(f: impl FnOnce(&mut S)) -> S {
    let mut s = S::default();
    f(&mut s);
    s
}

fn m(kv: &[(&str, &str)]) -> BTreeMap<String, String> {
    kv.iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn mi(kv: &[(&str, &str)]) -> BTreeMap<String, MapItem> {
    kv.iter()
        .map(|(k, v)| {
            (
                k.to_string(),
                MapItem {
                    name: k.to_string(),
                    value: v.to_string(),
                },
            )
        })
        .collect()
}

fn added(f: &str) -> W {
    forbidden(f)
        .origin("update")
        .detail("item may not be added")
}

fn removed(f: &str) -> W {
    forbidden(f)
        .origin("update")
        .detail("item may not be removed")
}

#[test]
fn set_and_unset() {
    let cur = with(|s| s.mapNoSet = m(&[("a", "1")]));
    st(&cur).old(&S::default()).expect(
        M,
        &[invalid("mapNoSet")
            .origin("update")
            .detail("field cannot be set once created")],
    );
    let old = with(|s| s.mapNoUnset = m(&[("a", "1")]));
    st(&S::default()).old(&old).expect(
        M,
        &[invalid("mapNoUnset")
            .origin("update")
            .detail("field cannot be cleared once set")],
    );
}

#[test]
fn add_and_remove_items() {
    let old = with(|s| s.mapNoAdd = m(&[("a", "1")]));
    let cur = with(|s| s.mapNoAdd = m(&[("a", "1"), ("b", "2")]));
    st(&cur).old(&old).expect(M, &[added("mapNoAdd[b]")]);
    st(&cur)
        .old(&old)
        .expect_texts(&["mapNoAdd[b]: Forbidden: item may not be added"]);
    let modify = with(|s| s.mapNoAdd = m(&[("a", "99")]));
    st(&modify).old(&old).expect_valid();

    let old = with(|s| s.mapNoRemove = m(&[("a", "1"), ("b", "2")]));
    let cur = with(|s| s.mapNoRemove = m(&[("a", "1")]));
    st(&cur).old(&old).expect(M, &[removed("mapNoRemove[b]")]);

    let old = with(|s| s.mapFrozenShape = m(&[("a", "1"), ("b", "2")]));
    let modify = with(|s| s.mapFrozenShape = m(&[("a", "11"), ("b", "22")]));
    st(&modify).old(&old).expect_valid();
    let swap = with(|s| s.mapFrozenShape = m(&[("a", "1"), ("c", "3")]));
    st(&swap).old(&old).expect(
        M,
        &[added("mapFrozenShape[c]"), removed("mapFrozenShape[b]")],
    );
}

#[test]
fn no_set_and_no_add_item_both_fire() {
    let cur = with(|s| s.mapSetThenFreeze = mi(&[("k", "v")]));
    st(&cur).old(&S::default()).expect(
        M,
        &[
            invalid("mapSetThenFreeze")
                .origin("update")
                .detail("field cannot be set once created"),
            added("mapSetThenFreeze[k]"),
        ],
    );
}

#[test]
fn each_val_no_modify() {
    let old = with(|s| s.eachValNoModifyMap = mi(&[("a", "1")]));
    let add = with(|s| s.eachValNoModifyMap = mi(&[("a", "1"), ("b", "2")]));
    st(&add).old(&old).expect_valid();
    let mutate = with(|s| s.eachValNoModifyMap = mi(&[("a", "99")]));
    st(&mutate).old(&old).expect(
        M,
        &[invalid("eachValNoModifyMap[a]")
            .origin("update")
            .detail("cannot be modified")],
    );
}
