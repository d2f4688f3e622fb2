//! Bugs the upstream oracle (`tests/upstream-oracle/run`) found: one test per
//! fix, expecting what upstream's generated validators report.

use conformance_tests::{assert_matches, assert_texts};
use k8s_validation::{ErrorType, Operation, Validate};

#[derive(Clone, Debug, Default, PartialEq, Validate)]
pub struct Target {
    pub n: i32,
}

/// A typedef of a struct with a type-level subfield tag.
///
/// +k8s:subfield("n")=+k8s:minimum=2
#[derive(Clone, Debug, Default, PartialEq, Validate)]
pub struct TargetAlias(pub Target);

/// `+k8s:subfield` on a typedef of a struct (Go `type TargetAlias Target`)
/// reaches the struct's fields; the derive used to look for the field
/// accessors on the newtype and did not compile.
#[test]
fn subfield_on_a_struct_typedef() {
    let errs = TargetAlias(Target { n: 1 }).validate(&Operation::create());
    assert_matches(&errs, &[(ErrorType::Invalid, "n", Some("minimum"))]);
    assert_texts(
        &errs,
        &["n: Invalid value: 1: must be greater than or equal to 2"],
    );
}

/// A list-map item whose `value` short-circuits when unset (`optional`).
#[derive(Clone, Debug, Default, PartialEq, Validate)]
pub struct Labelled {
    /// +k8s:required
    pub name: String,
    /// +k8s:optional
    pub value: String,
    /// +k8s:minimum=1
    pub n: i32,
}

#[derive(Clone, Debug, Default, PartialEq, Validate)]
pub struct EachSubfield {
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:eachVal=+k8s:subfield("value")=+k8s:format=k8s-short-name
    pub items: Vec<Labelled>,
}

/// A failing subfield validation under `eachVal` does not stop the list's
/// other validations (uniqueness, the item type's own): the wrapper used to
/// become a short-circuit because the subfield's inherited short-circuit
/// check sits inside it.
#[test]
fn each_val_subfield_failure_does_not_stop_the_list() {
    let item = |value: &str| Labelled {
        name: "a".into(),
        value: value.into(),
        n: 0,
    };
    let obj = EachSubfield {
        items: vec![item("Bad"), item("ok")],
    };
    assert_matches(
        &obj.validate(&Operation::create()),
        &[
            (
                ErrorType::Invalid,
                "items[0].value",
                Some("format=k8s-short-name"),
            ),
            (ErrorType::Duplicate, "items[1]", None),
            (ErrorType::Invalid, "items[0].n", Some("minimum")),
            (ErrorType::Invalid, "items[1].n", Some("minimum")),
        ],
    );
}

#[derive(Clone, Debug, Default, PartialEq, Validate)]
pub struct Task {
    pub name: String,
}

/// A list typedef whose items form a union.
///
/// +k8s:listType=map
/// +k8s:listMapKey=name
/// +k8s:item(name: "succeeded")=+k8s:unionMember
/// +k8s:item(name: "failed")=+k8s:unionMember
#[derive(Clone, Debug, Default, PartialEq, Validate)]
pub struct TaskList(pub Vec<Task>);

/// On a list typedef, upstream names list-item union members after the
/// type (the last element of the type's path, `TaskList[...]`); they used
/// to have no name before the selector.
#[test]
fn list_item_union_members_of_a_typedef_are_named_after_the_type() {
    let errs = TaskList(vec![]).validate(&Operation::create());
    assert_texts(
        &errs,
        &["<nil>: Invalid value: \"\": must specify one of: `TaskList[{\"name\": \"succeeded\"}]`, `TaskList[{\"name\": \"failed\"}]`"],
    );
}
