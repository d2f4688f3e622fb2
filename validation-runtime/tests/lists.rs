//! Uniqueness for `+k8s:listType=set|map` and `+k8s:unique=set|map`.
//!
//! Cases are ported from upstream `k8s.io/apimachinery` v0.35.0
//! `pkg/api/validate/each_test.go` (`TestUniqueComparableValues`,
//! `TestUniqueNonComparableValues`) and from `k8s.io/code-generator` v0.35.0
//! `cmd/validation-gen/output_tests/tags/{listset,listmap/*,unique}`.

use k8s_validation::field::{write_json_string, Path, ToBadValue};
use k8s_validation::validate::{self, SMALL_LIST};
use k8s_validation::{ErrorList, ErrorType, Operation};
use proptest::prelude::*;

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// Every error is a `Duplicate` with no origin; returns the texts.
fn texts(errs: &ErrorList) -> Vec<String> {
    for e in errs {
        assert_eq!(e.kind(), ErrorType::Duplicate, "{e}");
        assert_eq!(e.origin(), None, "{e}");
        assert_eq!(e.detail(), "", "{e}");
    }
    errs.iter().map(ToString::to_string).collect()
}

fn fields(errs: &ErrorList) -> Vec<&str> {
    errs.iter().map(|e| e.field()).collect()
}

/// Upstream's algorithm, for comparison: every pair i < j, record j once,
/// sorted.
fn upstream_unique<T>(items: &[T], matches: impl Fn(&T, &T) -> bool) -> Vec<usize> {
    let mut dups = Vec::new();
    for i in 0..items.len() {
        for j in i + 1..items.len() {
            if matches(&items[i], &items[j]) && !dups.contains(&j) {
                dups.push(j);
            }
        }
    }
    dups.sort();
    dups
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct IsComparable {
    i: i64,
    s: String,
}

impl ToBadValue for IsComparable {
    fn write_json(&self, out: &mut String) {
        out.push_str(&format!("{{\"I\":{},\"S\":", self.i));
        write_json_string(&self.s, out);
        out.push('}');
    }
}

fn comparable(i: i64, s: &str) -> IsComparable {
    IsComparable { i, s: s.into() }
}

// each_test.go: TestUniqueComparableValues (int, string and struct cases).
#[test]
fn unique_comparable_values() {
    let op = Operation::create();
    let p = Path::new("test");

    assert!(
        k8s_validation::ErrorList::from_fn(|e| validate::unique_set::<i64>(e, &op, &p, None, None))
            .is_empty()
    );
    assert!(
        k8s_validation::ErrorList::from_fn(|e| validate::unique_set::<i64>(
            e,
            &op,
            &p,
            Some(&[]),
            None
        ))
        .is_empty()
    );
    assert!(k8s_validation::ErrorList::from_fn(|e| validate::unique_set(
        e,
        &op,
        &p,
        Some(&[1i64, 2, 3]),
        None
    ))
    .is_empty());
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        validate::unique_set(e, &op, &p, Some(&[1i64, 2, 3, 2, 1]), None)
    });
    assert_eq!(
        texts(&errs),
        ["test[3]: Duplicate value: 2", "test[4]: Duplicate value: 1"]
    );

    assert!(
        k8s_validation::ErrorList::from_fn(|e| validate::unique_set::<String>(
            e, &op, &p, None, None
        ))
        .is_empty()
    );
    assert!(k8s_validation::ErrorList::from_fn(|e| validate::unique_set(
        e,
        &op,
        &p,
        Some(&strings(&["a", "b", "c"])),
        None
    ))
    .is_empty());
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        validate::unique_set(e, &op, &p, Some(&strings(&["a", "a", "c", "b", "a"])), None)
    });
    assert_eq!(
        texts(&errs),
        [
            r#"test[1]: Duplicate value: "a""#,
            r#"test[4]: Duplicate value: "a""#
        ]
    );

    let uniq = [comparable(1, "a"), comparable(2, "b"), comparable(3, "c")];
    assert!(k8s_validation::ErrorList::from_fn(|e| validate::unique_set(
        e,
        &op,
        &p,
        Some(&uniq),
        None
    ))
    .is_empty());
    let dup = [
        comparable(1, "a"),
        comparable(2, "b"),
        comparable(3, "c"),
        comparable(2, "b"),
        comparable(1, "a"),
    ];
    let expected = [
        r#"test[3]: Duplicate value: {"I":2,"S":"b"}"#,
        r#"test[4]: Duplicate value: {"I":1,"S":"a"}"#,
    ];
    assert_eq!(
        texts(&k8s_validation::ErrorList::from_fn(|e| {
            validate::unique_set(e, &op, &p, Some(&dup), None)
        })),
        expected
    );
    // The same with the `PartialEq`-only variant (upstream's
    // `SemanticDeepEqual` runs of the same test).
    assert_eq!(
        texts(&k8s_validation::ErrorList::from_fn(|e| {
            validate::unique_set_by_eq(e, &op, &p, Some(&dup), None)
        })),
        expected
    );
}

#[derive(Clone, Debug, PartialEq)]
struct NonComparable {
    i: i64,
    s: Vec<String>,
}

impl ToBadValue for NonComparable {
    fn write_json(&self, out: &mut String) {
        out.push_str(&format!("{{\"I\":{},\"S\":", self.i));
        self.s.write_json(out);
        out.push('}');
    }
}

// each_test.go: TestUniqueNonComparableValues.
#[test]
fn unique_non_comparable_values() {
    let op = Operation::create();
    let p = Path::new("test");
    let nc = |i, s: &str| NonComparable {
        i,
        s: vec![s.to_string()],
    };
    assert!(
        k8s_validation::ErrorList::from_fn(|e| validate::unique_set_by_eq::<NonComparable>(
            e, &op, &p, None, None
        ))
        .is_empty()
    );
    assert!(
        k8s_validation::ErrorList::from_fn(|e| validate::unique_set_by_eq::<NonComparable>(
            e,
            &op,
            &p,
            Some(&[]),
            None
        ))
        .is_empty()
    );
    let uniq = [nc(1, "a"), nc(2, "b"), nc(3, "c")];
    assert!(
        k8s_validation::ErrorList::from_fn(|e| validate::unique_set_by_eq(
            e,
            &op,
            &p,
            Some(&uniq),
            None
        ))
        .is_empty()
    );
    let dup = [nc(1, "a"), nc(2, "b"), nc(3, "c"), nc(2, "b"), nc(1, "a")];
    assert_eq!(
        texts(&k8s_validation::ErrorList::from_fn(|e| {
            validate::unique_set_by_eq(e, &op, &p, Some(&dup), None)
        })),
        [
            r#"test[3]: Duplicate value: {"I":2,"S":["b"]}"#,
            r#"test[4]: Duplicate value: {"I":1,"S":["a"]}"#,
        ]
    );
}

#[test]
fn floats_compare_like_go() {
    let op = Operation::create();
    let p = Path::new("f");
    // NaN != NaN: never a duplicate. 0 == -0: a duplicate.
    let l = [f64::NAN, f64::NAN, 0.0, -0.0, 1.5, 1.5];
    assert_eq!(
        texts(&k8s_validation::ErrorList::from_fn(|e| {
            validate::unique_set_by_eq(e, &op, &p, Some(&l), None)
        })),
        ["f[3]: Duplicate value: -0", "f[5]: Duplicate value: 1.5"]
    );
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct ComparableStruct {
    string_field: String,
}

impl ToBadValue for ComparableStruct {
    fn write_json(&self, out: &mut String) {
        out.push_str("{\"stringField\":");
        write_json_string(&self.string_field, out);
        out.push('}');
    }
}

#[derive(Clone, Debug, PartialEq)]
struct NonComparableStruct {
    slice_field: Vec<String>,
}

impl ToBadValue for NonComparableStruct {
    fn write_json(&self, out: &mut String) {
        out.push_str("{\"sliceField\":");
        self.slice_field.write_json(out);
        out.push('}');
    }
}

/// Go's `*string` field compared by value (upstream's "falsely comparable"
/// struct, compared with `SemanticDeepEqual`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct FalselyComparableStruct {
    string_ptr_field: Option<String>,
}

impl ToBadValue for FalselyComparableStruct {
    fn write_json(&self, out: &mut String) {
        out.push_str("{\"stringPtrField\":");
        self.string_ptr_field.write_json(out);
        out.push('}');
    }
}

// output_tests/tags/listset: Test.
#[test]
fn listset_output_test() {
    let op = Operation::create();
    let root = Path::root();
    let check = |name: &str, errs: ErrorList, expected: &[&str]| {
        assert_eq!(texts(&errs), expected, "{name}");
    };

    // Valid: distinct values (order matters within a value, not across).
    let ncs = [
        NonComparableStruct {
            slice_field: strings(&["aaa", "bbb"]),
        },
        NonComparableStruct {
            slice_field: strings(&["bbb", "aaa"]),
        },
    ];
    let p = root.child("sliceNonComparableField");
    assert!(
        k8s_validation::ErrorList::from_fn(|e| validate::unique_set_by_eq(
            e,
            &op,
            &p,
            Some(&ncs),
            None
        ))
        .is_empty()
    );

    let s = strings(&["aaa", "bbb", "ccc", "ccc", "bbb", "aaa"]);
    let p = root.child("sliceStringField");
    check(
        "sliceStringField",
        k8s_validation::ErrorList::from_fn(|e| validate::unique_set(e, &op, &p, Some(&s), None)),
        &[
            r#"sliceStringField[3]: Duplicate value: "ccc""#,
            r#"sliceStringField[4]: Duplicate value: "bbb""#,
            r#"sliceStringField[5]: Duplicate value: "aaa""#,
        ],
    );

    let ints = [1i64, 2, 3, 3, 2, 1];
    let p = root.child("sliceIntField");
    check(
        "sliceIntField",
        k8s_validation::ErrorList::from_fn(|e| validate::unique_set(e, &op, &p, Some(&ints), None)),
        &[
            "sliceIntField[3]: Duplicate value: 3",
            "sliceIntField[4]: Duplicate value: 2",
            "sliceIntField[5]: Duplicate value: 1",
        ],
    );

    let cs: Vec<ComparableStruct> = ["aaa", "bbb", "ccc", "ccc", "bbb", "aaa"]
        .iter()
        .map(|s| ComparableStruct {
            string_field: s.to_string(),
        })
        .collect();
    let p = root.child("sliceComparableField");
    check(
        "sliceComparableField",
        k8s_validation::ErrorList::from_fn(|e| validate::unique_set(e, &op, &p, Some(&cs), None)),
        &[
            r#"sliceComparableField[3]: Duplicate value: {"stringField":"ccc"}"#,
            r#"sliceComparableField[4]: Duplicate value: {"stringField":"bbb"}"#,
            r#"sliceComparableField[5]: Duplicate value: {"stringField":"aaa"}"#,
        ],
    );

    let ncs: Vec<NonComparableStruct> = [
        ["aaa", "111"],
        ["bbb", "222"],
        ["ccc", "333"],
        ["ccc", "333"],
        ["bbb", "222"],
        ["aaa", "111"],
    ]
    .iter()
    .map(|s| NonComparableStruct {
        slice_field: strings(s),
    })
    .collect();
    let p = root.child("sliceNonComparableField");
    check(
        "sliceNonComparableField",
        k8s_validation::ErrorList::from_fn(|e| {
            validate::unique_set_by_eq(e, &op, &p, Some(&ncs), None)
        }),
        &[
            r#"sliceNonComparableField[3]: Duplicate value: {"sliceField":["ccc","333"]}"#,
            r#"sliceNonComparableField[4]: Duplicate value: {"sliceField":["bbb","222"]}"#,
            r#"sliceNonComparableField[5]: Duplicate value: {"sliceField":["aaa","111"]}"#,
        ],
    );

    let fcs = [
        FalselyComparableStruct {
            string_ptr_field: Some("same value".into()),
        },
        FalselyComparableStruct {
            string_ptr_field: Some("same value".into()),
        },
    ];
    let p = root.child("sliceFalselyComparableField");
    check(
        "sliceFalselyComparableField",
        k8s_validation::ErrorList::from_fn(|e| validate::unique_set(e, &op, &p, Some(&fcs), None)),
        &[r#"sliceFalselyComparableField[1]: Duplicate value: {"stringPtrField":"same value"}"#],
    );
}

#[derive(Clone, Debug, PartialEq)]
struct OtherStruct {
    key_field: String,
    data_field: String,
}

impl ToBadValue for OtherStruct {
    fn write_json(&self, out: &mut String) {
        out.push_str("{\"keyField\":");
        write_json_string(&self.key_field, out);
        out.push_str(",\"dataField\":");
        write_json_string(&self.data_field, out);
        out.push('}');
    }
}

fn other(k: &str, d: &str) -> OtherStruct {
    OtherStruct {
        key_field: k.into(),
        data_field: d.into(),
    }
}

#[derive(Clone, Debug, PartialEq)]
struct PtrKeyStruct {
    key_field: Option<String>,
    data_field: String,
}

impl ToBadValue for PtrKeyStruct {
    fn write_json(&self, out: &mut String) {
        out.push_str("{\"keyField\":");
        self.key_field.write_json(out);
        out.push_str(",\"dataField\":");
        write_json_string(&self.data_field, out);
        out.push('}');
    }
}

// output_tests/tags/listmap/single_key: TestUniqueness, TestUniquenessPtrKey.
#[test]
fn listmap_single_key_output_test() {
    let op = Operation::create();
    let p = Path::new("listField");
    let l = [
        other("key1", "one"),
        other("key2", "two"),
        other("key2", "two"),
    ];
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        validate::unique_map(e, &op, &p, Some(&l), None, |o| o.key_field.as_str())
    });
    assert_eq!(
        texts(&errs),
        [r#"listField[2]: Duplicate value: {"keyField":"key2","dataField":"two"}"#]
    );

    let p = Path::new("listPtrKeyField");
    let ptr = |k: Option<&str>, d: &str| PtrKeyStruct {
        key_field: k.map(Into::into),
        data_field: d.into(),
    };
    let l = [
        ptr(Some("key1"), "one"),
        ptr(Some("key2"), "two"),
        ptr(Some("key2"), "three"),
        ptr(None, "four"),
        ptr(None, "five"),
    ];
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        validate::unique_map(e, &op, &p, Some(&l), None, |o| o.key_field.as_deref())
    });
    assert_eq!(
        texts(&errs),
        [
            r#"listPtrKeyField[2]: Duplicate value: {"keyField":"key2","dataField":"three"}"#,
            r#"listPtrKeyField[4]: Duplicate value: {"keyField":null,"dataField":"five"}"#,
        ]
    );
}

#[derive(Clone, Debug, PartialEq)]
struct MultiKey {
    key1: Option<String>,
    key2: i64,
    data: String,
}

impl ToBadValue for MultiKey {
    fn write_json(&self, out: &mut String) {
        out.push_str("{\"key1Field\":");
        self.key1.write_json(out);
        out.push_str(&format!(",\"key2Field\":{},\"dataField\":", self.key2));
        write_json_string(&self.data, out);
        out.push('}');
    }
}

/// The composite key `(key1Field, key2Field)`.
fn key(m: &MultiKey) -> (Option<&str>, i64) {
    (m.key1.as_deref(), m.key2)
}

fn mk(k1: Option<&str>, k2: i64, d: &str) -> MultiKey {
    MultiKey {
        key1: k1.map(Into::into),
        key2: k2,
        data: d.into(),
    }
}

// output_tests/tags/listmap/multiple_keys: TestUniqueness;
// output_tests/tags/unique: TestUnique (multiple, mixed and pointer keys).
#[test]
fn listmap_multiple_keys_output_test() {
    let op = Operation::create();
    let p = Path::new("listField");
    let l = [
        mk(Some("key1"), 1, "one"),
        mk(Some("key2"), 2, "two"),
        mk(Some("key2"), 2, "two"),
    ];
    assert_eq!(
        fields(&k8s_validation::ErrorList::from_fn(|e| {
            validate::unique_map(e, &op, &p, Some(&l), None, key)
        })),
        ["listField[2]"]
    );

    // Keys differing in one part are distinct; data is not part of the key.
    let p = Path::new("sliceMapFieldWithMixedKeys");
    let l = [
        mk(Some("a"), 1, "first"),
        mk(Some("a"), 2, "second"),
        mk(Some("a"), 1, "third"),
    ];
    assert_eq!(
        texts(&k8s_validation::ErrorList::from_fn(|e| {
            validate::unique_map(e, &op, &p, Some(&l), None, key)
        })),
        [
            r#"sliceMapFieldWithMixedKeys[2]: Duplicate value: {"key1Field":"a","key2Field":1,"dataField":"third"}"#
        ]
    );
    assert!(k8s_validation::ErrorList::from_fn(|e| validate::unique_map(
        e,
        &op,
        &p,
        Some(&l[..2]),
        None,
        key
    ))
    .is_empty());
    assert!(k8s_validation::ErrorList::from_fn(|e| validate::unique_map(
        e,
        &op,
        &p,
        Some(&l[..1]),
        None,
        key
    ))
    .is_empty());
    assert!(k8s_validation::ErrorList::from_fn(|e| validate::unique_map(
        e,
        &op,
        &p,
        Some(&[]),
        None,
        key
    ))
    .is_empty());
    assert!(k8s_validation::ErrorList::from_fn(|e| validate::unique_map(
        e, &op, &p, None, None, key
    ))
    .is_empty());
}

// output_tests/tags/unique: TestUnique ("zero values and empty strings",
// atomic + unique=set on structs, atomic + unique=map).
#[test]
fn unique_output_test() {
    let op = Operation::create();
    let p = Path::new("primitiveListUniqueSet");
    let l = strings(&["", "a", ""]);
    assert_eq!(
        texts(&k8s_validation::ErrorList::from_fn(|e| {
            validate::unique_set(e, &op, &p, Some(&l), None)
        })),
        [r#"primitiveListUniqueSet[2]: Duplicate value: """#]
    );

    let p = Path::new("atomicListUniqueMap");
    let l = [other("", "one"), other("a", "two"), other("", "three")];
    assert_eq!(
        fields(&k8s_validation::ErrorList::from_fn(|e| {
            validate::unique_map(e, &op, &p, Some(&l), None, |o| &o.key_field)
        })),
        ["atomicListUniqueMap[2]"]
    );

    // unique=set compares whole items; unique=map only keys.
    let l = [
        other("key1", "one"),
        other("key2", "two"),
        other("key1", "three"),
    ];
    let p = Path::new("atomicListUniqueSet");
    assert!(
        k8s_validation::ErrorList::from_fn(|e| validate::unique_set_by_eq(
            e,
            &op,
            &p,
            Some(&l),
            None
        ))
        .is_empty()
    );
    let p = Path::new("atomicListUniqueMap");
    assert_eq!(
        fields(&k8s_validation::ErrorList::from_fn(|e| {
            validate::unique_map(e, &op, &p, Some(&l), None, |o| &o.key_field)
        })),
        ["atomicListUniqueMap[2]"]
    );

    // The old value plays no part, on update either.
    let up = Operation::update();
    assert_eq!(
        k8s_validation::ErrorList::from_fn(|e| validate::unique_map(
            e,
            &up,
            &p,
            Some(&l),
            Some(&l),
            |o| &o.key_field
        ))
        .len(),
        1
    );
}

#[test]
fn root_path_and_long_lists() {
    let op = Operation::create();
    // Above the pairwise threshold the result is the same.
    let n = SMALL_LIST * 3;
    let l: Vec<String> = (0..n)
        .map(|i| format!("v{}", i % (SMALL_LIST + 5)))
        .collect();
    let root = Path::root();
    let errs =
        k8s_validation::ErrorList::from_fn(|e| validate::unique_set(e, &op, &root, Some(&l), None));
    let expected: Vec<String> = (SMALL_LIST + 5..n)
        .map(|j| format!("[{j}]: Duplicate value: \"v{}\"", j % (SMALL_LIST + 5)))
        .collect();
    assert_eq!(texts(&errs), expected);
    assert_eq!(
        k8s_validation::ErrorList::from_fn(|e| validate::unique_map(
            e,
            &op,
            &root,
            Some(&l),
            None,
            |s| s.len()
        ))
        .len(),
        n - 2 // the keys are the lengths 2 ("v0") and 3 ("v10")
    );
}

proptest! {
    #[test]
    fn same_result_as_upstream(items in proptest::collection::vec(0u8..20, 0..80)) {
        let op = Operation::create();
        let p = Path::new("l");
        let expected: Vec<String> = upstream_unique(&items, |a, b| a == b)
            .into_iter()
            .map(|j| format!("l[{j}]: Duplicate value: {}", items[j]))
            .collect();
        prop_assert_eq!(texts(&k8s_validation::ErrorList::from_fn(|e| validate::unique_set(e, &op, &p, Some(&items), None))), expected.clone());
        prop_assert_eq!(texts(&k8s_validation::ErrorList::from_fn(|e| validate::unique_set_by_eq(e, &op, &p, Some(&items), None))), expected);

        let by_key: Vec<usize> = upstream_unique(&items, |a, b| a / 3 == b / 3);
        let got = k8s_validation::ErrorList::from_fn(|e| validate::unique_map(e, &op, &p, Some(&items), None, |x| x / 3));
        let got: Vec<String> = got.iter().map(|e| e.field().to_owned()).collect();
        let want: Vec<String> = by_key.into_iter().map(|j| format!("l[{j}]")).collect();
        prop_assert_eq!(got, want);
    }
}

// These test types' `PartialEq` has upstream's semantic meaning.
k8s_validation::impl_semantic_eq_via_partial_eq!(
    IsComparable,
    NonComparable,
    ComparableStruct,
    NonComparableStruct,
    FalselyComparableStruct,
    OtherStruct,
    PtrKeyStruct,
    MultiKey
);
