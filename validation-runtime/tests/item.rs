//! `+k8s:item(key: value)` validation of one list-map element.
//!
//! Cases are ported from upstream `k8s.io/apimachinery` v0.35.0
//! `pkg/api/validate/item_test.go` (`TestSliceItem`) and from
//! `k8s.io/code-generator` v0.35.0 `cmd/validation-gen/output_tests`
//! (`tags/item/single_key`, `tags/item/multiple_keys`,
//! `tags/item/immutable_transitions`, `tags/listmap/multiple_keys`
//! `TestItemWithPtrKey`).

use k8s_validation::field::{BadValue, Path};
use k8s_validation::validate;
use k8s_validation::{Error, ErrorList, ErrorType, Operation};

#[derive(Clone, Debug, PartialEq)]
struct MultiKeyItem {
    k1: String,
    k2: String,
    v: i64,
}

fn item(k1: &str, k2: &str, v: i64) -> MultiKeyItem {
    MultiKeyItem {
        k1: k1.into(),
        k2: k2.into(),
        v,
    }
}

fn texts(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

/// Runs one `TestSliceItem` case: an update, as upstream's test does, on
/// the path `field.NewPath("")` (rendered `[]`).
fn run(
    new: Option<&[MultiKeyItem]>,
    old: Option<&[MultiKeyItem]>,
    matches: impl Fn(&MultiKeyItem) -> bool,
    validator: impl FnOnce(&Path<'_>, &MultiKeyItem, Option<&MultiKeyItem>) -> ErrorList,
) -> ErrorList {
    let p = Path::new("");
    k8s_validation::ErrorList::from_fn(|e| {
        validate::slice_item(
            e,
            &Operation::update(),
            &p,
            new,
            old,
            matches,
            |e, p, v, o| e.append(validator(p, v, o)),
        )
    })
}

// item_test.go: TestSliceItem.
#[test]
fn slice_item_upstream_cases() {
    // "no match"
    let errs = run(
        Some(&[item("a", "1", 1)]),
        None,
        |i| i.k1 == "target",
        |p, _, _| Error::invalid(p, BadValue::Null, "err").into(),
    );
    assert!(errs.is_empty());

    // "new item with matching keys"
    let errs = run(
        Some(&[item("a", "1", 1), item("target", "target2", 2)]),
        None,
        |i| i.k1 == "target" && i.k2 == "target2",
        |p, n, o| match o {
            None => Error::invalid(p, n.k1.clone(), "added").into(),
            Some(_) => ErrorList::new(),
        },
    );
    assert_eq!(texts(&errs), [r#"[][1]: Invalid value: "target": added"#]);
    assert_eq!(errs[0].kind(), ErrorType::Invalid);
    assert_eq!(errs[0].origin(), None);

    // "updated item - same keys different values"
    let errs = run(
        Some(&[item("a", "1", 1), item("update", "target2", 20)]),
        Some(&[item("a", "1", 1), item("update", "target2", 2)]),
        |i| i.k1 == "update" && i.k2 == "target2",
        |p, n, o| match o {
            Some(o) if o.v != n.v => Error::invalid(p.child("v"), n.v, "changed").into(),
            _ => ErrorList::new(),
        },
    );
    assert_eq!(texts(&errs), ["[][1].v: Invalid value: 20: changed"]);

    // "first match only - multiple items with same keys"
    let errs = run(
        Some(&[item("dup", "target2", 1), item("dup", "target2", 2)]),
        Some(&[item("dup", "target2", 10)]),
        |i| i.k1 == "dup" && i.k2 == "target2",
        |p, n, o| match o {
            Some(_) => Error::invalid(p, n.v, "value").into(),
            None => ErrorList::new(),
        },
    );
    assert_eq!(texts(&errs), ["[][0]: Invalid value: 1: value"]);

    // "nil new list": a removed item is not validated.
    let errs = run(
        None,
        Some(&[item("exists", "target2", 1)]),
        |i| i.k1 == "exists",
        |p, _, _| Error::invalid(p, BadValue::Null, "deleted").into(),
    );
    assert!(errs.is_empty());

    // "empty lists", "nil lists"
    let always = |p: &Path<'_>, _: &MultiKeyItem, _: Option<&MultiKeyItem>| -> ErrorList {
        Error::invalid(p, BadValue::Null, "err").into()
    };
    assert!(run(Some(&[]), Some(&[]), |_| true, always).is_empty());
    assert!(run(None, None, |_| true, always).is_empty());
}

#[test]
fn unchanged_item_is_ratcheted_on_update_only() {
    let list = [item("a", "1", 1), item("target", "x", 2)];
    let p = Path::new("items");
    let fail = |p: &Path<'_>, _: &MultiKeyItem, _: Option<&MultiKeyItem>| -> ErrorList {
        Error::invalid(p, BadValue::Null, "item Items[key=target]")
            .with_origin("validateFalse")
            .into()
    };
    let matches = |i: &MultiKeyItem| i.k1 == "target";
    // Update, equal old item: skipped.
    assert!(k8s_validation::ErrorList::from_fn(|e| validate::slice_item(
        e,
        &Operation::update(),
        &p,
        Some(&list),
        Some(&list),
        matches,
        acc3(fail)
    ))
    .is_empty());
    // Create with the same old list: validated, with the old item.
    let mut seen_old = None;
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        validate::slice_item(
            e,
            &Operation::create(),
            &p,
            Some(&list),
            Some(&list),
            matches,
            acc3(|p, n, o| {
                seen_old = o.cloned();
                fail(p, n, o)
            }),
        )
    });
    assert_eq!(
        texts(&errs),
        ["items[1]: Invalid value: null: item Items[key=target]"]
    );
    assert_eq!(errs[0].origin(), Some("validateFalse"));
    assert_eq!(seen_old, Some(list[1].clone()));
    // The old item is found wherever it is.
    let reordered = [item("target", "x", 2), item("a", "1", 1)];
    assert!(k8s_validation::ErrorList::from_fn(|e| validate::slice_item(
        e,
        &Operation::update(),
        &p,
        Some(&list),
        Some(&reordered),
        matches,
        acc3(fail)
    ))
    .is_empty());
}

#[derive(Clone, Debug, PartialEq)]
struct PtrKeyItem {
    key: Option<String>,
    data: String,
}

// output_tests/tags/item/single_key (PtrKeyItems) and
// tags/listmap/multiple_keys TestItemWithPtrKey: pointer keys match only
// when set and equal.
#[test]
fn pointer_keys() {
    let p = Path::new("ptrKeyItems");
    let pk = |k: Option<&str>, d: &str| PtrKeyItem {
        key: k.map(Into::into),
        data: d.into(),
    };
    let matches = |i: &PtrKeyItem| i.key.as_deref() == Some("target-ptr");
    let fail = |p: &Path<'_>, _: &PtrKeyItem, _: Option<&PtrKeyItem>| -> ErrorList {
        Error::invalid(p, BadValue::Null, "item PtrKeyItems[key=target-ptr]").into()
    };
    let l = [
        pk(Some("a"), "d1"),
        pk(Some("target-ptr"), "d2"),
        pk(None, "d3"),
    ];
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        validate::slice_item(
            e,
            &Operation::create(),
            &p,
            Some(&l),
            None,
            matches,
            acc3(fail),
        )
    });
    assert_eq!(
        texts(&errs),
        ["ptrKeyItems[1]: Invalid value: null: item PtrKeyItems[key=target-ptr]"]
    );
    let l = [pk(Some("a"), "d1"), pk(Some("b"), "d2"), pk(None, "d3")];
    assert!(k8s_validation::ErrorList::from_fn(|e| validate::slice_item(
        e,
        &Operation::create(),
        &p,
        Some(&l),
        None,
        matches,
        acc3(fail)
    ))
    .is_empty());
}

#[derive(Clone, Debug, PartialEq)]
struct Item {
    key1: String,
    string_field: String,
}

// output_tests/tags/item/immutable_transitions: an item whose old item
// changed, or which has no old item, is validated on update; "c" may change
// when only "a" and "b" are constrained.
#[test]
fn immutable_transitions() {
    let it = |k: &str, s: &str| Item {
        key1: k.into(),
        string_field: s.into(),
    };
    let old = [it("a", "s1"), it("b", "s2"), it("c", "s3")];
    let new = [it("a", "changed"), it("b", "changed"), it("c", "changed")];
    let root = Path::root();
    let p = root.child("listField");
    // +k8s:item(key1: "a")=+k8s:immutable
    let immutable_a = |op: &Operation, new: &[Item], old: &[Item]| {
        k8s_validation::ErrorList::from_fn(|e| {
            validate::slice_item(
                e,
                op,
                &p,
                Some(new),
                Some(old),
                |i| i.key1 == "a",
                acc3(|p, _, _| {
                    if op.is_update() {
                        Error::invalid(p, BadValue::Null, "field is immutable")
                            .with_origin("immutable")
                            .into()
                    } else {
                        ErrorList::new()
                    }
                }),
            )
        })
    };
    let up = Operation::update();
    let errs = immutable_a(&up, &new, &old);
    assert_eq!(
        texts(&errs),
        ["listField[0]: Invalid value: null: field is immutable"]
    );
    assert_eq!(errs[0].origin(), Some("immutable"));
    // No old item at all: still validated (immutable fails on update).
    assert_eq!(immutable_a(&up, &new, &[]).len(), 1);
    // Only "c" changed.
    let only_c = [it("a", "s1"), it("b", "s2"), it("c", "changed")];
    assert!(immutable_a(&up, &only_c, &old).is_empty());
    // Create: nothing.
    assert!(immutable_a(&Operation::create(), &new, &[]).is_empty());
}

// These test types' `PartialEq` has upstream's semantic meaning.
k8s_validation::impl_semantic_eq_via_partial_eq!(MultiKeyItem, PtrKeyItem, Item);

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
