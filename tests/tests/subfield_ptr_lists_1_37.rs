//! Lists of pointers (`Vec<Option<T>>`, Go's `[]*T`) reached through
//! `+k8s:subfield(x)=`, Kubernetes 1.37. v0.37.2's generator sees the Go
//! type and calls the pointer functions there (probed on these shapes:
//! `PtrSliceUnique` for the set and the list-map, `EachPtrSliceVal` for
//! `eachVal`, `PtrSliceItem` for `item(...)=`); the derive does not see the
//! subfield's type, so the compiler picks them (`validate::Elems`,
//! `validate::Each`, `validate::Elem`). `None` elements are skipped, a
//! list-map key and an `item` selector read the value behind the pointer,
//! and element rules validate it. There is no nil check through a subfield
//! (upstream's `PtrSliceNoNils` belongs to the field's own validation).

use k8s_validation::{ErrorType, Validate};

use conformance_tests::errors_at as errors;

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct Keyed {
    pub name: String,
    pub value: i32,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct Holder {
    pub keyed: Vec<Option<Keyed>>,
    pub strs: Vec<Option<String>>,
    pub atomic: Option<Vec<Option<String>>>,
    pub plain: Vec<String>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct Root {
    /// +k8s:subfield(keyed)=+k8s:listType=map
    /// +k8s:subfield(keyed)=+k8s:listMapKey=name
    /// +k8s:subfield(keyed)=+k8s:item(name: "a")=+k8s:immutable
    /// +k8s:subfield(keyed)=+k8s:eachVal=+k8s:immutable
    /// +k8s:subfield(strs)=+k8s:listType=set
    /// +k8s:subfield(strs)=+k8s:eachVal=+k8s:maxLength=2
    /// +k8s:subfield(atomic)=+k8s:eachVal=+k8s:maxLength=2
    /// +k8s:subfield(plain)=+k8s:listType=set
    /// +k8s:subfield(plain)=+k8s:eachVal=+k8s:maxLength=2
    pub h: Holder,
}

fn keyed(name: &str, value: i32) -> Option<Keyed> {
    Some(Keyed {
        name: name.into(),
        value,
    })
}

#[test]
fn nil_elements_are_skipped() {
    let root = Root {
        h: Holder {
            keyed: vec![keyed("a", 1), None, None, keyed("a", 2)],
            strs: vec![
                Some("x".into()),
                None,
                Some("x".into()),
                None,
                Some("long".into()),
            ],
            atomic: Some(vec![None, Some("abc".into())]),
            plain: vec!["p".into(), "p".into(), "long".into()],
        },
    };
    // Two `None` keyed elements and two `None` strings are no duplicates;
    // the `Some` ones with the same key or value are.
    assert_eq!(
        errors(&root, None),
        vec![
            (ErrorType::Duplicate, "h.keyed[3]".into()),
            (ErrorType::Duplicate, "h.strs[2]".into()),
            (ErrorType::TooLong, "h.strs[4]".into()),
            (ErrorType::TooLong, "h.atomic[1]".into()),
            (ErrorType::Duplicate, "h.plain[1]".into()),
            (ErrorType::TooLong, "h.plain[2]".into()),
        ]
    );
}

#[test]
fn keys_and_selectors_read_the_pointee() {
    let old = Root {
        h: Holder {
            keyed: vec![None, keyed("a", 1), keyed("b", 1)],
            ..Holder::default()
        },
    };
    // `a` changed: the item rule and the element rule (correlated by key)
    // both fire; `b` unchanged; a new `None` is not an element.
    let new = Root {
        h: Holder {
            keyed: vec![keyed("b", 1), keyed("a", 2), None],
            ..Holder::default()
        },
    };
    let errs = errors(&new, Some(&old));
    assert_eq!(
        errs,
        vec![
            (ErrorType::Invalid, "h.keyed[1]".into()),
            (ErrorType::Invalid, "h.keyed[1]".into()),
        ]
    );
}

/// `+k8s:update` on a subfield's lists (v0.37.2: `ValSliceUpdate` for
/// values, `PtrSliceUpdate` for pointers, items matched by the list's keys).
#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct Updates {
    /// +k8s:subfield(keyed)=+k8s:listType=map
    /// +k8s:subfield(keyed)=+k8s:listMapKey=name
    /// +k8s:subfield(keyed)=+k8s:update=NoRemoveItem
    /// +k8s:subfield(plain)=+k8s:listType=set
    /// +k8s:subfield(plain)=+k8s:update=NoAddItem
    pub h: Holder,
}

#[test]
fn update_constraints_match_items_behind_pointers() {
    let old = Updates {
        h: Holder {
            keyed: vec![None, keyed("a", 1), keyed("b", 1)],
            plain: vec!["p".into()],
            ..Holder::default()
        },
    };
    // `a` is still there (another value, same key), `b` is gone; the `None`
    // elements are no items. `q` is new in the set.
    let new = Updates {
        h: Holder {
            keyed: vec![keyed("a", 2), None],
            plain: vec!["p".into(), "q".into()],
            ..Holder::default()
        },
    };
    assert_eq!(
        errors(&new, Some(&old)),
        vec![
            (ErrorType::Forbidden, "h.keyed".into()),
            (ErrorType::Forbidden, "h.plain[1]".into()),
        ]
    );
    // Nothing removed or added: no error.
    assert_eq!(errors(&old, Some(&old)), vec![]);
}
