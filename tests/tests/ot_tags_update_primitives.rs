//! Port of upstream `cmd/validation-gen/output_tests/tags/update/primitives`
//! (kubernetes/code-generator default branch; newer than v0.36.0, where
//! `tags/update` held the same cases): every `+k8s:update` constraint on
//! scalars, pointers, structs and typedefs.
#![allow(non_snake_case)]

use conformance_tests::{invalid, st, Matcher, W};
use k8s_validation::Validate;

const TFSO: Matcher = Matcher::new()
    .by_type()
    .by_field()
    .by_detail_substring()
    .by_origin();

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct UpdateTestStruct {
    /// +k8s:update=NoSet
    pub stringNoSet: String,
    /// +k8s:update=NoUnset
    pub stringNoUnset: String,
    /// +k8s:update=NoModify
    pub stringNoModify: String,
    /// +k8s:update=NoSet
    /// +k8s:update=NoModify
    /// +k8s:update=NoUnset
    pub stringFullyRestricted: String,
    /// +k8s:update=NoModify
    /// +k8s:update=NoUnset
    pub stringSetOnce: String,
    /// +k8s:update=NoModify
    pub intNoModify: i64,
    /// +k8s:update=NoModify
    pub int32NoModify: i32,
    /// +k8s:update=NoModify
    pub int64NoModify: i64,
    /// +k8s:update=NoModify
    pub uintNoModify: u64,
    /// +k8s:update=NoModify
    pub boolNoModify: bool,
    /// +k8s:update=NoModify
    pub float32NoModify: f32,
    /// +k8s:update=NoModify
    pub float64NoModify: f64,
    /// +k8s:update=NoModify
    pub byteNoModify: u8,
    /// +k8s:update=NoModify
    pub structNoModify: TestStruct,
    /// +k8s:update=NoModify
    pub nonComparableStructNoModify: NonComparableStruct,
    // Pointer field tests
    /// +k8s:update=NoSet
    pub pointerNoSet: Option<String>,
    /// +k8s:update=NoUnset
    pub pointerNoUnset: Option<String>,
    /// +k8s:update=NoModify
    pub pointerNoModify: Option<String>,
    /// +k8s:update=NoSet
    /// +k8s:update=NoModify
    /// +k8s:update=NoUnset
    pub pointerFullyRestricted: Option<String>,
    /// +k8s:update=NoModify
    pub intPointerNoModify: Option<i64>,
    /// +k8s:update=NoModify
    pub boolPointerNoModify: Option<bool>,
    /// +k8s:update=NoModify
    pub structPointerNoModify: Option<TestStruct>,
    // Type alias tests
    /// +k8s:update=NoModify
    pub customTypeNoModify: CustomString,
    /// +k8s:update=NoSet
    pub customTypeNoSet: CustomInt,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct TestStruct {
    pub stringField: String,
    pub intField: i64,
}

/// Contains a slice, which makes it non-comparable in Go.
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct NonComparableStruct {
    pub sliceField: Vec<String>,
    pub intField: i64,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct CustomString(pub String);

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct CustomInt(pub i64);

type S = UpdateTestStruct;

fn with(f: impl FnOnce(&mut S)) -> S {
    let mut s = S::default();
    f(&mut s);
    s
}

fn no_set(field: &str) -> W {
    invalid(field)
        .origin("update")
        .detail("field cannot be set once created")
}

fn no_unset(field: &str) -> W {
    invalid(field)
        .origin("update")
        .detail("field cannot be cleared once set")
}

fn no_modify(field: &str) -> W {
    invalid(field)
        .origin("update")
        .detail("field cannot be modified once set")
}

/// `old -> new` passes.
fn ok(new: &S, old: &S) {
    st(new).old(old).expect_valid();
}

/// `old -> new` fails with exactly `want`.
fn fails(new: &S, old: &S, want: W) {
    st(new).old(old).expect(TFSO, &[want]);
}

#[test]
fn strings() {
    let base = S::default();
    // NoSet
    let set = with(|s| s.stringNoSet = "value".into());
    fails(&set, &base, no_set("stringNoSet"));
    ok(&base, &base);
    // NoUnset
    let set = with(|s| s.stringNoUnset = "value".into());
    ok(&set, &base);
    fails(&base, &set, no_unset("stringNoUnset"));
    // NoModify
    let set = with(|s| s.stringNoModify = "value".into());
    let modified = with(|s| s.stringNoModify = "different".into());
    ok(&set, &base);
    ok(&base, &set);
    fails(&modified, &set, no_modify("stringNoModify"));
    // Fully restricted
    let set = with(|s| s.stringFullyRestricted = "value".into());
    let modified = with(|s| s.stringFullyRestricted = "different".into());
    fails(&set, &base, no_set("stringFullyRestricted"));
    fails(&base, &set, no_unset("stringFullyRestricted"));
    fails(&modified, &set, no_modify("stringFullyRestricted"));
    // Set once
    let set = with(|s| s.stringSetOnce = "value".into());
    let modified = with(|s| s.stringSetOnce = "different".into());
    ok(&set, &base);
    fails(&base, &set, no_unset("stringSetOnce"));
    fails(&modified, &set, no_modify("stringSetOnce"));
    // Exact text.
    st(&modified)
        .old(&set)
        .expect_texts(&["stringSetOnce: Invalid value: null: field cannot be modified once set"]);
}

#[test]
fn numbers_and_bools() {
    let base = S::default();
    let cases: Vec<(&str, S, S)> = vec![
        (
            "intNoModify",
            with(|s| s.intNoModify = 10),
            with(|s| s.intNoModify = 20),
        ),
        (
            "int32NoModify",
            with(|s| s.int32NoModify = 42),
            with(|s| s.int32NoModify = 100),
        ),
        (
            "uintNoModify",
            with(|s| s.uintNoModify = 42),
            with(|s| s.uintNoModify = 100),
        ),
        (
            "float32NoModify",
            with(|s| s.float32NoModify = 3.25),
            with(|s| s.float32NoModify = 2.71),
        ),
        (
            "float64NoModify",
            with(|s| s.float64NoModify = 3.25),
            with(|s| s.float64NoModify = 2.71),
        ),
        (
            "byteNoModify",
            with(|s| s.byteNoModify = 255),
            with(|s| s.byteNoModify = 128),
        ),
        (
            "customTypeNoModify",
            with(|s| s.customTypeNoModify = CustomString("custom-value".into())),
            with(|s| s.customTypeNoModify = CustomString("different-value".into())),
        ),
    ];
    for (field, set, modified) in &cases {
        // Zero -> value is a set, allowed by NoModify.
        ok(set, &base);
        fails(modified, set, no_modify(field));
    }
    // Bool: false is unset, so false <-> true are set / unset.
    let t = with(|s| s.boolNoModify = true);
    ok(&t, &base);
    ok(&base, &t);
    // Typedef NoSet.
    let set = with(|s| s.customTypeNoSet = CustomInt(42));
    fails(&set, &base, no_set("customTypeNoSet"));
}

#[test]
fn structs_are_always_set() {
    let base = S::default();
    let a = with(|s| {
        s.structNoModify = TestStruct {
            stringField: "value".into(),
            intField: 42,
        }
    });
    let b = with(|s| {
        s.structNoModify = TestStruct {
            stringField: "different".into(),
            intField: 100,
        }
    });
    fails(&b, &a, no_modify("structNoModify"));
    // Even from the zero value: a non-pointer struct is always set.
    fails(&a, &base, no_modify("structNoModify"));
    let nc = with(|s| {
        s.nonComparableStructNoModify = NonComparableStruct {
            sliceField: vec!["a".into(), "b".into()],
            intField: 42,
        }
    });
    let nc2 = with(|s| {
        s.nonComparableStructNoModify = NonComparableStruct {
            sliceField: vec!["c".into(), "d".into()],
            intField: 100,
        }
    });
    fails(&nc, &base, no_modify("nonComparableStructNoModify"));
    fails(&nc2, &nc, no_modify("nonComparableStructNoModify"));
    ok(&nc, &nc);
}

#[test]
fn pointers() {
    let base = S::default();
    // NoSet
    let set = with(|s| s.pointerNoSet = Some("value".into()));
    fails(&set, &base, no_set("pointerNoSet"));
    // NoUnset
    let set = with(|s| s.pointerNoUnset = Some("value".into()));
    ok(&set, &base);
    fails(&base, &set, no_unset("pointerNoUnset"));
    // NoModify
    let set = with(|s| s.pointerNoModify = Some("value".into()));
    let modified = with(|s| s.pointerNoModify = Some("different".into()));
    ok(&set, &base);
    ok(&base, &set);
    fails(&modified, &set, no_modify("pointerNoModify"));
    // A pointer to the zero value is set.
    let empty = with(|s| s.pointerNoModify = Some(String::new()));
    fails(&empty, &set, no_modify("pointerNoModify"));
    // Fully restricted
    let set = with(|s| s.pointerFullyRestricted = Some("value".into()));
    let modified = with(|s| s.pointerFullyRestricted = Some("different".into()));
    fails(&set, &base, no_set("pointerFullyRestricted"));
    fails(&base, &set, no_unset("pointerFullyRestricted"));
    fails(&modified, &set, no_modify("pointerFullyRestricted"));
    // Int pointer
    let set = with(|s| s.intPointerNoModify = Some(42));
    let modified = with(|s| s.intPointerNoModify = Some(100));
    ok(&set, &base);
    ok(&base, &set);
    fails(&modified, &set, no_modify("intPointerNoModify"));
    // Bool pointer: false is a set value.
    let f = with(|s| s.boolPointerNoModify = Some(false));
    let t = with(|s| s.boolPointerNoModify = Some(true));
    ok(&f, &base);
    fails(&t, &f, no_modify("boolPointerNoModify"));
    // Struct pointer
    let set = with(|s| {
        s.structPointerNoModify = Some(TestStruct {
            stringField: "value".into(),
            intField: 42,
        })
    });
    let modified = with(|s| {
        s.structPointerNoModify = Some(TestStruct {
            stringField: "different".into(),
            intField: 100,
        })
    });
    ok(&set, &base);
    ok(&base, &set);
    fails(&modified, &set, no_modify("structPointerNoModify"));
}
