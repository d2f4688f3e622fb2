//! Enumerations: `+k8s:enum` and `+k8s:enumExclude`.
//!
//! Cases are ported from upstream `pkg/api/validate/enum_test.go` at v0.35.0
//! (`TestEnum`, `TestEnumTypedef`, `TestEnumExclude`) and from validation-gen's
//! `output_tests/tags/enum` and `output_tests/tags/enum/options` at v0.35.0.

use k8s_validation::field::{BadValue, Path, ToBadValue};
use k8s_validation::validate::{enumeration, EnumExclusion};
use k8s_validation::{ErrorList, ErrorType, Operation};

use crate::alloc_counter::allocations;

/// Go's `type StringType string`: printed as JSON.
struct StringType(&'static str);

/// As `#[derive(Validate)]` does for a tuple newtype.
impl k8s_validation::Newtype for StringType {
    type Inner = str;
    fn inner(&self) -> &Self::Inner {
        self.0
    }
}

impl ToBadValue for StringType {
    fn write_json(&self, out: &mut String) {
        self.0.write_json(out)
    }
}

#[track_caller]
fn assert_ok(f: impl FnOnce() -> ErrorList) {
    let (errs, allocs) = allocations(f);
    assert!(errs.is_empty(), "unexpected errors: {errs:?}");
    assert_eq!(allocs, 0, "the success path allocated");
}

#[track_caller]
fn assert_one(errs: &ErrorList, text: &str, field: &str) {
    assert_eq!(errs.len(), 1, "want one error, got {errs:?}");
    let e = &errs[0];
    assert_eq!(e.to_string(), text);
    assert_eq!(e.kind(), ErrorType::NotSupported);
    assert_eq!(e.field(), field);
    assert_eq!(e.origin(), None);
}

/// Upstream `TestEnum`.
#[test]
fn plain_strings() {
    let p = Path::new("fldpath");
    let op = Operation::create();
    const VALID: &[&str] = &["a", "b", "c"];
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| enumeration(e, &op, &p, Some("a"), None, VALID, &[]))
    });
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| enumeration(e, &op, &p, Some("c"), None, VALID, &[]))
    });
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            enumeration::<str>(e, &op, &p, None, None, VALID, &[])
        })
    });
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        enumeration(e, &op, &p, Some("x"), None, VALID, &[])
    });
    assert_one(
        &errs,
        r#"fldpath: Unsupported value: "x": supported values: "a", "b", "c""#,
        "fldpath",
    );
    assert_eq!(errs[0].bad_value(), BadValue::String("x".into()));
    let owned = String::from("b");
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            enumeration(e, &op, &p, Some(&owned), Some(&owned), VALID, &[])
        })
    });
    // Case matters; so do surrounding spaces.
    for v in ["A", " a", "a ", "", "ab"] {
        assert_eq!(
            k8s_validation::ErrorList::from_fn(|e| enumeration(
                e,
                &op,
                &p,
                Some(v),
                None,
                VALID,
                &[]
            ))
            .len(),
            1
        );
    }
}

/// Upstream `TestEnumTypedef`: a typedef'd value prints as JSON.
#[test]
fn typedef_strings() {
    let p = Path::new("fldpath");
    let op = Operation::create();
    const VALID: &[&str] = &["bar", "foo", "qux"];
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            enumeration(e, &op, &p, Some(&StringType("foo")), None, VALID, &[])
        })
    });
    assert_one(
        &k8s_validation::ErrorList::from_fn(|e| {
            enumeration(e, &op, &p, Some(&StringType("x")), None, VALID, &[])
        }),
        r#"fldpath: Unsupported value: "x": supported values: "bar", "foo", "qux""#,
        "fldpath",
    );
    // JSON escapes HTML characters; a plain string is Go-quoted instead.
    assert_one(
        &k8s_validation::ErrorList::from_fn(|e| {
            enumeration(e, &op, &p, Some(&StringType("<x>")), None, VALID, &[])
        }),
        r#"fldpath: Unsupported value: "\u003cx\u003e": supported values: "bar", "foo", "qux""#,
        "fldpath",
    );
    assert_one(
        &k8s_validation::ErrorList::from_fn(|e| {
            enumeration(e, &op, &p, Some("<x>"), None, VALID, &[])
        }),
        r#"fldpath: Unsupported value: "<x>": supported values: "bar", "foo", "qux""#,
        "fldpath",
    );
}

const ABCD: &[&str] = &["A", "B", "C", "D"];
const ABCD_EXCLUSIONS: &[EnumExclusion] = &[
    EnumExclusion {
        value: "A",
        option: "FeatureA",
        exclude_when: true,
    },
    EnumExclusion {
        value: "B",
        option: "FeatureB",
        exclude_when: false,
    },
    EnumExclusion {
        value: "D",
        option: "FeatureA",
        exclude_when: true,
    },
    EnumExclusion {
        value: "D",
        option: "FeatureB",
        exclude_when: false,
    },
];

/// Upstream `TestEnumExclude`.
#[test]
fn exclusions_follow_options() {
    let p = Path::new("fld");
    let cases: &[(&str, &[&str], &str)] = &[
        ("A", &[], ""),
        (
            "B",
            &[],
            r#"fld: Unsupported value: "B": supported values: "A", "C""#,
        ),
        (
            "D",
            &[],
            r#"fld: Unsupported value: "D": supported values: "A", "C""#,
        ),
        (
            "A",
            &["FeatureA"],
            r#"fld: Unsupported value: "A": supported values: "C""#,
        ),
        (
            "B",
            &["FeatureA"],
            r#"fld: Unsupported value: "B": supported values: "C""#,
        ),
        ("A", &["FeatureB"], ""),
        ("B", &["FeatureB"], ""),
        (
            "A",
            &["FeatureA", "FeatureB"],
            r#"fld: Unsupported value: "A": supported values: "B", "C""#,
        ),
        ("B", &["FeatureA", "FeatureB"], ""),
        (
            "D",
            &["FeatureA", "FeatureB"],
            r#"fld: Unsupported value: "D": supported values: "B", "C""#,
        ),
        // Unknown options are disabled (1.35), never an error.
        ("A", &["Unrelated"], ""),
        (
            "X",
            &["Unrelated"],
            r#"fld: Unsupported value: "X": supported values: "A", "C""#,
        ),
    ];
    for &(value, opts, want) in cases {
        let mut op = Operation::create();
        for o in opts {
            op = op.with_option(*o);
        }
        let v = StringType(value);
        if want.is_empty() {
            assert_ok(|| {
                k8s_validation::ErrorList::from_fn(|e| {
                    enumeration(e, &op, &p, Some(&v), None, ABCD, ABCD_EXCLUSIONS)
                })
            });
        } else {
            assert_one(
                &k8s_validation::ErrorList::from_fn(|e| {
                    enumeration(e, &op, &p, Some(&v), None, ABCD, ABCD_EXCLUSIONS)
                }),
                want,
                "fld",
            );
        }
    }
}

/// validation-gen `output_tests/tags/enum` @v0.35.0: enums with no, one and
/// two values, zero values included.
#[test]
fn generated_enums() {
    let op = Operation::create();
    let root = Path::root();
    let f0 = root.child("enum0Field");
    // No values: everything fails, with no detail.
    for v in ["", "x"] {
        let errs = k8s_validation::ErrorList::from_fn(|e| {
            enumeration(e, &op, &f0, Some(v), None, &[], &[])
        });
        assert_one(
            &errs,
            &format!("enum0Field: Unsupported value: {v:?}"),
            "enum0Field",
        );
        assert_eq!(errs[0].detail(), "");
    }
    let f1 = root.child("enum1Field");
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            enumeration(e, &op, &f1, Some("e1v1"), None, &["e1v1"], &[])
        })
    });
    assert_one(
        &k8s_validation::ErrorList::from_fn(|e| {
            enumeration(e, &op, &f1, Some(""), None, &["e1v1"], &[])
        }),
        r#"enum1Field: Unsupported value: "": supported values: "e1v1""#,
        "enum1Field",
    );
    let f2 = root.child("enum2Field");
    assert_one(
        &k8s_validation::ErrorList::from_fn(|e| {
            enumeration(e, &op, &f2, Some("x"), None, &["e2v1", "e2v2"], &[])
        }),
        r#"enum2Field: Unsupported value: "x": supported values: "e2v1", "e2v2""#,
        "enum2Field",
    );
    // An unconditional `+k8s:enumExclude` value is left out of the values
    // upstream generates (`sets.New(EnumWithExclude1)`).
    let vals = ["enumWithExclude1"];
    let f3 = root.child("enumWithExcludeField");
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            enumeration(e, &op, &f3, Some("enumWithExclude1"), None, &vals, &[])
        })
    });
    assert_one(
        &k8s_validation::ErrorList::from_fn(|e| {
            enumeration(e, &op, &f3, Some("enumWithExclude2"), None, &vals, &[])
        }),
        r#"enumWithExcludeField: Unsupported value: "enumWithExclude2": supported values: "enumWithExclude1""#,
        "enumWithExcludeField",
    );
}

/// validation-gen `output_tests/tags/enum/options` @v0.35.0 (ConditionalEnum).
#[test]
fn generated_conditional_enum() {
    const VALUES: &[&str] = &["A", "B", "C", "D", "E", "F"];
    const fn ex(value: &'static str, option: &'static str, exclude_when: bool) -> EnumExclusion {
        EnumExclusion {
            value,
            option,
            exclude_when,
        }
    }
    const EXCLUSIONS: &[EnumExclusion] = &[
        ex("A", "FeatureA", true),
        ex("B", "FeatureB", false),
        ex("D", "FeatureA", true),
        ex("D", "FeatureB", true),
        ex("E", "FeatureC", false),
        ex("E", "FeatureD", false),
        ex("F", "FeatureC", false),
        ex("F", "FeatureD", true),
    ];
    let root = Path::root();
    let p = root.child("conditionalEnumField");
    let scenarios: &[(&[&str], &[&str])] = &[
        (&[], &["A", "C", "D"]),
        (&["FeatureA"], &["C"]),
        (&["FeatureB"], &["A", "B", "C"]),
        (&["FeatureA", "FeatureB"], &["B", "C"]),
        (&["FeatureC", "FeatureD"], &["A", "C", "D", "E"]),
        (&["FeatureB", "FeatureC"], &["A", "B", "C", "F"]),
    ];
    for &(opts, valid) in scenarios {
        let mut op = Operation::create();
        for o in opts {
            op = op.with_option(*o);
        }
        let supported = valid
            .iter()
            .map(|v| format!("{v:?}"))
            .collect::<Vec<_>>()
            .join(", ");
        for value in ["", "A", "B", "C", "D", "E", "F", "G"] {
            let errs = k8s_validation::ErrorList::from_fn(|e| {
                enumeration(e, &op, &p, Some(value), None, VALUES, EXCLUSIONS)
            });
            if valid.contains(&value) {
                assert!(errs.is_empty(), "{opts:?} {value}: {errs:?}");
            } else {
                assert_one(
                    &errs,
                    &format!(
                        "conditionalEnumField: Unsupported value: {value:?}: supported values: {supported}"
                    ),
                    "conditionalEnumField",
                );
            }
        }
    }
}

/// Everything excluded: no detail, as with an empty enum.
#[test]
fn all_excluded() {
    let op = Operation::create();
    let p = Path::new("f");
    let excl = [
        EnumExclusion {
            value: "a",
            option: "X",
            exclude_when: false,
        },
        EnumExclusion {
            value: "b",
            option: "X",
            exclude_when: false,
        },
    ];
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        enumeration(e, &op, &p, Some("a"), None, &["a", "b"], &excl)
    });
    assert_one(&errs, r#"f: Unsupported value: "a""#, "f");
    assert_eq!(errs[0].detail(), "");
}

/// The supported values come out bytewise-sorted (Go's `slices.Sort`), and
/// non-ASCII values are quoted as Go's `strconv.Quote` does.
#[test]
fn bytewise_order_and_quoting() {
    let op = Operation::create();
    let p = Path::new("f");
    let mut values = ["é", "a", "B", "Z", "_", "\u{1}", "😀"];
    values.sort_unstable();
    assert_eq!(values, ["\u{1}", "B", "Z", "_", "a", "é", "😀"]);
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            enumeration(e, &op, &p, Some("😀"), None, &values, &[])
        })
    });
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            enumeration(e, &op, &p, Some("\u{1}"), None, &values, &[])
        })
    });
    assert_one(
        &k8s_validation::ErrorList::from_fn(|e| {
            enumeration(e, &op, &p, Some("e"), None, &values, &[])
        }),
        r#"f: Unsupported value: "e": supported values: "\x01", "B", "Z", "_", "a", "é", "😀""#,
        "f",
    );
    // A large enum still finds every member.
    let big: Vec<String> = (0..1000).map(|i| format!("v{i:04}")).collect();
    let big: Vec<&str> = big.iter().map(String::as_str).collect();
    for v in &big {
        assert_ok(|| {
            k8s_validation::ErrorList::from_fn(|e| {
                enumeration(e, &op, &p, Some(*v), None, &big, &[])
            })
        });
    }
    assert_eq!(
        k8s_validation::ErrorList::from_fn(|e| enumeration(
            e,
            &op,
            &p,
            Some("v1000"),
            None,
            &big,
            &[]
        ))
        .len(),
        1
    );
}

/// Debug builds check that `values` is sorted.
#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "sorted")]
fn unsorted_values_are_caught_in_debug() {
    let _ = k8s_validation::ErrorList::from_fn(|e| {
        enumeration(
            e,
            &Operation::create(),
            &Path::new("f"),
            Some("a"),
            None,
            &["b", "a"],
            &[],
        )
    });
}
