//! Ports `cmd/validation-gen/output_tests/tags/item/union/simple` and
//! `tags/item/zerorooneof/simple` (code-generator v0.35.0): list-item unions.

use conformance_tests::assert_texts;
use validation_runtime::{Operation, Validate};

#[derive(Validate, PartialEq, Clone, Debug)]
pub struct Task {
    pub name: String,
    pub state: String,
}

#[derive(Validate, PartialEq, Clone, Debug)]
pub struct Struct {
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:item(name: "succeeded")=+k8s:unionMember
    /// +k8s:item(name: "failed")=+k8s:unionMember
    pub tasks: Vec<Task>,
}

#[derive(Validate, PartialEq, Clone, Debug)]
pub struct ZeroOrOne {
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:item(name: "succeeded")=+k8s:zeroOrOneOfMember
    /// +k8s:item(name: "failed")=+k8s:zeroOrOneOfMember
    pub tasks: Vec<Task>,
}

fn task(name: &str) -> Task {
    Task {
        name: name.into(),
        state: name.to_uppercase(),
    }
}

#[test]
fn exactly_one_item_member() {
    let ok = Struct {
        tasks: vec![task("succeeded"), task("other")],
    };
    assert!(ok.validate(&Operation::create()).is_empty());

    let both = Struct {
        tasks: vec![task("succeeded"), task("failed")],
    };
    assert_texts(
        &both.validate(&Operation::create()),
        &[
            r#"tasks: Invalid value: "{tasks[{\"name\": \"succeeded\"}], tasks[{\"name\": \"failed\"}]}": must specify exactly one of: `tasks[{"name": "succeeded"}]`, `tasks[{"name": "failed"}]`"#,
        ],
    );
    let empty = Struct { tasks: vec![] };
    assert_texts(
        &empty.validate(&Operation::create()),
        &[
            r#"tasks: Invalid value: "": must specify one of: `tasks[{"name": "succeeded"}]`, `tasks[{"name": "failed"}]`"#,
        ],
    );
    // Ratcheting: unchanged violations pass on update.
    assert!(empty
        .validate_update(&empty, &Operation::update())
        .is_empty());
    assert!(both.validate_update(&both, &Operation::update()).is_empty());
}

#[test]
fn zero_or_one_item_member() {
    let none = ZeroOrOne {
        tasks: vec![task("other")],
    };
    assert!(none.validate(&Operation::create()).is_empty());
    let both = ZeroOrOne {
        tasks: vec![task("failed"), task("succeeded")],
    };
    let errs = both.validate(&Operation::create());
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].origin(), Some("zeroOrOneOf"));
    assert_eq!(errs[0].field(), "tasks");
}
