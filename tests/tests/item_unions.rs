//! Ports `cmd/validation-gen/output_tests/tags/item/union/simple` and
//! `tags/item/zerorooneof/simple` (code-generator v0.35.0): list-item unions;
//! and `tags/item/union/typedef`, `tags/item/zerorooneof/typedef` (v0.35.0,
//! unchanged in v0.36.0 and v0.37.2) for every release: on a list typedef.

use conformance_tests::assert_texts;
use k8s_validation::{Operation, Validate};

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

/// `tags/item/union/typedef` and `tags/item/zerorooneof/typedef`
/// (code-generator v0.35.0; unchanged in v0.36.0 and v0.37.2): the item
/// union declared on a list typedef. Upstream names the members by the
/// typedef (`TaskList[{"name": "succeeded"}]`, the last element of the
/// type's path). Run for every release: 1.36 on add the origin `union`.
macro_rules! item_union_typedef {
    ($module:ident, $release:literal, $union_origin:expr) => {
        mod $module {
            use conformance_tests::{invalid, st, Matcher, TFO};
            use k8s_validation::Validate;

            #[derive(Validate, PartialEq, Clone, Debug, Default)]
            #[validate(kubernetes = $release)]
            pub struct Struct {
                pub tasks: TaskList,
            }

            /// +k8s:listType=map
            /// +k8s:listMapKey=name
            /// +k8s:item(name: "succeeded")=+k8s:unionMember
            /// +k8s:item(name: "failed")=+k8s:unionMember
            #[derive(Validate, PartialEq, Clone, Debug, Default)]
            #[validate(kubernetes = $release)]
            pub struct TaskList(pub Vec<Task>);

            #[derive(Validate, PartialEq, Clone, Debug, Default)]
            #[validate(kubernetes = $release)]
            pub struct ZeroOrOneStruct {
                pub tasks: ZeroOrOneTaskList,
            }

            /// +k8s:listType=map
            /// +k8s:listMapKey=name
            /// +k8s:item(name: "succeeded")=+k8s:zeroOrOneOfMember
            /// +k8s:item(name: "failed")=+k8s:zeroOrOneOfMember
            #[derive(Validate, PartialEq, Clone, Debug, Default)]
            #[validate(kubernetes = $release)]
            pub struct ZeroOrOneTaskList(pub Vec<Task>);

            #[derive(Validate, PartialEq, Clone, Debug, Default)]
            #[validate(kubernetes = $release)]
            pub struct Task {
                pub name: String,
                pub state: String,
            }

            fn tasks(names: &[&str]) -> Vec<Task> {
                names
                    .iter()
                    .map(|n| Task {
                        name: n.to_string(),
                        state: n.to_uppercase(),
                    })
                    .collect()
            }

            /// `ByType().ByField().ByOrigin().ByDetailExact()`.
            const TFOD: Matcher = conformance_tests::TFOD;

            #[test]
            fn union() {
                let v = |n: &[&str]| Struct {
                    tasks: TaskList(tasks(n)),
                };
                st(&v(&["succeeded", "other"])).expect_valid();
                let both = v(&["succeeded", "failed"]);
                st(&both).expect(
                    TFOD,
                    &[invalid("tasks").origin($union_origin).detail(
                        "must specify exactly one of: `TaskList[{\"name\": \"succeeded\"}]`, `TaskList[{\"name\": \"failed\"}]`",
                    )],
                );
                let empty = v(&[]);
                st(&empty).expect(
                    TFOD,
                    &[invalid("tasks").origin($union_origin).detail(
                        "must specify one of: `TaskList[{\"name\": \"succeeded\"}]`, `TaskList[{\"name\": \"failed\"}]`",
                    )],
                );
                // Ratcheting.
                st(&empty).old(&empty).expect_valid();
                st(&both).old(&both).expect_valid();
            }

            #[test]
            fn zero_or_one() {
                let v = |n: &[&str]| ZeroOrOneStruct {
                    tasks: ZeroOrOneTaskList(tasks(n)),
                };
                st(&v(&["other"])).expect_valid();
                st(&v(&["succeeded", "other"])).expect_valid();
                st(&v(&[])).expect_valid();
                let both = v(&["succeeded", "failed"]);
                st(&both).expect(TFO, &[invalid("tasks").origin("zeroOrOneOf")]);
                // Ratcheting.
                st(&both).old(&both).expect_valid();
            }
        }
    };
}

item_union_typedef!(typedef_1_35, "1.35", "");
item_union_typedef!(typedef_1_36, "1.36", "union");
item_union_typedef!(typedef_1_37, "1.37", "union");
