//! `+k8s:eachVal` / `+k8s:eachKey` iteration, correlation and ratcheting.
//!
//! Cases are ported from upstream `k8s.io/apimachinery` v0.35.0
//! `pkg/api/validate/each_test.go` (`TestEachSliceVal`,
//! `TestEachSliceValRatcheting`, `TestEachMapVal`, `TestEachMapValRatcheting`,
//! `TestEachMapKey`, `TestEachMapKeyRatcheting`) and from `k8s.io/code-generator`
//! v0.35.0 `cmd/validation-gen/output_tests` (`tags/listset`
//! `TestSetCorrelation`, `tags/listmap/*` `TestUpdateCorrelation` and
//! `TestRatcheting`, `tags/eachval/slice_of_primitive`, `tags/eachkey`,
//! `ratcheting/list`, `ratcheting/maps/*`).

use std::collections::{BTreeMap, HashMap};

use k8s_validation::field::{BadValue, Path};
use k8s_validation::validate::{self, SMALL_LIST};
use k8s_validation::{Error, ErrorList, ErrorType, Operation};

/// `+k8s:immutable` as upstream 1.35 has it: any update call fails (the
/// ratcheting makes sure it is only called for changed values).
fn immutable(op: &Operation, p: &Path<'_>) -> ErrorList {
    if op.is_update() {
        Error::invalid(p, BadValue::Null, "field is immutable")
            .with_origin("immutable")
            .into()
    } else {
        ErrorList::new()
    }
}

/// `+k8s:validateFalse="msg"`, without the bad value.
fn fail(p: &Path<'_>, msg: &'static str) -> ErrorList {
    Error::invalid(p, BadValue::Null, msg)
        .with_origin("validateFalse")
        .into()
}

fn texts(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn fields(errs: &ErrorList) -> Vec<&str> {
    errs.iter().map(|e| e.field()).collect()
}

fn s(v: &str) -> String {
    v.to_string()
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct TestStruct {
    i: i64,
    d: String,
}

fn ts(i: i64, d: &str) -> TestStruct {
    TestStruct { i, d: d.into() }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct TestStructWithKey {
    key: String,
    i: i64,
    d: String,
}

fn tk(key: &str, i: i64, d: &str) -> TestStructWithKey {
    TestStructWithKey {
        key: key.into(),
        i,
        d: d.into(),
    }
}

#[derive(Clone, Debug, PartialEq)]
struct NonComparableStructWithKey {
    key: String,
    i: i64,
    s: Vec<String>,
}

// each_test.go: TestEachSliceVal (testEachSliceVal: no correlation, every
// element validated with a nil old value).
#[test]
fn each_slice_val_validates_every_element_without_old() {
    fn check<T: Clone>(input: Option<&[T]>) {
        let op = Operation::create();
        let p = Path::new("test");
        let mut calls = 0;
        let errs = k8s_validation::ErrorList::from_fn(|e| {
            validate::each_slice_val(
                e,
                &op,
                &p,
                input,
                input,
                acc3(|_, _, old| {
                    assert!(old.is_none());
                    calls += 1;
                    ErrorList::new()
                }),
            )
        });
        assert!(errs.is_empty());
        assert_eq!(calls, input.map_or(0, <[T]>::len));
        // An update validates everything again, also against an equal old list.
        let mut calls = 0;
        let up = Operation::update();
        let _ = k8s_validation::ErrorList::from_fn(|e| {
            validate::each_slice_val(
                e,
                &up,
                &p,
                input,
                input,
                acc3(|_, _, old| {
                    assert!(old.is_none());
                    calls += 1;
                    ErrorList::new()
                }),
            )
        });
        assert_eq!(calls, input.map_or(0, <[T]>::len));
    }
    check(Some(&[11i64, 12, 13][..]));
    check(Some(&[s("a"), s("b"), s("c")][..]));
    check(Some(&[ts(11, "a"), ts(12, "b"), ts(13, "c")][..]));
    check::<i64>(Some(&[]));
    check::<String>(Some(&[]));
    check::<TestStruct>(None);
}

// each_test.go: TestEachSliceVal (testEachSliceValUpdate: a reversed old
// list; with a full-value match every element finds its equal old element).
// Upstream runs this with the zero Operation (a create), so nothing is
// skipped.
#[test]
fn each_slice_val_set_correlates_reversed_old_list() {
    fn check<T: Clone + k8s_validation::SemanticEq + std::fmt::Debug + std::hash::Hash + Eq>(
        input: &[T],
    ) {
        let op = Operation::create();
        let p = Path::new("test");
        let mut old = input.to_vec();
        old.reverse();
        let mut calls = 0;
        let _ = k8s_validation::ErrorList::from_fn(|e| {
            validate::each_slice_val_set(
                e,
                &op,
                &p,
                Some(input),
                Some(&old),
                acc3(|_, new, old| {
                    assert_eq!(Some(new), old);
                    calls += 1;
                    ErrorList::new()
                }),
            )
        });
        assert_eq!(calls, input.len());
        // The identity key gives the same correlation.
        let mut calls = 0;
        let _ = k8s_validation::ErrorList::from_fn(|e| {
            validate::each_slice_val_map(
                e,
                &op,
                &p,
                Some(input),
                Some(&old),
                |x| x,
                acc3(|_, new, old| {
                    assert_eq!(Some(new), old);
                    calls += 1;
                    ErrorList::new()
                }),
            )
        });
        assert_eq!(calls, input.len());
    }
    check(&[11i64, 12, 13]);
    check(&[s("a"), s("b"), s("c")]);
    check(&[ts(11, "a"), ts(12, "b"), ts(13, "c")]);
    check::<i64>(&[]);
}

// each_test.go: TestEachSliceValRatcheting. Every case is an update in
// which every new element has an unchanged old one: no calls.
#[test]
fn each_slice_val_ratcheting() {
    let op = Operation::update();
    let p = Path::new("test");
    let no_calls = |p: &Path<'_>, _: &_, _: Option<&_>| fail(p, "expected no calls");

    // "ComparableStruct same data different order" (set).
    let old = [ts(11, "a"), ts(12, "b"), ts(13, "c")];
    let new = [ts(11, "a"), ts(13, "c"), ts(12, "b")];
    assert!(
        k8s_validation::ErrorList::from_fn(|e| validate::each_slice_val_set(
            e,
            &op,
            &p,
            Some(&new),
            Some(&old),
            acc3(no_calls)
        ))
        .is_empty()
    );
    // "ComparableStruct less data in new, exist in old" (set).
    let new = [ts(11, "a"), ts(13, "c")];
    assert!(
        k8s_validation::ErrorList::from_fn(|e| validate::each_slice_val_set(
            e,
            &op,
            &p,
            Some(&new),
            Some(&old),
            acc3(no_calls)
        ))
        .is_empty()
    );

    // "Comparable struct with key same data different order" (map).
    let old = [tk("a", 11, "a"), tk("b", 12, "b"), tk("c", 13, "c")];
    let new = [tk("a", 11, "a"), tk("c", 13, "c"), tk("b", 12, "b")];
    let no_calls = |p: &Path<'_>, _: &_, _: Option<&_>| fail(p, "expected no calls");
    assert!(
        k8s_validation::ErrorList::from_fn(|e| validate::each_slice_val_map(
            e,
            &op,
            &p,
            Some(&new),
            Some(&old),
            |x| &x.key,
            acc3(no_calls)
        ))
        .is_empty()
    );
    // "Comparable struct with key less data in new, exist in old" (map).
    let new = [tk("a", 11, "a"), tk("c", 13, "c")];
    assert!(
        k8s_validation::ErrorList::from_fn(|e| validate::each_slice_val_map(
            e,
            &op,
            &p,
            Some(&new),
            Some(&old),
            |x| &x.key,
            acc3(no_calls)
        ))
        .is_empty()
    );

    // "NonComparableStruct same data different order" (set by ==).
    let old = [vec![s("a")], vec![s("b")], vec![s("c")]];
    let new = [vec![s("a")], vec![s("c")], vec![s("b")]];
    let no_calls = |p: &Path<'_>, _: &_, _: Option<&_>| fail(p, "expected no calls");
    assert!(
        k8s_validation::ErrorList::from_fn(|e| validate::each_slice_val_set(
            e,
            &op,
            &p,
            Some(&new),
            Some(&old),
            acc3(no_calls)
        ))
        .is_empty()
    );

    // "NonComparableStructWithKey same data different order" (map).
    let nk = |k: &str, i, v: &str| NonComparableStructWithKey {
        key: k.into(),
        i,
        s: vec![v.into()],
    };
    let old = [nk("a", 11, "a"), nk("b", 12, "b"), nk("c", 13, "c")];
    let new = old.clone();
    let no_calls = |p: &Path<'_>, _: &_, _: Option<&_>| fail(p, "expected no calls");
    assert!(
        k8s_validation::ErrorList::from_fn(|e| validate::each_slice_val_map(
            e,
            &op,
            &p,
            Some(&new),
            Some(&old),
            |x| x.key.as_str(),
            acc3(no_calls)
        ))
        .is_empty()
    );
}

/// `+k8s:listType=map` + `+k8s:listMapKey=keyField` + `+k8s:eachVal=+k8s:immutable`.
fn immutable_listmap(
    op: &Operation,
    p: &Path<'_>,
    new: &[(&str, &str)],
    old: &[(&str, &str)],
) -> ErrorList {
    k8s_validation::ErrorList::from_fn(|e| {
        validate::each_slice_val_map(
            e,
            op,
            p,
            Some(new),
            Some(old),
            |x| x.0,
            acc3(|p, _, _| immutable(op, p)),
        )
    })
}

// output_tests/tags/listmap/single_key: TestUpdateCorrelation.
#[test]
fn listmap_update_correlation() {
    let op = Operation::update();
    let p = Path::new("listField");
    let a1 = [("key1", "one"), ("key2", "two")];
    let a2 = [("key2", "two"), ("key1", "one")];
    let b = [("key3", "THREE"), ("key1", "ONE"), ("key2", "TWO")];

    // Same data, different order.
    assert!(immutable_listmap(&op, &p, &a1, &a2).is_empty());
    assert!(immutable_listmap(&op, &p, &a2, &a1).is_empty());

    // Changed data: correlated but not equal elements are validated.
    let errs = immutable_listmap(&op, &p, &a1, &b);
    assert_eq!(
        texts(&errs),
        [
            "listField[0]: Invalid value: null: field is immutable",
            "listField[1]: Invalid value: null: field is immutable"
        ]
    );
    assert!(errs
        .iter()
        .all(|e| e.kind() == ErrorType::Invalid && e.origin() == Some("immutable")));
    // A new element (key3) has no old element; immutable fails on it too.
    assert_eq!(
        fields(&immutable_listmap(&op, &p, &b, &a1)),
        ["listField[0]", "listField[1]", "listField[2]"]
    );
}

// output_tests/tags/listmap/single_key and multiple_keys: TestRatcheting
// (validateFalse on every element; reordering on update is valid).
#[test]
fn listmap_ratcheting() {
    type Item = (&'static str, i64, Vec<String>);
    let struct1: [Item; 2] = [("key1", 1, vec![s("one")]), ("key2", 2, vec![s("two")])];
    let struct2: [Item; 2] = [("key2", 2, vec![s("two")]), ("key1", 1, vec![s("one")])];
    let p = Path::new("listNonComparableField");
    let run = |op: &Operation, new: &[Item], old: Option<&[Item]>| {
        k8s_validation::ErrorList::from_fn(|e| {
            validate::each_slice_val_map(
                e,
                op,
                &p,
                Some(new),
                old,
                |x| (x.0, x.1),
                acc3(|p, _, _| fail(p, "field Struct.ListNonComparableField[*]")),
            )
        })
    };
    assert_eq!(
        texts(&run(&Operation::create(), &struct1, None)),
        [
            "listNonComparableField[0]: Invalid value: null: field Struct.ListNonComparableField[*]",
            "listNonComparableField[1]: Invalid value: null: field Struct.ListNonComparableField[*]",
        ]
    );
    assert!(run(&Operation::update(), &struct1, Some(&struct2)).is_empty());
    assert!(run(&Operation::update(), &struct2, Some(&struct1)).is_empty());
    // One changed element is validated with its old element.
    let mut changed = struct1.clone();
    changed[1].2.push(s("three"));
    let mut seen_old = None;
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        validate::each_slice_val_map(
            e,
            &Operation::update(),
            &p,
            Some(&changed),
            Some(&struct2),
            |x| (x.0, x.1),
            acc3(|p, _, old| {
                seen_old = old.cloned();
                fail(p, "changed")
            }),
        )
    });
    assert_eq!(fields(&errs), ["listNonComparableField[1]"]);
    assert_eq!(seen_old, Some(struct2[0].clone()));
}

// output_tests/tags/listset: TestSetCorrelation (listType=set +
// eachVal=immutable: reordering is not a change), and ratcheting/list
// Test_StructSlice ("Removed elements - errors on atomic").
#[test]
fn set_and_atomic_correlation() {
    let op = Operation::update();
    let p = Path::new("sliceSetPrimitiveField");
    let new = [1i64, 2];
    let old = [2i64, 1];
    assert!(
        k8s_validation::ErrorList::from_fn(|e| validate::each_slice_val_set(
            e,
            &op,
            &p,
            Some(&new),
            Some(&old),
            acc3(|p, _, _| immutable(&op, p))
        ))
        .is_empty()
    );
    // Without listType=set (atomic) the same reorder validates everything.
    let p = Path::new("slicePrimitiveField");
    assert_eq!(
        fields(&k8s_validation::ErrorList::from_fn(|e| {
            validate::each_slice_val(
                e,
                &op,
                &p,
                Some(&new),
                Some(&old),
                acc3(|p, _, _| immutable(&op, p)),
            )
        })),
        ["slicePrimitiveField[0]", "slicePrimitiveField[1]"]
    );

    // Removed elements: only the atomic list reports its remaining element.
    let new = [1i64];
    let old = [2i64, 1];
    let p = Path::new("atomicSliceTypeField");
    assert_eq!(
        texts(&k8s_validation::ErrorList::from_fn(|e| {
            validate::each_slice_val(
                e,
                &op,
                &p,
                Some(&new),
                Some(&old),
                acc3(|p, _, _| fail(p, "field AtomicSliceTypeField[*]")),
            )
        })),
        ["atomicSliceTypeField[0]: Invalid value: null: field AtomicSliceTypeField[*]"]
    );
    let p = Path::new("setSliceComparableField");
    assert!(
        k8s_validation::ErrorList::from_fn(|e| validate::each_slice_val_set(
            e,
            &op,
            &p,
            Some(&new),
            Some(&old),
            acc3(|p, _, _| fail(p, "x"))
        ))
        .is_empty()
    );

    // A new element of a set has no old element.
    let new = [3i64, 1];
    let mut olds = Vec::new();
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        validate::each_slice_val_set(
            e,
            &op,
            &p,
            Some(&new),
            Some(&old),
            acc3(|p, v, o| {
                olds.push((*v, o.copied()));
                fail(p, "new")
            }),
        )
    });
    assert_eq!(fields(&errs), ["setSliceComparableField[0]"]);
    assert_eq!(olds, [(3, None)]);

    // NaN is never equal to its old self, as Go's ==.
    let new = [f64::NAN];
    assert_eq!(
        k8s_validation::ErrorList::from_fn(|e| validate::each_slice_val_set(
            e,
            &op,
            &p,
            Some(&new),
            Some(&new),
            acc3(|p, _, _| fail(p, "nan"))
        ))
        .len(),
        1
    );
}

// output_tests/tags/eachval/slice_of_primitive: Test (atomic list: same data
// in another order still fails; equal data is ratcheted by the field).
#[test]
fn atomic_list_revalidates_reordered_elements() {
    let op = Operation::update();
    let p = Path::new("listField");
    let new = [s("zero"), s("one")];
    let old = [s("one"), s("zero")];
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        validate::each_slice_val(
            e,
            &op,
            &p,
            Some(&new),
            Some(&old),
            acc3(|p, _, _| fail(p, "field Struct.ListField[*]")),
        )
    });
    assert_eq!(fields(&errs), ["listField[0]", "listField[1]"]);
    // The field ratchet stops an unchanged list before each_slice_val.
    assert!(validate::unchanged(&op, &new[..], Some(&new[..])));
    assert!(!validate::unchanged(&op, &new[..], Some(&old[..])));
}

#[test]
fn list_map_correlation_takes_first_old_match_and_scales() {
    // Old lists with duplicate keys: the first element with the key is the
    // old one, below and above the hashing threshold.
    for n in [3usize, SMALL_LIST, SMALL_LIST + 1, 4 * SMALL_LIST] {
        let old: Vec<(usize, usize)> = (0..n).map(|i| (i % (n / 2 + 1), i)).collect();
        let new: Vec<(usize, usize)> = (0..n + 3).map(|i| (i, 1000 + i)).collect();
        let p = Path::new("l");
        let mut got = Vec::new();
        let errs = k8s_validation::ErrorList::from_fn(|e| {
            validate::each_slice_val_map(
                e,
                &Operation::update(),
                &p,
                Some(&new),
                Some(&old),
                |x: &(usize, usize)| x.0,
                acc3(|_, v: &(usize, usize), o| {
                    got.push((v.0, o.map(|o| o.1)));
                    ErrorList::new()
                }),
            )
        });
        assert!(errs.is_empty());
        let want: Vec<(usize, Option<usize>)> = new
            .iter()
            .map(|v| (v.0, old.iter().find(|o| o.0 == v.0).map(|o| o.1)))
            .collect();
        assert_eq!(got, want, "n = {n}");
        // Unchanged elements are skipped above the threshold too.
        let calls = k8s_validation::ErrorList::from_fn(|e| {
            validate::each_slice_val_map(
                e,
                &Operation::update(),
                &p,
                Some(&old),
                Some(&old),
                |x| x.1,
                acc3(|p, _, _| fail(p, "x")),
            )
        });
        assert!(calls.is_empty(), "n = {n}");
    }
}

fn count_map_val<M: validate::MapLike>(op: &Operation, new: Option<&M>, old: Option<&M>) -> usize
where
    M::Value: k8s_validation::SemanticEq,
{
    let mut calls = 0;
    let p = Path::new("test");
    let _ = k8s_validation::ErrorList::from_fn(|e| {
        validate::each_map_val(
            e,
            op,
            &p,
            new,
            old,
            acc3(|_, _, _| {
                calls += 1;
                ErrorList::new()
            }),
        )
    });
    calls
}

fn map<V: Clone>(entries: &[(&str, V)]) -> BTreeMap<String, V> {
    entries
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect()
}

// each_test.go: TestEachMapVal (create: every value, old nil).
#[test]
fn each_map_val_validates_every_value() {
    let op = Operation::create();
    let m = map(&[("one", 11), ("two", 12), ("three", 13)]);
    let p = Path::new("test");
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        validate::each_map_val(
            e,
            &op,
            &p,
            Some(&m),
            None,
            acc3(|p, v, old| {
                assert!(old.is_none());
                fail(p, if *v == 12 { "twelve" } else { "other" })
            }),
        )
    });
    // Key order, path `test[key]`.
    assert_eq!(
        texts(&errs),
        [
            "test[one]: Invalid value: null: other",
            "test[three]: Invalid value: null: other",
            "test[two]: Invalid value: null: twelve"
        ]
    );
    assert_eq!(
        count_map_val(&op, Some(&map(&[("A", s("a")), ("B", s("b"))])), None),
        2
    );
    assert_eq!(
        count_map_val::<BTreeMap<String, i64>>(&op, Some(&BTreeMap::new()), None),
        0
    );
    assert_eq!(count_map_val::<BTreeMap<String, i64>>(&op, None, None), 0);
}

// each_test.go: TestEachMapValRatcheting.
#[test]
fn each_map_val_ratcheting() {
    let op = Operation::update();
    let old = map(&[("one", 11), ("two", 12), ("three", 13)]);
    // "primitive same data"
    assert_eq!(
        count_map_val(
            &op,
            Some(&map(&[("one", 11), ("three", 13), ("two", 12)])),
            Some(&old)
        ),
        0
    );
    // "primitive less data in new, exist in old"
    assert_eq!(
        count_map_val(&op, Some(&map(&[("one", 11), ("three", 13)])), Some(&old)),
        0
    );
    // "primitive new data, not exist in old"
    assert_eq!(
        count_map_val(
            &op,
            Some(&map(&[
                ("one", 11),
                ("three", 13),
                ("two", 12),
                ("four", 14)
            ])),
            Some(&old)
        ),
        1
    );
    // "non comparable value, same data" / "new data, not exist in old"
    let old = map(&[("one", vec![s("a")]), ("two", vec![s("b")])]);
    assert_eq!(count_map_val(&op, Some(&old.clone()), Some(&old)), 0);
    let mut new = old.clone();
    new.insert(s("four"), vec![s("d")]);
    assert_eq!(count_map_val(&op, Some(&new), Some(&old)), 1);
    // "struct with pointer field, same value different pointer"
    let old = map(&[
        ("one", (11, Some(Box::new(1)))),
        ("two", (12, Some(Box::new(2)))),
    ]);
    assert_eq!(count_map_val(&op, Some(&old.clone()), Some(&old)), 0);
    // "nil map to empty map", "nil map to non-empty map", "empty map to nil
    // map", "non-empty map to nil map"
    let empty: BTreeMap<String, i64> = BTreeMap::new();
    assert_eq!(count_map_val(&op, Some(&empty), None), 0);
    assert_eq!(count_map_val(&op, Some(&map(&[("one", 1)])), None), 1);
    assert_eq!(count_map_val(&op, None, Some(&empty)), 0);
    assert_eq!(count_map_val(&op, None, Some(&map(&[("one", 1)]))), 0);
    // A changed value is validated with its old value.
    let old = map(&[("x", 1)]);
    let new = map(&[("x", 2)]);
    let p = Path::new("m");
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        validate::each_map_val(
            e,
            &op,
            &p,
            Some(&new),
            Some(&old),
            acc3(|p, v, o| {
                assert_eq!((v, o), (&2, Some(&1)));
                immutable(&op, p)
            }),
        )
    });
    assert_eq!(
        texts(&errs),
        ["m[x]: Invalid value: null: field is immutable"]
    );
}

// ratcheting/maps/eachval: Test_StructWithMaps.
#[test]
fn each_map_val_output_test() {
    let p = Path::new("mapPrimitiveField");
    let m = map(&[("x", s("y"))]);
    let run = |op: &Operation, old: Option<&BTreeMap<String, String>>| {
        k8s_validation::ErrorList::from_fn(|e| {
            validate::each_map_val(
                e,
                op,
                &p,
                Some(&m),
                old,
                acc3(|p, v: &String, _| Error::invalid(p, v.clone(), "").into()),
            )
        })
    };
    assert_eq!(
        texts(&run(&Operation::create(), None)),
        [r#"mapPrimitiveField[x]: Invalid value: "y""#]
    );
    assert!(run(&Operation::update(), Some(&m)).is_empty());
}

#[test]
fn hash_map_errors_come_out_in_key_order() {
    let op = Operation::create();
    let p = Path::new("labels");
    let keys: Vec<String> = (0..50).map(|i| format!("k{i:02}")).collect();
    let hm: HashMap<String, usize> = keys.iter().cloned().zip(0..).collect();
    let bm: BTreeMap<String, usize> = keys.iter().cloned().zip(0..).collect();
    let odd = |p: &Path<'_>, v: &usize, _: Option<&usize>| {
        if v % 2 == 1 {
            fail(p, "odd")
        } else {
            ErrorList::new()
        }
    };
    let a = k8s_validation::ErrorList::from_fn(|e| {
        validate::each_map_val(e, &op, &p, Some(&hm), None, acc3(odd))
    });
    let b = k8s_validation::ErrorList::from_fn(|e| {
        validate::each_map_val(e, &op, &p, Some(&bm), None, acc3(odd))
    });
    assert_eq!(a.len(), 25);
    assert_eq!(a, b);
    assert_eq!(a[0].field(), "labels[k01]");
    assert_eq!(a[24].field(), "labels[k49]");

    // Several errors from one entry stay together and in their order.
    let two = |p: &Path<'_>, k: &String| -> ErrorList {
        if k.ends_with('7') {
            vec![
                Error::invalid(p, k.clone(), "first"),
                Error::invalid(p, k.clone(), "second"),
            ]
            .into()
        } else {
            ErrorList::new()
        }
    };
    let a = k8s_validation::ErrorList::from_fn(|e| {
        validate::each_map_key(e, &op, &p, Some(&hm), None, acc2(two))
    });
    let b = k8s_validation::ErrorList::from_fn(|e| {
        validate::each_map_key(e, &op, &p, Some(&bm), None, acc2(two))
    });
    assert_eq!(a, b);
    assert_eq!(
        texts(&a)[..3],
        [
            r#"labels: Invalid value: "k07": first"#,
            r#"labels: Invalid value: "k07": second"#,
            r#"labels: Invalid value: "k17": first"#
        ]
    );
}

fn count_map_key(
    op: &Operation,
    new: &BTreeMap<String, i64>,
    old: Option<&BTreeMap<String, i64>>,
) -> usize {
    let mut calls = 0;
    let p = Path::new("test");
    let _ = k8s_validation::ErrorList::from_fn(|e| {
        validate::each_map_key(
            e,
            op,
            &p,
            Some(new),
            old,
            acc2(|_, _| {
                calls += 1;
                ErrorList::new()
            }),
        )
    });
    calls
}

// each_test.go: TestEachMapKey, TestEachMapKeyRatcheting.
#[test]
fn each_map_key_calls_and_ratcheting() {
    let old = map(&[("one", 11), ("two", 12), ("three", 13)]);
    assert_eq!(count_map_key(&Operation::create(), &old, None), 3);
    let up = Operation::update();
    // "same data, 0 validation calls"
    assert_eq!(
        count_map_key(
            &up,
            &map(&[("one", 11), ("three", 13), ("two", 12)]),
            Some(&old)
        ),
        0
    );
    // "less data in new, exist in old, 0 validation calls"
    assert_eq!(
        count_map_key(&up, &map(&[("one", 11), ("three", 13)]), Some(&old)),
        0
    );
    // "new data, not exist in old, 1 validation call"
    assert_eq!(
        count_map_key(
            &up,
            &map(&[("one", 11), ("three", 13), ("two", 12), ("four", 14)]),
            Some(&old)
        ),
        1
    );
    // A changed value under an old key is not a new key.
    assert_eq!(count_map_key(&up, &map(&[("one", 99)]), Some(&old)), 0);
    // On create the old map plays no part.
    assert_eq!(count_map_key(&Operation::create(), &old, Some(&old)), 3);
}

// output_tests/tags/eachkey: Test, ratcheting/maps/eachkey: Test_Struct.
// The key validator gets the map's own path.
#[test]
fn each_map_key_uses_the_map_path() {
    let root = Path::root();
    let p = root.child("mapField");
    let m = map(&[("a", s("A")), ("b", s("B"))]);
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        validate::each_map_key(
            e,
            &Operation::create(),
            &p,
            Some(&m),
            None,
            acc2(|p, _| fail(p, "Struct.MapField(keys)")),
        )
    });
    assert_eq!(
        texts(&errs),
        [
            "mapField: Invalid value: null: Struct.MapField(keys)",
            "mapField: Invalid value: null: Struct.MapField(keys)"
        ]
    );
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        validate::each_map_key(
            e,
            &Operation::update(),
            &p,
            Some(&m),
            Some(&m),
            acc2(|p, _| fail(p, "Struct.MapField(keys)")),
        )
    });
    assert!(errs.is_empty());
    assert!(
        k8s_validation::ErrorList::from_fn(|e| validate::each_map_key::<BTreeMap<String, String>>(
            e,
            &Operation::create(),
            &p,
            None,
            Some(&m),
            acc2(|p, _| fail(p, "x"))
        ))
        .is_empty()
    );
}

// These test types' `PartialEq` has upstream's semantic meaning.
k8s_validation::impl_semantic_eq_via_partial_eq!(
    TestStruct,
    TestStructWithKey,
    NonComparableStructWithKey
);

/// Adapts a validator returning its errors to the accumulator shape the
/// runtime's wrappers take.
#[allow(dead_code)]
fn acc3<T: ?Sized>(
    mut f: impl FnMut(&Path<'_>, &T, Option<&T>) -> ErrorList,
) -> impl FnMut(&mut ErrorList, &Path<'_>, &T, Option<&T>) {
    move |errs, p, v, o| errs.append(f(p, v, o))
}

/// [`acc3`] for map-key validators (no old value).
#[allow(dead_code)]
fn acc2<K: ?Sized>(
    mut f: impl FnMut(&Path<'_>, &K) -> ErrorList,
) -> impl FnMut(&mut ErrorList, &Path<'_>, &K) {
    move |errs, p, k| errs.append(f(p, k))
}

/// [`acc3`] for subfield validators.
#[allow(dead_code)]
fn acc_sub<F: ?Sized>(
    mut f: impl FnMut(&Path<'_>, Option<&F>, Option<&F>) -> ErrorList,
) -> impl FnMut(&mut ErrorList, &Path<'_>, Option<&F>, Option<&F>) {
    move |errs, p, v, o| errs.append(f(p, v, o))
}
