//! Options: `+k8s:ifEnabled` and `+k8s:ifDisabled`.
//!
//! Upstream has no unit test for `IfOption` at v0.35.0; the cases follow
//! validation-gen's `output_tests/tags/options` at v0.35.0 (`ifEnabled` /
//! `ifDisabled` wrapping `validateFalse`, checked per path for each set of
//! enabled options). Unknown options are disabled (1.35).

use std::cell::Cell;

use k8s_validation::field::Path;
use k8s_validation::validate::{fixed_result, if_option};
use k8s_validation::{ErrorList, ErrorType, Operation};

use crate::alloc_counter::allocations;

/// One `+k8s:ifEnabled(option)` (`true`) / `+k8s:ifDisabled(option)`
/// (`false`) rule wrapping `+k8s:validateFalse="message"`.
type Rule<'a> = (&'a str, bool, &'a str);

/// The validation `+k8s:ifEnabled(opt)=+k8s:validateFalse="msg"` (or
/// `ifDisabled`) generates for a zero-valued string field.
fn field_errors(op: &Operation, path: &Path<'_>, rules: &[Rule<'_>]) -> ErrorList {
    let value = String::new();
    let mut errs = ErrorList::new();
    for &(option, enabled, msg) in rules {
        errs.append(k8s_validation::ErrorList::from_fn(|e| {
            if_option(e, op, option, enabled, |e| {
                fixed_result(e, op, path, Some(&value), None, false, msg)
            })
        }));
    }
    errs
}

/// The whole `Struct` of `output_tests/tags/options`: every failing path
/// with its messages, in field order.
fn struct_errors(op: &Operation) -> Vec<(String, Vec<String>)> {
    let root = Path::root();
    let metadata = root.child("metadata");
    let fields: [(Path<'_>, &[Rule<'_>]); 6] = [
        (
            metadata.child("xEnabledField"),
            &[("FeatureX", true, "field Struct.ObjectMeta.XEnabledField")],
        ),
        (
            root.child("xEnabledField"),
            &[("FeatureX", true, "field Struct.XEnabledField")],
        ),
        (
            root.child("xDisabledField"),
            &[("FeatureX", false, "field Struct.XDisabledField")],
        ),
        (
            root.child("yEnabledField"),
            &[("FeatureY", true, "field Struct.YEnabledField")],
        ),
        (
            root.child("yDisabledField"),
            &[("FeatureY", false, "field Struct.YDisabledField")],
        ),
        (
            root.child("xyMixedField"),
            &[
                ("FeatureX", true, "field Struct.XYMixedField/X"),
                ("FeatureY", false, "field Struct.XYMixedField/Y"),
            ],
        ),
    ];
    let mut out = Vec::new();
    for (path, rules) in &fields {
        let errs = field_errors(op, path, rules);
        if errs.is_empty() {
            continue;
        }
        let mut msgs = Vec::new();
        for e in &errs {
            assert_eq!(e.kind(), ErrorType::Invalid);
            assert_eq!(e.origin(), Some("validateFalse"));
            assert_eq!(e.field(), path.to_string());
            assert_eq!(
                e.to_string(),
                format!("{path}: Invalid value: \"\": {}", e.detail())
            );
            msgs.push(
                e.detail()
                    .strip_prefix("forced failure: ")
                    .unwrap()
                    .to_string(),
            );
        }
        out.push((path.to_string(), msgs));
    }
    out
}

fn want(items: &[(&str, &[&str])]) -> Vec<(String, Vec<String>)> {
    items
        .iter()
        .map(|(p, m)| (p.to_string(), m.iter().map(|s| s.to_string()).collect()))
        .collect()
}

/// validation-gen `output_tests/tags/options` @v0.35.0.
#[test]
fn generated_options() {
    assert_eq!(
        struct_errors(&Operation::create()),
        want(&[
            ("xDisabledField", &["field Struct.XDisabledField"]),
            ("yDisabledField", &["field Struct.YDisabledField"]),
            ("xyMixedField", &["field Struct.XYMixedField/Y"]),
        ])
    );
    let both = Operation::create()
        .with_option("FeatureX")
        .with_option("FeatureY");
    assert_eq!(
        struct_errors(&both),
        want(&[
            (
                "metadata.xEnabledField",
                &["field Struct.ObjectMeta.XEnabledField"]
            ),
            ("xEnabledField", &["field Struct.XEnabledField"]),
            ("yEnabledField", &["field Struct.YEnabledField"]),
            ("xyMixedField", &["field Struct.XYMixedField/X"]),
        ])
    );
    let x = Operation::update().with_option("FeatureX");
    assert_eq!(
        struct_errors(&x),
        want(&[
            (
                "metadata.xEnabledField",
                &["field Struct.ObjectMeta.XEnabledField"]
            ),
            ("xEnabledField", &["field Struct.XEnabledField"]),
            ("yDisabledField", &["field Struct.YDisabledField"]),
            (
                "xyMixedField",
                &["field Struct.XYMixedField/X", "field Struct.XYMixedField/Y"]
            ),
        ])
    );
    let y = Operation::create().with_option("FeatureY");
    assert_eq!(
        struct_errors(&y),
        want(&[
            ("xDisabledField", &["field Struct.XDisabledField"]),
            ("yEnabledField", &["field Struct.YEnabledField"]),
        ])
    );
}

/// The wrapped validation runs only when the option state matches, and a
/// skipped one costs nothing.
#[test]
fn runs_validation_only_when_matching() {
    let calls = Cell::new(0);
    let validate = |_: &mut ErrorList| {
        calls.set(calls.get() + 1);
    };
    let none = Operation::create();
    let a = Operation::create().with_option("A");
    for (op, option, enabled, runs) in [
        (&none, "A", true, false),
        (&none, "A", false, true),
        (&a, "A", true, true),
        (&a, "A", false, false),
        // Unknown options are disabled, never an error (1.35).
        (&a, "B", true, false),
        (&a, "B", false, true),
        (&a, "", false, true),
        // Names are case-sensitive.
        (&a, "a", true, false),
    ] {
        calls.set(0);
        let (errs, allocs) = allocations(|| {
            k8s_validation::ErrorList::from_fn(|e| if_option(e, op, option, enabled, validate))
        });
        assert!(errs.is_empty());
        assert_eq!(allocs, 0);
        assert_eq!(calls.get(), usize::from(runs), "{option} {enabled}");
    }
}

/// Errors of the wrapped validation come back unchanged.
#[test]
fn passes_errors_through() {
    let op = Operation::create().with_option("FeatureX");
    let p = Path::new("f");
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        if_option(e, &op, "FeatureX", true, |e| {
            fixed_result::<str>(e, &op, &p, None, None, false, "x")
        })
    });
    assert_eq!(errs.len(), 1);
    assert_eq!(
        errs[0].to_string(),
        "f: Invalid value: null: forced failure: x"
    );
    assert_eq!(errs[0].field(), "f");
    assert_eq!(errs[0].origin(), Some("validateFalse"));
    assert_eq!(errs[0].kind(), ErrorType::Invalid);
}
