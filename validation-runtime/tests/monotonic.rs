//! `+k8s:monotonic`: `monotonic`.
//!
//! Ported from upstream `k8s.io/apimachinery/pkg/api/validate`
//! `monotonic_test.go` (main branch: `TestMonotonic`,
//! `testMonotonicPositive`, `testMonotonicNegative`).

#![allow(clippy::type_complexity)] // test tables

use std::fmt::Display;

use k8s_validation::field::Path;
use k8s_validation::IntValue;
trait Integer: IntValue + Copy {}
impl<T: IntValue + Copy> Integer for T {}
use k8s_validation::validate::monotonic;
use k8s_validation::{ErrorType, Operation};

use crate::alloc_counter::allocations;

fn expect_decrease<T: Integer + Display>(new: T, old: T) {
    let path = Path::new("fldpath");
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        monotonic(e, &Operation::update(), &path, Some(&new), Some(&old))
    });
    assert_eq!(errs.len(), 1);
    let e = &errs[0];
    assert_eq!(
        e.to_string(),
        format!("fldpath: Invalid value: {new}: may not be decreased from {old}")
    );
    assert_eq!(e.kind(), ErrorType::Invalid);
    assert_eq!(e.field(), "fldpath");
    assert_eq!(e.origin(), Some("monotonic"));
}

fn expect_ok<T: Integer>(op: &Operation, new: Option<T>, old: Option<T>) {
    let path = Path::new("fldpath");
    let errs =
        k8s_validation::ErrorList::from_fn(|e| monotonic(e, op, &path, new.as_ref(), old.as_ref()));
    assert!(errs.is_empty(), "{errs}");
}

fn positive<T: Integer + Display + From<u8>>() {
    // upstream testMonotonicPositive
    let (v0, v1, v2) = (T::from(0), T::from(1), T::from(2));
    let update = Operation::update();
    expect_ok(&Operation::create(), Some(v0), None); // create (ignored)
    expect_ok(&Operation::create(), Some(v1), Some(v2)); // create ignores old
    expect_ok(&update, Some(v1), Some(v1)); // update same value
    expect_ok(&update, Some(v2), Some(v1)); // update increase
    expect_decrease(v1, v2); // update decrease
    expect_ok(&update, None, Some(v1)); // update nil value
    expect_ok(&update, Some(v1), None); // update nil old value
}

#[test]
fn monotonic_positive() {
    // upstream TestMonotonic
    positive::<i32>();
    positive::<i64>();
    positive::<u64>();
    positive::<u8>();
    positive::<usize>();
}

#[test]
fn monotonic_negative() {
    // upstream testMonotonicNegative
    let update = Operation::update();
    expect_ok(&update, Some(-1i32), Some(-2)); // update negative increase
    expect_decrease(-2i32, -1); // update negative decrease
    expect_decrease(-2i64, -1);
    expect_decrease(i64::MIN, i64::MAX);
    expect_decrease(0u64, u64::MAX);
    expect_ok(&update, Some(i8::MAX), Some(i8::MIN));
}

#[test]
fn monotonic_valid_path_does_not_allocate() {
    let path = Path::new("fldpath");
    let (errs, n) = allocations(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            monotonic(e, &Operation::update(), &path, Some(&5i64), Some(&5))
        })
    });
    assert!(errs.is_empty());
    assert_eq!(n, 0);
}
