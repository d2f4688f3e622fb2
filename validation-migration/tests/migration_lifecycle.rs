//! The 1.36 and 1.37 validation lifecycle, from upstream's own test tables:
//!
//! * `k8s.io/apiserver` v0.36.0 and v0.37.2 `pkg/registry/rest/validate_test.go`:
//!   `TestGatherDeclarativeValidationMismatches`,
//!   `TestValidateDeclarativelyWithMigrationChecks`;
//! * `k8s.io/apimachinery` v0.37.2 `pkg/api/validate/errors_test.go`:
//!   `TestFilterCoveredHandwrittenErrors`, `TestFilterEnforcedDeclarativeErrors`.
//!
//! Upstream's gather table checks that the details *contain* some strings;
//! here every row expects the exact messages.

use crate::migration_support;

use k8s_validation::field::{BadValue, Error, ErrorList, Path};
use k8s_validation::{Operation, Release};
use k8s_validation_migration::{
    filter_covered_handwritten_errors, filter_enforced_declarative_errors,
    filter_handwritten_errors_1_36, gather_mismatches_for, FeatureGates, Migration, MismatchKind,
    Mode, NormalizationRule, Registry, RECOMMENDATION_AUTHORITATIVE, RECOMMENDATION_DISABLE_BETA,
    RECOMMENDATION_TAKEOVER,
};
use migration_support::capture;
use tracing::Level;

fn list(errs: &[Error]) -> ErrorList {
    errs.iter().cloned().collect()
}

fn val() -> BadValue<'static> {
    BadValue::String("val".into())
}

fn message(which: &str, rendered: &str, rec: &str) -> String {
    format!(
        "Unexpected difference between hand written validation and declarative validation error results, \
         {which} error(s) found {rendered}. This indicates an issue with declarative validation. {rec}"
    )
}

// TestGatherDeclarativeValidationMismatches (v0.36.0 and v0.37.2: the same
// rows; v0.37.2 adds the short-circuit row).
fn hv_standard() -> Error {
    Error::invalid("spec.standard", val(), "impStandard")
        .mark_covered_by_declarative()
        .with_origin("min")
}
fn dv_standard() -> Error {
    Error::invalid("spec.standard", val(), "decStandard").with_origin("min")
}
fn hv_beta() -> Error {
    Error::invalid("spec.beta", val(), "impBeta")
        .mark_covered_by_declarative()
        .mark_beta()
        .with_origin("min")
}
fn dv_alpha() -> Error {
    Error::invalid("spec.alpha", val(), "decAlpha")
        .mark_alpha()
        .with_origin("min")
}
const STANDARD: &str = r#"{Type="Invalid value", Field="spec.standard", Origin="min"}"#;
const BETA: &str = r#"{Type="Invalid value", Field="spec.beta", Origin="min"}"#;
const ALPHA: &str = r#"{Type="Invalid value", Field="spec.alpha", Origin="min"}"#;

fn gather(
    release: Release,
    hv: &[Error],
    dv: &[Error],
    enforced: bool,
    rules: &[NormalizationRule],
    short_circuit: bool,
) -> Vec<String> {
    gather_mismatches_for(
        release,
        &list(hv),
        &list(dv),
        enforced,
        rules,
        short_circuit,
    )
    .into_iter()
    .map(|m| m.message)
    .collect()
}

/// (name, hand-written, declarative, enforced, rules, messages).
type GatherRow<'a> = (
    &'static str,
    Vec<Error>,
    Vec<Error>,
    bool,
    &'a [NormalizationRule],
    Vec<String>,
);

#[test]
fn gather_table_1_36_to_1_38() {
    let aliased = vec![NormalizationRule::new(r"spec.standardAliased", "spec.standard").unwrap()];
    for release in [Release::V1_36, Release::V1_37, Release::V1_38] {
        let rows: Vec<GatherRow> = vec![
            (
                "No errors - no mismatch",
                vec![],
                vec![],
                false,
                &[],
                vec![],
            ),
            (
                "Clean match - no mismatch",
                vec![hv_standard()],
                vec![dv_standard()],
                false,
                &[],
                vec![],
            ),
            (
                "Mismatch: Missing DV (Standard) + Enforced -> Disable Beta Gate",
                vec![hv_standard()],
                vec![],
                true,
                &[],
                vec![message("unmatched", STANDARD, RECOMMENDATION_DISABLE_BETA)],
            ),
            (
                "Mismatch: Extra DV (Standard) + Not Enforced -> HV Authoritative",
                vec![],
                vec![dv_standard()],
                false,
                &[],
                vec![message("extra", STANDARD, RECOMMENDATION_AUTHORITATIVE)],
            ),
            (
                "Mismatch: Missing DV (Beta) + Enforced -> Disable Beta Gate",
                vec![hv_beta()],
                vec![],
                true,
                &[],
                vec![message("unmatched", BETA, RECOMMENDATION_DISABLE_BETA)],
            ),
            (
                "Mismatch: Extra DV (Alpha) + Enforced -> HV Authoritative (Override)",
                vec![],
                vec![dv_alpha()],
                true,
                &[],
                vec![message("extra", ALPHA, RECOMMENDATION_AUTHORITATIVE)],
            ),
            (
                "Fuzzy matching (different detail) - no mismatch",
                vec![hv_standard()],
                vec![
                    Error::invalid("spec.standard", val(), "decStandardDiffDetail")
                        .with_origin("min"),
                ],
                false,
                &[],
                vec![],
            ),
            (
                "Field normalization - no mismatch",
                vec![hv_standard()],
                vec![
                    Error::invalid("spec.standardAliased", val(), "decStandard").with_origin("min")
                ],
                false,
                &aliased,
                vec![],
            ),
            (
                "Multiple mismatches - combined log info",
                vec![hv_beta()],
                vec![dv_alpha()],
                true,
                &[],
                vec![
                    message("unmatched", BETA, RECOMMENDATION_DISABLE_BETA),
                    message("extra", ALPHA, RECOMMENDATION_AUTHORITATIVE),
                ],
            ),
            (
                "Uncovered HV error - no mismatch (ignored)",
                vec![Error::invalid("spec.other", val(), "other").with_origin("min")],
                vec![],
                false,
                &[],
                vec![],
            ),
        ];
        for (name, hv, dv, enforced, rules, want) in rows {
            assert_eq!(
                gather(release, &hv, &dv, enforced, rules, false),
                want,
                "{release} {name}"
            );
        }
    }
}

/// "Short-circuit match: DV parent covers HV parent and child" (v0.37.2).
#[test]
fn gather_short_circuit_mismatch() {
    let hv = [
        Error::invalid("spec.standard", val(), "immutable")
            .mark_covered_by_declarative()
            .with_origin("immutable"),
        Error::required("spec.standard.kind", "val")
            .mark_covered_by_declarative()
            .with_origin("min"),
    ];
    let dv = [Error::invalid("spec.standard", val(), "immutable")
        .with_origin("immutable")
        .mark_short_circuit()];
    assert!(gather(Release::V1_37, &hv, &dv, false, &[], true).is_empty());
    // Without the option (and in 1.36, which does not have it) the child is unmatched.
    let child = message(
        "unmatched",
        r#"{Type="Required value", Field="spec.standard.kind", Origin="min"}"#,
        RECOMMENDATION_AUTHORITATIVE,
    );
    assert_eq!(
        gather(Release::V1_37, &hv, &dv, false, &[], false),
        std::slice::from_ref(&child)
    );
    assert_eq!(gather(Release::V1_36, &hv, &dv, false, &[], true), [child]);
    // Only descendants: `spec.standardX` is not below `spec.standard`.
    let sibling = [Error::required("spec.standardX", "val")
        .mark_covered_by_declarative()
        .with_origin("min")];
    assert_eq!(
        gather(Release::V1_37, &sibling, &dv, false, &[], true).len(),
        2
    );
}

/// Hand-written duplicates: 1.35 drops exact copies only, 1.36 on every
/// error the comparison matcher cannot tell apart (1.38: among errors with
/// the same covered mark, see the next test).
#[test]
fn dedupe_exact_in_1_35_fuzzy_from_1_36() {
    let hv = [
        Error::invalid("spec.x", BadValue::Int(1), "one")
            .with_origin("minimum")
            .mark_covered_by_declarative(),
        Error::invalid("spec.x", BadValue::Int(1), "two")
            .with_origin("minimum")
            .mark_covered_by_declarative(),
    ];
    let dv = [Error::invalid("spec.x", BadValue::Int(1), "dv").with_origin("minimum")];
    let x = r#"{Type="Invalid value", Field="spec.x", Origin="minimum"}"#;
    assert_eq!(
        gather(Release::V1_35, &hv, &dv, false, &[], false),
        [message("unmatched", x, RECOMMENDATION_AUTHORITATIVE)]
    );
    assert_eq!(
        gather(Release::V1_35, &hv, &dv, true, &[], false),
        [message("unmatched", x, RECOMMENDATION_TAKEOVER)]
    );
    for release in [Release::V1_36, Release::V1_37, Release::V1_38] {
        assert!(gather(release, &hv, &dv, false, &[], false).is_empty());
    }
}

/// 1.38 dedupes hand-written errors by the comparison matcher *and* the
/// covered mark (apiserver v0.38's `fuzzyMatcher.ByCoveredByDeclarative()`):
/// a covered error after an uncovered twin is compared (and unmatched when
/// declarative validation has nothing), where 1.36 and 1.37 drop it.
#[test]
fn dedupe_keeps_a_covered_error_after_an_uncovered_twin_in_1_38() {
    let e = || Error::invalid("e", val(), "bad").with_origin("o4");
    let hv = [e(), e().mark_covered_by_declarative()];
    let rendered = r#"{Type="Invalid value", Field="e", Origin="o4"}"#;
    for release in [Release::V1_36, Release::V1_37] {
        assert!(
            gather(release, &hv, &[], true, &[], false).is_empty(),
            "{release}"
        );
    }
    assert_eq!(
        gather(Release::V1_38, &hv, &[], true, &[], false),
        [message("unmatched", rendered, RECOMMENDATION_DISABLE_BETA)]
    );
    // With a matching beta declarative error: 1.37 compares only the
    // uncovered twin, so the declarative error is extra; 1.38 matches it.
    let dv = [e().mark_beta()];
    assert_eq!(
        gather(Release::V1_37, &hv, &dv, true, &[], false),
        [message("extra", rendered, RECOMMENDATION_DISABLE_BETA)]
    );
    assert!(gather(Release::V1_38, &hv, &dv, true, &[], false).is_empty());
    // Covered twins are still one error in 1.38.
    let twins = [
        e().mark_covered_by_declarative(),
        Error::invalid("e", BadValue::Int(1), "other")
            .with_origin("o4")
            .mark_covered_by_declarative(),
    ];
    assert_eq!(
        gather(Release::V1_38, &twins, &[], false, &[], false).len(),
        1
    );
}

/// 1.38 returns a hand-written error whose text repeats an earlier one's
/// only once (upstream's `FilterCoveredHandwrittenErrors` goes through
/// `ErrorList.Filter`, whose `ToAggregate` keeps the first of each text);
/// this crate's 1.37 returns both.
#[test]
fn repeated_hand_written_texts_returned_once_from_1_37() {
    let e = || Error::invalid("e", val(), "bad").with_origin("o4");
    let hv = list(&[
        e(),
        e().with_origin("other").mark_covered_by_declarative(),
        Error::forbidden("f", "kept"),
    ]);
    let fields_with = |release, enforcement| {
        let m = migration(
            FeatureGates::for_release(release),
            Some(ErrorList::new()),
            enforcement,
        );
        let (errs, _) = capture(|| m.validate(&Pod, None, &Operation::create(), hv.clone()));
        errs.iter()
            .map(|e| (e.field().to_owned(), e.is_covered_by_declarative()))
            .collect::<Vec<_>>()
    };
    let fields = |release| fields_with(release, false);
    // Upstream's `ErrorList.Filter` (1.36 under enforcement, 1.37 and 1.38
    // always); 1.36 without enforcement returns the list as it is.
    for release in [Release::V1_37, Release::V1_38] {
        assert_eq!(
            fields(release),
            [("e".to_owned(), false), ("f".to_owned(), false)],
            "{release}"
        );
    }
    assert_eq!(fields(Release::V1_36).len(), 3);
    assert_eq!(fields_with(Release::V1_36, true).len(), 2);
}

/// 1.36 consumes a matched declarative error (1:many); 1.37 lets it match
/// several hand-written errors (many:many). Two hand-written errors that
/// both match one declarative error (only the declarative path is
/// normalized, so `spec.old` and `spec.new` both match a `spec.old`
/// declarative error under `spec.old -> spec.new`).
#[test]
fn one_to_many_in_1_36_many_to_many_in_1_37() {
    let rules = vec![NormalizationRule::new(r"^spec\.old$", "spec.new").unwrap()];
    let hv = [
        Error::forbidden("spec.old", "hv old").mark_covered_by_declarative(),
        Error::forbidden("spec.new", "hv new").mark_covered_by_declarative(),
    ];
    let dv = [Error::forbidden("spec.old", "dv").mark_beta()];
    assert_eq!(
        gather(Release::V1_36, &hv, &dv, true, &rules, false),
        [message(
            "unmatched",
            r#"{Type="Forbidden", Field="spec.new", Origin=""}"#,
            RECOMMENDATION_DISABLE_BETA
        )]
    );
    assert!(gather(Release::V1_37, &hv, &dv, true, &rules, false).is_empty());
}

// TestFilterCoveredHandwrittenErrors (apimachinery v0.37.2).
#[test]
fn filter_covered_handwritten_errors_table() {
    let covered = Error::invalid(
        "spec.name",
        BadValue::String("invalid-value".into()),
        "must be valid",
    )
    .with_origin("test-origin")
    .mark_covered_by_declarative();
    let not_covered = Error::invalid(
        "spec.name",
        BadValue::String("invalid-value".into()),
        "must be valid",
    )
    .with_origin("test-origin");
    let beta = not_covered.clone().mark_beta();
    let alpha = not_covered.clone().mark_alpha();
    let rows = [
        ("uncovered handwritten error is preserved", vec![not_covered.clone()], vec![beta.clone()], false, 1),
        ("covered handwritten error filtered when matching beta declarative error exists", vec![covered.clone()], vec![beta.clone()], false, 0),
        ("covered handwritten error not filtered when matching declarative is alpha", vec![covered.clone()], vec![alpha], false, 1),
        ("covered handwritten error filtered in allDeclarativeEnforced mode regardless of matching declarative error", vec![covered.clone()], vec![], true, 0),
        // Not in upstream's table: a standard declarative error removes nothing.
        ("standard declarative error keeps the covered handwritten one", vec![covered], vec![not_covered], false, 1),
    ];
    for (name, hv, enforced, all, want) in rows {
        let got = filter_covered_handwritten_errors(list(&hv), &list(&enforced), all, &[]);
        assert_eq!(got.len(), want, "{name}");
    }
}

// TestFilterEnforcedDeclarativeErrors (apimachinery v0.37.2).
#[test]
fn filter_enforced_declarative_errors_table() {
    let internal = Error::internal("spec", "internal error");
    let alpha = Error::invalid("spec", val(), "alpha").mark_alpha();
    let beta = Error::invalid("spec", val(), "beta").mark_beta();
    let std = Error::invalid("spec", val(), "standard");
    let all = list(&[internal.clone(), alpha.clone(), beta.clone(), std.clone()]);
    assert_eq!(filter_enforced_declarative_errors(&all, false, true), all);
    assert_eq!(
        filter_enforced_declarative_errors(&all, false, false),
        list(&[internal.clone(), std.clone()])
    );
    assert_eq!(
        filter_enforced_declarative_errors(&all, true, false),
        list(&[internal, beta, std])
    );
}

#[test]
fn filter_handwritten_errors_1_36_reads_the_handwritten_level() {
    let covered_beta = Error::forbidden("spec.beta", "hv")
        .mark_covered_by_declarative()
        .mark_beta();
    let covered = Error::forbidden("spec.std", "hv").mark_covered_by_declarative();
    let beta_uncovered = Error::forbidden("spec.x", "hv").mark_beta();
    let hv = list(&[covered_beta, covered.clone(), beta_uncovered.clone()]);
    assert_eq!(
        filter_handwritten_errors_1_36(hv.clone(), false, true),
        list(&[covered, beta_uncovered.clone()])
    );
    assert_eq!(filter_handwritten_errors_1_36(hv.clone(), false, false), hv);
    assert_eq!(
        filter_handwritten_errors_1_36(hv, true, false),
        list(&[beta_uncovered])
    );
}

// ---------------------------------------------------------------------------
// TestValidateDeclarativelyWithMigrationChecks, through `Migration::validate`.

struct Pod;

/// A migration whose `Pod` validation returns `dv` (or panics with
/// "test panic"), as upstream's test registers `AddValidationFunc`.
fn migration(gates: FeatureGates, dv: Option<ErrorList>, enforcement: bool) -> Migration {
    let mut r = Registry::new();
    let reg = r.register_custom::<Pod>("Pod", move |_, _, _| match &dv {
        Some(errs) => errs.clone(),
        None => panic!("test panic"),
    });
    if enforcement {
        reg.declarative_enforcement();
    }
    Migration::new(gates, r)
}

fn gates(release: Release, dv_enabled: bool, beta: bool) -> FeatureGates {
    if dv_enabled {
        FeatureGates::parse_for(release, &format!("DeclarativeValidationBeta={beta}")).unwrap()
    } else {
        // As upstream's table: emulate 1.35 to be able to turn the GA gate off.
        FeatureGates::for_release(release)
            .with_emulated_version(Release::V1_35)
            .unwrap()
            .with_flag("DeclarativeValidation=false")
    }
}

trait WithFlag {
    fn with_flag(self, flag: &str) -> FeatureGates;
}
impl WithFlag for FeatureGates {
    fn with_flag(mut self, flag: &str) -> FeatureGates {
        self.set(flag).unwrap();
        self
    }
}

fn hv_standard_covered() -> Error {
    Error::forbidden("spec.standard", "imperative standard").mark_covered_by_declarative()
}
fn dv_standard_forbidden() -> Error {
    Error::forbidden("spec.standard", "decStandard")
}
fn dv_additional() -> Error {
    Error::invalid(
        "spec.additional",
        BadValue::String("decAdditional".into()),
        "declarative additional",
    )
}
fn hv_alpha() -> Error {
    Error::forbidden("spec.alpha", "imperative alpha")
}
fn dv_alpha_lifecycle() -> Error {
    Error::invalid(
        "spec.alpha",
        BadValue::String("decAlpha".into()),
        "declarative alpha",
    )
    .mark_alpha()
}
fn internal(msg: &str) -> Error {
    Error::internal(Path::root(), msg)
}

/// The hand-written errors as returned from 1.36 on.
fn hv_out(e: Error) -> Error {
    e.mark_from_imperative()
}

#[derive(Clone)]
struct Row {
    name: &'static str,
    dv_enabled: bool,
    enforcement: bool,
    beta: bool,
    hv: Vec<Error>,
    /// `None`: the declarative validation panics.
    dv: Option<Vec<Error>>,
    want: Vec<Error>,
    mode: Mode,
}

fn run_rows(release: Release, rows: Vec<Row>) {
    for row in rows {
        let m = migration(
            gates(release, row.dv_enabled, row.beta),
            row.dv.as_deref().map(list),
            row.enforcement,
        );
        assert_eq!(m.mode_of::<Pod>(), row.mode, "{release} {}", row.name);
        let got = m.validate(&Pod, None, &Operation::create(), list(&row.hv));
        assert_eq!(got, list(&row.want), "{release} {}", row.name);
    }
}

#[test]
fn validate_table_1_36() {
    let hv_beta_covered = Error::forbidden("spec.beta", "imperative beta")
        .mark_covered_by_declarative()
        .mark_beta();
    let dv_beta = Error::invalid(
        "spec.beta",
        BadValue::String("decBeta".into()),
        "declarative beta",
    )
    .mark_beta();
    let std_all = vec![dv_standard_forbidden(), dv_additional()];
    let rows = vec![
        Row {
            name: "Feature Disabled, Not Enforced -> Skips declarative, Returns HV",
            dv_enabled: false,
            enforcement: false,
            beta: false,
            hv: vec![hv_standard_covered()],
            dv: Some(vec![dv_standard_forbidden()]),
            want: vec![hv_out(hv_standard_covered())],
            mode: Mode::Disabled,
        },
        Row {
            name: "Feature Disabled, Enforced -> Enforces Standard",
            dv_enabled: false,
            enforcement: true,
            beta: false,
            hv: vec![hv_standard_covered()],
            dv: Some(std_all.clone()),
            want: vec![
                hv_out(hv_standard_covered()),
                dv_standard_forbidden(),
                dv_additional(),
            ],
            mode: Mode::Lifecycle,
        },
        Row {
            name: "Feature Enabled, Not Enforced -> Returns imperative (Shadow Mode)",
            dv_enabled: true,
            enforcement: false,
            beta: false,
            hv: vec![hv_standard_covered()],
            dv: Some(vec![dv_standard_forbidden()]),
            want: vec![hv_out(hv_standard_covered())],
            mode: Mode::Mismatch,
        },
        Row {
            name: "Feature Enabled, Enforced -> Enforces Standard",
            dv_enabled: true,
            enforcement: true,
            beta: false,
            hv: vec![hv_standard_covered()],
            dv: Some(std_all),
            want: vec![
                hv_out(hv_standard_covered()),
                dv_standard_forbidden(),
                dv_additional(),
            ],
            mode: Mode::Lifecycle,
        },
        Row {
            name: "Feature Disabled, Enforced, Panics -> Returns InternalError",
            dv_enabled: false,
            enforcement: true,
            beta: false,
            hv: vec![hv_standard_covered()],
            dv: None,
            want: vec![
                hv_out(hv_standard_covered()),
                internal("panic during declarative validation: test panic"),
            ],
            mode: Mode::Lifecycle,
        },
        Row {
            name: "Feature Enabled, Enforced, InternalError -> Returns InternalError",
            dv_enabled: true,
            enforcement: true,
            beta: false,
            hv: vec![hv_standard_covered()],
            dv: Some(vec![internal("internal error")]),
            want: vec![hv_out(hv_standard_covered()), internal("internal error")],
            mode: Mode::Lifecycle,
        },
        Row {
            name: "Enforced, Beta Gate Enabled -> Enforces Beta (HV removed, DV returned)",
            dv_enabled: true,
            enforcement: true,
            beta: true,
            hv: vec![hv_beta_covered.clone()],
            dv: Some(vec![dv_beta.clone()]),
            want: vec![dv_beta.clone()],
            mode: Mode::Lifecycle,
        },
        Row {
            name: "Enforced, Beta Gate Disabled -> Shadows Beta (HV kept, DV hidden)",
            dv_enabled: true,
            enforcement: true,
            beta: false,
            hv: vec![hv_beta_covered.clone()],
            dv: Some(vec![dv_beta]),
            want: vec![hv_out(hv_beta_covered)],
            mode: Mode::Lifecycle,
        },
        Row {
            name: "Enforced, Alpha -> Shadows Alpha (HV kept, DV hidden)",
            dv_enabled: true,
            enforcement: true,
            beta: true,
            hv: vec![hv_alpha()],
            dv: Some(vec![dv_alpha_lifecycle()]),
            want: vec![hv_out(hv_alpha())],
            mode: Mode::Lifecycle,
        },
    ];
    run_rows(Release::V1_36, rows);
}

#[test]
fn validate_table_1_37() {
    // 1.37: the hand-written error carries no level; a matching enforced beta
    // declarative error removes it.
    let hv_beta_covered = Error::invalid("spec.beta", val(), "imperative beta")
        .with_origin("min")
        .mark_covered_by_declarative();
    let dv_beta = Error::invalid(
        "spec.beta",
        BadValue::String("decBeta".into()),
        "declarative beta",
    )
    .with_origin("min")
    .mark_beta();
    let hv_beta_forbidden = Error::forbidden("spec.betaForbidden", "imperative beta forbidden")
        .mark_covered_by_declarative();
    let dv_beta_forbidden =
        Error::forbidden("spec.betaForbidden", "declarative beta forbidden").mark_beta();
    let std_all = vec![dv_standard_forbidden(), dv_additional()];
    let rows = vec![
        Row {
            name: "Feature Disabled -> Enforces Standard",
            dv_enabled: false,
            enforcement: false,
            beta: false,
            hv: vec![hv_standard_covered()],
            dv: Some(std_all.clone()),
            want: vec![
                hv_out(hv_standard_covered()),
                dv_standard_forbidden(),
                dv_additional(),
            ],
            mode: Mode::Lifecycle,
        },
        Row {
            name: "Feature Enabled -> Enforces Standard",
            dv_enabled: true,
            enforcement: false,
            beta: false,
            hv: vec![hv_standard_covered()],
            dv: Some(std_all),
            want: vec![
                hv_out(hv_standard_covered()),
                dv_standard_forbidden(),
                dv_additional(),
            ],
            mode: Mode::Lifecycle,
        },
        Row {
            name: "Feature Disabled, Panics -> Returns InternalError",
            dv_enabled: false,
            enforcement: false,
            beta: false,
            hv: vec![hv_standard_covered()],
            dv: None,
            want: vec![
                hv_out(hv_standard_covered()),
                internal("panic during declarative validation: test panic"),
            ],
            mode: Mode::Lifecycle,
        },
        Row {
            name: "Feature Enabled, InternalError -> Returns InternalError",
            dv_enabled: true,
            enforcement: false,
            beta: false,
            hv: vec![hv_standard_covered()],
            dv: Some(vec![internal("internal error")]),
            want: vec![hv_out(hv_standard_covered()), internal("internal error")],
            mode: Mode::Lifecycle,
        },
        Row {
            name: "Beta Gate Enabled -> Enforces Beta (HV removed, DV returned)",
            dv_enabled: true,
            enforcement: false,
            beta: true,
            hv: vec![hv_beta_covered.clone()],
            dv: Some(vec![dv_beta.clone()]),
            want: vec![dv_beta.clone()],
            mode: Mode::Lifecycle,
        },
        Row {
            name: "Beta Gate Disabled -> Shadows Beta (HV kept, DV hidden)",
            dv_enabled: true,
            enforcement: false,
            beta: false,
            hv: vec![hv_beta_covered.clone()],
            dv: Some(vec![dv_beta]),
            want: vec![hv_out(hv_beta_covered.clone())],
            mode: Mode::Lifecycle,
        },
        Row {
            name: "Beta Gate Enabled, declarative not emitted -> HV kept",
            dv_enabled: true,
            enforcement: false,
            beta: true,
            hv: vec![hv_beta_covered.clone()],
            dv: Some(vec![]),
            want: vec![hv_out(hv_beta_covered)],
            mode: Mode::Lifecycle,
        },
        Row {
            name: "Beta Gate Enabled, origin-less Forbidden -> HV removed, DV returned",
            dv_enabled: true,
            enforcement: false,
            beta: true,
            hv: vec![hv_beta_forbidden],
            dv: Some(vec![dv_beta_forbidden.clone()]),
            want: vec![dv_beta_forbidden],
            mode: Mode::Lifecycle,
        },
        Row {
            name: "Alpha -> Shadows Alpha (HV kept, DV hidden)",
            dv_enabled: true,
            enforcement: false,
            beta: true,
            hv: vec![hv_alpha()],
            dv: Some(vec![dv_alpha_lifecycle()]),
            want: vec![hv_out(hv_alpha())],
            mode: Mode::Lifecycle,
        },
    ];
    run_rows(Release::V1_37, rows.clone());
    run_rows(Release::V1_38, rows);
}

/// What is compared and counted, per release, for one object with a
/// standard, a beta and an alpha declarative error and no hand-written one.
#[test]
fn mismatches_counted_per_release() {
    let dv = list(&[
        Error::forbidden("spec.std", "std"),
        Error::forbidden("spec.beta", "beta").mark_beta(),
        Error::forbidden("spec.alpha", "alpha").mark_alpha(),
    ]);
    let rendered = |f: &str| format!(r#"{{Type="Forbidden", Field="{f}", Origin=""}}"#);
    let cases = [
        // (release, enforcement, beta flag, returned fields, logged messages)
        (
            Release::V1_35,
            false,
            "",
            vec![],
            vec![
                message("extra", &rendered("spec.std"), RECOMMENDATION_AUTHORITATIVE),
                message(
                    "extra",
                    &rendered("spec.beta"),
                    RECOMMENDATION_AUTHORITATIVE,
                ),
                message(
                    "extra",
                    &rendered("spec.alpha"),
                    RECOMMENDATION_AUTHORITATIVE,
                ),
            ],
        ),
        (
            Release::V1_36,
            false,
            "",
            vec![],
            vec![
                message("extra", &rendered("spec.std"), RECOMMENDATION_AUTHORITATIVE),
                message(
                    "extra",
                    &rendered("spec.beta"),
                    RECOMMENDATION_AUTHORITATIVE,
                ),
                message(
                    "extra",
                    &rendered("spec.alpha"),
                    RECOMMENDATION_AUTHORITATIVE,
                ),
            ],
        ),
        (
            Release::V1_36,
            true,
            "",
            vec!["spec.std", "spec.beta"],
            vec![
                message("extra", &rendered("spec.beta"), RECOMMENDATION_DISABLE_BETA),
                message(
                    "extra",
                    &rendered("spec.alpha"),
                    RECOMMENDATION_AUTHORITATIVE,
                ),
            ],
        ),
        (
            Release::V1_36,
            true,
            "DeclarativeValidationBeta=false",
            vec!["spec.std"],
            vec![
                message(
                    "extra",
                    &rendered("spec.beta"),
                    RECOMMENDATION_AUTHORITATIVE,
                ),
                message(
                    "extra",
                    &rendered("spec.alpha"),
                    RECOMMENDATION_AUTHORITATIVE,
                ),
            ],
        ),
        (
            Release::V1_37,
            false,
            "",
            vec!["spec.std", "spec.beta"],
            vec![
                message("extra", &rendered("spec.beta"), RECOMMENDATION_DISABLE_BETA),
                message(
                    "extra",
                    &rendered("spec.alpha"),
                    RECOMMENDATION_AUTHORITATIVE,
                ),
            ],
        ),
        (
            Release::V1_37,
            false,
            "DeclarativeValidationBeta=false",
            vec!["spec.std"],
            vec![
                message(
                    "extra",
                    &rendered("spec.beta"),
                    RECOMMENDATION_AUTHORITATIVE,
                ),
                message(
                    "extra",
                    &rendered("spec.alpha"),
                    RECOMMENDATION_AUTHORITATIVE,
                ),
            ],
        ),
    ];
    for (release, enforcement, flag, fields, logged) in cases {
        let m = migration(
            FeatureGates::parse_for(release, flag).unwrap(),
            Some(dv.clone()),
            enforcement,
        );
        let (errs, events) =
            capture(|| m.validate(&Pod, None, &Operation::create(), ErrorList::new()));
        let got: Vec<&str> = errs.iter().map(|e| e.field()).collect();
        assert_eq!(got, fields, "{release} {enforcement} {flag}");
        let errors: Vec<&str> = events
            .iter()
            .filter(|e| e.level == Level::ERROR)
            .map(|e| e.message.as_str())
            .collect();
        assert_eq!(errors, logged, "{release} {enforcement} {flag}");
        assert!(events.iter().filter(|e| e.level == Level::ERROR).all(|e| e
            .fields
            .get("validation_identifier")
            .map(String::as_str)
            == Some("pod_create")));
        assert_eq!(m.metrics().mismatch_total(), logged.len() as u64);
        assert_eq!(
            m.metrics().parity_discrepancies("pod_create"),
            logged.len() as u64
        );
    }
}

/// Panics: 1.35 and 1.36 without enforcement log them; 1.36 with
/// enforcement and 1.37 return the internal error (upstream's
/// `runDeclarativeValidationWithRecover`). Counted in every release.
#[test]
fn panics_per_release() {
    for (release, enforcement, returned) in [
        (Release::V1_35, false, false),
        (Release::V1_36, false, false),
        (Release::V1_36, true, true),
        (Release::V1_37, false, true),
        (Release::V1_38, false, true),
    ] {
        let m = migration(FeatureGates::for_release(release), None, enforcement);
        let (errs, events) =
            capture(|| m.validate(&Pod, None, &Operation::create(), ErrorList::new()));
        let text = "<nil>: Internal error: panic during declarative validation: test panic";
        if returned {
            assert_eq!(errs.len(), 1, "{release}");
            assert_eq!(errs[0].to_string(), text);
            assert!(
                events
                    .iter()
                    .all(|e| !e.message.starts_with("panic during")),
                "{release}"
            );
        } else {
            assert!(errs.is_empty(), "{release}");
            assert!(
                events.iter().any(|e| e.level == Level::ERROR
                    && e.message == "panic during declarative validation: test panic"),
                "{release}"
            );
        }
        assert_eq!(m.metrics().panic_total(), 1, "{release}");
        assert_eq!(m.metrics().panics("pod_create"), 1, "{release}");
    }
}

/// `with_all_declarative_enforced_for_test`: every declarative error is
/// returned, every covered hand-written one dropped (1.36 and 1.37).
#[test]
fn all_declarative_enforced_for_test() {
    let dv = list(&[
        Error::forbidden("spec.alpha", "alpha").mark_alpha(),
        Error::forbidden("spec.beta", "beta").mark_beta(),
    ]);
    let hv = list(&[
        Error::forbidden("spec.covered", "hv").mark_covered_by_declarative(),
        Error::forbidden("spec.kept", "hv"),
    ]);
    for release in [Release::V1_36, Release::V1_37, Release::V1_38] {
        let m = migration(
            FeatureGates::parse_for(release, "DeclarativeValidationBeta=false").unwrap(),
            Some(dv.clone()),
            false,
        )
        .with_all_declarative_enforced_for_test();
        let got = m.validate(&Pod, None, &Operation::create(), hv.clone());
        let fields: Vec<&str> = got.iter().map(|e| e.field()).collect();
        assert_eq!(
            fields,
            ["spec.kept", "spec.alpha", "spec.beta"],
            "{release}"
        );
        assert!(got[0].is_from_imperative() && !got[1].is_from_imperative());
    }
}

/// 1.35 returns hand-written errors untouched; 1.36 and 1.37 mark them
/// `FromImperative` (upstream's `errs.MarkFromImperative()`), even when
/// declarative validation does not run.
#[test]
fn from_imperative_marks() {
    let hv = list(&[Error::forbidden("spec.x", "hv")]);
    let m = migration(
        FeatureGates::for_release(Release::V1_35),
        Some(ErrorList::new()),
        false,
    );
    assert!(!m.validate(&Pod, None, &Operation::create(), hv.clone())[0].is_from_imperative());
    for release in [Release::V1_36, Release::V1_37, Release::V1_38] {
        let m = migration(
            FeatureGates::for_release(release),
            Some(ErrorList::new()),
            false,
        );
        assert!(m.validate(&Pod, None, &Operation::create(), hv.clone())[0].is_from_imperative());
    }
    let m = migration(
        gates(Release::V1_36, false, false),
        Some(ErrorList::new()),
        false,
    );
    assert!(m.validate(&Pod, None, &Operation::create(), hv)[0].is_from_imperative());
}

#[test]
fn mismatch_kinds_keep_their_order() {
    let got = gather_mismatches_for(
        Release::V1_37,
        &list(&[Error::forbidden("spec.a", "hv").mark_covered_by_declarative()]),
        &list(&[Error::forbidden("spec.b", "dv").mark_beta()]),
        true,
        &[],
        false,
    );
    let kinds: Vec<MismatchKind> = got.iter().map(|m| m.kind).collect();
    assert_eq!(kinds, [MismatchKind::Unmatched, MismatchKind::Extra]);
    assert_eq!(got[1].field, "spec.b");
}

/// 1.35 knows no stability levels: an alpha error gets the takeover
/// recommendation like any other; from 1.36 it always gets the
/// authoritative one.
#[test]
fn alpha_recommendation_from_1_36() {
    let dv = [dv_alpha()];
    assert_eq!(
        gather(Release::V1_35, &[], &dv, true, &[], false),
        [message("extra", ALPHA, RECOMMENDATION_TAKEOVER)]
    );
    for release in [Release::V1_36, Release::V1_37, Release::V1_38] {
        assert_eq!(
            gather(release, &[], &dv, true, &[], false),
            [message("extra", ALPHA, RECOMMENDATION_AUTHORITATIVE)]
        );
    }
}
