//! `+k8s:dependentRequired` / `+k8s:dependentForbidden`:
//! `dependent_required`, `dependent_forbidden`.
//!
//! Ported from upstream `k8s.io/apimachinery/pkg/api/validate`
//! `dependentrequired_test.go` (main branch: `TestDependentRequired`,
//! `TestDependentForbidden`).

#![allow(clippy::type_complexity)] // test tables

use k8s_validation::field::Path;
use k8s_validation::validate::{dependent_forbidden, dependent_required};
use k8s_validation::{ErrorList, ErrorType, Operation};

use crate::alloc_counter::allocations;

#[derive(Default)]
struct Obj {
    trigger: Option<&'static str>,
    dependent: Option<&'static str>,
    // An unrelated field: only makes old and new objects differ.
    #[allow(dead_code)]
    other: Option<&'static str>,
}

fn obj(trigger: Option<&'static str>, dependent: Option<&'static str>) -> Obj {
    Obj {
        trigger,
        dependent,
        other: None,
    }
}

fn trigger_set(o: &Obj) -> bool {
    o.trigger.is_some()
}

fn dependent_set(o: &Obj) -> bool {
    o.dependent.is_some()
}

type Rule = fn(
    &mut ErrorList,
    &Operation,
    &Path<'_>,
    Option<&Obj>,
    Option<&Obj>,
    &str,
    fn(&Obj) -> bool,
    &str,
    fn(&Obj) -> bool,
);

fn run(rule: Rule, op: &Operation, new: Option<&Obj>, old: Option<&Obj>) -> ErrorList {
    let path = Path::new("fldpath");
    let mut errs = ErrorList::new();
    rule(
        &mut errs,
        op,
        &path,
        new,
        old,
        "trigger",
        trigger_set,
        "dependent",
        dependent_set,
    );
    errs
}

const REQUIRED: &str = "fldpath.dependent: Required value: must be set when trigger is set";
const FORBIDDEN: &str = "fldpath.dependent: Forbidden: may not be set when trigger is set";

fn check(name: &str, errs: &ErrorList, want: Option<(&str, ErrorType, &str)>) {
    match want {
        None => assert!(errs.is_empty(), "{name}: {errs}"),
        Some((text, kind, origin)) => {
            assert_eq!(errs.len(), 1, "{name}: {errs}");
            assert_eq!(errs[0].to_string(), text, "{name}");
            assert_eq!(errs[0].kind(), kind);
            assert_eq!(errs[0].field(), "fldpath.dependent");
            assert_eq!(errs[0].origin(), Some(origin));
        }
    }
}

#[test]
fn dependent_required_cases() {
    // upstream TestDependentRequired
    let fail = Some((REQUIRED, ErrorType::Required, "dependentRequired"));
    let create = Operation::create();
    let update = Operation::update();
    let cases: Vec<(&str, &Operation, Option<Obj>, Option<Obj>, bool)> = vec![
        (
            "create: trigger unset, dependent set",
            &create,
            Some(obj(None, Some("d"))),
            None,
            false,
        ),
        (
            "create: trigger set, dependent set",
            &create,
            Some(obj(Some("t"), Some("d"))),
            None,
            false,
        ),
        (
            "create: trigger set, dependent unset",
            &create,
            Some(obj(Some("t"), None)),
            None,
            true,
        ),
        ("create: nil obj", &create, None, None, false),
        (
            "ratchet: unrelated field changed, trigger and dependent set-ness unchanged",
            &update,
            Some(Obj {
                trigger: Some("t"),
                dependent: None,
                other: Some("new"),
            }),
            Some(Obj {
                trigger: Some("t"),
                dependent: None,
                other: Some("old"),
            }),
            false,
        ),
        (
            "ratchet: trigger value changed, set-ness unchanged",
            &update,
            Some(obj(Some("t"), None)),
            Some(obj(Some("old"), None)),
            false,
        ),
        (
            "update: trigger newly set",
            &update,
            Some(obj(Some("t"), None)),
            Some(Obj::default()),
            true,
        ),
        (
            "update: dependent newly cleared",
            &update,
            Some(obj(Some("t"), None)),
            Some(obj(Some("t"), Some("d"))),
            true,
        ),
        // Not upstream: update with no old object is validated.
        (
            "update: no old object",
            &update,
            Some(obj(Some("t"), None)),
            None,
            true,
        ),
    ];
    for (name, op, new, old, fails) in cases {
        let errs = run(dependent_required, op, new.as_ref(), old.as_ref());
        check(name, &errs, if fails { fail } else { None });
    }
}

#[test]
fn dependent_forbidden_cases() {
    // upstream TestDependentForbidden
    let fail = Some((FORBIDDEN, ErrorType::Forbidden, "dependentForbidden"));
    let create = Operation::create();
    let update = Operation::update();
    let cases: Vec<(&str, &Operation, Option<Obj>, Option<Obj>, bool)> = vec![
        (
            "create: trigger unset, dependent set",
            &create,
            Some(obj(None, Some("d"))),
            None,
            false,
        ),
        (
            "create: trigger set, dependent unset",
            &create,
            Some(obj(Some("t"), None)),
            None,
            false,
        ),
        (
            "create: trigger set, dependent set",
            &create,
            Some(obj(Some("t"), Some("d"))),
            None,
            true,
        ),
        ("create: nil obj", &create, None, None, false),
        (
            "ratchet: unrelated field changed, trigger and dependent set-ness unchanged",
            &update,
            Some(Obj {
                trigger: Some("t"),
                dependent: Some("d"),
                other: Some("new"),
            }),
            Some(Obj {
                trigger: Some("t"),
                dependent: Some("d"),
                other: Some("old"),
            }),
            false,
        ),
        (
            "ratchet: trigger value changed, set-ness unchanged",
            &update,
            Some(obj(Some("t"), Some("d"))),
            Some(obj(Some("old"), Some("d"))),
            false,
        ),
        (
            "update: trigger newly set",
            &update,
            Some(obj(Some("t"), Some("d"))),
            Some(obj(None, Some("d"))),
            true,
        ),
        (
            "update: dependent newly set",
            &update,
            Some(obj(Some("t"), Some("d"))),
            Some(obj(Some("t"), None)),
            true,
        ),
        // Not upstream: create ignores an old object.
        (
            "create: old object ignored",
            &create,
            Some(obj(Some("t"), Some("d"))),
            Some(obj(Some("t"), Some("d"))),
            true,
        ),
    ];
    for (name, op, new, old, fails) in cases {
        let errs = run(dependent_forbidden, op, new.as_ref(), old.as_ref());
        check(name, &errs, if fails { fail } else { None });
    }
}

#[test]
fn names_are_json_names_and_unsized_objects_work() {
    let root = Path::root();
    let spec = root.child("spec");
    let list: &[i32] = &[1];
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        dependent_required::<[i32]>(
            e,
            &Operation::create(),
            &spec,
            Some(list),
            None,
            "minReplicas",
            |l| !l.is_empty(),
            "maxReplicas",
            |l| l.len() > 1,
        )
    });
    assert_eq!(
        errs[0].to_string(),
        "spec.maxReplicas: Required value: must be set when minReplicas is set"
    );
    assert_eq!(errs[0].field(), "spec.maxReplicas");
}

#[test]
fn valid_path_does_not_allocate() {
    let o = obj(Some("t"), Some("d"));
    let (errs, n) = allocations(|| run(dependent_required, &Operation::create(), Some(&o), None));
    assert!(errs.is_empty());
    assert_eq!(n, 0);
    let (errs, n) = allocations(|| {
        run(
            dependent_forbidden,
            &Operation::update(),
            Some(&o),
            Some(&o),
        )
    });
    assert!(errs.is_empty());
    assert_eq!(n, 0);
}
