//! The gates of each release, as `k8s.io/apiserver` `pkg/features/kube_features.go`
//! defines them (v0.35.0, v0.36.0, v0.37.2) and component-base's
//! `featuregate` sets them (locks, `AllBeta`, warnings, emulated version).

use crate::migration_support;

use k8s_validation::Release;
use k8s_validation_migration::{FeatureGateError, FeatureGates, GateSpec, Mode, PreRelease};
use migration_support::capture;
use tracing::Level;

fn spec(default: bool, lock: bool, pre_release: PreRelease) -> Option<GateSpec> {
    Some(GateSpec {
        default,
        lock_to_default: lock,
        pre_release,
    })
}

#[test]
fn defaults_and_specs_per_release() {
    let g = FeatureGates::for_release(Release::V1_35);
    assert_eq!(
        g.to_string(),
        "DeclarativeValidation=true,DeclarativeValidationTakeover=false"
    );
    assert_eq!(
        g.spec("DeclarativeValidation"),
        spec(true, false, PreRelease::Beta)
    );
    assert_eq!(
        g.spec("DeclarativeValidationTakeover"),
        spec(false, false, PreRelease::Beta)
    );
    assert_eq!(g.spec("DeclarativeValidationBeta"), None);
    assert_eq!(g.enabled("DeclarativeValidationBeta"), None);
    assert!(!g.beta());
    assert_eq!(g.mode(), Mode::Mismatch);

    let g = FeatureGates::for_release(Release::V1_36);
    assert_eq!(
        g.to_string(),
        "DeclarativeValidation=true,DeclarativeValidationBeta=true,DeclarativeValidationTakeover=false"
    );
    assert_eq!(
        g.spec("DeclarativeValidation"),
        spec(true, true, PreRelease::GA)
    );
    assert_eq!(
        g.spec("DeclarativeValidationBeta"),
        spec(true, false, PreRelease::Beta)
    );
    assert_eq!(
        g.spec("DeclarativeValidationTakeover"),
        spec(false, false, PreRelease::Deprecated)
    );
    assert_eq!(g.mode(), Mode::Mismatch);
    assert_eq!(g.mode_with_enforcement(true), Mode::Lifecycle);

    let g = FeatureGates::for_release(Release::V1_37);
    assert_eq!(
        g.to_string(),
        "DeclarativeValidation=true,DeclarativeValidationBeta=true,DeclarativeValidationTakeover=false"
    );
    assert_eq!(
        g.spec("DeclarativeValidation"),
        spec(true, true, PreRelease::GA)
    );
    assert_eq!(
        g.spec("DeclarativeValidationTakeover"),
        spec(false, true, PreRelease::Deprecated)
    );
    assert_eq!(g.mode(), Mode::Lifecycle);

    // 1.38 (apiserver v0.38.0-beta.0): the specs of 1.37.
    let g38 = FeatureGates::for_release(Release::V1_38);
    assert_eq!(g38.to_string(), g.to_string());
    for gate in [
        "DeclarativeValidation",
        "DeclarativeValidationBeta",
        "DeclarativeValidationTakeover",
        "AllAlpha",
        "AllBeta",
    ] {
        assert_eq!(g38.spec(gate), g.spec(gate), "{gate}");
    }
    assert_eq!(g38.mode(), Mode::Lifecycle);
}

#[test]
fn default_release_is_the_runtime_s() {
    assert_eq!(
        FeatureGates::new().release(),
        k8s_validation::KUBERNETES_RELEASE
    );
    assert_eq!(FeatureGates::parse("").unwrap(), FeatureGates::new());
}

#[test]
fn beta_gate_unknown_in_1_35() {
    let err =
        FeatureGates::parse_for(Release::V1_35, "DeclarativeValidationBeta=true").unwrap_err();
    assert_eq!(
        err.to_string(),
        "unrecognized feature gate: DeclarativeValidationBeta"
    );
    for r in [Release::V1_36, Release::V1_37, Release::V1_38] {
        let g = FeatureGates::parse_for(r, "DeclarativeValidationBeta=false").unwrap();
        assert!(!g.beta());
    }
}

#[test]
fn locked_gates() {
    // Setting a locked gate to its locked value is allowed (and warned about).
    for r in [Release::V1_36, Release::V1_37, Release::V1_38] {
        let (g, events) =
            capture(|| FeatureGates::parse_for(r, "DeclarativeValidation=true").unwrap());
        assert!(g.declarative_validation());
        assert_eq!(events.len(), 1);
        assert_eq!(events[0].level, Level::INFO);
        assert_eq!(
            events[0].message,
            "Warning: setting GA feature gate. It will be removed in a future release."
        );
        assert_eq!(events[0].fields["featureGate"], "DeclarativeValidation");
        assert_eq!(events[0].fields["value"], "true");

        let err = FeatureGates::parse_for(r, "DeclarativeValidation=false").unwrap_err();
        assert_eq!(
            err,
            FeatureGateError::Locked {
                gate: "DeclarativeValidation".into(),
                value: false,
                locked_to: true
            }
        );
        assert_eq!(
            err.to_string(),
            "cannot set feature gate DeclarativeValidation to false, feature is locked to true"
        );
    }
    // Takeover: deprecated (settable) in 1.36, locked off in 1.37.
    let (g, events) = capture(|| {
        FeatureGates::parse_for(Release::V1_36, "DeclarativeValidationTakeover=true").unwrap()
    });
    assert!(g.takeover());
    assert_eq!(g.mode(), Mode::Mismatch, "1.36 ignores the takeover gate");
    assert_eq!(
        events[0].message,
        "Warning: setting deprecated feature gate. It will be removed in a future release."
    );
    assert_eq!(
        FeatureGates::parse_for(Release::V1_37, "DeclarativeValidationTakeover=true")
            .unwrap_err()
            .to_string(),
        "cannot set feature gate DeclarativeValidationTakeover to true, feature is locked to false"
    );
    assert!(FeatureGates::parse_for(Release::V1_37, "DeclarativeValidationTakeover=false").is_ok());
    assert_eq!(
        FeatureGates::parse_for(Release::V1_38, "DeclarativeValidationTakeover=true")
            .unwrap_err()
            .to_string(),
        "cannot set feature gate DeclarativeValidationTakeover to true, feature is locked to false"
    );
    // 1.35 locks nothing.
    let g = FeatureGates::parse_for(Release::V1_35, "DeclarativeValidation=false").unwrap();
    assert_eq!(g.mode(), Mode::Disabled);
}

#[test]
fn several_errors_aggregate_and_change_nothing() {
    let mut g = FeatureGates::for_release(Release::V1_37);
    let before = g;
    let err = g
        .set("DeclarativeValidationTakeover=true,DeclarativeValidation=false,DeclarativeValidationBeta=false")
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "[cannot set feature gate DeclarativeValidation to false, feature is locked to true, \
         cannot set feature gate DeclarativeValidationTakeover to true, feature is locked to false]"
    );
    assert_eq!(g, before);
    assert!(g.beta());
}

#[test]
fn all_beta_per_release() {
    // 1.35: both gates are beta.
    let g = FeatureGates::parse_for(Release::V1_35, "AllBeta=false").unwrap();
    assert!(!g.declarative_validation());
    let g = FeatureGates::parse_for(Release::V1_35, "AllBeta=true").unwrap();
    assert_eq!(g.mode(), Mode::Takeover);
    // 1.36, 1.37: only DeclarativeValidationBeta is beta (DeclarativeValidation
    // is GA, takeover deprecated): AllBeta moves it alone.
    for r in [Release::V1_36, Release::V1_37, Release::V1_38] {
        let g = FeatureGates::parse_for(r, "AllBeta=false").unwrap();
        assert!(
            !g.beta() && g.declarative_validation() && !g.takeover(),
            "{r}"
        );
        let g = FeatureGates::parse_for(r, "AllBeta=true").unwrap();
        assert!(g.beta() && !g.takeover(), "{r}");
        let g = FeatureGates::parse_for(r, "AllBeta=false,DeclarativeValidationBeta=true").unwrap();
        assert!(g.beta(), "{r}: an explicit gate wins");
    }
}

/// component-base keeps what `AllBeta` derived in an earlier `set`: a later
/// `AllBeta` does not change a gate already set (explicitly or by it).
#[test]
fn all_beta_values_stick_across_sets() {
    let mut g = FeatureGates::for_release(Release::V1_36);
    g.set("AllBeta=false").unwrap();
    assert!(!g.beta());
    g.set("AllBeta=true").unwrap();
    assert!(!g.beta());
}

#[test]
fn emulated_version() {
    // A 1.37 server emulating 1.35: the 1.35 definitions apply, the beta gate
    // does not exist yet (off, and cannot be set).
    let g = FeatureGates::for_release(Release::V1_37)
        .with_emulated_version(Release::V1_35)
        .unwrap();
    assert_eq!(g.release(), Release::V1_37);
    assert_eq!(g.emulated_version(), Release::V1_35);
    assert_eq!(
        g.spec("DeclarativeValidation"),
        spec(true, false, PreRelease::Beta)
    );
    assert_eq!(
        g.spec("DeclarativeValidationBeta"),
        spec(false, false, PreRelease::PreAlpha)
    );
    assert!(!g.beta());
    let mut h = g;
    h.set("DeclarativeValidation=false").unwrap();
    assert!(!h.declarative_validation());
    assert_eq!(h.mode(), Mode::Lifecycle, "the algorithm stays 1.37's");
    assert_eq!(
        h.set("DeclarativeValidationBeta=true").unwrap_err().to_string(),
        "cannot set feature gate DeclarativeValidationBeta to true, feature is PreAlpha at emulated \
         version 1.35, min compatibility version 1.34"
    );
    // Values set before are checked again.
    let set = FeatureGates::parse_for(Release::V1_36, "DeclarativeValidationBeta=false").unwrap();
    assert!(set.with_emulated_version(Release::V1_35).is_err());
    assert_eq!(
        FeatureGates::for_release(Release::V1_36)
            .with_emulated_version(Release::V1_37)
            .unwrap_err()
            .to_string(),
        "emulation version 1.37 is not between [1.33, 1.36]"
    );
    assert!(FeatureGates::for_release(Release::V1_37)
        .with_emulated_version(Release::V1_33)
        .is_err());
}
