//! Union and zeroOrOneOf tags under wrappers, release by release, where no
//! upstream output_test covers the shape. Each expectation is what the
//! release's upstream generator wrote for the same tags (v0.35.0, v0.36.0,
//! v0.37.2 `validation-gen` run on a probe package):
//!
//! * 1.35 and 1.36 accept `+k8s:ifEnabled(X)=` / `ifDisabled(X)=` around a
//!   union member or discriminator, also inside `+k8s:item(...)=`, and the
//!   option gates nothing: the generated union is the one without it.
//! * 1.37 runs a kind of union under the wrappers of its first member tag,
//!   those inside `item(...)=` included (`validate.IfOption(...,
//!   validate.ZeroOrOneOfUnion(...))`; `.MarkBeta()` when the first has
//!   `beta` inside, nothing when only a later one has a level).
//! * 1.36 marks a list-item union with the level of the last of its tags
//!   that has one, inside `item(...)=` or around it.
//!
//! * From 1.36 a union member reached through `+k8s:subfield(x)=` is set,
//!   as any member, by its Go kind: a list or map when it has an item
//!   (`len(obj.X) != 0`), so `Some(vec![])` is not set.
//!
//! Union tags under `eachVal` stay a generation error
//! (`tests/ui/unions/member_in_each_val.rs`): v0.35.0 and v0.36.0 reject
//! them (`no validation functions found`), v0.37.2 writes Go that does not
//! compile.
#![allow(non_snake_case)]

use k8s_validation::field::StabilityLevel;
use k8s_validation::{Operation, Validate};

use super::ot_union_wrappers_1_37::{errors_of, Rec};

fn rec(field: &str, origin: &str, level: Option<StabilityLevel>) -> Rec {
    (
        "FieldValueInvalid".into(),
        field.into(),
        origin.into(),
        level,
    )
}

fn op(feature: Option<bool>) -> Operation {
    match feature {
        Some(true) => Operation::create().with_option("Foo"),
        Some(false) => Operation::create().with_option_disabled("Foo"),
        None => Operation::create(),
    }
}

macro_rules! probe_types {
    ($release:literal) => {
        use k8s_validation::Validate;

        #[derive(Validate, PartialEq, Debug, Clone, Default)]
        #[validate(kubernetes = $release)]
        pub struct Item {
            pub r#type: String,
        }

        pub fn items(types: &[&str]) -> Vec<Item> {
            types
                .iter()
                .map(|t| Item {
                    r#type: t.to_string(),
                })
                .collect()
        }

        #[derive(Validate, PartialEq, Debug, Clone, Default)]
        #[validate(kubernetes = $release)]
        pub struct U {
            /// +k8s:optional
            /// +k8s:ifDisabled(Foo)=+k8s:unionMember
            pub a: Option<String>,
            /// +k8s:optional
            /// +k8s:unionMember
            pub other: Option<String>,
        }

        #[derive(Validate, PartialEq, Debug, Clone, Default)]
        #[validate(kubernetes = $release)]
        pub struct Z {
            /// +k8s:optional
            /// +k8s:ifEnabled(Foo)=+k8s:zeroOrOneOfMember
            pub a: Option<String>,
            /// +k8s:optional
            /// +k8s:zeroOrOneOfMember
            pub other: Option<String>,
        }

        #[derive(Validate, PartialEq, Debug, Clone, Default)]
        #[validate(kubernetes = $release)]
        pub struct L {
            /// +k8s:listType=map
            /// +k8s:listMapKey=type
            /// +k8s:item(type: "a")=+k8s:ifEnabled(Foo)=+k8s:zeroOrOneOfMember
            /// +k8s:item(type: "b")=+k8s:zeroOrOneOfMember
            pub items: Vec<Item>,
        }
    };
}

/// List-item unions with a level inside or around one `item` tag (1.36 on).
macro_rules! level_types {
    ($release:literal) => {
        #[derive(Validate, PartialEq, Debug, Clone, Default)]
        #[validate(kubernetes = $release)]
        pub struct Levels {
            /// +k8s:listType=map
            /// +k8s:listMapKey=type
            /// +k8s:item(type: "a")=+k8s:zeroOrOneOfMember
            /// +k8s:item(type: "b")=+k8s:alpha=+k8s:zeroOrOneOfMember
            pub later: Vec<Item>,
            /// +k8s:listType=map
            /// +k8s:listMapKey=type
            /// +k8s:item(type: "a")=+k8s:beta=+k8s:unionMember
            /// +k8s:item(type: "b")=+k8s:unionMember
            pub first: Vec<Item>,
            /// +k8s:listType=map
            /// +k8s:listMapKey=type
            /// +k8s:item(type: "a")=+k8s:zeroOrOneOfMember
            /// +k8s:beta=+k8s:item(type: "b")=+k8s:zeroOrOneOfMember
            pub around: Vec<Item>,
        }
    };
}

mod v1_35 {
    probe_types!("1.35");
}

mod v1_36 {
    probe_types!("1.36");
    level_types!("1.36");
}

mod v1_37 {
    probe_types!("1.37");
    level_types!("1.37");

    /// The first member tag of each kind decides: here `Bar`, not `Foo`.
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct M {
        /// +k8s:listType=map
        /// +k8s:listMapKey=type
        /// +k8s:item(type: "a")=+k8s:ifEnabled(Bar)=+k8s:unionMember
        /// +k8s:item(type: "b")=+k8s:ifEnabled(Foo)=+k8s:unionMember
        pub items: Vec<Item>,
    }
}

#[test]
fn before_1_37_an_option_around_a_union_tag_gates_nothing() {
    for foo in [Some(true), Some(false), None] {
        let op = op(foo);
        let both = Some("x".to_string());
        // 1.35: no origin on union errors; 1.36: `union`.
        let u35 = v1_35::U {
            a: both.clone(),
            other: both.clone(),
        };
        assert_eq!(
            errors_of(&u35, &op),
            vec![rec("<nil>", "", None)],
            "1.35, Foo {foo:?}"
        );
        let u36 = v1_36::U {
            a: both.clone(),
            other: both.clone(),
        };
        assert_eq!(
            errors_of(&u36, &op),
            vec![rec("<nil>", "union", None)],
            "1.36, Foo {foo:?}"
        );
        let z35 = v1_35::Z {
            a: both.clone(),
            other: both.clone(),
        };
        assert_eq!(
            errors_of(&z35, &op),
            vec![rec("<nil>", "zeroOrOneOf", None)]
        );
        let z36 = v1_36::Z {
            a: both.clone(),
            other: both.clone(),
        };
        assert_eq!(
            errors_of(&z36, &op),
            vec![rec("<nil>", "zeroOrOneOf", None)]
        );
        let l35 = v1_35::L {
            items: v1_35::items(&["a", "b"]),
        };
        assert_eq!(
            errors_of(&l35, &op),
            vec![rec("items", "zeroOrOneOf", None)]
        );
        let l36 = v1_36::L {
            items: v1_36::items(&["a", "b"]),
        };
        assert_eq!(
            errors_of(&l36, &op),
            vec![rec("items", "zeroOrOneOf", None)]
        );
        // One member set: valid whatever the option.
        let one = v1_35::U {
            a: both.clone(),
            other: None,
        };
        assert_eq!(errors_of(&one, &op), vec![]);
    }
}

#[test]
fn in_1_37_the_first_member_tags_option_gates_the_union() {
    let both = Some("x".to_string());
    let u = v1_37::U {
        a: both.clone(),
        other: both.clone(),
    };
    assert_eq!(errors_of(&u, &op(Some(true))), vec![]);
    assert_eq!(
        errors_of(&u, &op(Some(false))),
        vec![rec("<nil>", "union", None)]
    );
    let z = v1_37::Z {
        a: both.clone(),
        other: both.clone(),
    };
    assert_eq!(
        errors_of(&z, &op(Some(true))),
        vec![rec("<nil>", "zeroOrOneOf", None)]
    );
    assert_eq!(errors_of(&z, &op(Some(false))), vec![]);
    let l = v1_37::L {
        items: v1_37::items(&["a", "b"]),
    };
    assert_eq!(
        errors_of(&l, &op(Some(true))),
        vec![rec("items", "zeroOrOneOf", None)]
    );
    assert_eq!(errors_of(&l, &op(Some(false))), vec![]);
    // An undefined option is an internal error in 1.37.
    let undefined = errors_of(&l, &op(None));
    assert_eq!(undefined.len(), 1, "{undefined:?}");
    assert_eq!(undefined[0].0, "InternalError");

    let m = v1_37::M {
        items: v1_37::items(&["a", "b"]),
    };
    let bar = Operation::create()
        .with_option("Bar")
        .with_option_disabled("Foo");
    assert_eq!(errors_of(&m, &bar), vec![rec("items", "union", None)]);
    let foo = Operation::create()
        .with_option_disabled("Bar")
        .with_option("Foo");
    assert_eq!(errors_of(&m, &foo), vec![]);
}

#[test]
fn list_item_union_levels_1_36_last_tag_1_37_first_tag() {
    let op = Operation::create();
    let alpha = Some(StabilityLevel::Alpha);
    let beta = Some(StabilityLevel::Beta);
    let s36 = v1_36::Levels {
        later: v1_36::items(&["a", "b"]),
        first: v1_36::items(&["a", "b"]),
        around: v1_36::items(&["a", "b"]),
    };
    assert_eq!(
        errors_of(&s36, &op),
        vec![
            rec("around", "zeroOrOneOf", beta),
            rec("first", "union", beta),
            rec("later", "zeroOrOneOf", alpha),
        ]
    );
    let s37 = v1_37::Levels {
        later: v1_37::items(&["a", "b"]),
        first: v1_37::items(&["a", "b"]),
        around: v1_37::items(&["a", "b"]),
    };
    assert_eq!(
        errors_of(&s37, &op),
        vec![
            rec("around", "zeroOrOneOf", beta),
            rec("first", "union", beta),
            rec("later", "zeroOrOneOf", None),
        ]
    );
}

macro_rules! subfield_members {
    ($release:literal) => {
        use k8s_validation::Validate;
        use std::collections::BTreeMap;

        #[derive(Validate, PartialEq, Debug, Clone, Default)]
        #[validate(kubernetes = $release)]
        pub struct Names(pub Vec<String>);

        #[derive(Validate, PartialEq, Debug, Clone, Default)]
        #[validate(kubernetes = $release)]
        pub struct Members {
            pub list: Option<Vec<String>>,
            pub map: Option<BTreeMap<String, String>>,
            pub typedef: Option<Names>,
            pub name: Option<String>,
        }

        #[derive(Validate, PartialEq, Debug, Clone, Default)]
        #[validate(kubernetes = $release)]
        pub struct S {
            /// +k8s:subfield(list)=+k8s:zeroOrOneOfMember
            /// +k8s:subfield(map)=+k8s:zeroOrOneOfMember
            /// +k8s:subfield(typedef)=+k8s:zeroOrOneOfMember
            /// +k8s:subfield(name)=+k8s:zeroOrOneOfMember
            pub m: Members,
        }
    };
}

mod subfield_1_36 {
    subfield_members!("1.36");
}

mod subfield_1_37 {
    subfield_members!("1.37");
}

#[test]
fn subfield_members_are_set_by_their_go_kind() {
    let op = Operation::create();
    macro_rules! check {
        ($m:ident) => {{
            use $m::{Members, Names, S};
            let empty = S {
                m: Members {
                    list: Some(vec![]),
                    map: Some(Default::default()),
                    typedef: Some(Names(vec![])),
                    name: Some(String::new()),
                },
            };
            // Only `name` (a non-nil pointer, even to "") is set.
            assert_eq!(errors_of(&empty, &op), vec![], stringify!($m));
            let two = S {
                m: Members {
                    list: Some(vec!["a".into()]),
                    ..empty.m.clone()
                },
            };
            assert_eq!(
                errors_of(&two, &op),
                vec![rec("m", "zeroOrOneOf", None)],
                stringify!($m)
            );
            let typedef = S {
                m: Members {
                    typedef: Some(Names(vec!["a".into()])),
                    name: None,
                    ..empty.m.clone()
                },
            };
            assert_eq!(errors_of(&typedef, &op), vec![], stringify!($m));
            let map = S {
                m: Members {
                    map: Some([("k".to_string(), String::new())].into()),
                    ..typedef.m.clone()
                },
            };
            assert_eq!(
                errors_of(&map, &op),
                vec![rec("m", "zeroOrOneOf", None)],
                stringify!($m)
            );
        }};
    }
    check!(subfield_1_36);
    check!(subfield_1_37);
}

/// Error order next to the list's uniqueness check: through 1.36 the
/// list-item union runs after it (v0.36.0: `Unique`, then
/// `ZeroOrOneOfUnion`), from 1.37 before it (v0.37.2: `ZeroOrOneOfUnion`,
/// then `ValSliceUnique`).
#[test]
fn list_item_unions_run_after_uniqueness_before_1_37_and_before_it_after() {
    /// The errors in the order they were reported.
    fn in_order<T: Validate>(v: &T, op: &Operation) -> Vec<String> {
        v.validate(op)
            .iter()
            .map(|e| format!("{} {}", e.kind().as_str(), e.field()))
            .collect()
    }
    let dup = ["b", "a", "b"];
    let l36 = v1_36::L {
        items: v1_36::items(&dup),
    };
    assert_eq!(
        in_order(&l36, &Operation::create()),
        ["FieldValueDuplicate items[2]", "FieldValueInvalid items"]
    );
    let l37 = v1_37::L {
        items: v1_37::items(&dup),
    };
    assert_eq!(
        in_order(&l37, &Operation::create().with_option("Foo")),
        ["FieldValueInvalid items", "FieldValueDuplicate items[2]"]
    );
}
