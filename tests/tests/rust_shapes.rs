//! The cells of docs/tags.md's "How Rust shapes map to Go" table for the
//! Rust types beyond Go's: each row (a type) as a plain field, an `Option`,
//! a list item and a map value (`+k8s:eachVal`), a subfield
//! (`+k8s:subfield(v)=`), a list-map key and a union member, with a failing
//! value and its exact error. Generated for Kubernetes 1.38 (durations,
//! quantities and byte strings are 1.38's). `front_ends` checks that the
//! derive and the CLI agree on this file too.
#![allow(
    clippy::box_collection,
    clippy::redundant_allocation,
    clippy::rc_buffer
)]

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::num::NonZeroU32;
use std::rc::Rc;
use std::sync::Arc;

use k8s_validation::{Duration, Operation, Quantity, Validate};

/// The pointee of the pointer rows.
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct Inner {
    /// +k8s:maxLength=1
    pub s: String,
}

impl Inner {
    fn bad() -> Inner {
        Inner { s: "ab".into() }
    }
}

/// The errors of `v`, rendered, with their origins.
fn errors<T: Validate>(v: &T) -> Vec<String> {
    v.validate(&Operation::create())
        .iter()
        .map(|e| format!("{e} [{}]", e.origin().unwrap_or("-")))
        .collect()
}

/// A struct holding a `String` (the subfield column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowStringHolder {
    pub v: String,
}

/// A list-map item keyed by `k` (the list-map key column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowStringKeyed {
    pub k: String,
}

/// The row `String`.
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowString {
    /// +k8s:maxLength=1
    pub plain: String,
    /// +k8s:optional
    /// +k8s:maxLength=1
    pub optional: Option<String>,
    /// +k8s:eachVal=+k8s:maxLength=1
    pub list: Vec<String>,
    /// +k8s:eachVal=+k8s:maxLength=1
    pub map: BTreeMap<String, String>,
    /// +k8s:subfield(v)=+k8s:maxLength=1
    pub sub: RowStringHolder,
    /// +k8s:listType=map
    /// +k8s:listMapKey=k
    pub keyed: Vec<RowStringKeyed>,
    /// +k8s:unionMember
    /// +k8s:optional
    pub a: Option<String>,
    /// +k8s:unionMember
    /// +k8s:optional
    pub b: Option<String>,
}

#[test]
fn string() {
    let v = RowString {
        plain: "ab".to_string(),
        optional: Some("ab".to_string()),
        list: vec!["ab".to_string()],
        map: BTreeMap::from([("x".to_string(), "ab".to_string())]),
        sub: RowStringHolder {
            v: "ab".to_string(),
        },
        keyed: vec![
            RowStringKeyed { k: "k".to_string() },
            RowStringKeyed { k: "k".to_string() },
        ],
        a: Some("ab".to_string()),
        b: Some("ab".to_string()),
    };
    let got = errors(&v);
    let want: &[&str] = &WANT_STRING;
    if std::env::var_os("SHAPES_PRINT").is_some() {
        println!("const WANT_STRING: [&str; {}] = {:#?};", got.len(), got);
    }
    assert_eq!(got, want);
}

/// A struct holding a `Box<str>` (the subfield column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowBoxStrHolder {
    pub v: Box<str>,
}

/// A list-map item keyed by `k` (the list-map key column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowBoxStrKeyed {
    pub k: Box<str>,
}

/// The row `Box<str>`.
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowBoxStr {
    /// +k8s:maxLength=1
    pub plain: Box<str>,
    /// +k8s:optional
    /// +k8s:maxLength=1
    pub optional: Option<Box<str>>,
    /// +k8s:eachVal=+k8s:maxLength=1
    pub list: Vec<Box<str>>,
    /// +k8s:eachVal=+k8s:maxLength=1
    pub map: BTreeMap<String, Box<str>>,
    /// +k8s:subfield(v)=+k8s:maxLength=1
    pub sub: RowBoxStrHolder,
    /// +k8s:unionMember
    /// +k8s:optional
    pub a: Option<Box<str>>,
    /// +k8s:unionMember
    /// +k8s:optional
    pub b: Option<Box<str>>,
}

#[test]
fn box_str() {
    let v = RowBoxStr {
        plain: Box::from("ab"),
        optional: Some(Box::from("ab")),
        list: vec![Box::from("ab")],
        map: BTreeMap::from([("x".to_string(), Box::from("ab"))]),
        sub: RowBoxStrHolder { v: Box::from("ab") },

        a: Some(Box::from("ab")),
        b: Some(Box::from("ab")),
    };
    let got = errors(&v);
    let want: &[&str] = &WANT_BOX_STR;
    if std::env::var_os("SHAPES_PRINT").is_some() {
        println!("const WANT_BOX_STR: [&str; {}] = {:#?};", got.len(), got);
    }
    assert_eq!(got, want);
}

/// A struct holding a `Arc<str>` (the subfield column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowArcStrHolder {
    pub v: Arc<str>,
}

/// A list-map item keyed by `k` (the list-map key column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowArcStrKeyed {
    pub k: Arc<str>,
}

/// The row `Arc<str>`.
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowArcStr {
    /// +k8s:maxLength=1
    pub plain: Arc<str>,
    /// +k8s:optional
    /// +k8s:maxLength=1
    pub optional: Option<Arc<str>>,
    /// +k8s:eachVal=+k8s:maxLength=1
    pub list: Vec<Arc<str>>,
    /// +k8s:eachVal=+k8s:maxLength=1
    pub map: BTreeMap<String, Arc<str>>,
    /// +k8s:subfield(v)=+k8s:maxLength=1
    pub sub: RowArcStrHolder,
    /// +k8s:listType=map
    /// +k8s:listMapKey=k
    pub keyed: Vec<RowArcStrKeyed>,
    /// +k8s:unionMember
    /// +k8s:optional
    pub a: Option<Arc<str>>,
    /// +k8s:unionMember
    /// +k8s:optional
    pub b: Option<Arc<str>>,
}

#[test]
fn arc_str() {
    let v = RowArcStr {
        plain: Arc::from("ab"),
        optional: Some(Arc::from("ab")),
        list: vec![Arc::from("ab")],
        map: BTreeMap::from([("x".to_string(), Arc::from("ab"))]),
        sub: RowArcStrHolder { v: Arc::from("ab") },
        keyed: vec![
            RowArcStrKeyed { k: Arc::from("k") },
            RowArcStrKeyed { k: Arc::from("k") },
        ],
        a: Some(Arc::from("ab")),
        b: Some(Arc::from("ab")),
    };
    let got = errors(&v);
    let want: &[&str] = &WANT_ARC_STR;
    if std::env::var_os("SHAPES_PRINT").is_some() {
        println!("const WANT_ARC_STR: [&str; {}] = {:#?};", got.len(), got);
    }
    assert_eq!(got, want);
}

/// A struct holding a `Rc<str>` (the subfield column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowRcStrHolder {
    pub v: Rc<str>,
}

/// A list-map item keyed by `k` (the list-map key column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowRcStrKeyed {
    pub k: Rc<str>,
}

/// The row `Rc<str>`.
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowRcStr {
    /// +k8s:maxLength=1
    pub plain: Rc<str>,
    /// +k8s:optional
    /// +k8s:maxLength=1
    pub optional: Option<Rc<str>>,
    /// +k8s:eachVal=+k8s:maxLength=1
    pub list: Vec<Rc<str>>,
    /// +k8s:eachVal=+k8s:maxLength=1
    pub map: BTreeMap<String, Rc<str>>,
    /// +k8s:subfield(v)=+k8s:maxLength=1
    pub sub: RowRcStrHolder,
    /// +k8s:listType=map
    /// +k8s:listMapKey=k
    pub keyed: Vec<RowRcStrKeyed>,
    /// +k8s:unionMember
    /// +k8s:optional
    pub a: Option<Rc<str>>,
    /// +k8s:unionMember
    /// +k8s:optional
    pub b: Option<Rc<str>>,
}

#[test]
fn rc_str() {
    let v = RowRcStr {
        plain: Rc::from("ab"),
        optional: Some(Rc::from("ab")),
        list: vec![Rc::from("ab")],
        map: BTreeMap::from([("x".to_string(), Rc::from("ab"))]),
        sub: RowRcStrHolder { v: Rc::from("ab") },
        keyed: vec![
            RowRcStrKeyed { k: Rc::from("k") },
            RowRcStrKeyed { k: Rc::from("k") },
        ],
        a: Some(Rc::from("ab")),
        b: Some(Rc::from("ab")),
    };
    let got = errors(&v);
    let want: &[&str] = &WANT_RC_STR;
    if std::env::var_os("SHAPES_PRINT").is_some() {
        println!("const WANT_RC_STR: [&str; {}] = {:#?};", got.len(), got);
    }
    assert_eq!(got, want);
}

/// A struct holding a `Cow<'static, str>` (the subfield column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowCowStrHolder {
    pub v: Cow<'static, str>,
}

/// A list-map item keyed by `k` (the list-map key column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowCowStrKeyed {
    pub k: Cow<'static, str>,
}

/// The row `Cow<'static, str>`.
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowCowStr {
    /// +k8s:maxLength=1
    pub plain: Cow<'static, str>,
    /// +k8s:optional
    /// +k8s:maxLength=1
    pub optional: Option<Cow<'static, str>>,
    /// +k8s:eachVal=+k8s:maxLength=1
    pub list: Vec<Cow<'static, str>>,
    /// +k8s:eachVal=+k8s:maxLength=1
    pub map: BTreeMap<String, Cow<'static, str>>,
    /// +k8s:subfield(v)=+k8s:maxLength=1
    pub sub: RowCowStrHolder,
    /// +k8s:listType=map
    /// +k8s:listMapKey=k
    pub keyed: Vec<RowCowStrKeyed>,
    /// +k8s:unionMember
    /// +k8s:optional
    pub a: Option<Cow<'static, str>>,
    /// +k8s:unionMember
    /// +k8s:optional
    pub b: Option<Cow<'static, str>>,
}

#[test]
fn cow_str() {
    let v = RowCowStr {
        plain: Cow::Borrowed("ab"),
        optional: Some(Cow::Borrowed("ab")),
        list: vec![Cow::Borrowed("ab")],
        map: BTreeMap::from([("x".to_string(), Cow::Borrowed("ab"))]),
        sub: RowCowStrHolder {
            v: Cow::Borrowed("ab"),
        },
        keyed: vec![
            RowCowStrKeyed {
                k: Cow::Borrowed("k"),
            },
            RowCowStrKeyed {
                k: Cow::Borrowed("k"),
            },
        ],
        a: Some(Cow::Borrowed("ab")),
        b: Some(Cow::Borrowed("ab")),
    };
    let got = errors(&v);
    let want: &[&str] = &WANT_COW_STR;
    if std::env::var_os("SHAPES_PRINT").is_some() {
        println!("const WANT_COW_STR: [&str; {}] = {:#?};", got.len(), got);
    }
    assert_eq!(got, want);
}

/// A struct holding a `&'static str` (the subfield column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowRefStrHolder {
    pub v: &'static str,
}

/// A list-map item keyed by `k` (the list-map key column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowRefStrKeyed {
    pub k: &'static str,
}

/// The row `&'static str`.
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowRefStr {
    /// +k8s:maxLength=1
    pub plain: &'static str,
    /// +k8s:optional
    /// +k8s:maxLength=1
    pub optional: Option<&'static str>,
    /// +k8s:eachVal=+k8s:maxLength=1
    pub list: Vec<&'static str>,
    /// +k8s:eachVal=+k8s:maxLength=1
    pub map: BTreeMap<String, &'static str>,
    /// +k8s:subfield(v)=+k8s:maxLength=1
    pub sub: RowRefStrHolder,
    /// +k8s:unionMember
    /// +k8s:optional
    pub a: Option<&'static str>,
    /// +k8s:unionMember
    /// +k8s:optional
    pub b: Option<&'static str>,
}

#[test]
fn ref_str() {
    let v = RowRefStr {
        plain: "ab",
        optional: Some("ab"),
        list: vec!["ab"],
        map: BTreeMap::from([("x".to_string(), "ab")]),
        sub: RowRefStrHolder { v: "ab" },

        a: Some("ab"),
        b: Some("ab"),
    };
    let got = errors(&v);
    let want: &[&str] = &WANT_REF_STR;
    if std::env::var_os("SHAPES_PRINT").is_some() {
        println!("const WANT_REF_STR: [&str; {}] = {:#?};", got.len(), got);
    }
    assert_eq!(got, want);
}

/// A struct holding a `NonZeroU32` (the subfield column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowNonZeroHolder {
    pub v: NonZeroU32,
}

/// A list-map item keyed by `k` (the list-map key column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowNonZeroKeyed {
    pub k: NonZeroU32,
}

/// The row `NonZeroU32`.
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowNonZero {
    /// +k8s:minimum=5
    pub plain: NonZeroU32,
    /// +k8s:optional
    /// +k8s:minimum=5
    pub optional: Option<NonZeroU32>,
    /// +k8s:eachVal=+k8s:minimum=5
    pub list: Vec<NonZeroU32>,
    /// +k8s:eachVal=+k8s:minimum=5
    pub map: BTreeMap<String, NonZeroU32>,
    /// +k8s:subfield(v)=+k8s:minimum=5
    pub sub: RowNonZeroHolder,
    /// +k8s:unionMember
    /// +k8s:optional
    pub a: Option<NonZeroU32>,
    /// +k8s:unionMember
    /// +k8s:optional
    pub b: Option<NonZeroU32>,
}

#[test]
fn non_zero() {
    let v = RowNonZero {
        plain: NonZeroU32::new(3).unwrap(),
        optional: Some(NonZeroU32::new(3).unwrap()),
        list: vec![NonZeroU32::new(3).unwrap()],
        map: BTreeMap::from([("x".to_string(), NonZeroU32::new(3).unwrap())]),
        sub: RowNonZeroHolder {
            v: NonZeroU32::new(3).unwrap(),
        },

        a: Some(NonZeroU32::new(3).unwrap()),
        b: Some(NonZeroU32::new(3).unwrap()),
    };
    let got = errors(&v);
    let want: &[&str] = &WANT_NON_ZERO;
    if std::env::var_os("SHAPES_PRINT").is_some() {
        println!("const WANT_NON_ZERO: [&str; {}] = {:#?};", got.len(), got);
    }
    assert_eq!(got, want);
}

/// A struct holding a `Box<Inner>` (the subfield column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowBoxStructHolder {
    pub v: Box<Inner>,
}

/// A list-map item keyed by `k` (the list-map key column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowBoxStructKeyed {
    pub k: Box<Inner>,
}

/// The row `Box<Inner>`.
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowBoxStruct {
    pub plain: Box<Inner>,
    /// +k8s:optional
    pub optional: Option<Box<Inner>>,
    pub list: Vec<Box<Inner>>,
    pub map: BTreeMap<String, Box<Inner>>,
    pub sub: RowBoxStructHolder,
    /// +k8s:unionMember
    /// +k8s:optional
    pub a: Option<Box<Inner>>,
    /// +k8s:unionMember
    /// +k8s:optional
    pub b: Option<Box<Inner>>,
}

#[test]
fn box_struct() {
    let v = RowBoxStruct {
        plain: Box::new(Inner::bad()),
        optional: Some(Box::new(Inner::bad())),
        list: vec![Box::new(Inner::bad())],
        map: BTreeMap::from([("x".to_string(), Box::new(Inner::bad()))]),
        sub: RowBoxStructHolder {
            v: Box::new(Inner::bad()),
        },

        a: Some(Box::new(Inner::bad())),
        b: Some(Box::new(Inner::bad())),
    };
    let got = errors(&v);
    let want: &[&str] = &WANT_BOX_STRUCT;
    if std::env::var_os("SHAPES_PRINT").is_some() {
        println!("const WANT_BOX_STRUCT: [&str; {}] = {:#?};", got.len(), got);
    }
    assert_eq!(got, want);
}

/// A struct holding a `Arc<Inner>` (the subfield column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowArcStructHolder {
    pub v: Arc<Inner>,
}

/// A list-map item keyed by `k` (the list-map key column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowArcStructKeyed {
    pub k: Arc<Inner>,
}

/// The row `Arc<Inner>`.
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowArcStruct {
    pub plain: Arc<Inner>,
    /// +k8s:optional
    pub optional: Option<Arc<Inner>>,
    pub list: Vec<Arc<Inner>>,
    pub map: BTreeMap<String, Arc<Inner>>,
    pub sub: RowArcStructHolder,
    /// +k8s:unionMember
    /// +k8s:optional
    pub a: Option<Arc<Inner>>,
    /// +k8s:unionMember
    /// +k8s:optional
    pub b: Option<Arc<Inner>>,
}

#[test]
fn arc_struct() {
    let v = RowArcStruct {
        plain: Arc::new(Inner::bad()),
        optional: Some(Arc::new(Inner::bad())),
        list: vec![Arc::new(Inner::bad())],
        map: BTreeMap::from([("x".to_string(), Arc::new(Inner::bad()))]),
        sub: RowArcStructHolder {
            v: Arc::new(Inner::bad()),
        },

        a: Some(Arc::new(Inner::bad())),
        b: Some(Arc::new(Inner::bad())),
    };
    let got = errors(&v);
    let want: &[&str] = &WANT_ARC_STRUCT;
    if std::env::var_os("SHAPES_PRINT").is_some() {
        println!("const WANT_ARC_STRUCT: [&str; {}] = {:#?};", got.len(), got);
    }
    assert_eq!(got, want);
}

/// A struct holding a `Rc<Inner>` (the subfield column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowRcStructHolder {
    pub v: Rc<Inner>,
}

/// A list-map item keyed by `k` (the list-map key column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowRcStructKeyed {
    pub k: Rc<Inner>,
}

/// The row `Rc<Inner>`.
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowRcStruct {
    pub plain: Rc<Inner>,
    /// +k8s:optional
    pub optional: Option<Rc<Inner>>,
    pub list: Vec<Rc<Inner>>,
    pub map: BTreeMap<String, Rc<Inner>>,
    pub sub: RowRcStructHolder,
    /// +k8s:unionMember
    /// +k8s:optional
    pub a: Option<Rc<Inner>>,
    /// +k8s:unionMember
    /// +k8s:optional
    pub b: Option<Rc<Inner>>,
}

#[test]
fn rc_struct() {
    let v = RowRcStruct {
        plain: Rc::new(Inner::bad()),
        optional: Some(Rc::new(Inner::bad())),
        list: vec![Rc::new(Inner::bad())],
        map: BTreeMap::from([("x".to_string(), Rc::new(Inner::bad()))]),
        sub: RowRcStructHolder {
            v: Rc::new(Inner::bad()),
        },

        a: Some(Rc::new(Inner::bad())),
        b: Some(Rc::new(Inner::bad())),
    };
    let got = errors(&v);
    let want: &[&str] = &WANT_RC_STRUCT;
    if std::env::var_os("SHAPES_PRINT").is_some() {
        println!("const WANT_RC_STRUCT: [&str; {}] = {:#?};", got.len(), got);
    }
    assert_eq!(got, want);
}

/// A struct holding a `BTreeSet<String>` (the subfield column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowBtreeSetHolder {
    pub v: BTreeSet<String>,
}

/// A list-map item keyed by `k` (the list-map key column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowBtreeSetKeyed {
    pub k: BTreeSet<String>,
}

/// The row `BTreeSet<String>`.
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowBtreeSet {
    /// +k8s:maxItems=1
    pub plain: BTreeSet<String>,
    /// +k8s:optional
    /// +k8s:maxItems=1
    pub optional: Option<BTreeSet<String>>,
    /// +k8s:eachVal=+k8s:maxItems=1
    pub list: Vec<BTreeSet<String>>,
    /// +k8s:eachVal=+k8s:maxItems=1
    pub map: BTreeMap<String, BTreeSet<String>>,
    /// +k8s:subfield(v)=+k8s:maxItems=1
    pub sub: RowBtreeSetHolder,
    /// +k8s:unionMember
    /// +k8s:optional
    pub a: Option<BTreeSet<String>>,
    /// +k8s:unionMember
    /// +k8s:optional
    pub b: Option<BTreeSet<String>>,
}

#[test]
fn btree_set() {
    let v = RowBtreeSet {
        plain: BTreeSet::from(["a".to_string(), "b".to_string()]),
        optional: Some(BTreeSet::from(["a".to_string(), "b".to_string()])),
        list: vec![BTreeSet::from(["a".to_string(), "b".to_string()])],
        map: BTreeMap::from([(
            "x".to_string(),
            BTreeSet::from(["a".to_string(), "b".to_string()]),
        )]),
        sub: RowBtreeSetHolder {
            v: BTreeSet::from(["a".to_string(), "b".to_string()]),
        },

        a: Some(BTreeSet::from(["a".to_string(), "b".to_string()])),
        b: Some(BTreeSet::from(["a".to_string(), "b".to_string()])),
    };
    let got = errors(&v);
    let want: &[&str] = &WANT_BTREE_SET;
    if std::env::var_os("SHAPES_PRINT").is_some() {
        println!("const WANT_BTREE_SET: [&str; {}] = {:#?};", got.len(), got);
    }
    assert_eq!(got, want);
}

/// A struct holding a `HashSet<String>` (the subfield column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowHashSetHolder {
    pub v: HashSet<String>,
}

/// A list-map item keyed by `k` (the list-map key column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowHashSetKeyed {
    pub k: HashSet<String>,
}

/// The row `HashSet<String>`.
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowHashSet {
    /// +k8s:eachVal=+k8s:maxLength=1
    pub plain: HashSet<String>,
    /// +k8s:optional
    /// +k8s:eachVal=+k8s:maxLength=1
    pub optional: Option<HashSet<String>>,
    pub list: Vec<HashSet<String>>,
    pub map: BTreeMap<String, HashSet<String>>,
    /// +k8s:subfield(v)=+k8s:eachVal=+k8s:maxLength=1
    pub sub: RowHashSetHolder,
    /// +k8s:unionMember
    /// +k8s:optional
    pub a: Option<HashSet<String>>,
    /// +k8s:unionMember
    /// +k8s:optional
    pub b: Option<HashSet<String>>,
}

#[test]
fn hash_set() {
    let v = RowHashSet {
        plain: HashSet::from(["ab".to_string()]),
        optional: Some(HashSet::from(["ab".to_string()])),
        list: vec![HashSet::from(["ab".to_string()])],
        map: BTreeMap::from([("x".to_string(), HashSet::from(["ab".to_string()]))]),
        sub: RowHashSetHolder {
            v: HashSet::from(["ab".to_string()]),
        },

        a: Some(HashSet::from(["ab".to_string()])),
        b: Some(HashSet::from(["ab".to_string()])),
    };
    let got = errors(&v);
    let want: &[&str] = &WANT_HASH_SET;
    if std::env::var_os("SHAPES_PRINT").is_some() {
        println!("const WANT_HASH_SET: [&str; {}] = {:#?};", got.len(), got);
    }
    assert_eq!(got, want);
}

/// A struct holding a `Vec<u8>` (the subfield column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowBytesHolder {
    pub v: Vec<u8>,
}

/// A list-map item keyed by `k` (the list-map key column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowBytesKeyed {
    pub k: Vec<u8>,
}

/// The row `Vec<u8>`.
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowBytes {
    /// +k8s:maxBytes=1
    pub plain: Vec<u8>,
    /// +k8s:optional
    /// +k8s:maxBytes=1
    pub optional: Option<Vec<u8>>,
    /// +k8s:eachVal=+k8s:maxBytes=1
    pub list: Vec<Vec<u8>>,
    /// +k8s:eachVal=+k8s:maxBytes=1
    pub map: BTreeMap<String, Vec<u8>>,
    /// +k8s:subfield(v)=+k8s:maxBytes=1
    pub sub: RowBytesHolder,
    /// +k8s:unionMember
    /// +k8s:optional
    pub a: Option<Vec<u8>>,
    /// +k8s:unionMember
    /// +k8s:optional
    pub b: Option<Vec<u8>>,
}

#[test]
fn bytes() {
    let v = RowBytes {
        plain: b"ab".to_vec(),
        optional: Some(b"ab".to_vec()),
        list: vec![b"ab".to_vec()],
        map: BTreeMap::from([("x".to_string(), b"ab".to_vec())]),
        sub: RowBytesHolder { v: b"ab".to_vec() },

        a: Some(b"ab".to_vec()),
        b: Some(b"ab".to_vec()),
    };
    let got = errors(&v);
    let want: &[&str] = &WANT_BYTES;
    if std::env::var_os("SHAPES_PRINT").is_some() {
        println!("const WANT_BYTES: [&str; {}] = {:#?};", got.len(), got);
    }
    assert_eq!(got, want);
}

/// A struct holding a `Duration` (the subfield column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowDurationHolder {
    pub v: Duration,
}

/// A list-map item keyed by `k` (the list-map key column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowDurationKeyed {
    pub k: Duration,
}

/// The row `Duration`.
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowDuration {
    /// +k8s:minimum="1s"
    pub plain: Duration,
    /// +k8s:optional
    /// +k8s:minimum="1s"
    pub optional: Option<Duration>,
    /// +k8s:eachVal=+k8s:minimum="1s"
    pub list: Vec<Duration>,
    /// +k8s:eachVal=+k8s:minimum="1s"
    pub map: BTreeMap<String, Duration>,
    pub sub: RowDurationHolder,
    /// +k8s:unionMember
    /// +k8s:optional
    pub a: Option<Duration>,
    /// +k8s:unionMember
    /// +k8s:optional
    pub b: Option<Duration>,
}

#[test]
fn duration() {
    let v = RowDuration {
        plain: Duration::from_nanos(5),
        optional: Some(Duration::from_nanos(5)),
        list: vec![Duration::from_nanos(5)],
        map: BTreeMap::from([("x".to_string(), Duration::from_nanos(5))]),
        sub: RowDurationHolder {
            v: Duration::from_nanos(5),
        },

        a: Some(Duration::from_nanos(5)),
        b: Some(Duration::from_nanos(5)),
    };
    let got = errors(&v);
    let want: &[&str] = &WANT_DURATION;
    if std::env::var_os("SHAPES_PRINT").is_some() {
        println!("const WANT_DURATION: [&str; {}] = {:#?};", got.len(), got);
    }
    assert_eq!(got, want);
}

/// A struct holding a `Quantity` (the subfield column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowQuantityHolder {
    pub v: Quantity,
}

/// A list-map item keyed by `k` (the list-map key column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowQuantityKeyed {
    pub k: Quantity,
}

/// The row `Quantity`.
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowQuantity {
    /// +k8s:minimum="1"
    pub plain: Quantity,
    /// +k8s:optional
    /// +k8s:minimum="1"
    pub optional: Option<Quantity>,
    /// +k8s:eachVal=+k8s:minimum="1"
    pub list: Vec<Quantity>,
    /// +k8s:eachVal=+k8s:minimum="1"
    pub map: BTreeMap<String, Quantity>,
    pub sub: RowQuantityHolder,
    /// +k8s:unionMember
    /// +k8s:optional
    pub a: Option<Quantity>,
    /// +k8s:unionMember
    /// +k8s:optional
    pub b: Option<Quantity>,
}

#[test]
fn quantity() {
    let v = RowQuantity {
        plain: "500m".parse::<Quantity>().unwrap(),
        optional: Some("500m".parse::<Quantity>().unwrap()),
        list: vec!["500m".parse::<Quantity>().unwrap()],
        map: BTreeMap::from([("x".to_string(), "500m".parse::<Quantity>().unwrap())]),
        sub: RowQuantityHolder {
            v: "500m".parse::<Quantity>().unwrap(),
        },

        a: Some("500m".parse::<Quantity>().unwrap()),
        b: Some("500m".parse::<Quantity>().unwrap()),
    };
    let got = errors(&v);
    let want: &[&str] = &WANT_QUANTITY;
    if std::env::var_os("SHAPES_PRINT").is_some() {
        println!("const WANT_QUANTITY: [&str; {}] = {:#?};", got.len(), got);
    }
    assert_eq!(got, want);
}

/// A struct holding a `G` (the subfield column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowGenericHolder<G> {
    pub v: G,
}

/// A list-map item keyed by `k` (the list-map key column).
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowGenericKeyed<G> {
    pub k: G,
}

/// The row `G`.
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct RowGeneric<G> {
    pub plain: G,
    /// +k8s:optional
    pub optional: Option<G>,
    pub list: Vec<G>,
    pub map: BTreeMap<String, G>,
    pub sub: RowGenericHolder<G>,
    /// +k8s:unionMember
    /// +k8s:optional
    pub a: Option<G>,
    /// +k8s:unionMember
    /// +k8s:optional
    pub b: Option<G>,
}

#[test]
fn generic() {
    let v = RowGeneric {
        plain: Inner::bad(),
        optional: Some(Inner::bad()),
        list: vec![Inner::bad()],
        map: BTreeMap::from([("x".to_string(), Inner::bad())]),
        sub: RowGenericHolder { v: Inner::bad() },

        a: Some(Inner::bad()),
        b: Some(Inner::bad()),
    };
    let got = errors(&v);
    let want: &[&str] = &WANT_GENERIC;
    if std::env::var_os("SHAPES_PRINT").is_some() {
        println!("const WANT_GENERIC: [&str; {}] = {:#?};", got.len(), got);
    }
    assert_eq!(got, want);
}

// The expected errors, in the order the derive reports them.
const WANT_ARC_STR: [&str; 7] = [
    "<nil>: Invalid value: \"{a, b}\": must specify exactly one of: `a`, `b` [union]",
    "plain: Too long: may not be more than 1 character [maxLength]",
    "optional: Too long: may not be more than 1 character [maxLength]",
    "list[0]: Too long: may not be more than 1 character [maxLength]",
    "map[x]: Too long: may not be more than 1 character [maxLength]",
    "sub.v: Too long: may not be more than 1 character [maxLength]",
    "keyed[1]: Duplicate value: {\"k\":\"k\"} [-]",
];

const WANT_ARC_STRUCT: [&str; 8] = [
    "<nil>: Invalid value: \"{a, b}\": must specify exactly one of: `a`, `b` [union]",
    "plain.s: Too long: may not be more than 1 character [maxLength]",
    "optional.s: Too long: may not be more than 1 character [maxLength]",
    "list[0].s: Too long: may not be more than 1 character [maxLength]",
    "map[x].s: Too long: may not be more than 1 character [maxLength]",
    "sub.v.s: Too long: may not be more than 1 character [maxLength]",
    "a.s: Too long: may not be more than 1 character [maxLength]",
    "b.s: Too long: may not be more than 1 character [maxLength]",
];

const WANT_BOX_STR: [&str; 6] = [
    "<nil>: Invalid value: \"{a, b}\": must specify exactly one of: `a`, `b` [union]",
    "plain: Too long: may not be more than 1 character [maxLength]",
    "optional: Too long: may not be more than 1 character [maxLength]",
    "list[0]: Too long: may not be more than 1 character [maxLength]",
    "map[x]: Too long: may not be more than 1 character [maxLength]",
    "sub.v: Too long: may not be more than 1 character [maxLength]",
];

const WANT_BOX_STRUCT: [&str; 8] = [
    "<nil>: Invalid value: \"{a, b}\": must specify exactly one of: `a`, `b` [union]",
    "plain.s: Too long: may not be more than 1 character [maxLength]",
    "optional.s: Too long: may not be more than 1 character [maxLength]",
    "list[0].s: Too long: may not be more than 1 character [maxLength]",
    "map[x].s: Too long: may not be more than 1 character [maxLength]",
    "sub.v.s: Too long: may not be more than 1 character [maxLength]",
    "a.s: Too long: may not be more than 1 character [maxLength]",
    "b.s: Too long: may not be more than 1 character [maxLength]",
];

const WANT_BTREE_SET: [&str; 6] = [
    "<nil>: Invalid value: \"{a, b}\": must specify exactly one of: `a`, `b` [union]",
    "plain: Too many: 2: must have at most 1 item [maxItems]",
    "optional: Too many: 2: must have at most 1 item [maxItems]",
    "list[0]: Too many: 2: must have at most 1 item [maxItems]",
    "map[x]: Too many: 2: must have at most 1 item [maxItems]",
    "sub.v: Too many: 2: must have at most 1 item [maxItems]",
];

const WANT_BYTES: [&str; 6] = [
    "<nil>: Invalid value: \"{a, b}\": must specify exactly one of: `a`, `b` [union]",
    "plain: Too long: may not be more than 1 byte [maxBytes]",
    "optional: Too long: may not be more than 1 byte [maxBytes]",
    "list[0]: Too long: may not be more than 1 byte [maxBytes]",
    "map[x]: Too long: may not be more than 1 byte [maxBytes]",
    "sub.v: Too long: may not be more than 1 byte [maxBytes]",
];

const WANT_COW_STR: [&str; 7] = [
    "<nil>: Invalid value: \"{a, b}\": must specify exactly one of: `a`, `b` [union]",
    "plain: Too long: may not be more than 1 character [maxLength]",
    "optional: Too long: may not be more than 1 character [maxLength]",
    "list[0]: Too long: may not be more than 1 character [maxLength]",
    "map[x]: Too long: may not be more than 1 character [maxLength]",
    "sub.v: Too long: may not be more than 1 character [maxLength]",
    "keyed[1]: Duplicate value: {\"k\":\"k\"} [-]",
];

const WANT_DURATION: [&str; 5] = [
    "<nil>: Invalid value: \"{a, b}\": must specify exactly one of: `a`, `b` [union]",
    "plain: Invalid value: 5: must be greater than or equal to 1s [minimum]",
    "optional: Invalid value: 5: must be greater than or equal to 1s [minimum]",
    "list[0]: Invalid value: 5: must be greater than or equal to 1s [minimum]",
    "map[x]: Invalid value: 5: must be greater than or equal to 1s [minimum]",
];

const WANT_GENERIC: [&str; 8] = [
    "<nil>: Invalid value: \"{a, b}\": must specify exactly one of: `a`, `b` [union]",
    "plain.s: Too long: may not be more than 1 character [maxLength]",
    "optional.s: Too long: may not be more than 1 character [maxLength]",
    "list[0].s: Too long: may not be more than 1 character [maxLength]",
    "map[x].s: Too long: may not be more than 1 character [maxLength]",
    "sub.v.s: Too long: may not be more than 1 character [maxLength]",
    "a.s: Too long: may not be more than 1 character [maxLength]",
    "b.s: Too long: may not be more than 1 character [maxLength]",
];

const WANT_HASH_SET: [&str; 4] = [
    "<nil>: Invalid value: \"{a, b}\": must specify exactly one of: `a`, `b` [union]",
    "plain[0]: Too long: may not be more than 1 character [maxLength]",
    "optional[0]: Too long: may not be more than 1 character [maxLength]",
    "sub.v[0]: Too long: may not be more than 1 character [maxLength]",
];

const WANT_NON_ZERO: [&str; 6] = [
    "<nil>: Invalid value: \"{a, b}\": must specify exactly one of: `a`, `b` [union]",
    "plain: Invalid value: 3: must be greater than or equal to 5 [minimum]",
    "optional: Invalid value: 3: must be greater than or equal to 5 [minimum]",
    "list[0]: Invalid value: 3: must be greater than or equal to 5 [minimum]",
    "map[x]: Invalid value: 3: must be greater than or equal to 5 [minimum]",
    "sub.v: Invalid value: 3: must be greater than or equal to 5 [minimum]",
];

const WANT_QUANTITY: [&str; 5] = [
    "<nil>: Invalid value: \"{a, b}\": must specify exactly one of: `a`, `b` [union]",
    "plain: Invalid value: \"500m\": must be greater than or equal to 1 [minimum]",
    "optional: Invalid value: \"500m\": must be greater than or equal to 1 [minimum]",
    "list[0]: Invalid value: \"500m\": must be greater than or equal to 1 [minimum]",
    "map[x]: Invalid value: \"500m\": must be greater than or equal to 1 [minimum]",
];

const WANT_RC_STR: [&str; 7] = [
    "<nil>: Invalid value: \"{a, b}\": must specify exactly one of: `a`, `b` [union]",
    "plain: Too long: may not be more than 1 character [maxLength]",
    "optional: Too long: may not be more than 1 character [maxLength]",
    "list[0]: Too long: may not be more than 1 character [maxLength]",
    "map[x]: Too long: may not be more than 1 character [maxLength]",
    "sub.v: Too long: may not be more than 1 character [maxLength]",
    "keyed[1]: Duplicate value: {\"k\":\"k\"} [-]",
];

const WANT_RC_STRUCT: [&str; 8] = [
    "<nil>: Invalid value: \"{a, b}\": must specify exactly one of: `a`, `b` [union]",
    "plain.s: Too long: may not be more than 1 character [maxLength]",
    "optional.s: Too long: may not be more than 1 character [maxLength]",
    "list[0].s: Too long: may not be more than 1 character [maxLength]",
    "map[x].s: Too long: may not be more than 1 character [maxLength]",
    "sub.v.s: Too long: may not be more than 1 character [maxLength]",
    "a.s: Too long: may not be more than 1 character [maxLength]",
    "b.s: Too long: may not be more than 1 character [maxLength]",
];

const WANT_REF_STR: [&str; 6] = [
    "<nil>: Invalid value: \"{a, b}\": must specify exactly one of: `a`, `b` [union]",
    "plain: Too long: may not be more than 1 character [maxLength]",
    "optional: Too long: may not be more than 1 character [maxLength]",
    "list[0]: Too long: may not be more than 1 character [maxLength]",
    "map[x]: Too long: may not be more than 1 character [maxLength]",
    "sub.v: Too long: may not be more than 1 character [maxLength]",
];

const WANT_STRING: [&str; 7] = [
    "<nil>: Invalid value: \"{a, b}\": must specify exactly one of: `a`, `b` [union]",
    "plain: Too long: may not be more than 1 character [maxLength]",
    "optional: Too long: may not be more than 1 character [maxLength]",
    "list[0]: Too long: may not be more than 1 character [maxLength]",
    "map[x]: Too long: may not be more than 1 character [maxLength]",
    "sub.v: Too long: may not be more than 1 character [maxLength]",
    "keyed[1]: Duplicate value: {\"k\":\"k\"} [-]",
];

/// A generic discriminated union: the discriminator is read by a closure
/// that sees the type's parameters.
#[derive(Validate, Debug, Clone, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct GenericModes<G> {
    /// +k8s:unionDiscriminator
    /// +k8s:required
    pub mode: String,
    /// +k8s:unionMember
    /// +k8s:optional
    pub a: Option<G>,
    /// +k8s:unionMember
    /// +k8s:optional
    pub b: Option<G>,
}

#[test]
fn generic_discriminated_union() {
    let wrong = GenericModes {
        mode: "A".to_string(),
        a: None,
        b: Some(1u8),
    };
    assert_eq!(
        errors(&wrong),
        [
            "a: Invalid value: \"\": must be specified when `mode` is \"A\" [union]",
            "b: Invalid value: \"\": may only be specified when `mode` is \"B\" [union]",
        ]
    );
    let right = GenericModes {
        mode: "B".to_string(),
        a: None,
        b: Some(1u8),
    };
    assert_eq!(errors(&right), Vec::<String>::new());
}
