//! `Migration::validate_manifest`: 1.38's `rest.ValidateDeclarativelyForManifest`
//! (a create of the resource itself, the configuration's options). Its
//! parity with upstream v0.38.0-beta.0 is checked by `migration_upstream`;
//! these tests cover what the recordings cannot: generated validation, the
//! registry lookup, and the releases before 1.38.

use std::any::Any;

use crate::migration_support::{capture, handwritten, msg, widget, Widget};
use k8s_validation::field::{Error, ErrorList};
use k8s_validation::{Operation, Release};
use k8s_validation_migration::{FeatureGates, Migration, Registry, IDENTIFIER_FAILURE_MESSAGE};
use tracing::Level;

const API_VERSION: &str = "example.dev/v1";

fn registry() -> Registry {
    let mut r = Registry::new();
    r.register::<Widget>("Widget")
        .api_version(API_VERSION)
        .go_type_name("*v1.Widget");
    r
}

fn texts(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

/// A manifest is validated as a create, whatever subresources the type
/// supports, with the identifier `widget_create`.
#[test]
fn a_manifest_is_a_create_of_the_resource() {
    let mut w = widget("Bad_Name");
    w.spec.replicas = Some(-1);
    for release in Release::SUPPORTED {
        let m = Migration::new(FeatureGates::for_release(*release), registry());
        let as_create = m.validate(
            &w,
            None,
            &Operation::create(),
            handwritten(&w, None, &Operation::create()),
        );
        let m2 = Migration::new(FeatureGates::for_release(*release), registry());
        let manifest =
            m2.validate_manifest(API_VERSION, &w, handwritten(&w, None, &Operation::create()));
        assert_eq!(texts(&manifest), texts(&as_create), "{release}");
        assert_eq!(
            m2.metrics().encode_text(),
            m.metrics().encode_text(),
            "{release}"
        );
    }
}

/// A boxed object is looked up by its concrete type (`boxed.as_ref()`).
#[test]
fn a_decoded_object_is_found_by_its_type() {
    let w = widget("");
    let boxed: Box<dyn Any + Send> = Box::new(w.clone());
    let m = Migration::new(FeatureGates::for_release(Release::V1_38), registry());
    let errs = m.validate_manifest(API_VERSION, boxed.as_ref(), ErrorList::new());
    assert_eq!(texts(&errs), ["metadata.name: Required value"]);
}

/// Another API version than the registered one: upstream's conversion
/// failure, an internal error. A 1.35 server in mismatch mode does not
/// return it (it is an extra declarative error, logged and counted); the
/// lifecycle returns it.
#[test]
fn another_api_version_fails_the_conversion() {
    let w = widget("w");
    let text = "<nil>: Internal error: unexpected error converting to versioned type: \
                v1.Widget is not suitable for converting to \"example.dev/v2\"";
    let m = Migration::new(FeatureGates::for_release(Release::V1_38), registry());
    let errs = m.validate_manifest("example.dev/v2", &w, ErrorList::new());
    assert_eq!(texts(&errs), [text]);
    assert_eq!(m.metrics().mismatch_total(), 0);

    let m = Migration::new(FeatureGates::for_release(Release::V1_35), registry());
    let (errs, events) = capture(|| m.validate_manifest("example.dev/v2", &w, ErrorList::new()));
    assert!(errs.is_empty());
    let logged: Vec<&str> = events.iter().map(|e| e.message.as_str()).collect();
    assert_eq!(
        logged,
        [msg(
            "extra",
            r#"{Type="Internal error", Field="<nil>", Origin=""}"#
        )]
    );
    assert_eq!(m.metrics().parity_discrepancies("widget_create"), 1);

    // A type registered without a version accepts any.
    let mut r = Registry::new();
    r.register::<Widget>("Widget");
    let m = Migration::new(FeatureGates::for_release(Release::V1_38), r);
    assert!(m
        .validate_manifest("other/v9", &w, ErrorList::new())
        .is_empty());
}

/// An unregistered type has no declarative validation; the identifier
/// failure is logged, as for `validate`.
#[test]
fn an_unregistered_type_has_no_declarative_validation() {
    let m = Migration::new(FeatureGates::for_release(Release::V1_38), Registry::new());
    let hv: ErrorList = Error::forbidden("spec.x", "hv").into();
    let (errs, events) = capture(|| m.validate_manifest(API_VERSION, &widget(""), hv));
    assert_eq!(texts(&errs), ["spec.x: Forbidden: hv"]);
    assert!(errs[0].is_from_imperative());
    assert!(events
        .iter()
        .any(|e| e.level == Level::ERROR && e.message == IDENTIFIER_FAILURE_MESSAGE));
}

/// The options are the configuration's: the registration's, then the
/// migration's.
#[test]
fn options_come_from_the_configuration() {
    let mut r = Registry::new();
    r.register_custom::<Widget>("Widget", |_, _, op: &Operation| {
        let mut errs = ErrorList::new();
        for name in ["A", "B", "C"] {
            if let Some(enabled) = op.option(name) {
                errs.push(Error::forbidden("spec", format!("{name}={enabled}")));
            }
        }
        errs
    })
    .option("A", true);
    let m = Migration::new(FeatureGates::for_release(Release::V1_38), r)
        .with_option("A", false)
        .with_option("B", false);
    let errs = m.validate_manifest(API_VERSION, &widget("w"), ErrorList::new());
    assert_eq!(
        texts(&errs),
        ["spec: Forbidden: A=true", "spec: Forbidden: B=false"]
    );
}

/// 1.35 with `DeclarativeValidation=false` returns the hand-written errors
/// untouched, as `validate` does.
#[test]
fn disabled_declarative_validation_returns_the_hand_written_errors() {
    let gates = FeatureGates::parse_for(Release::V1_35, "DeclarativeValidation=false").unwrap();
    let m = Migration::new(gates, registry());
    let hv: ErrorList = Error::forbidden("spec.x", "hv").into();
    let errs = m.validate_manifest(API_VERSION, &widget(""), hv.clone());
    assert_eq!(errs, hv);
}
