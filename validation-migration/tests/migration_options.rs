//! Validation options through the migration path. Code generated for 1.37
//! needs every option its tags name to be defined (`operation.HasOption`
//! returns enabled and defined; apimachinery v0.37.2
//! `pkg/api/validate/options.go`); the migration defines the options of a
//! type's registration and its own where the request's `Operation` does not.

use std::fs;
use std::path::PathBuf;

use k8s_validation::field::ErrorList;
use k8s_validation::{Operation, Release, Validate};
use k8s_validation_migration::replay::{replay_dir, ReplayOptions};
use k8s_validation_migration::{FeatureGates, Migration, Registry};
use serde::Deserialize;

/// A 1.37 type whose rule depends on an option.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Validate)]
#[validate(kubernetes = "1.37")]
struct Gadget {
    /// +k8s:ifEnabled(StrictGadgets)=+k8s:minimum=1
    #[serde(default)]
    replicas: i32,
}

const UNDEFINED: &str = "replicas: Internal error: undefined validation option \"StrictGadgets\"";
const MINIMUM: &str = "replicas: Invalid value: 0: must be greater than or equal to 1";

fn texts(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn migration(release: Release, option: Option<bool>) -> Migration {
    let mut r = Registry::new();
    let reg = r.register::<Gadget>("Gadget");
    if let Some(enabled) = option {
        reg.option("StrictGadgets", enabled);
    }
    Migration::new(FeatureGates::for_release(release), r)
}

#[test]
fn undefined_option_is_an_internal_error_the_1_37_server_returns() {
    let m = migration(Release::V1_37, None);
    let g = Gadget { replicas: 0 };
    let errs = m.validate(&g, None, &Operation::create(), ErrorList::new());
    assert_eq!(texts(&errs), [UNDEFINED]);
    // Internal errors are enforced whatever their level, and never compared.
    assert_eq!(m.metrics().mismatch_total(), 0);
}

#[test]
fn registration_defines_the_option() {
    let g = Gadget { replicas: 0 };
    let off = migration(Release::V1_37, Some(false));
    assert!(off
        .validate(&g, None, &Operation::create(), ErrorList::new())
        .is_empty());
    let on = migration(Release::V1_37, Some(true));
    assert_eq!(
        texts(&on.validate(&g, None, &Operation::create(), ErrorList::new())),
        [MINIMUM]
    );
    // The request's own definition wins.
    assert!(on
        .validate(
            &g,
            None,
            &Operation::create().with_option_disabled("StrictGadgets"),
            ErrorList::new()
        )
        .is_empty());
}

#[test]
fn migration_wide_options_come_after_the_registration_s() {
    let g = Gadget { replicas: 0 };
    let m = migration(Release::V1_37, None).with_option("StrictGadgets", true);
    assert_eq!(
        texts(&m.validate(&g, None, &Operation::create(), ErrorList::new())),
        [MINIMUM]
    );
    let m = migration(Release::V1_37, Some(false)).with_option("StrictGadgets", true);
    assert!(m
        .validate(&g, None, &Operation::create(), ErrorList::new())
        .is_empty());
}

/// In 1.35 mismatch mode the undefined option's internal error is only an
/// extra declarative error (counted), never returned.
#[test]
fn in_1_35_mismatch_mode_it_is_counted() {
    let m = migration(Release::V1_35, None);
    let g = Gadget { replicas: 0 };
    assert!(m
        .validate(&g, None, &Operation::create(), ErrorList::new())
        .is_empty());
    assert_eq!(m.metrics().mismatch_total(), 1);
    let m = migration(Release::V1_35, Some(false));
    assert!(m
        .validate(&g, None, &Operation::create(), ErrorList::new())
        .is_empty());
    assert_eq!(m.metrics().mismatch_total(), 0);
}

#[test]
fn replay_defines_disabled_options() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("migration_options_replay");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("g.json"), r#"{"kind":"Gadget","replicas":0}"#).unwrap();
    let mut r = Registry::new();
    r.register::<Gadget>("Gadget")
        .handwritten(|_, _, _| ErrorList::new())
        .from_json();
    let base = ReplayOptions {
        release: Release::V1_37,
        ..ReplayOptions::default()
    };
    let report = replay_dir(&r, &dir, &base).unwrap();
    assert_eq!(report.mismatches.len(), 1);
    assert_eq!(report.mismatches[0].mismatch.error.to_string(), UNDEFINED);
    let disabled = ReplayOptions {
        disabled_options: vec!["StrictGadgets".into()],
        ..base.clone()
    };
    assert!(replay_dir(&r, &dir, &disabled).unwrap().is_clean());
    let enabled = ReplayOptions {
        options: vec!["StrictGadgets".into()],
        disabled_options: vec!["StrictGadgets".into()],
        ..base
    };
    let report = replay_dir(&r, &dir, &enabled).unwrap();
    assert_eq!(report.mismatches.len(), 1);
    assert_eq!(report.mismatches[0].mismatch.error.to_string(), MINIMUM);
    let _ = fs::remove_dir_all(&dir);
}
