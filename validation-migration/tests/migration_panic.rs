//! Panics in generated or custom declarative validation: caught, counted,
//! logged (mismatch mode) or returned as an internal error (takeover); the
//! next request is served normally.

use crate::migration_support;

use k8s_validation::field::{BadValue, Error, ErrorList, Path};
use k8s_validation::{Operation, Validate};
use k8s_validation_migration::{FeatureGates, Migration, Mode, Registry};
use migration_support::*;
use tracing::Level;

/// A type whose (hand-implemented) `Validate` panics when asked to:
/// stands for a bug in generated code.
#[derive(Debug, Default, PartialEq)]
struct Bomb {
    explode: bool,
    negative: i64,
}

impl Validate for Bomb {
    fn validate_into(
        &self,
        _op: &Operation,
        path: &Path<'_>,
        _old: Option<&Self>,
        errs: &mut ErrorList,
    ) {
        if self.explode {
            panic!("index out of range [{}] with length 3", 5);
        }
        if self.negative < 0 {
            errs.push(
                Error::invalid(
                    path.child("negative"),
                    BadValue::Int(self.negative),
                    "must be greater than or equal to 0",
                )
                .with_origin("minimum"),
            );
        }
    }
}

struct Custom(u8);

fn migration(flags: &str) -> Migration {
    let mut r = Registry::new();
    r.register::<Bomb>("Bomb");
    r.register_custom::<Custom>("Custom", |c, _, _| match c.0 {
        0 => ErrorList::new(),
        1 => panic!("static message"),
        _ => std::panic::panic_any(42u32),
    });
    Migration::new(FeatureGates::parse(flags).unwrap(), r)
}

fn covered() -> ErrorList {
    Error::invalid("negative", BadValue::Int(-1), "x")
        .with_origin("minimum")
        .mark_covered_by_declarative()
        .into()
}

const COVERED: &str = r#"{Type="Invalid value", Field="negative", Origin="minimum"}"#;
const INTERNAL: &str = r#"{Type="Internal error", Field="<nil>", Origin=""}"#;

#[test]
fn mismatch_mode_logs_and_counts() {
    let m = migration("");
    let bomb = Bomb {
        explode: true,
        negative: -1,
    };
    let (errs, events) = capture(|| m.validate(&bomb, None, &Operation::create(), covered()));
    assert_eq!(
        errs,
        covered(),
        "hand-written errors are returned unchanged"
    );
    assert_eq!(m.metrics().panic_total(), 1);
    assert_eq!(m.metrics().panics("bomb_create"), 1);
    assert_eq!(events.len(), 2, "{events:?}");
    assert_eq!(events[0].level, Level::ERROR);
    assert_eq!(
        events[0].message,
        "panic during declarative validation: index out of range [5] with length 3"
    );
    assert_eq!(events[0].fields["validation_identifier"], "bomb_create");
    // No declarative errors: the covered hand-written error is unmatched.
    assert_eq!(events[1].message, msg("unmatched", COVERED));
    assert_eq!(m.metrics().mismatch_total(), 1);

    // The next request is served normally.
    let ok = Bomb {
        explode: false,
        negative: -1,
    };
    let (errs, events) = capture(|| m.validate(&ok, None, &Operation::create(), covered()));
    assert_eq!(errs, covered());
    assert!(events.is_empty());
    assert_eq!(m.metrics().panic_total(), 1);
}

#[test]
fn takeover_returns_an_internal_error() {
    let m = migration("DeclarativeValidationTakeover=true");
    assert_eq!(m.mode(), Mode::Takeover);
    let bomb = Bomb {
        explode: true,
        negative: -1,
    };
    let old = Bomb::default();
    let uncovered: ErrorList = Error::forbidden("other", "").into();
    let mut hv = covered();
    hv.append(uncovered);
    let (errs, events) = capture(|| m.validate(&bomb, Some(&old), &Operation::update(), hv));
    assert_eq!(
        texts(&errs),
        [
            "other: Forbidden",
            "<nil>: Internal error: panic during declarative validation: index out of range [5] with length 3",
        ]
    );
    assert_eq!(m.metrics().panics("bomb_update"), 1);
    // Not logged as a panic; the internal error is an extra error, and the
    // covered hand-written error is unmatched.
    let messages: Vec<&str> = events.iter().map(|e| e.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            msg_takeover("unmatched", COVERED).as_str(),
            msg_takeover("extra", INTERNAL).as_str()
        ]
    );
    assert_eq!(m.metrics().mismatch_total(), 2);
    assert_eq!(m.metrics().parity_discrepancies("bomb_update"), 2);

    let ok = Bomb {
        explode: false,
        negative: -1,
    };
    let (errs, _) = capture(|| m.validate(&ok, None, &Operation::create(), covered()));
    assert_eq!(
        texts(&errs),
        ["negative: Invalid value: -1: must be greater than or equal to 0"]
    );
}

#[test]
fn custom_validation_panics_and_payloads() {
    let m = migration("DeclarativeValidationTakeover=true");
    let (errs, _) =
        capture(|| m.validate(&Custom(1), None, &Operation::create(), ErrorList::new()));
    assert_eq!(
        texts(&errs),
        ["<nil>: Internal error: panic during declarative validation: static message"]
    );
    let (errs, _) =
        capture(|| m.validate(&Custom(2), None, &Operation::create(), ErrorList::new()));
    assert_eq!(
        texts(&errs),
        ["<nil>: Internal error: panic during declarative validation: Box<dyn Any>"]
    );
    let (errs, _) =
        capture(|| m.validate(&Custom(0), None, &Operation::create(), ErrorList::new()));
    assert!(errs.is_empty());
    assert_eq!(m.metrics().panic_total(), 2);
    assert_eq!(m.metrics().panics("custom_create"), 2);
    assert!(m.metrics().encode_text().contains(
        "# HELP apiserver_validation_declarative_validation_panics_total [ALPHA] Number of panics in declarative validation, broken down by validation identifier.\n\
         # TYPE apiserver_validation_declarative_validation_panics_total counter\n\
         apiserver_validation_declarative_validation_panics_total{validation_identifier=\"custom_create\"} 2\n"
    ));
}

#[test]
fn gate_off_never_runs_declarative_validation() {
    for flags in [
        "DeclarativeValidation=false",
        "DeclarativeValidation=false,DeclarativeValidationTakeover=true",
    ] {
        let m = migration(flags);
        let bomb = Bomb {
            explode: true,
            negative: 0,
        };
        let (errs, events) = capture(|| m.validate(&bomb, None, &Operation::create(), covered()));
        assert_eq!(errs, covered());
        assert!(events.is_empty());
        assert_eq!(m.metrics().panic_total(), 0);
    }
}

#[test]
fn panics_from_many_threads_are_all_counted() {
    let m = std::sync::Arc::new(migration(""));
    let handles: Vec<_> = (0..4)
        .map(|_| {
            let m = m.clone();
            std::thread::spawn(move || {
                for _ in 0..5 {
                    m.validate(
                        &Bomb {
                            explode: true,
                            negative: 0,
                        },
                        None,
                        &Operation::create(),
                        ErrorList::new(),
                    );
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    assert_eq!(m.metrics().panic_total(), 20);
    assert_eq!(m.metrics().panics("bomb_create"), 20);
}
