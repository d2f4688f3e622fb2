//! Limits: `+k8s:minimum`, `+k8s:maximum`, `+k8s:maxLength`, `+k8s:maxBytes`,
//! `+k8s:minLength`, `+k8s:maxItems`, `+k8s:minItems`, `+k8s:maxProperties`,
//! `+k8s:minProperties`.
//!
//! Cases are ported from upstream `pkg/api/validate/limits_test.go`:
//! `TestMaxLength` and `TestMaxItems` at v0.35.0 (the 1.35 byte-based
//! `maxLength`), `TestMaxBytes`, `TestMinLength`, `TestMinItems`,
//! `TestMaximum` at v0.36.0, `TestMaxProperties` and `TestMinProperties` at
//! HEAD (the releases that introduced them).

use std::collections::{BTreeMap, HashMap};

use k8s_validation::field::{BadValue, Path};
use k8s_validation::validate::{
    max_bytes, max_items, max_length, max_properties, maximum, min_items, min_length,
    min_properties, minimum,
};
use k8s_validation::{validate, ErrorList, ErrorType, Operation};

use crate::alloc_counter::allocations;

#[test]
fn allocation_counter_counts() {
    let (v, n) = allocations(|| vec![1u8; 4]);
    assert_eq!(v.len(), 4);
    assert!(n >= 1);
    let (_, n) = allocations(ErrorList::new);
    assert_eq!(n, 0);
}

fn op() -> Operation {
    Operation::create()
}

/// Asserts exactly one error with the given text, type, field and origin.
#[track_caller]
fn assert_one(errs: &ErrorList, text: &str, kind: ErrorType, origin: &str) {
    assert_eq!(errs.len(), 1, "want one error, got {errs:?}");
    let e = &errs[0];
    assert_eq!(e.to_string(), text);
    assert_eq!(e.kind(), kind);
    assert_eq!(e.field(), "fldpath");
    assert_eq!(e.origin(), Some(origin));
}

/// Asserts no error and no allocation.
#[track_caller]
fn assert_ok(f: impl FnOnce() -> ErrorList) {
    let (errs, allocs) = allocations(f);
    assert!(errs.is_empty(), "unexpected errors: {errs:?}");
    assert_eq!(allocs, 0, "the success path allocated");
}

// --- maxLength (1.35: bytes) ---------------------------------------------

/// Upstream `TestMaxLength` @v0.35.0, plus multi-byte cases showing that 1.35
/// counts bytes.
#[test]
fn max_length_counts_bytes() {
    let p = Path::new("fldpath");
    let ok: &[(&str, usize)] = &[
        ("", 0),            // "empty string"
        ("0", 1),           // "one character"
        ("abcdefghij", 10), // exact
        ("é", 2),
        ("©®©®©", 10),
        ("", usize::MAX),
        ("abc", usize::MAX),
    ];
    for &(v, max) in ok {
        assert_ok(|| {
            k8s_validation::ErrorList::from_fn(|e| max_length(e, &op(), &p, Some(v), None, max))
        });
    }
    let fail: &[(&str, usize, &str)] = &[
        ("0", 0, "fldpath: Too long: may not be more than 0 bytes"), // "zero length"
        ("01", 1, "fldpath: Too long: may not be more than 1 byte"), // "two characters"
        ("é", 1, "fldpath: Too long: may not be more than 1 byte"),
        // 10 characters but 20 bytes: fine in 1.36 (characters), too long in 1.35.
        (
            "©®©®©®©®©®",
            10,
            "fldpath: Too long: may not be more than 10 bytes",
        ),
        (
            "abcdefghijk",
            10,
            "fldpath: Too long: may not be more than 10 bytes",
        ),
    ];
    for &(v, max, text) in fail {
        let errs =
            k8s_validation::ErrorList::from_fn(|e| max_length(e, &op(), &p, Some(v), None, max));
        assert_one(&errs, text, ErrorType::TooLong, "maxLength");
        assert_eq!(errs[0].detail(), &text["fldpath: Too long: ".len()..]);
    }
}

#[test]
fn max_length_none_and_generic_strings() {
    let p = Path::new("fldpath");
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| max_length::<str>(e, &op(), &p, None, None, 0))
    });
    let owned = String::from("abc");
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            max_length(e, &op(), &p, Some(&owned), Some(&owned), 3)
        })
    });
    let errs =
        k8s_validation::ErrorList::from_fn(|e| max_length(e, &op(), &p, Some(&owned), None, 2));
    assert_one(
        &errs,
        "fldpath: Too long: may not be more than 2 bytes",
        ErrorType::TooLong,
        "maxLength",
    );
    // The value is never printed; upstream stores "<value omitted>".
    assert_eq!(
        errs[0].bad_value(),
        BadValue::String("<value omitted>".into())
    );
    // A long string against a small limit.
    let long = "x".repeat(1 << 20);
    let errs =
        k8s_validation::ErrorList::from_fn(|e| max_length(e, &op(), &p, Some(&long), None, 0));
    assert_eq!(errs[0].detail(), "may not be more than 0 bytes");
}

// --- maxBytes (1.36) ---------------------------------------------------------

/// Upstream `TestMaxBytes` @v0.36.0.
#[test]
fn max_bytes_counts_bytes() {
    let p = Path::new("fldpath");
    for (v, max) in [
        ("", 0),
        ("0", 1),
        ("abcdefghi", 10),
        ("©®©®", 10),
        ("©abc®®", 10),
        ("anything", usize::MAX),
    ] {
        assert_ok(|| {
            k8s_validation::ErrorList::from_fn(|e| max_bytes(e, &op(), &p, Some(v), None, max))
        });
    }
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| max_bytes::<str>(e, &op(), &p, None, None, 0))
    });
    for (v, max, text) in [
        ("0", 0, "fldpath: Too long: may not be more than 0 bytes"),
        ("01", 1, "fldpath: Too long: may not be more than 1 byte"),
        (
            "abcdefghijkl",
            10,
            "fldpath: Too long: may not be more than 10 bytes",
        ),
        (
            "©®©®©©",
            10,
            "fldpath: Too long: may not be more than 10 bytes",
        ),
        (
            "©abc®®abc",
            10,
            "fldpath: Too long: may not be more than 10 bytes",
        ),
    ] {
        let errs =
            k8s_validation::ErrorList::from_fn(|e| max_bytes(e, &op(), &p, Some(v), None, max));
        assert_one(&errs, text, ErrorType::TooLong, "maxBytes");
    }
}

// --- minLength (1.36: characters) ------------------------------------------

/// Upstream `TestMinLength` @v0.36.0 (the negative-minimum case cannot be
/// expressed: limits are unsigned).
#[test]
fn min_length_counts_characters() {
    let p = Path::new("fldpath");
    for (v, min) in [
        ("", 0),              // "empty string allowed"
        ("test", 1),          // "minimum length of one, non-empty string"
        ("0123456789", 10),   // "minimum length of 10, 10 character string"
        ("abcdefghijkl", 10), // "ascii-only characters, more characters than min (n+1)"
        ("©®©®©®©®©®©", 10),  // "multi-byte characters, more characters than min (n+1)"
        ("©®©®©®©®©®", 10),   // "multi-byte characters, exact characters as min (n)"
        ("abcdefghij", 10),   // "ascii-only characters, exact characters as min (n)"
        ("😀😀😀", 3),        // 12 bytes: at least ceil(12/4) = 3 characters
        ("😀😀😀a", 4),       // 13 bytes: at least ceil(13/4) = 4 characters
        ("éé", 2),            // 4 bytes, 2 characters: counted
        ("a\u{0301}", 2),     // combining mark: 2 characters
    ] {
        assert_ok(|| {
            k8s_validation::ErrorList::from_fn(|e| min_length(e, &op(), &p, Some(v), None, min))
        });
    }
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| min_length::<str>(e, &op(), &p, None, None, 5))
    });
    for (v, min, text) in [
        ("", 1, "fldpath: Too short: must be at least 1 character"),
        (
            "012345678",
            10,
            "fldpath: Too short: must be at least 10 characters",
        ),
        (
            "abcdefghi",
            10,
            "fldpath: Too short: must be at least 10 characters",
        ),
        (
            "©®©®©®©®©",
            10,
            "fldpath: Too short: must be at least 10 characters",
        ),
        // 12 bytes but 6 characters.
        (
            "©®©®©®",
            10,
            "fldpath: Too short: must be at least 10 characters",
        ),
        (
            "😀😀😀",
            4,
            "fldpath: Too short: must be at least 4 characters",
        ),
        ("éé", 3, "fldpath: Too short: must be at least 3 characters"),
        (
            "",
            usize::MAX,
            "fldpath: Too short: must be at least 18446744073709551615 characters",
        ),
        (
            "abc",
            i64::MAX as usize,
            "fldpath: Too short: must be at least 9223372036854775807 characters",
        ),
    ] {
        let errs =
            k8s_validation::ErrorList::from_fn(|e| min_length(e, &op(), &p, Some(v), None, min));
        assert_one(&errs, text, ErrorType::TooShort, "minLength");
        // Upstream keeps the value (it is not printed).
        assert_eq!(errs[0].bad_value(), BadValue::String(v.into()));
    }
}

// --- maxItems / minItems ---------------------------------------------------

/// Upstream `TestMaxItems` @v0.35.0 (exact errors as in v0.36.0).
#[test]
fn max_items_cases() {
    let p = Path::new("fldpath");
    for (items, max) in [(0, 0), (1, 1), (0, usize::MAX), (5, usize::MAX)] {
        let v = vec![false; items];
        assert_ok(|| {
            k8s_validation::ErrorList::from_fn(|e| {
                max_items(e, &op(), &p, Some(v.as_slice()), None, max)
            })
        });
    }
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| max_items::<[bool]>(e, &op(), &p, None, None, 0))
    });
    for (items, max, text) in [
        (1, 0, "fldpath: Too many: 1: must have at most 0 items"),
        (2, 1, "fldpath: Too many: 2: must have at most 1 item"),
        (10, 3, "fldpath: Too many: 10: must have at most 3 items"),
    ] {
        let v = vec![false; items];
        let errs = k8s_validation::ErrorList::from_fn(|e| {
            max_items(e, &op(), &p, Some(v.as_slice()), None, max)
        });
        assert_one(&errs, text, ErrorType::TooMany, "maxItems");
        assert_eq!(errs[0].bad_value(), BadValue::Int(items as i64));
    }
}

/// Upstream `TestMinItems` @v0.36.0; a missing list counts as empty (Go's nil
/// slice).
#[test]
fn min_items_cases() {
    let p = Path::new("fldpath");
    for (items, min) in [(0, 0), (1, 0), (1, 1), (3, 2)] {
        let v = vec![0u8; items];
        assert_ok(|| {
            k8s_validation::ErrorList::from_fn(|e| {
                min_items(e, &op(), &p, Some(v.as_slice()), None, min)
            })
        });
    }
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| min_items::<[u8]>(e, &op(), &p, None, None, 0))
    });
    for (items, min, text) in [
        (0, 1, "fldpath: Too few: 0: must have at least 1 item"),
        (1, 2, "fldpath: Too few: 1: must have at least 2 items"),
        (
            0,
            usize::MAX,
            "fldpath: Too few: 0: must have at least 18446744073709551615 items",
        ),
    ] {
        let v = vec![0u8; items];
        let errs = k8s_validation::ErrorList::from_fn(|e| {
            min_items(e, &op(), &p, Some(v.as_slice()), None, min)
        });
        assert_one(&errs, text, ErrorType::TooFew, "minItems");
        assert_eq!(errs[0].bad_value(), BadValue::Int(items as i64));
    }
    let errs =
        k8s_validation::ErrorList::from_fn(|e| min_items::<[u8]>(e, &op(), &p, None, None, 1));
    assert_one(
        &errs,
        "fldpath: Too few: 0: must have at least 1 item",
        ErrorType::TooFew,
        "minItems",
    );
}

// --- maxProperties / minProperties ------------------------------------------

fn map_of(n: usize) -> BTreeMap<String, String> {
    (0..n)
        .map(|i| (i.to_string(), "value".to_string()))
        .collect()
}

/// Upstream `TestMaxProperties` @HEAD.
#[test]
fn max_properties_cases() {
    let p = Path::new("fldpath");
    for (n, max) in [(0, 0), (1, 1), (100_000, 100_000), (3, usize::MAX)] {
        let m = map_of(n);
        assert_ok(|| {
            k8s_validation::ErrorList::from_fn(|e| {
                max_properties(e, &op(), &p, Some(&m), None, max)
            })
        });
    }
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            max_properties::<BTreeMap<String, String>>(e, &op(), &p, None, None, 0)
        })
    });
    for (n, max, text) in [
        (1, 0, "fldpath: Too many: 1: must have at most 0 items"),
        (2, 1, "fldpath: Too many: 2: must have at most 1 item"),
        (
            100_001,
            100_000,
            "fldpath: Too many: 100001: must have at most 100000 items",
        ),
    ] {
        let m = map_of(n);
        let errs = k8s_validation::ErrorList::from_fn(|e| {
            max_properties(e, &op(), &p, Some(&m), None, max)
        });
        assert_one(&errs, text, ErrorType::TooMany, "maxProperties");
    }
    // HashMap works the same.
    let h: HashMap<String, i32> = [("a".to_string(), 1), ("b".to_string(), 2)].into();
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| max_properties(e, &op(), &p, Some(&h), None, 2))
    });
    assert_one(
        &k8s_validation::ErrorList::from_fn(|e| max_properties(e, &op(), &p, Some(&h), None, 1)),
        "fldpath: Too many: 2: must have at most 1 item",
        ErrorType::TooMany,
        "maxProperties",
    );
}

/// Upstream `TestMinProperties` @HEAD; a missing map counts as empty (Go's
/// nil map).
#[test]
fn min_properties_cases() {
    let p = Path::new("fldpath");
    for (n, min) in [(0, 0), (1, 0), (1, 1), (100_000, 100_000)] {
        let m = map_of(n);
        assert_ok(|| {
            k8s_validation::ErrorList::from_fn(|e| {
                min_properties(e, &op(), &p, Some(&m), None, min)
            })
        });
    }
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            min_properties::<BTreeMap<String, String>>(e, &op(), &p, None, None, 0)
        })
    });
    for (n, min, text) in [
        (0, 1, "fldpath: Too few: 0: must have at least 1 item"),
        (1, 2, "fldpath: Too few: 1: must have at least 2 items"),
        (
            0,
            100_000,
            "fldpath: Too few: 0: must have at least 100000 items",
        ),
        (
            99_999,
            100_000,
            "fldpath: Too few: 99999: must have at least 100000 items",
        ),
    ] {
        let m = map_of(n);
        let errs = k8s_validation::ErrorList::from_fn(|e| {
            min_properties(e, &op(), &p, Some(&m), None, min)
        });
        assert_one(&errs, text, ErrorType::TooFew, "minProperties");
    }
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        min_properties::<HashMap<String, i32>>(e, &op(), &p, None, None, 1)
    });
    assert_one(
        &errs,
        "fldpath: Too few: 0: must have at least 1 item",
        ErrorType::TooFew,
        "minProperties",
    );
}

// --- minimum / maximum -------------------------------------------------------

macro_rules! min_max_cases {
    ($($t:ty),*) => {$(
        {
            let p = Path::new("fldpath");
            // Upstream testMinimumPositive / testMaximumPositive.
            assert_ok(|| k8s_validation::ErrorList::from_fn(|e| minimum::<$t>(e, &op(), &p, Some(&0), None, 0)));
            assert_ok(|| k8s_validation::ErrorList::from_fn(|e| minimum::<$t>(e, &op(), &p, Some(&1), None, 1)));
            assert_ok(|| k8s_validation::ErrorList::from_fn(|e| maximum::<$t>(e, &op(), &p, Some(&0), None, 0)));
            assert_ok(|| k8s_validation::ErrorList::from_fn(|e| maximum::<$t>(e, &op(), &p, Some(&1), None, 1)));
            assert_ok(|| k8s_validation::ErrorList::from_fn(|e| minimum::<$t>(e, &op(), &p, None, None, <$t>::MAX as i128)));
            assert_ok(|| k8s_validation::ErrorList::from_fn(|e| maximum::<$t>(e, &op(), &p, Some(&<$t>::MAX), None, <$t>::MAX as i128)));
            assert_one(
                &k8s_validation::ErrorList::from_fn(|e| minimum::<$t>(e, &op(), &p, Some(&1), None, 2)),
                "fldpath: Invalid value: 1: must be greater than or equal to 2",
                ErrorType::Invalid,
                "minimum",
            );
            assert_one(
                &k8s_validation::ErrorList::from_fn(|e| maximum::<$t>(e, &op(), &p, Some(&2), None, 1)),
                "fldpath: Invalid value: 2: must be less than or equal to 1",
                ErrorType::Invalid,
                "maximum",
            );
        }
    )*};
}

/// Upstream `TestMinimum` @v0.35.0 and `TestMaximum` @v0.36.0.
#[test]
fn minimum_and_maximum() {
    min_max_cases!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);
    let p = Path::new("fldpath");
    // testMinimumNegative / testMaximumNegative.
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| minimum(e, &op(), &p, Some(&-1i32), None, -1))
    });
    assert_one(
        &k8s_validation::ErrorList::from_fn(|e| minimum(e, &op(), &p, Some(&-2i64), None, -1)),
        "fldpath: Invalid value: -2: must be greater than or equal to -1",
        ErrorType::Invalid,
        "minimum",
    );
    assert_one(
        &k8s_validation::ErrorList::from_fn(|e| maximum(e, &op(), &p, Some(&-1i16), None, -2)),
        "fldpath: Invalid value: -1: must be less than or equal to -2",
        ErrorType::Invalid,
        "maximum",
    );
    assert_one(
        &k8s_validation::ErrorList::from_fn(|e| maximum(e, &op(), &p, Some(&u64::MAX), None, 0)),
        "fldpath: Invalid value: 18446744073709551615: must be less than or equal to 0",
        ErrorType::Invalid,
        "maximum",
    );
}

/// The path is rendered in full, and `old` does not matter (ratcheting is the
/// caller's business).
#[test]
fn nested_path_and_update() {
    let root = Path::root();
    let spec = root.child("spec");
    let items = spec.child("items");
    let item = items.index(3);
    let v = vec![1, 2, 3];
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        max_items(
            e,
            &Operation::update(),
            &item,
            Some(v.as_slice()),
            Some(v.as_slice()),
            2,
        )
    });
    assert_eq!(
        errs[0].to_string(),
        "spec.items[3]: Too many: 3: must have at most 2 items"
    );
    assert_eq!(errs[0].field(), "spec.items[3]");
    let errs =
        k8s_validation::ErrorList::from_fn(|e| max_length(e, &op(), &root, Some("ab"), None, 1));
    assert_eq!(
        errs[0].to_string(),
        "<nil>: Too long: may not be more than 1 byte"
    );
}

/// The bound macros generated code calls write the same detail the
/// functions do (the shared prefix lives in `k8s_validation_spec::messages`),
/// for negative bounds too.
#[test]
fn bound_macros_write_the_functions_details() {
    use k8s_validation::spec::messages::{MAXIMUM, MINIMUM};
    let (op, path) = (Operation::create(), Path::new("n"));
    let by_macro = ErrorList::from_fn(|errs| {
        validate::minimum!(errs, &op, &path, Some(&-9), None, -5);
        validate::maximum!(errs, &op, &path, Some(&70000), None, 65535);
    });
    let by_fn = ErrorList::from_fn(|errs| {
        validate::minimum(errs, &op, &path, Some(&-9), None, -5);
        validate::maximum(errs, &op, &path, Some(&70000), None, 65535);
    });
    assert_eq!(by_macro.len(), 2);
    for (m, f) in by_macro.iter().zip(by_fn.iter()) {
        assert_eq!(m.to_string(), f.to_string());
        assert_eq!(m.origin(), f.origin());
    }
    assert_eq!(by_macro[0].detail(), format!("{MINIMUM} -5"));
    assert_eq!(by_macro[1].detail(), format!("{MAXIMUM} 65535"));
}
