//! The one-call server API (`Migration::validate`) under every gate
//! combination: returned errors, mismatch events and counter values.

use crate::migration_support;

use std::sync::Arc;

use k8s_validation::field::{BadValue, Error, ErrorList};
use k8s_validation::Operation;
use k8s_validation_migration::{
    FeatureGates, Migration, Mode, NormalizationRule, Registry, ValidationMetrics,
};
use migration_support::*;
use tracing::Level;

const ALL_FLAGS: [(&str, Mode); 4] = [
    (
        "DeclarativeValidation=true,DeclarativeValidationTakeover=false",
        Mode::Mismatch,
    ),
    (
        "DeclarativeValidation=true,DeclarativeValidationTakeover=true",
        Mode::Takeover,
    ),
    (
        "DeclarativeValidation=false,DeclarativeValidationTakeover=false",
        Mode::Disabled,
    ),
    (
        "DeclarativeValidation=false,DeclarativeValidationTakeover=true",
        Mode::Disabled,
    ),
];

fn registry() -> Registry {
    let mut r = Registry::new();
    r.register::<Widget>("Widget")
        .group("example.dev")
        .handwritten(handwritten);
    r
}

fn migration(flags: &str) -> Migration {
    Migration::new(FeatureGates::parse(flags).unwrap(), registry())
}

fn create(m: &Migration, w: &Widget, hv: ErrorList) -> (ErrorList, Vec<Captured>) {
    capture(|| m.validate(w, None, &Operation::create(), hv))
}

const REPLICAS: &str = r#"{Type="Invalid value", Field="spec.replicas", Origin="minimum"}"#;
const DISPLAY: &str = r#"{Type="Too long", Field="spec.displayName", Origin="maxLength"}"#;

fn recommendation_msg(mode: Mode, which: &str, rendered: &str) -> String {
    if mode == Mode::Takeover {
        msg_takeover(which, rendered)
    } else {
        msg(which, rendered)
    }
}

#[test]
fn valid_object_every_mode() {
    for (flags, _) in ALL_FLAGS {
        let m = migration(flags);
        let w = widget("w1");
        let (errs, events) = create(&m, &w, handwritten(&w, None, &Operation::create()));
        assert!(errs.is_empty(), "{flags}");
        assert!(events.is_empty(), "{flags}: {events:?}");
        assert_eq!(m.metrics().mismatch_total(), 0);
    }
}

#[test]
fn agreeing_errors_every_mode() {
    let mut w = widget("w1");
    w.spec.replicas = Some(-1);
    for (flags, mode) in ALL_FLAGS {
        let m = migration(flags);
        assert_eq!(m.mode(), mode);
        let (errs, events) = create(&m, &w, handwritten(&w, None, &Operation::create()));
        let want = match mode {
            Mode::Takeover => {
                "spec.replicas: Invalid value: -1: must be greater than or equal to 0"
            }
            _ => "spec.replicas: Invalid value: -1: must be non-negative",
        };
        assert_eq!(texts(&errs), [want], "{flags}");
        assert!(events.is_empty(), "{flags}: {events:?}");
        assert_eq!(m.metrics().mismatch_total(), 0, "{flags}");
    }
}

#[test]
fn declarative_only_error_every_mode() {
    // The hand-written side forgot the maxLength rule.
    let mut w = widget("w1");
    w.spec.display_name = "much-too-long".into();
    for (flags, mode) in ALL_FLAGS {
        let m = migration(flags);
        let (errs, events) = create(&m, &w, ErrorList::new());
        match mode {
            Mode::Takeover => assert_eq!(
                texts(&errs),
                ["spec.displayName: Too long: may not be more than 8 bytes"],
                "{flags}"
            ),
            _ => assert!(errs.is_empty(), "{flags}"),
        }
        if mode == Mode::Disabled {
            assert!(events.is_empty());
            assert_eq!(m.metrics().mismatch_total(), 0);
            assert!(m.metrics().parity_discrepancies_by_identifier().is_empty());
        } else {
            assert_eq!(events.len(), 1, "{flags}");
            assert_eq!(events[0].level, Level::ERROR);
            assert_eq!(
                events[0].message,
                recommendation_msg(mode, "extra", DISPLAY)
            );
            assert_eq!(events[0].fields["validation_identifier"], "widget_create");
            assert_eq!(m.metrics().mismatch_total(), 1);
            assert_eq!(m.metrics().parity_discrepancies("widget_create"), 1);
        }
    }
}

#[test]
fn handwritten_only_covered_error_every_mode() {
    // Hand-written claims coverage of a rule the tags do not have.
    let w = widget("w1");
    let hv: ErrorList = Error::invalid("spec.replicas", BadValue::Int(0), "must be positive")
        .with_origin("minimum")
        .mark_covered_by_declarative()
        .into();
    for (flags, mode) in ALL_FLAGS {
        let m = migration(flags);
        let (errs, events) = create(&m, &w, hv.clone());
        match mode {
            // Takeover drops covered errors whether or not declarative
            // validation reproduced them.
            Mode::Takeover => assert!(errs.is_empty(), "{flags}"),
            _ => assert_eq!(errs, hv, "{flags}"),
        }
        let n = if mode == Mode::Disabled { 0 } else { 1 };
        assert_eq!(events.len(), n, "{flags}");
        assert_eq!(m.metrics().mismatch_total(), n as u64);
        if n == 1 {
            assert_eq!(
                events[0].message,
                recommendation_msg(mode, "unmatched", REPLICAS)
            );
        }
    }
}

#[test]
fn uncovered_handwritten_errors_are_kept_first() {
    let mut w = widget("w1");
    w.spec.replicas = Some(-3);
    let hv: ErrorList = vec![
        Error::forbidden("spec.extra", "hand-written only"),
        Error::invalid("spec.replicas", BadValue::Int(-3), "must be non-negative")
            .with_origin("minimum")
            .mark_covered_by_declarative(),
        Error::required("spec.other", ""),
    ]
    .into();
    let (errs, _) = create(
        &migration("DeclarativeValidationTakeover=true"),
        &w,
        hv.clone(),
    );
    assert_eq!(
        texts(&errs),
        [
            "spec.extra: Forbidden: hand-written only",
            "spec.other: Required value",
            "spec.replicas: Invalid value: -3: must be greater than or equal to 0",
        ]
    );
    let (errs, events) = create(&migration(""), &w, hv.clone());
    assert_eq!(errs, hv);
    assert!(events.is_empty());
}

#[test]
fn counters_after_a_known_sequence() {
    let m = migration("");
    let op = Operation::create();
    // 1. valid: nothing.
    let w = widget("ok");
    m.validate(&w, None, &op, handwritten(&w, None, &op));
    // 2. agreeing invalid (name and replicas): nothing.
    let mut w = widget("Bad_Name");
    w.spec.replicas = Some(-1);
    m.validate(&w, None, &op, handwritten(&w, None, &op));
    assert_eq!(m.metrics().mismatch_total(), 0);
    // 3. two disagreements in one create (hand-written passes nothing).
    let mut w = widget("w3");
    w.spec.replicas = Some(-1);
    w.spec.display_name = "0123456789".into();
    let (_, events) = capture(|| m.validate(&w, None, &op, ErrorList::new()));
    assert_eq!(events.len(), 2);
    // 4. one disagreement on a status update.
    let old = widget("w4");
    let mut new = old.clone();
    new.status.ready_replicas = Some(-2);
    let status = Operation::update().with_subresource("/status");
    m.validate(&new, Some(&old), &status, ErrorList::new());
    // 5. an agreeing update (immutable field changed).
    let mut new = old.clone();
    new.spec.class = "gold".into();
    let upd = Operation::update();
    let (errs, events) =
        capture(|| m.validate(&new, Some(&old), &upd, handwritten(&new, Some(&old), &upd)));
    assert_eq!(
        texts(&errs),
        ["spec.class: Invalid value: null: field is immutable"]
    );
    assert!(events.is_empty(), "{events:?}");

    let metrics = m.metrics();
    assert_eq!(metrics.mismatch_total(), 3);
    assert_eq!(metrics.parity_discrepancies("widget_create"), 2);
    assert_eq!(metrics.parity_discrepancies("widget_status_update"), 1);
    assert_eq!(metrics.parity_discrepancies("widget_update"), 0);
    assert_eq!(metrics.panic_total(), 0);
    assert_eq!(
        metrics.encode_text(),
        "\
# HELP apiserver_validation_declarative_validation_mismatch_total [BETA] Number of times declarative validation results differed from handwritten validation results for core types.
# TYPE apiserver_validation_declarative_validation_mismatch_total counter
apiserver_validation_declarative_validation_mismatch_total 3
# HELP apiserver_validation_declarative_validation_panic_total [BETA] Number of times declarative validation has panicked during validation.
# TYPE apiserver_validation_declarative_validation_panic_total counter
apiserver_validation_declarative_validation_panic_total 0
# HELP apiserver_validation_declarative_validation_parity_discrepancies_total [ALPHA] Number of discrepancies between declarative and handwritten validation, broken down by validation identifier.
# TYPE apiserver_validation_declarative_validation_parity_discrepancies_total counter
apiserver_validation_declarative_validation_parity_discrepancies_total{validation_identifier=\"widget_create\"} 2
apiserver_validation_declarative_validation_parity_discrepancies_total{validation_identifier=\"widget_status_update\"} 1
# HELP apiserver_validation_duplicate_validation_error_total [INTERNAL] Number of duplicate validation errors during validation.
# TYPE apiserver_validation_duplicate_validation_error_total counter
apiserver_validation_duplicate_validation_error_total 0
"
    );
}

#[test]
fn validation_identifiers() {
    let m = migration("");
    assert_eq!(
        m.validation_identifier::<Widget>(&Operation::create()),
        "widget_create"
    );
    assert_eq!(
        m.validation_identifier::<Widget>(&Operation::update()),
        "widget_update"
    );
    assert_eq!(
        m.validation_identifier::<Widget>(&Operation::create().with_subresource("/status")),
        "widget_status_create"
    );
    assert_eq!(
        m.validation_identifier::<Widget>(&Operation::update().with_subresource("x/y")),
        "widget_x_y_update"
    );
    assert_eq!(
        m.validation_identifier::<Scale>(&Operation::update()),
        "unknown_resource_update"
    );
}

#[test]
fn unsupported_subresource_is_an_internal_error() {
    let w = widget("w1");
    let old = w.clone();
    let op = Operation::update().with_subresource("/scale");
    let want = "<nil>: Internal error: no validation found for *migration_support.Widget, subresource: /scale";
    let rendered = r#"{Type="Internal error", Field="<nil>", Origin=""}"#;

    let m = migration("");
    let (errs, events) = capture(|| m.validate(&w, Some(&old), &op, ErrorList::new()));
    assert!(errs.is_empty());
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].message, msg("extra", rendered));
    assert_eq!(m.metrics().parity_discrepancies("widget_scale_update"), 1);

    let m = migration("DeclarativeValidationTakeover=true");
    let (errs, _) = capture(|| m.validate(&w, Some(&old), &op, ErrorList::new()));
    assert_eq!(texts(&errs), [want]);
}

#[test]
fn unregistered_type_has_no_declarative_validation() {
    let scale = Scale { replicas: -1 };
    let covered: ErrorList = Error::invalid("replicas", BadValue::Int(-1), "x")
        .with_origin("minimum")
        .mark_covered_by_declarative()
        .into();
    let m = migration("DeclarativeValidationTakeover=true");
    let (errs, events) =
        capture(|| m.validate(&scale, None, &Operation::create(), covered.clone()));
    assert!(
        errs.is_empty(),
        "covered errors are dropped, nothing replaces them"
    );
    assert_eq!(events.len(), 2);
    assert_eq!(events[0].level, Level::ERROR);
    assert_eq!(
        events[0].message,
        "failed to generate complete validation identifier for declarative validation"
    );
    assert!(
        events[0].fields["error"].starts_with("no kind is registered for the type "),
        "{:?}",
        events[0]
    );
    assert_eq!(
        events[1].message,
        msg_takeover(
            "unmatched",
            r#"{Type="Invalid value", Field="replicas", Origin="minimum"}"#
        )
    );
    assert_eq!(
        m.metrics().parity_discrepancies("unknown_resource_create"),
        1
    );
}

#[test]
fn shared_metrics_and_normalization() {
    let shared = Arc::new(ValidationMetrics::new());
    let a = migration("").with_metrics(shared.clone());
    let b = migration("DeclarativeValidationTakeover=true").with_metrics(shared.clone());
    let mut w = widget("w1");
    w.spec.display_name = "0123456789".into();
    capture(|| a.validate(&w, None, &Operation::create(), ErrorList::new()));
    capture(|| b.validate(&w, None, &Operation::create(), ErrorList::new()));
    assert_eq!(shared.mismatch_total(), 2);
    assert_eq!(a.metrics().parity_discrepancies("widget_create"), 2);

    // The hand-written side reports an internal path; the rule maps the
    // declarative (versioned) path onto it.
    let mut w = widget("w1");
    w.spec.replicas = Some(-1);
    let hv: ErrorList = Error::invalid("spec.legacyReplicas", BadValue::Int(-1), "x")
        .with_origin("minimum")
        .mark_covered_by_declarative()
        .into();
    let c = migration("").with_normalization_rules(vec![NormalizationRule::new(
        r"^spec\.replicas$",
        "spec.legacyReplicas",
    )
    .unwrap()]);
    let (_, events) = capture(|| c.validate(&w, None, &Operation::create(), hv.clone()));
    assert!(events.is_empty(), "{events:?}");
    let (_, events) = capture(|| a.validate(&w, None, &Operation::create(), hv));
    assert_eq!(events.len(), 2, "without the rule: unmatched and extra");
}

#[test]
fn validate_dyn_by_kind() {
    let m = migration("DeclarativeValidationTakeover=true");
    let mut w = widget("w1");
    w.spec.replicas = Some(-1);
    let (errs, events) =
        capture(|| m.validate_dyn("Widget", &w, None, &Operation::create(), ErrorList::new()));
    assert_eq!(
        texts(&errs),
        ["spec.replicas: Invalid value: -1: must be greater than or equal to 0"]
    );
    assert_eq!(events.len(), 1);
    let (errs, _) =
        capture(|| m.validate_dyn("Nope", &w, None, &Operation::create(), ErrorList::new()));
    assert!(errs.is_empty());
}

#[test]
fn duplicate_errors_are_counted() {
    let m = migration("");
    let errs: ErrorList = vec![
        Error::invalid(
            "spec.replicas",
            BadValue::Int(-1),
            "must be greater than or equal to 0",
        )
        .with_origin("minimum"),
        Error::invalid(
            "spec.replicas",
            BadValue::Int(-1),
            "must be greater than or equal to 0",
        )
        .with_origin("min"),
        Error::required("spec.x", ""),
        Error::required("spec.x", ""),
        Error::required("spec.y", ""),
    ]
    .into();
    let (_, events) = capture(|| m.record_duplicate_validation_errors("ReplicaSet.apps", &errs));
    assert_eq!(m.metrics().duplicate_total(), 2);
    assert_eq!(events.len(), 2);
    assert_eq!(events[0].level, Level::INFO);
    assert_eq!(events[0].message, "Found duplicate validation error");
    assert_eq!(events[0].fields["kind"], "ReplicaSet.apps");
    assert_eq!(
        events[0].fields["error"],
        "spec.replicas: Invalid value: -1: must be greater than or equal to 0"
    );
    assert!(m
        .metrics()
        .encode_text()
        .contains("\napiserver_validation_duplicate_validation_error_total 2\n"));
}
