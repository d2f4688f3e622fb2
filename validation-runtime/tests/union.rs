//! Unions: `union`, `zero_or_one_of`, `discriminated_union`.
//!
//! Cases are ported from upstream `k8s.io/apimachinery/pkg/api/validate`
//! `union_test.go` and `zeroorone_test.go` at v0.35.7 (the newest 1.35 patch,
//! which has the "old object non-zero" ratchet guard), and from
//! `k8s.io/code-generator/cmd/validation-gen/output_tests/tags/{union,zerooroneof,item/union}`.

#![allow(clippy::type_complexity)] // test tables

use std::collections::BTreeMap;

use k8s_validation::field::Path;
use k8s_validation::validate::{discriminated_union, union, zero_or_one_of};
use k8s_validation::{Error, ErrorList, ErrorType, IsZero, Operation};

use crate::alloc_counter::allocations;

// ---------------------------------------------------------------------------
// Allocation counting (per thread, so parallel tests do not interfere).

// ---------------------------------------------------------------------------
// Helpers.

fn create() -> Operation {
    Operation::create()
}

fn update() -> Operation {
    Operation::update()
}

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(Error::to_string).collect()
}

fn assert_invalid(e: &Error, field: &str, origin: Option<&str>) {
    assert_eq!(e.kind(), ErrorType::Invalid, "{e}");
    assert_eq!(e.field(), field, "{e}");
    assert_eq!(e.origin(), origin, "{e}");
}

/// An object whose member set-ness is given directly, like upstream's mock
/// extractors returning predefined values.
struct Flags([bool; 4], &'static str);

impl IsZero for Flags {
    fn is_zero(&self) -> bool {
        false
    }
}

const FLAG_SET: [fn(&Flags) -> bool; 4] = [|s| s.0[0], |s| s.0[1], |s| s.0[2], |s| s.0[3]];

/// Upstream's `testStruct` / `testDiscriminatedStruct`. A present struct is
/// never "zero" for the ratchet guard (upstream passes a non-nil pointer).
#[derive(Default)]
struct TestStruct {
    d: String,
    m1: Option<()>,
    m2: Option<()>,
    m3: Vec<String>,
    m4: BTreeMap<String, String>,
}

impl IsZero for TestStruct {
    fn is_zero(&self) -> bool {
        false
    }
}

const MEMBERS: [&str; 4] = ["m1", "m2", "m3", "m4"];
const EXTRACTORS: [fn(&TestStruct) -> bool; 4] = [
    |s| s.m1.is_some(),
    |s| s.m2.is_some(),
    |s| !s.m3.is_empty(),
    |s| !s.m4.is_empty(),
];
const DISC_MEMBERS: [(&str, &str); 4] = [("m1", "m1"), ("m2", "m2"), ("m3", "m3"), ("m4", "m4")];

fn disc(s: &TestStruct) -> &str {
    &s.d
}

fn st(d: &str, m1: bool, m2: bool, m3: &[&str], m4: &[(&str, &str)]) -> TestStruct {
    TestStruct {
        d: d.into(),
        m1: m1.then_some(()),
        m2: m2.then_some(()),
        m3: m3.iter().map(|s| s.to_string()).collect(),
        m4: m4
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

// ---------------------------------------------------------------------------
// union_test.go: TestUnion

#[test]
fn union_mock_extractors() {
    // upstream TestUnion
    let root = Path::root();
    let cases: [([bool; 4], Option<&str>); 4] = [
        // "one member set"
        ([false, false, false, true], None),
        // "two members set"
        (
            [false, true, false, true],
            Some("<nil>: Invalid value: \"{b, d}\": must specify exactly one of: `a`, `b`, `c`, `d`"),
        ),
        // "all members set"
        (
            [true, true, true, true],
            Some("<nil>: Invalid value: \"{a, b, c, d}\": must specify exactly one of: `a`, `b`, `c`, `d`"),
        ),
        // "no member set"
        (
            [false, false, false, false],
            Some("<nil>: Invalid value: \"\": must specify one of: `a`, `b`, `c`, `d`"),
        ),
    ];
    for (flags, want) in cases {
        let obj = Flags(flags, "");
        // "pointer" (no old object) and "value" (an old object on create).
        for old in [None, Some(&obj)] {
            let errs = k8s_validation::ErrorList::from_fn(|e| {
                union(
                    e,
                    &create(),
                    &root,
                    Some(&obj),
                    old,
                    &["a", "b", "c", "d"],
                    &FLAG_SET,
                )
            });
            match want {
                None => assert!(errs.is_empty(), "{flags:?}: {errs}"),
                Some(want) => {
                    assert_eq!(strings(&errs), [want]);
                    assert_invalid(&errs[0], "<nil>", None);
                }
            }
        }
    }
}

#[test]
fn union_bad_value_is_a_go_string() {
    let root = Path::root();
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        union(
            e,
            &create(),
            &root,
            Some(&Flags([true, true, false, false], "")),
            None,
            &["a", "b", "c", "d"],
            &FLAG_SET,
        )
    });
    assert_eq!(
        errs[0].bad_value(),
        k8s_validation::field::BadValue::String("{a, b}".into())
    );
    assert_eq!(
        errs[0].detail(),
        "must specify exactly one of: `a`, `b`, `c`, `d`"
    );
}

// ---------------------------------------------------------------------------
// union_test.go: TestDiscriminatedUnion

#[test]
fn discriminated_union_mock_extractors() {
    // upstream TestDiscriminatedUnion
    let root = Path::root();
    let members = [("a", "A"), ("b", "B"), ("c", "C"), ("d", "D")];
    let cases: [(&str, &'static str, [bool; 4], &[&str]); 4] = [
        ("d", "A", [true, false, false, false], &[]),
        ("d", "C", [false, false, true, false], &[]),
        (
            "type",
            "C",
            [false, true, false, false],
            &[
                "b: Invalid value: \"\": may only be specified when `type` is \"B\"",
                "c: Invalid value: \"\": must be specified when `type` is \"C\"",
            ],
        ),
        (
            "type",
            "C",
            [false, true, true, true],
            &[
                "b: Invalid value: \"\": may only be specified when `type` is \"B\"",
                "d: Invalid value: \"\": may only be specified when `type` is \"D\"",
            ],
        ),
    ];
    for (disc_name, disc_value, flags, want) in cases {
        let obj = Flags(flags, disc_value);
        for old in [None, Some(&obj)] {
            let errs = k8s_validation::ErrorList::from_fn(|e| {
                discriminated_union(
                    e,
                    &create(),
                    &root,
                    Some(&obj),
                    old,
                    disc_name,
                    |s: &Flags| s.1,
                    &members,
                    &FLAG_SET,
                )
            });
            assert_eq!(strings(&errs), want);
            for e in &errs {
                assert_eq!(e.kind(), ErrorType::Invalid);
                assert_eq!(e.origin(), None, "no origin in 1.35");
            }
        }
    }
}

// ---------------------------------------------------------------------------
// union_test.go: TestUnionRatcheting

#[test]
fn union_ratcheting() {
    // upstream TestUnionRatcheting (op Update)
    let root = Path::root();
    let empty = "<nil>: Invalid value: \"\": must specify one of: `m1`, `m2`, `m3`, `m4`";
    let cases: Vec<(&str, Option<TestStruct>, TestStruct, Vec<&str>)> = vec![
        (
            "old nil - no ratcheting",
            None,
            TestStruct::default(),
            vec![empty],
        ),
        (
            "both empty struct",
            Some(TestStruct::default()),
            TestStruct::default(),
            vec![],
        ),
        (
            "both have more than one member",
            Some(st("", true, true, &[], &[])),
            st("", true, true, &[], &[]),
            vec![],
        ),
        (
            "change to invalid",
            Some(st("", true, false, &[], &[])),
            st("", true, true, &[], &[]),
            vec!["<nil>: Invalid value: \"{m1, m2}\": must specify exactly one of: `m1`, `m2`, `m3`, `m4`"],
        ),
        (
            "slice member ratcheting: unchanged membership",
            Some(st("", false, false, &["a"], &[])),
            st("", false, false, &["b"], &[]),
            vec![],
        ),
        (
            "map member ratcheting: unchanged membership",
            Some(st("", false, false, &[], &[("k", "v1")])),
            st("", false, false, &[], &[("k", "v2")]),
            vec![],
        ),
        (
            "empty slice is not set",
            None,
            st("", false, false, &[], &[]),
            vec![empty],
        ),
        (
            "empty map is not set",
            None,
            TestStruct {
                m4: BTreeMap::new(),
                ..Default::default()
            },
            vec![empty],
        ),
    ];
    for (name, old, new, want) in cases {
        let errs = k8s_validation::ErrorList::from_fn(|e| {
            union(
                e,
                &update(),
                &root,
                Some(&new),
                old.as_ref(),
                &MEMBERS,
                &EXTRACTORS,
            )
        });
        assert_eq!(strings(&errs), want, "{name}");
        for e in &errs {
            assert_invalid(e, "<nil>", None);
        }
    }
}

// ---------------------------------------------------------------------------
// union_test.go: TestDiscriminatedUnionRatcheting

#[test]
fn discriminated_union_ratcheting() {
    // upstream TestDiscriminatedUnionRatcheting (op Update)
    let root = Path::root();
    let cases: Vec<(&str, Option<TestStruct>, Option<TestStruct>, Vec<&str>)> = vec![
        ("pass with both nil", None, None, vec![]),
        (
            "pass with both empty struct",
            Some(TestStruct::default()),
            Some(TestStruct::default()),
            vec![],
        ),
        (
            "pass with both not set to member that is specified",
            Some(st("m1", false, true, &[], &[])),
            Some(st("m1", false, true, &[], &[])),
            vec![],
        ),
        (
            "pass with both set to more than one member",
            Some(st("m1", true, true, &[], &[])),
            Some(st("m1", true, true, &[], &[])),
            vec![],
        ),
        (
            "fail on changing to invalid with both set",
            Some(st("m1", true, false, &[], &[])),
            Some(st("m1", true, true, &[], &[])),
            vec!["m2: Invalid value: \"\": may only be specified when `d` is \"m2\""],
        ),
        (
            "fail on changing the discriminator",
            Some(st("m1", true, false, &[], &[])),
            Some(st("m2", true, false, &[], &[])),
            vec![
                "m1: Invalid value: \"\": may only be specified when `d` is \"m1\"",
                "m2: Invalid value: \"\": must be specified when `d` is \"m2\"",
            ],
        ),
        (
            "slice member ratcheting: unchanged membership",
            Some(st("m3", false, false, &["a"], &[])),
            Some(st("m3", false, false, &["b"], &[])),
            vec![],
        ),
        (
            "map member ratcheting: unchanged membership",
            Some(st("m4", false, false, &[], &[("k", "v1")])),
            Some(st("m4", false, false, &[], &[("k", "v2")])),
            vec![],
        ),
        (
            "empty slice is not set",
            Some(st("m3", false, false, &["a"], &[])),
            Some(st("m3", false, false, &[], &[])),
            vec!["m3: Invalid value: \"\": must be specified when `d` is \"m3\""],
        ),
        (
            "empty map is not set",
            Some(st("m4", false, false, &[], &[("k", "v")])),
            Some(st("m4", false, false, &[], &[])),
            vec!["m4: Invalid value: \"\": must be specified when `d` is \"m4\""],
        ),
    ];
    for (name, old, new, want) in cases {
        let errs = k8s_validation::ErrorList::from_fn(|e| {
            discriminated_union(
                e,
                &update(),
                &root,
                new.as_ref(),
                old.as_ref(),
                "d",
                disc,
                &DISC_MEMBERS,
                &EXTRACTORS,
            )
        });
        assert_eq!(strings(&errs), want, "{name}");
        for e in &errs {
            assert_eq!(e.kind(), ErrorType::Invalid);
            assert_eq!(e.origin(), None);
        }
    }
}

// ---------------------------------------------------------------------------
// zeroorone_test.go

#[test]
fn zero_or_one_of_mock_extractors() {
    // upstream TestZeroOrOneOfUnion
    let root = Path::root();
    let cases: [([bool; 4], Option<&str>); 4] = [
        ([false, false, false, true], None),
        (
            [false, true, false, true],
            Some("<nil>: Invalid value: \"{b, d}\": must specify at most one of: `a`, `b`, `c`, `d`"),
        ),
        (
            [true, true, true, true],
            Some("<nil>: Invalid value: \"{a, b, c, d}\": must specify at most one of: `a`, `b`, `c`, `d`"),
        ),
        // "no member set - allowed for ZeroOrOneOf"
        ([false, false, false, false], None),
    ];
    for (flags, want) in cases {
        let errs = k8s_validation::ErrorList::from_fn(|e| {
            zero_or_one_of(
                e,
                &create(),
                &root,
                Some(&Flags(flags, "")),
                None,
                &["a", "b", "c", "d"],
                &FLAG_SET,
            )
        });
        match want {
            None => assert!(errs.is_empty(), "{flags:?}: {errs}"),
            Some(want) => {
                assert_eq!(strings(&errs), [want]);
                assert_invalid(&errs[0], "<nil>", Some("zeroOrOneOf"));
            }
        }
    }
}

#[test]
fn zero_or_one_of_ratcheting() {
    // upstream TestZeroOrOneOfUnionRatcheting (op Update)
    let root = Path::root();
    let cases: Vec<(&str, Option<TestStruct>, Option<TestStruct>, Vec<&str>)> = vec![
        ("both nil", None, None, vec![]),
        (
            "both empty struct - allowed for ZeroOrOneOf",
            Some(TestStruct::default()),
            Some(TestStruct::default()),
            vec![],
        ),
        (
            "both have more than one member",
            Some(st("", true, true, &[], &[])),
            Some(st("", true, true, &[], &[])),
            vec![],
        ),
        (
            "change to invalid",
            Some(st("", true, false, &[], &[])),
            Some(st("", true, true, &[], &[])),
            vec!["<nil>: Invalid value: \"{m1, m2}\": must specify at most one of: `m1`, `m2`, `m3`, `m4`"],
        ),
        (
            "change from empty to one member - allowed",
            Some(TestStruct::default()),
            Some(st("", true, false, &[], &[])),
            vec![],
        ),
        (
            "change from one member to empty - allowed",
            Some(st("", true, false, &[], &[])),
            Some(TestStruct::default()),
            vec![],
        ),
    ];
    for (name, old, new, want) in cases {
        let errs = k8s_validation::ErrorList::from_fn(|e| {
            zero_or_one_of(
                e,
                &update(),
                &root,
                new.as_ref(),
                old.as_ref(),
                &MEMBERS,
                &EXTRACTORS,
            )
        });
        assert_eq!(strings(&errs), want, "{name}");
        for e in &errs {
            assert_invalid(e, "<nil>", Some("zeroOrOneOf"));
        }
    }
}

// ---------------------------------------------------------------------------
// Extractor-count mismatch (upstream unionValidate / DiscriminatedUnion).

#[test]
fn extractor_count_mismatch_is_an_internal_error() {
    let spec = Path::new("spec");
    let want =
        "spec: Internal error: number of extractors (3) does not match number of union members (4)";
    let obj = TestStruct::default();
    let three = &EXTRACTORS[..3];
    for errs in [
        k8s_validation::ErrorList::from_fn(|e| {
            union(e, &create(), &spec, Some(&obj), None, &MEMBERS, three)
        }),
        k8s_validation::ErrorList::from_fn(|e| {
            zero_or_one_of(e, &create(), &spec, Some(&obj), None, &MEMBERS, three)
        }),
        // Checked before ratcheting.
        k8s_validation::ErrorList::from_fn(|e| {
            union(e, &update(), &spec, Some(&obj), Some(&obj), &MEMBERS, three)
        }),
        k8s_validation::ErrorList::from_fn(|e| {
            discriminated_union(
                e,
                &create(),
                &spec,
                Some(&obj),
                None,
                "d",
                disc,
                &DISC_MEMBERS,
                three,
            )
        }),
    ] {
        assert_eq!(strings(&errs), [want]);
        assert_eq!(errs[0].kind(), ErrorType::Internal);
        assert_eq!(errs[0].field(), "spec");
        assert_eq!(errs[0].origin(), None);
    }
    // More extractors than members.
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        union(
            e,
            &create(),
            &spec,
            Some(&obj),
            None,
            &MEMBERS[..1],
            &EXTRACTORS[..2],
        )
    });
    assert_eq!(
        strings(&errs),
        ["spec: Internal error: number of extractors (2) does not match number of union members (1)"]
    );
}

// ---------------------------------------------------------------------------
// output_tests/tags/union/union/undiscriminated/simple

/// The fixture struct: pointers, a string, a list and a map as members.
#[derive(Default, Clone)]
struct Simple {
    m1: Option<()>,
    m2: Option<()>,
    m3: String,
    m4: Option<String>,
    m5: Vec<String>,
    m6: BTreeMap<String, String>,
}

impl IsZero for Simple {
    fn is_zero(&self) -> bool {
        false
    }
}

const SIMPLE_MEMBERS: [&str; 6] = ["m1", "m2", "m3", "m4", "m5", "m6"];
const SIMPLE_SET: [fn(&Simple) -> bool; 6] = [
    |s| s.m1.is_some(),
    |s| s.m2.is_some(),
    |s| !s.m3.is_empty(),
    |s| s.m4.is_some(),
    |s| !s.m5.is_empty(),
    |s| !s.m6.is_empty(),
];

fn simple_union(op: &Operation, new: &Simple, old: Option<&Simple>) -> ErrorList {
    k8s_validation::ErrorList::from_fn(|e| {
        union(
            e,
            op,
            &Path::root(),
            Some(new),
            old,
            &SIMPLE_MEMBERS,
            &SIMPLE_SET,
        )
    })
}

#[test]
fn output_tests_undiscriminated_simple() {
    let all = "`m1`, `m2`, `m3`, `m4`, `m5`, `m6`";
    let none = format!("<nil>: Invalid value: \"\": must specify one of: {all}");
    let op = create();
    assert_eq!(
        strings(&simple_union(&op, &Simple::default(), None)),
        [none.as_str()]
    );

    let valid = [
        Simple {
            m1: Some(()),
            ..Default::default()
        },
        Simple {
            m2: Some(()),
            ..Default::default()
        },
        Simple {
            m3: "a string".into(),
            ..Default::default()
        },
        Simple {
            m4: Some("a string".into()),
            ..Default::default()
        },
        Simple {
            m5: vec!["a string".into()],
            ..Default::default()
        },
        Simple {
            m6: BTreeMap::from([("k".into(), "v".into())]),
            ..Default::default()
        },
    ];
    for v in &valid {
        assert!(simple_union(&op, v, None).is_empty());
    }

    // Empty slice / map are "not set"; an empty Option<String> is set.
    assert_eq!(
        strings(&simple_union(
            &op,
            &Simple {
                m5: vec![],
                ..Default::default()
            },
            None
        )),
        [none.as_str()]
    );
    assert!(simple_union(
        &op,
        &Simple {
            m4: Some(String::new()),
            ..Default::default()
        },
        None
    )
    .is_empty());

    let two = Simple {
        m1: Some(()),
        m4: Some("a string".into()),
        ..Default::default()
    };
    assert_eq!(
        strings(&simple_union(&op, &two, None)),
        [format!(
            "<nil>: Invalid value: \"{{m1, m4}}\": must specify exactly one of: {all}"
        )]
    );

    // Update only considers whether a field was set, not the value.
    let up = update();
    let s = |m3: &str| Simple {
        m3: m3.into(),
        ..Default::default()
    };
    assert!(simple_union(&up, &s("a string"), Some(&s("different string"))).is_empty());
    // Ratcheting.
    assert!(simple_union(&up, &Simple::default(), Some(&Simple::default())).is_empty());
    let both = Simple {
        m1: Some(()),
        m2: Some(()),
        ..Default::default()
    };
    assert!(simple_union(&up, &both, Some(&both.clone())).is_empty());
    // Update with no old value still detects the empty union.
    assert_eq!(
        strings(&simple_union(&up, &Simple::default(), None)),
        [none.as_str()]
    );
}

// ---------------------------------------------------------------------------
// output_tests/tags/union/union/discriminated/simple

#[test]
fn output_tests_discriminated_simple() {
    // D is a string typedef with values M1..M4; the members' discriminator
    // values default to the Go field names.
    let members = [("m1", "M1"), ("m2", "M2"), ("m3", "M3"), ("m4", "M4")];
    let run = |op: &Operation, new: &TestStruct, old: Option<&TestStruct>| {
        k8s_validation::ErrorList::from_fn(|e| {
            discriminated_union(
                e,
                op,
                &Path::root(),
                Some(new),
                old,
                "d",
                disc,
                &members,
                &EXTRACTORS,
            )
        })
    };
    let op = create();
    // Zero values: the empty discriminator selects no member.
    assert!(run(&op, &TestStruct::default(), None).is_empty());
    assert!(run(&op, &st("M1", true, false, &[], &[]), None).is_empty());
    assert!(run(&op, &st("M3", false, false, &["a"], &[]), None).is_empty());
    assert!(run(&op, &st("M4", false, false, &[], &[("k", "v")]), None).is_empty());

    let errs = run(&op, &st("M2", true, true, &[], &[]), None);
    assert_eq!(
        strings(&errs),
        ["m1: Invalid value: \"\": may only be specified when `d` is \"M1\""]
    );
    assert_invalid(&errs[0], "m1", None);

    let errs = run(&op, &st("M1", false, false, &[], &[]), None);
    assert_eq!(
        strings(&errs),
        ["m1: Invalid value: \"\": must be specified when `d` is \"M1\""]
    );
    assert_eq!(
        strings(&run(&op, &st("M3", false, false, &[], &[]), None)),
        ["m3: Invalid value: \"\": must be specified when `d` is \"M3\""]
    );
    assert_eq!(
        strings(&run(&op, &st("M1", true, false, &[], &[("k", "v")]), None)),
        ["m4: Invalid value: \"\": may only be specified when `d` is \"M4\""]
    );

    // Ratcheting.
    let up = update();
    let bad = st("M2", true, true, &[], &[]);
    assert!(run(&up, &bad, Some(&st("M2", true, true, &[], &[]))).is_empty());
    assert!(run(
        &up,
        &st("M1", false, false, &[], &[]),
        Some(&st("M1", false, false, &[], &[]))
    )
    .is_empty());
    assert!(run(
        &up,
        &st("M3", false, false, &["a"], &[]),
        Some(&st("M3", false, false, &["b"], &[]))
    )
    .is_empty());
    // Set to unset is re-validated.
    assert_eq!(
        strings(&run(
            &up,
            &st("M3", false, false, &[], &[]),
            Some(&st("M3", false, false, &["a"], &[]))
        )),
        ["m3: Invalid value: \"\": must be specified when `d` is \"M3\""]
    );
    // Update with no old value is validated.
    assert_eq!(
        strings(&run(&up, &st("M1", false, false, &[], &[]), None)),
        ["m1: Invalid value: \"\": must be specified when `d` is \"M1\""]
    );
}

#[test]
fn discriminated_union_unknown_discriminator_is_not_an_error() {
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        discriminated_union(
            e,
            &create(),
            &Path::new("spec"),
            Some(&st("Other", false, false, &[], &[])),
            None,
            "d",
            disc,
            &DISC_MEMBERS,
            &EXTRACTORS,
        )
    });
    assert!(errs.is_empty());
    // ... but a set member is still reported against its own value.
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        discriminated_union(
            e,
            &create(),
            &Path::new("spec"),
            Some(&st("Other", false, true, &[], &[])),
            None,
            "d",
            disc,
            &DISC_MEMBERS,
            &EXTRACTORS,
        )
    });
    assert_eq!(
        strings(&errs),
        ["spec.m2: Invalid value: \"\": may only be specified when `d` is \"m2\""]
    );
    assert_invalid(&errs[0], "spec.m2", None);
}

#[test]
fn discriminated_union_values_are_go_quoted() {
    let members = [("a", "x\"y"), ("b", "é\n")];
    let obj = Flags([false, true, false, false], "x\"y");
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        discriminated_union(
            e,
            &create(),
            &Path::new("spec"),
            Some(&obj),
            None,
            "type",
            |s: &Flags| s.1,
            &members,
            &FLAG_SET[..2],
        )
    });
    assert_eq!(
        strings(&errs),
        [
            "spec.a: Invalid value: \"\": must be specified when `type` is \"x\\\"y\"",
            "spec.b: Invalid value: \"\": may only be specified when `type` is \"é\\n\"",
        ]
    );
}

#[test]
fn discriminator_change_alone_defeats_ratcheting() {
    // Set-ness unchanged, discriminator changed: re-validated.
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        discriminated_union(
            e,
            &update(),
            &Path::root(),
            Some(&st("m2", true, false, &[], &[])),
            Some(&st("m1", true, false, &[], &[])),
            "d",
            disc,
            &DISC_MEMBERS,
            &EXTRACTORS,
        )
    });
    assert_eq!(errs.len(), 2);
    // Same discriminator, same set-ness, but an invalid object: ratcheted.
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        discriminated_union(
            e,
            &update(),
            &Path::root(),
            Some(&st("m2", true, false, &[], &[])),
            Some(&st("m2", true, false, &[], &[])),
            "d",
            disc,
            &DISC_MEMBERS,
            &EXTRACTORS,
        )
    });
    assert!(errs.is_empty());
}

#[test]
fn missing_object_has_no_member_set() {
    let root = Path::root();
    // upstream's extractors return false for a nil object.
    assert_eq!(
        strings(&k8s_validation::ErrorList::from_fn(|e| union(
            e,
            &create(),
            &root,
            None,
            None,
            &MEMBERS,
            &EXTRACTORS
        ))),
        ["<nil>: Invalid value: \"\": must specify one of: `m1`, `m2`, `m3`, `m4`"]
    );
    assert!(k8s_validation::ErrorList::from_fn(|e| zero_or_one_of(
        e,
        &create(),
        &root,
        None,
        None,
        &MEMBERS,
        &EXTRACTORS
    ))
    .is_empty());
    assert!(k8s_validation::ErrorList::from_fn(|e| discriminated_union(
        e,
        &create(),
        &root,
        None,
        None,
        "d",
        disc,
        &DISC_MEMBERS,
        &EXTRACTORS
    ))
    .is_empty());
    // An old object with a member set, new object missing: changed.
    let old = st("m1", true, false, &[], &[]);
    assert_eq!(
        strings(&k8s_validation::ErrorList::from_fn(|e| union(
            e,
            &update(),
            &root,
            None,
            Some(&old),
            &MEMBERS,
            &EXTRACTORS
        ))),
        ["<nil>: Invalid value: \"\": must specify one of: `m1`, `m2`, `m3`, `m4`"]
    );
}

#[test]
fn create_never_ratchets() {
    let root = Path::root();
    let bad = st("", true, true, &[], &[]);
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        union(
            e,
            &create(),
            &root,
            Some(&bad),
            Some(&bad),
            &MEMBERS,
            &EXTRACTORS,
        )
    });
    assert_eq!(errs.len(), 1);
}

// ---------------------------------------------------------------------------
// List-item unions: output_tests/tags/item/union/simple and
// output_tests/tags/item/zerooroneof/simple.

#[derive(Clone)]
struct Task {
    name: &'static str,
}

fn task(name: &'static str) -> Task {
    Task { name }
}

const ITEM_MEMBERS: [&str; 2] = [
    "tasks[{\"name\": \"succeeded\"}]",
    "tasks[{\"name\": \"failed\"}]",
];
const ITEM_SET: [fn(&[Task]) -> bool; 2] = [
    |l| l.iter().any(|t| t.name == "succeeded"),
    |l| l.iter().any(|t| t.name == "failed"),
];

#[test]
fn item_union() {
    let spec = Path::root();
    let tasks = spec.child("tasks");
    let run = |op: &Operation, new: &[Task], old: Option<&[Task]>| {
        k8s_validation::ErrorList::from_fn(|e| {
            union(e, op, &tasks, Some(new), old, &ITEM_MEMBERS, &ITEM_SET)
        })
    };
    let op = create();
    assert!(run(&op, &[task("succeeded"), task("other")], None).is_empty());

    let both = [task("succeeded"), task("failed")];
    let errs = run(&op, &both, None);
    assert_eq!(
        strings(&errs),
        ["tasks: Invalid value: \"{tasks[{\\\"name\\\": \\\"succeeded\\\"}], tasks[{\\\"name\\\": \\\"failed\\\"}]}\": must specify exactly one of: `tasks[{\"name\": \"succeeded\"}]`, `tasks[{\"name\": \"failed\"}]`"]
    );
    assert_invalid(&errs[0], "tasks", None);

    let errs = run(&op, &[], None);
    assert_eq!(
        strings(&errs),
        ["tasks: Invalid value: \"\": must specify one of: `tasks[{\"name\": \"succeeded\"}]`, `tasks[{\"name\": \"failed\"}]`"]
    );

    // Ratcheting: an unchanged invalid list is not re-reported.
    let up = update();
    assert!(run(&up, &both, Some(&both)).is_empty());
    // Same set-ness with other items changed: still ratcheted.
    let both_more = [task("failed"), task("succeeded"), task("x")];
    assert!(run(&up, &both_more, Some(&both)).is_empty());
    // An empty old list stands for Go's nil slice: not ratcheted, so a new
    // list without any member is reported.
    let errs = run(&up, &[task("other")], Some(&[]));
    assert_eq!(errs.len(), 1);
    assert_eq!(
        errs[0].detail(),
        "must specify one of: `tasks[{\"name\": \"succeeded\"}]`, `tasks[{\"name\": \"failed\"}]`"
    );
    // A missing new list has no member set.
    assert_eq!(
        k8s_validation::ErrorList::from_fn(|e| union(
            e,
            &op,
            &tasks,
            None::<&[Task]>,
            None,
            &ITEM_MEMBERS,
            &ITEM_SET
        ))
        .len(),
        1
    );
}

#[test]
fn item_zero_or_one_of() {
    let root = Path::root();
    let tasks = root.child("tasks");
    let both = [task("succeeded"), task("failed")];
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        zero_or_one_of(
            e,
            &create(),
            &tasks,
            Some(&both[..]),
            None,
            &ITEM_MEMBERS,
            &ITEM_SET,
        )
    });
    assert_eq!(
        strings(&errs),
        ["tasks: Invalid value: \"{tasks[{\\\"name\\\": \\\"succeeded\\\"}], tasks[{\\\"name\\\": \\\"failed\\\"}]}\": must specify at most one of: `tasks[{\"name\": \"succeeded\"}]`, `tasks[{\"name\": \"failed\"}]`"]
    );
    assert_invalid(&errs[0], "tasks", Some("zeroOrOneOf"));
    assert!(k8s_validation::ErrorList::from_fn(|e| zero_or_one_of(
        e,
        &create(),
        &tasks,
        Some(&[][..]),
        None,
        &ITEM_MEMBERS,
        &ITEM_SET
    ))
    .is_empty());
    assert!(k8s_validation::ErrorList::from_fn(|e| zero_or_one_of(
        e,
        &update(),
        &tasks,
        Some(&both[..]),
        Some(&both[..]),
        &ITEM_MEMBERS,
        &ITEM_SET
    ))
    .is_empty());
}

#[test]
fn single_member_and_empty_membership() {
    let root = Path::root();
    let one: [fn(&TestStruct) -> bool; 1] = [|s| s.m1.is_some()];
    assert_eq!(
        strings(&k8s_validation::ErrorList::from_fn(|e| union(
            e,
            &create(),
            &root,
            Some(&TestStruct::default()),
            None,
            &["m1"],
            &one
        ))),
        ["<nil>: Invalid value: \"\": must specify one of: `m1`"]
    );
    // No members at all: nothing can be set, so "one of" nothing.
    let none: [fn(&TestStruct) -> bool; 0] = [];
    assert_eq!(
        strings(&k8s_validation::ErrorList::from_fn(|e| union(
            e,
            &create(),
            &root,
            Some(&TestStruct::default()),
            None,
            &[],
            &none
        ))),
        ["<nil>: Invalid value: \"\": must specify one of: "]
    );
    assert!(k8s_validation::ErrorList::from_fn(|e| zero_or_one_of(
        e,
        &create(),
        &root,
        Some(&TestStruct::default()),
        None,
        &[],
        &none
    ))
    .is_empty());
}

// ---------------------------------------------------------------------------
// The valid path does not allocate.

#[test]
fn valid_path_does_not_allocate() {
    let root = Path::root();
    let spec = root.child("spec");
    let one = st("m1", true, false, &[], &[]);
    let bad = st("m1", true, true, &["x"], &[]);
    let none = TestStruct::default();
    let both = [task("succeeded"), task("failed")];
    let (errs, n) = allocations(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            union(e, &create(), &spec, Some(&one), None, &MEMBERS, &EXTRACTORS)
        })
    });
    assert!(errs.is_empty());
    assert_eq!(n, 0, "union");
    // Ratcheted pre-existing violation.
    let (errs, n) = allocations(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            union(
                e,
                &update(),
                &spec,
                Some(&bad),
                Some(&bad),
                &MEMBERS,
                &EXTRACTORS,
            )
        })
    });
    assert!(errs.is_empty());
    assert_eq!(n, 0, "ratcheted union");
    let (errs, n) = allocations(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            zero_or_one_of(
                e,
                &create(),
                &spec,
                Some(&none),
                None,
                &MEMBERS,
                &EXTRACTORS,
            )
        })
    });
    assert!(errs.is_empty());
    assert_eq!(n, 0, "zero_or_one_of");
    let (errs, n) = allocations(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            discriminated_union(
                e,
                &create(),
                &spec,
                Some(&one),
                None,
                "d",
                disc,
                &DISC_MEMBERS,
                &EXTRACTORS,
            )
        })
    });
    assert!(errs.is_empty());
    assert_eq!(n, 0, "discriminated_union");
    let (errs, n) = allocations(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            discriminated_union(
                e,
                &update(),
                &spec,
                Some(&bad),
                Some(&bad),
                "d",
                disc,
                &DISC_MEMBERS,
                &EXTRACTORS,
            )
        })
    });
    assert!(errs.is_empty());
    assert_eq!(n, 0, "ratcheted discriminated_union");
    let (errs, n) = allocations(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            zero_or_one_of(
                e,
                &update(),
                &spec,
                Some(&both[..]),
                Some(&both[..]),
                &ITEM_MEMBERS,
                &ITEM_SET,
            )
        })
    });
    assert!(errs.is_empty());
    assert_eq!(n, 0, "ratcheted item zero_or_one_of");
    // The counter works: an error allocates.
    let (errs, n) = allocations(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            union(e, &create(), &spec, Some(&bad), None, &MEMBERS, &EXTRACTORS)
        })
    });
    assert_eq!(errs.len(), 1);
    assert!(n > 0);
}

// ---------------------------------------------------------------------------
// The ratchet guard consults `IsZero` of the old object.

/// A struct whose `IsZero` is "all fields zero" (Go's `reflect.Value.IsZero`
/// of a struct value), unlike upstream's non-nil pointer.
#[derive(Default)]
struct ZeroableStruct {
    a: Option<i32>,
    b: Option<i32>,
    other: String,
}

impl IsZero for ZeroableStruct {
    fn is_zero(&self) -> bool {
        self.a.is_none() && self.b.is_none() && self.other.is_empty()
    }
}

#[test]
fn ratchet_guard_uses_is_zero_of_the_old_object() {
    let root = Path::root();
    let set: [fn(&ZeroableStruct) -> bool; 2] = [|s| s.a.is_some(), |s| s.b.is_some()];
    let new = ZeroableStruct {
        other: "changed".into(),
        ..Default::default()
    };
    // Old object non-zero, set-ness unchanged: ratcheted.
    let old = ZeroableStruct {
        other: "x".into(),
        ..Default::default()
    };
    assert!(k8s_validation::ErrorList::from_fn(|e| union(
        e,
        &update(),
        &root,
        Some(&new),
        Some(&old),
        &["a", "b"],
        &set
    ))
    .is_empty());
    // Old object zero: not ratcheted (upstream, passing a non-nil pointer to
    // this all-zero struct, would ratchet; see the module docs).
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        union(
            e,
            &update(),
            &root,
            Some(&new),
            Some(&ZeroableStruct::default()),
            &["a", "b"],
            &set,
        )
    });
    assert_eq!(
        strings(&errs),
        ["<nil>: Invalid value: \"\": must specify one of: `a`, `b`"]
    );
}
