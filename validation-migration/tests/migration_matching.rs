//! The 1.35 comparison of hand-written and declarative errors
//! (`gatherDeclarativeValidationMismatches`): origin handling, duplicates,
//! 1-to-many matching with consumption, normalization, message text.

use crate::migration_support;

use k8s_validation::field::{BadValue, Error, ErrorList};
use k8s_validation_migration::{gather_mismatches, ErrorMatcher, MismatchKind, NormalizationRule};
use migration_support::{msg, msg_takeover};

fn err_a() -> Error {
    Error::invalid("spec.replicas", BadValue::Null, "regular error A")
}
fn err_b() -> Error {
    Error::invalid("spec.minReadySeconds", BadValue::Int(-1), "covered error B")
        .with_origin("minimum")
}
fn covered_b() -> Error {
    err_b().mark_covered_by_declarative()
}
fn err_c() -> Error {
    Error::invalid("spec.replicas", BadValue::Null, "covered error C").with_origin("minimum")
}
fn covered_c() -> Error {
    err_c().mark_covered_by_declarative()
}
fn err_d() -> Error {
    Error::invalid("spec.selector", BadValue::Null, "regular error D")
}

fn list(errs: &[Error]) -> ErrorList {
    errs.iter().cloned().collect()
}

/// (kind, message) of every mismatch.
fn details<const N: usize, const M: usize>(
    hv: [Error; N],
    dv: [Error; M],
    takeover: bool,
    rules: &[NormalizationRule],
) -> Vec<(MismatchKind, String)> {
    gather_mismatches(&list(&hv), &list(&dv), takeover, rules)
        .into_iter()
        .map(|m| (m.kind, m.message))
        .collect()
}

const B: &str = r#"{Type="Invalid value", Field="spec.minReadySeconds", Origin="minimum"}"#;
const C: &str = r#"{Type="Invalid value", Field="spec.replicas", Origin="minimum"}"#;

#[test]
fn nothing_on_either_side() {
    assert!(details([], [], false, &[]).is_empty());
}

#[test]
fn matching_errors_with_different_origins() {
    // Uncovered hand-written errors (A, D) are not compared.
    assert!(details(
        [err_a(), covered_b(), covered_c(), err_d()],
        [err_b(), err_c()],
        false,
        &[]
    )
    .is_empty());
}

#[test]
fn origin_differs_unmatched_and_extra() {
    let c_max = err_c().with_origin("maximum");
    assert_eq!(
        details(
            [err_a(), covered_b(), covered_c()],
            [err_b(), c_max],
            true,
            &[]
        ),
        vec![
            (MismatchKind::Unmatched, msg_takeover("unmatched", C)),
            (
                MismatchKind::Extra,
                msg_takeover(
                    "extra",
                    r#"{Type="Invalid value", Field="spec.replicas", Origin="maximum"}"#
                )
            ),
        ]
    );
}

#[test]
fn one_each_not_matching() {
    assert_eq!(
        details([covered_b()], [err_c()], false, &[]),
        vec![
            (MismatchKind::Unmatched, msg("unmatched", B)),
            (MismatchKind::Extra, msg("extra", C))
        ]
    );
}

#[test]
fn covered_without_declarative_counterpart() {
    assert_eq!(
        details([covered_b()], [], true, &[]),
        vec![(MismatchKind::Unmatched, msg_takeover("unmatched", B))]
    );
    // Uncovered: never a mismatch.
    assert!(details([err_b()], [], false, &[]).is_empty());
}

#[test]
fn declarative_only_is_extra() {
    assert_eq!(
        details([], [err_b()], false, &[]),
        vec![(MismatchKind::Extra, msg("extra", B))]
    );
}

#[test]
fn one_handwritten_consumes_many_declarative() {
    let b_other_detail = Error::invalid(
        "spec.minReadySeconds",
        BadValue::Int(-1),
        "covered error B - different detail",
    )
    .with_origin("minimum");
    assert!(details(
        [covered_b()],
        [err_b(), err_b(), b_other_detail],
        false,
        &[]
    )
    .is_empty());
}

#[test]
fn consumed_declarative_errors_are_gone_for_later_handwritten() {
    // Two covered hand-written errors that differ only in detail: not exact
    // duplicates, so both are compared; the first consumes the declarative
    // error and the second is unmatched.
    let b2 = Error::invalid("spec.minReadySeconds", BadValue::Int(-1), "other wording")
        .with_origin("minimum")
        .mark_covered_by_declarative();
    assert_eq!(
        details([covered_b(), b2], [err_b()], false, &[]),
        vec![(MismatchKind::Unmatched, msg("unmatched", B))]
    );
}

#[test]
fn exact_handwritten_duplicates_are_removed_first() {
    // The same covered error reported twice (a duplicate validation call)
    // is compared once: no unmatched second copy.
    assert!(details([covered_b(), covered_b()], [err_b()], false, &[]).is_empty());
    // Dedup is exact: a different bad value is not a duplicate.
    let b_other_value =
        Error::invalid("spec.minReadySeconds", BadValue::Int(-2), "covered error B")
            .with_origin("minimum")
            .mark_covered_by_declarative();
    assert_eq!(
        details([covered_b(), b_other_value], [err_b()], false, &[]),
        vec![(MismatchKind::Unmatched, msg("unmatched", B))]
    );
    // The first of two exact duplicates is kept: an uncovered copy first
    // hides a covered one (the exact matcher ignores the covered mark).
    assert_eq!(
        details([err_b(), covered_b()], [err_b()], false, &[]),
        vec![(MismatchKind::Extra, msg("extra", B))]
    );
}

#[test]
fn invalid_needs_an_origin_on_both_sides() {
    let hv = Error::invalid("spec.x", BadValue::Int(1), "bad").mark_covered_by_declarative();
    let dv = Error::invalid("spec.x", BadValue::Int(1), "bad");
    let rendered = r#"{Type="Invalid value", Field="spec.x", Origin=""}"#;
    assert_eq!(
        details([hv.clone()], [dv.clone()], false, &[]),
        vec![
            (MismatchKind::Unmatched, msg("unmatched", rendered)),
            (MismatchKind::Extra, msg("extra", rendered))
        ]
    );
    // Origin on one side only: origins differ, no match either.
    let with = dv.clone().with_origin("minimum");
    assert_eq!(details([hv], [with], false, &[]).len(), 2);
}

#[test]
fn other_types_match_without_origin() {
    for (hv, dv, rendered) in [
        (
            Error::required("spec.x", "hv detail"),
            Error::required("spec.x", ""),
            r#"{Type="Required value", Field="spec.x", Origin=""}"#,
        ),
        (
            Error::forbidden("spec.x", "a"),
            Error::forbidden("spec.x", "b"),
            r#"{Type="Forbidden", Field="spec.x", Origin=""}"#,
        ),
        (
            Error::not_supported("spec.p", "HTTP", &["TCP"]),
            Error::not_supported("spec.p", "HTTP", &["TCP", "UDP"]),
            r#"{Type="Unsupported value", Field="spec.p", Origin=""}"#,
        ),
        (
            Error::duplicate("spec.l[1]", "a"),
            Error::duplicate("spec.l[1]", "a"),
            r#"{Type="Duplicate value", Field="spec.l[1]", Origin=""}"#,
        ),
        // TypeInvalid renders "Invalid value" but is not Invalid: no origin needed.
        (
            Error::type_invalid("spec.t", BadValue::Int(1), "x"),
            Error::type_invalid("spec.t", BadValue::Int(2), "y"),
            r#"{Type="Invalid value", Field="spec.t", Origin=""}"#,
        ),
    ] {
        let hv = hv.mark_covered_by_declarative();
        assert!(
            details([hv.clone()], [dv.clone()], false, &[]).is_empty(),
            "{hv}"
        );
        // A different field or type does not match.
        let moved = Error::required("spec.y", "");
        assert_eq!(
            details([hv], [moved], false, &[]),
            vec![
                (MismatchKind::Unmatched, msg("unmatched", rendered)),
                (
                    MismatchKind::Extra,
                    msg(
                        "extra",
                        r#"{Type="Required value", Field="spec.y", Origin=""}"#
                    )
                ),
            ]
        );
    }
}

#[test]
fn type_must_match() {
    let hv = Error::too_long("spec.n", 8)
        .with_origin("maxLength")
        .mark_covered_by_declarative();
    let dv = Error::invalid("spec.n", BadValue::Null, "x").with_origin("maxLength");
    assert_eq!(
        details([hv], [dv], false, &[]),
        vec![
            (
                MismatchKind::Unmatched,
                msg(
                    "unmatched",
                    r#"{Type="Too long", Field="spec.n", Origin="maxLength"}"#
                )
            ),
            (
                MismatchKind::Extra,
                msg(
                    "extra",
                    r#"{Type="Invalid value", Field="spec.n", Origin="maxLength"}"#
                )
            ),
        ]
    );
}

#[test]
fn order_unmatched_first_then_extra_in_input_order() {
    let hv = [
        Error::required("a", "").mark_covered_by_declarative(),
        Error::required("b", "").mark_covered_by_declarative(),
    ];
    let dv = [Error::forbidden("z", ""), Error::forbidden("y", "")];
    let got: Vec<String> = gather_mismatches(&list(&hv), &list(&dv), false, &[])
        .into_iter()
        .map(|m| m.rendered)
        .collect();
    assert_eq!(
        got,
        [
            r#"{Type="Required value", Field="a", Origin=""}"#,
            r#"{Type="Required value", Field="b", Origin=""}"#,
            r#"{Type="Forbidden", Field="z", Origin=""}"#,
            r#"{Type="Forbidden", Field="y", Origin=""}"#,
        ]
    );
}

#[test]
fn normalization_of_declarative_paths() {
    let rules =
        vec![NormalizationRule::new(r"spec.fakeminReadySeconds", "spec.minReadySeconds").unwrap()];
    let moved = Error::invalid(
        "spec.fakeminReadySeconds",
        BadValue::Int(-1),
        "covered error B",
    )
    .with_origin("minimum");
    assert!(details([covered_b()], [moved.clone()], false, &rules).is_empty());
    // Without the rule: a mismatch each way.
    assert_eq!(details([covered_b()], [moved.clone()], false, &[]).len(), 2);
    // An extra error renders both paths and is grouped by the normalized one.
    let m = gather_mismatches(&ErrorList::new(), &list(&[moved]), false, &rules);
    assert_eq!(
        m[0].rendered,
        r#"{Type="Invalid value", Field="spec.minReadySeconds" (aka "spec.fakeminReadySeconds"), Origin="minimum"}"#
    );
    assert_eq!(m[0].field, "spec.minReadySeconds");
    // Only the declarative ("got") side is normalized.
    let hv_moved = Error::invalid("spec.fakeminReadySeconds", BadValue::Int(-1), "b")
        .with_origin("minimum")
        .mark_covered_by_declarative();
    assert_eq!(details([hv_moved], [err_b()], false, &rules).len(), 2);
}

#[test]
fn field_rendering_is_go_quoted() {
    let e = Error::required("metadata.labels[a\"b]", "");
    assert_eq!(
        ErrorMatcher::migration(&[]).render(&e),
        r#"{Type="Required value", Field="metadata.labels[a\"b]", Origin=""}"#
    );
}

#[test]
fn the_mismatch_carries_the_error() {
    let m = gather_mismatches(&list(&[covered_b()]), &ErrorList::new(), false, &[]);
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].error, covered_b());
    assert_eq!(m[0].field, "spec.minReadySeconds");
    assert_eq!(m[0].kind.to_string(), "unmatched");
}
