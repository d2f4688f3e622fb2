//! The Prometheus text exposition of the validation metrics, byte for byte
//! as a 1.35 API server renders them.

use k8s_validation_migration::{
    ValidationMetrics, MISMATCH_TOTAL, PANICS_TOTAL, PANIC_TOTAL, PARITY_DISCREPANCIES_TOTAL,
    TEXT_CONTENT_TYPE,
};

const MISMATCH: &str = "\
# HELP apiserver_validation_declarative_validation_mismatch_total [BETA] Number of times declarative validation results differed from handwritten validation results for core types.
# TYPE apiserver_validation_declarative_validation_mismatch_total counter
";
const PANIC: &str = "\
# HELP apiserver_validation_declarative_validation_panic_total [BETA] Number of times declarative validation has panicked during validation.
# TYPE apiserver_validation_declarative_validation_panic_total counter
";
const PANICS: &str = "\
# HELP apiserver_validation_declarative_validation_panics_total [ALPHA] Number of panics in declarative validation, broken down by validation identifier.
# TYPE apiserver_validation_declarative_validation_panics_total counter
";
const PARITY: &str = "\
# HELP apiserver_validation_declarative_validation_parity_discrepancies_total [ALPHA] Number of discrepancies between declarative and handwritten validation, broken down by validation identifier.
# TYPE apiserver_validation_declarative_validation_parity_discrepancies_total counter
";
const DUPLICATE: &str = "\
# HELP apiserver_validation_duplicate_validation_error_total [INTERNAL] Number of duplicate validation errors during validation.
# TYPE apiserver_validation_duplicate_validation_error_total counter
";

#[test]
fn names() {
    assert_eq!(
        MISMATCH_TOTAL,
        "apiserver_validation_declarative_validation_mismatch_total"
    );
    assert_eq!(
        PANIC_TOTAL,
        "apiserver_validation_declarative_validation_panic_total"
    );
    assert_eq!(
        PARITY_DISCREPANCIES_TOTAL,
        "apiserver_validation_declarative_validation_parity_discrepancies_total"
    );
    assert_eq!(
        PANICS_TOTAL,
        "apiserver_validation_declarative_validation_panics_total"
    );
    assert_eq!(
        TEXT_CONTENT_TYPE,
        "text/plain; version=0.0.4; charset=utf-8"
    );
}

#[test]
fn fresh_counters_expose_zero_and_no_empty_vectors() {
    let m = ValidationMetrics::new();
    assert_eq!(
        m.encode_text(),
        format!(
            "{MISMATCH}apiserver_validation_declarative_validation_mismatch_total 0\n\
             {PANIC}apiserver_validation_declarative_validation_panic_total 0\n\
             {DUPLICATE}apiserver_validation_duplicate_validation_error_total 0\n"
        )
    );
}

#[test]
fn upstream_metrics_test_multiple() {
    // kubernetes/apiserver pkg/validation/metrics_test.go, "...Multiple".
    let m = ValidationMetrics::new();
    m.inc_mismatch("test_validation_identifier");
    m.inc_mismatch("test_validation_identifier");
    m.inc_mismatch("another_test_validation_identifier");
    m.inc_panic("test_validation_identifier");
    m.inc_panic("test_validation_identifier");
    m.inc_panic("another_test_validation_identifier");
    assert_eq!(
        m.encode_text(),
        format!(
            "{MISMATCH}apiserver_validation_declarative_validation_mismatch_total 3\n\
             {PANIC}apiserver_validation_declarative_validation_panic_total 3\n\
             {PANICS}apiserver_validation_declarative_validation_panics_total{{validation_identifier=\"another_test_validation_identifier\"}} 1\n\
             apiserver_validation_declarative_validation_panics_total{{validation_identifier=\"test_validation_identifier\"}} 2\n\
             {PARITY}apiserver_validation_declarative_validation_parity_discrepancies_total{{validation_identifier=\"another_test_validation_identifier\"}} 1\n\
             apiserver_validation_declarative_validation_parity_discrepancies_total{{validation_identifier=\"test_validation_identifier\"}} 2\n\
             {DUPLICATE}apiserver_validation_duplicate_validation_error_total 0\n"
        )
    );
    assert_eq!(
        m.parity_discrepancies_by_identifier(),
        [
            ("another_test_validation_identifier".to_owned(), 1),
            ("test_validation_identifier".to_owned(), 2)
        ]
    );
    assert_eq!(m.panics_by_identifier().len(), 2);
    m.reset();
    assert_eq!(m.mismatch_total(), 0);
    assert_eq!(m.panics("test_validation_identifier"), 0);
    assert!(!m.encode_text().contains(PARITY));
}

#[test]
fn label_values_are_escaped() {
    let m = ValidationMetrics::new();
    m.inc_mismatch("a\"b\\c\nd");
    assert!(m.encode_text().contains(
        "apiserver_validation_declarative_validation_parity_discrepancies_total{validation_identifier=\"a\\\"b\\\\c\\nd\"} 1\n"
    ));
}

#[test]
fn large_values_use_go_float_format() {
    let m = ValidationMetrics::new();
    for _ in 0..1_000_000 {
        m.inc_duplicate();
    }
    assert!(m
        .encode_text()
        .ends_with("\napiserver_validation_duplicate_validation_error_total 1e+06\n"));
}

#[test]
fn global_instance_is_shared() {
    let a = ValidationMetrics::global();
    let b = ValidationMetrics::global();
    assert!(std::ptr::eq(a, b));
}

#[test]
fn encode_into_appends() {
    let m = ValidationMetrics::new();
    let mut out = String::from("# my own metrics\n");
    m.encode_text_into(&mut out);
    assert!(out.starts_with(
        "# my own metrics\n# HELP apiserver_validation_declarative_validation_mismatch_total "
    ));
}
