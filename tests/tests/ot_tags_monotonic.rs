//! Port of upstream `cmd/validation-gen/output_tests/tags/monotonic`
//! (kubernetes/code-generator default branch, where the package first
//! appears): `+k8s:monotonic` with `+k8s:minimum`, optional/required and
//! `+k8s:update=NoUnset`, on values, pointers and a typedef.
#![allow(non_snake_case)]

use conformance_tests::{invalid, required, st, Matcher, TFO};
use k8s_validation::Validate;

const BY_ORIGIN: Matcher = Matcher::new().by_origin();

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct Struct {
    /// +k8s:minimum=0
    /// +k8s:monotonic
    pub intField: i64,
    /// +k8s:minimum=0
    /// +k8s:monotonic
    pub int64Field: i64,
    /// +k8s:minimum=0
    /// +k8s:monotonic
    pub uint64Field: u64,
    /// +k8s:optional
    /// +k8s:minimum=0
    /// +k8s:update=NoUnset
    /// +k8s:monotonic
    pub intPtrField: Option<i64>,
    pub monotonicField: MonotonicType,
    pub monotonicPtrField: Option<MonotonicType>,
    /// +k8s:optional
    /// +k8s:minimum=0
    /// +k8s:update=NoUnset
    /// +k8s:monotonic
    pub optionalInt: i64,
    /// +k8s:required
    /// +k8s:minimum=0
    /// +k8s:monotonic
    pub requiredInt: i64,
    /// +k8s:optional
    /// +k8s:minimum=0
    /// +k8s:update=NoUnset
    /// +k8s:monotonic
    pub optionalIntPtr: Option<i64>,
    /// +k8s:required
    /// +k8s:minimum=0
    /// +k8s:monotonic
    pub requiredIntPtr: Option<i64>,
    /// +k8s:minimum=-10
    /// +k8s:monotonic
    pub negativeInt: i64,
}

/// +k8s:minimum=0
/// +k8s:monotonic
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct MonotonicType(pub i64);

fn value(base: i64, negative: i64) -> Struct {
    Struct {
        intField: base,
        int64Field: base + 10,
        uint64Field: (base + 20) as u64,
        intPtrField: Some(base + 30),
        monotonicField: MonotonicType(base + 40),
        monotonicPtrField: Some(MonotonicType(base + 50)),
        optionalInt: base,
        requiredInt: base,
        optionalIntPtr: Some(base),
        requiredIntPtr: Some(base),
        negativeInt: negative,
    }
}

#[test]
fn increases_pass_decreases_fail() {
    let orig = value(10, 0);
    let increase = value(11, 5);
    let decrease = value(9, 0);
    st(&orig).old(&orig).expect_valid();
    st(&increase).old(&orig).expect_valid();
    let mono = |f: &str| invalid(f).origin("monotonic");
    st(&decrease).old(&orig).expect(
        TFO,
        &[
            mono("intField"),
            mono("int64Field"),
            mono("uint64Field"),
            mono("intPtrField"),
            mono("monotonicField"),
            mono("monotonicPtrField"),
            mono("optionalInt"),
            mono("requiredInt"),
            mono("optionalIntPtr"),
            mono("requiredIntPtr"),
        ],
    );
    let errs = st(&decrease).old(&orig).errors();
    assert_eq!(
        errs.iter().next().unwrap().to_string(),
        "intField: Invalid value: 9: may not be decreased from 10"
    );
    // Create never checks monotonicity.
    st(&decrease).expect_valid();
}

#[test]
fn zero_and_nil() {
    let orig = value(10, 0);
    let zero = Struct {
        optionalInt: 0,
        requiredInt: 0,
        optionalIntPtr: Some(0),
        requiredIntPtr: Some(0),
        ..orig.clone()
    };
    st(&zero).old(&orig).expect(
        TFO,
        &[
            invalid("optionalInt").origin("update"),
            required("requiredInt"),
            invalid("optionalIntPtr").origin("monotonic"),
            invalid("requiredIntPtr").origin("monotonic"),
        ],
    );
    // set -> unset is an update error, nothing else.
    let nil = Struct {
        optionalIntPtr: None,
        ..orig.clone()
    };
    st(&nil)
        .old(&orig)
        .expect(BY_ORIGIN, &[invalid("optionalIntPtr").origin("update")]);
    // unset -> set is fine.
    st(&orig).old(&nil).expect_valid();
}

#[test]
fn minimum_still_applies() {
    let bad = Struct {
        requiredInt: 1,
        requiredIntPtr: Some(0),
        negativeInt: -11,
        ..Struct::default()
    };
    st(&bad).expect(BY_ORIGIN, &[invalid("negativeInt").origin("minimum")]);
}
