//! Port of upstream `cmd/validation-gen/output_tests/tags/eachkey`
//! (kubernetes/code-generator v0.35.0): `+k8s:eachKey` on maps, maps with
//! typedef keys (validated and not), and map typedefs.
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::st;
use k8s_validation::Validate;

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct Struct {
    /// +k8s:eachKey=+k8s:validateFalse="Struct.MapField(keys)"
    pub mapField: BTreeMap<String, String>,
    /// +k8s:eachKey=+k8s:validateFalse="Struct.MapTypedefField(keys)"
    pub mapTypedefField: BTreeMap<UnvalidatedStringType, String>,
    /// +k8s:eachKey=+k8s:validateFalse="Struct.MapValidatedTypedefField(keys)"
    pub mapValidatedTypedefField: BTreeMap<ValidatedStringType, String>,
    /// +k8s:eachKey=+k8s:validateFalse="Struct.MapTypeField(keys)"
    pub mapTypeField: UnvalidatedMapType,
    /// +k8s:eachKey=+k8s:validateFalse="Struct.ValidatedMapTypeField(keys)"
    pub validatedMapTypeField: ValidatedMapType,
}

/// Note: no validations.
#[derive(Validate, PartialEq, Eq, PartialOrd, Ord, Debug, Clone, Default)]
pub struct UnvalidatedStringType(pub String);

/// +k8s:validateFalse="ValidatedStringType"
#[derive(Validate, PartialEq, Eq, PartialOrd, Ord, Debug, Clone, Default)]
pub struct ValidatedStringType(pub String);

/// Note: no validations.
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct UnvalidatedMapType(pub BTreeMap<String, String>);

/// +k8s:eachKey=+k8s:validateFalse="ValidatedMapType(keys)"
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct ValidatedMapType(pub BTreeMap<String, String>);

fn ab() -> BTreeMap<String, String> {
    BTreeMap::from([("a".into(), "A".into()), ("b".into(), "B".into())])
}

#[test]
fn cases() {
    st(&Struct::default()).expect_valid();
    let v = Struct {
        mapField: ab(),
        mapTypedefField: ab()
            .into_iter()
            .map(|(k, v)| (UnvalidatedStringType(k), v))
            .collect(),
        mapValidatedTypedefField: ab()
            .into_iter()
            .map(|(k, v)| (ValidatedStringType(k), v))
            .collect(),
        mapTypeField: UnvalidatedMapType(ab()),
        validatedMapTypeField: ValidatedMapType(ab()),
    };
    st(&v).expect_forced(&[
        (
            "mapField",
            &["Struct.MapField(keys)", "Struct.MapField(keys)"],
        ),
        (
            "mapTypedefField",
            &[
                "Struct.MapTypedefField(keys)",
                "Struct.MapTypedefField(keys)",
            ],
        ),
        (
            "mapValidatedTypedefField",
            &[
                "Struct.MapValidatedTypedefField(keys)",
                "ValidatedStringType",
                "Struct.MapValidatedTypedefField(keys)",
                "ValidatedStringType",
            ],
        ),
        (
            "mapTypeField",
            &["Struct.MapTypeField(keys)", "Struct.MapTypeField(keys)"],
        ),
        (
            "validatedMapTypeField",
            &[
                "Struct.ValidatedMapTypeField(keys)",
                "ValidatedMapType(keys)",
                "Struct.ValidatedMapTypeField(keys)",
                "ValidatedMapType(keys)",
            ],
        ),
    ]);
    // The bad value of a key error is the key.
    let texts: Vec<String> = st(&v)
        .errors()
        .iter()
        .take(2)
        .map(|e| e.to_string())
        .collect();
    assert_eq!(
        texts,
        [
            r#"mapField: Invalid value: "a": forced failure: Struct.MapField(keys)"#,
            r#"mapField: Invalid value: "b": forced failure: Struct.MapField(keys)"#,
        ]
    );
}
