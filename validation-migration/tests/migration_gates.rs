//! Feature gates: the `--feature-gates` syntax, its errors, and the mode
//! every gate combination selects.

use k8s_validation_migration::{FeatureGateError, FeatureGates, Mode};

#[test]
fn defaults_are_1_35() {
    let g = FeatureGates::default();
    assert!(g.declarative_validation());
    assert!(!g.takeover());
    assert_eq!(g.mode(), Mode::Mismatch);
    assert_eq!(FeatureGates::parse("").unwrap(), g);
    assert_eq!(
        g.to_string(),
        "DeclarativeValidation=true,DeclarativeValidationTakeover=false"
    );
}

#[test]
fn every_combination() {
    let cases = [
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
        // Disabling DeclarativeValidation disables takeover too.
        (
            "DeclarativeValidation=false,DeclarativeValidationTakeover=true",
            Mode::Disabled,
        ),
        ("DeclarativeValidationTakeover=true", Mode::Takeover),
        ("DeclarativeValidation=false", Mode::Disabled),
        ("DeclarativeValidationTakeover=false", Mode::Mismatch),
    ];
    for (flag, mode) in cases {
        let g: FeatureGates = flag.parse().unwrap();
        assert_eq!(g.mode(), mode, "{flag}");
    }
    let g = FeatureGates::parse("DeclarativeValidation=false,DeclarativeValidationTakeover=true")
        .unwrap();
    assert!(g.takeover(), "the gate keeps its value");
    assert_eq!(g.enabled("DeclarativeValidationTakeover"), Some(true));
    assert_eq!(g.enabled("Nope"), None);
}

#[test]
fn go_bool_spellings_and_blanks() {
    for (v, want) in [
        ("1", true),
        ("t", true),
        ("T", true),
        ("true", true),
        ("TRUE", true),
        ("True", true),
        ("0", false),
        ("f", false),
        ("F", false),
        ("false", false),
        ("FALSE", false),
        ("False", false),
    ] {
        let g = FeatureGates::parse(&format!(" DeclarativeValidationTakeover = {v} ")).unwrap();
        assert_eq!(g.takeover(), want, "{v}");
    }
    // Empty entries are skipped; the last entry for a gate wins.
    let g = FeatureGates::parse(
        ",DeclarativeValidationTakeover=true,,DeclarativeValidationTakeover=false,",
    )
    .unwrap();
    assert!(!g.takeover());
}

#[test]
fn errors_use_upstream_text() {
    let cases = [
        (
            "Foo=true",
            FeatureGateError::Unrecognized { gate: "Foo".into() },
            "unrecognized feature gate: Foo",
        ),
        (
            "DeclarativeValidation",
            FeatureGateError::MissingValue {
                gate: "DeclarativeValidation".into(),
            },
            "missing bool value for DeclarativeValidation",
        ),
        (
            "DeclarativeValidation=yes",
            FeatureGateError::InvalidValue {
                gate: "DeclarativeValidation".into(),
                value: "yes".into(),
            },
            r#"invalid value of DeclarativeValidation=yes, err: strconv.ParseBool: parsing "yes": invalid syntax"#,
        ),
        (
            "DeclarativeValidationTakeover=",
            FeatureGateError::InvalidValue {
                gate: "DeclarativeValidationTakeover".into(),
                value: "".into(),
            },
            r#"invalid value of DeclarativeValidationTakeover=, err: strconv.ParseBool: parsing "": invalid syntax"#,
        ),
        (
            " ",
            FeatureGateError::MissingValue { gate: "".into() },
            "missing bool value for ",
        ),
        // Names are case-sensitive.
        (
            "declarativevalidation=true",
            FeatureGateError::Unrecognized {
                gate: "declarativevalidation".into(),
            },
            "unrecognized feature gate: declarativevalidation",
        ),
    ];
    for (flag, err, text) in cases {
        let got = FeatureGates::parse(flag).unwrap_err();
        assert_eq!(got, err, "{flag:?}");
        assert_eq!(got.to_string(), text, "{flag:?}");
    }
}

#[test]
fn set_accumulates_and_is_atomic() {
    let mut g = FeatureGates::default();
    g.set("DeclarativeValidationTakeover=true").unwrap();
    g.set("DeclarativeValidation=true").unwrap();
    assert_eq!(g.mode(), Mode::Takeover);
    // A bad entry changes nothing, even after good ones in the same value.
    let before = g;
    assert!(g.set("DeclarativeValidation=false,Bogus=true").is_err());
    assert_eq!(g, before);
    g.set_enabled("DeclarativeValidation", false).unwrap();
    assert_eq!(g.mode(), Mode::Disabled);
    assert_eq!(
        g.set_enabled("X", true).unwrap_err().to_string(),
        "unrecognized feature gate: X"
    );
}

#[test]
fn all_beta_sets_unset_beta_gates() {
    // Both gates are beta in 1.35: AllBeta=true turns takeover on ...
    assert_eq!(
        FeatureGates::parse("AllBeta=true").unwrap().mode(),
        Mode::Takeover
    );
    // ... AllBeta=false turns declarative validation off ...
    assert_eq!(
        FeatureGates::parse("AllBeta=false").unwrap().mode(),
        Mode::Disabled
    );
    // ... and an explicit gate wins, whatever the order.
    for flag in [
        "AllBeta=true,DeclarativeValidationTakeover=false",
        "DeclarativeValidationTakeover=false,AllBeta=true",
    ] {
        assert_eq!(
            FeatureGates::parse(flag).unwrap().mode(),
            Mode::Mismatch,
            "{flag}"
        );
    }
    // AllAlpha is known and changes nothing here.
    assert_eq!(
        FeatureGates::parse("AllAlpha=true").unwrap().mode(),
        Mode::Mismatch
    );
}
