//! Port of upstream `cmd/validation-gen/output_tests/maps/keys`
//! (kubernetes/code-generator v0.35.0): `testdata/validate-false.json`.
//! `eachKey` on maps and map typedefs; a validated key type's own
//! validations run once per key, at the map's path.
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::{assert_forced_order, fixture};
use k8s_validation::{Operation, Validate};

/// +k8s:validateFalse="type Struct"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct Struct {
    /// +k8s:validateFalse="field Struct.MapField"
    /// +k8s:eachKey=+k8s:validateFalse="field Struct.MapField(keys)"
    pub mapField: BTreeMap<String, String>,
    /// +k8s:validateFalse="field Struct.MapTypedefField"
    /// +k8s:eachKey=+k8s:validateFalse="field Struct.MapTypedefField(keys)"
    pub mapTypedefField: BTreeMap<UnvalidatedStringType, String>,
    /// +k8s:validateFalse="field Struct.MapValidatedTypedefField"
    /// +k8s:eachKey=+k8s:validateFalse="field Struct.MapValidatedTypedefField(keys)"
    pub mapValidatedTypedefField: BTreeMap<ValidatedStringType, String>,
    /// +k8s:validateFalse="field Struct.MapTypeField"
    /// +k8s:eachKey=+k8s:validateFalse="field Struct.MapTypeField(keys)"
    pub mapTypeField: UnvalidatedMapType,
    /// +k8s:validateFalse="field Struct.ValidatedMapTypeField"
    /// +k8s:eachKey=+k8s:validateFalse="field Struct.ValidatedMapTypeField(keys)"
    pub validatedMapTypeField: ValidatedMapType,
}

/// Note: no validations.
#[derive(Validate, PartialEq, Eq, PartialOrd, Ord, Debug, Clone)]
pub struct UnvalidatedStringType(pub String);

/// +k8s:validateFalse="ValidatedStringType"
#[derive(Validate, PartialEq, Eq, PartialOrd, Ord, Debug, Clone)]
pub struct ValidatedStringType(pub String);

/// Note: no validations.
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct UnvalidatedMapType(pub BTreeMap<String, String>);

/// +k8s:validateFalse="ValidatedMapType"
/// +k8s:eachKey=+k8s:validateFalse="type ValidatedMapType(keys)"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct ValidatedMapType(pub BTreeMap<String, String>);

fn two() -> BTreeMap<String, String> {
    BTreeMap::from([("a".into(), "1".into()), ("b".into(), "2".into())])
}

fn full() -> Struct {
    Struct {
        mapField: two(),
        mapTypedefField: BTreeMap::from([
            (UnvalidatedStringType("a".into()), "1".into()),
            (UnvalidatedStringType("b".into()), "2".into()),
        ]),
        mapValidatedTypedefField: BTreeMap::from([
            (ValidatedStringType("a".into()), "1".into()),
            (ValidatedStringType("b".into()), "2".into()),
        ]),
        mapTypeField: UnvalidatedMapType(two()),
        validatedMapTypeField: ValidatedMapType(two()),
    }
}

#[test]
fn fixture_struct() {
    fixture(
        &full(),
        &[
            ("", &["type Struct"]),
            (
                "mapField",
                &[
                    "field Struct.MapField",
                    "field Struct.MapField(keys)",
                    "field Struct.MapField(keys)",
                ],
            ),
            (
                "mapTypeField",
                &[
                    "field Struct.MapTypeField",
                    "field Struct.MapTypeField(keys)",
                    "field Struct.MapTypeField(keys)",
                ],
            ),
            (
                "mapTypedefField",
                &[
                    "field Struct.MapTypedefField",
                    "field Struct.MapTypedefField(keys)",
                    "field Struct.MapTypedefField(keys)",
                ],
            ),
            (
                "mapValidatedTypedefField",
                &[
                    "ValidatedStringType",
                    "ValidatedStringType",
                    "field Struct.MapValidatedTypedefField",
                    "field Struct.MapValidatedTypedefField(keys)",
                    "field Struct.MapValidatedTypedefField(keys)",
                ],
            ),
            (
                "validatedMapTypeField",
                &[
                    "ValidatedMapType",
                    "field Struct.ValidatedMapTypeField",
                    "field Struct.ValidatedMapTypeField(keys)",
                    "field Struct.ValidatedMapTypeField(keys)",
                    "type ValidatedMapType(keys)",
                    "type ValidatedMapType(keys)",
                ],
            ),
        ],
    );
}

#[test]
fn key_order_eachkey_then_field_then_key_type() {
    let v = Struct {
        mapField: BTreeMap::new(),
        mapTypedefField: BTreeMap::new(),
        mapTypeField: UnvalidatedMapType(BTreeMap::new()),
        validatedMapTypeField: ValidatedMapType(BTreeMap::new()),
        ..full()
    };
    let errs = v.validate(&Operation::create());
    assert_forced_order(
        &errs,
        &[
            ("", "type Struct"),
            ("mapField", "field Struct.MapField"),
            ("mapTypedefField", "field Struct.MapTypedefField"),
            (
                "mapValidatedTypedefField",
                "field Struct.MapValidatedTypedefField(keys)",
            ),
            (
                "mapValidatedTypedefField",
                "field Struct.MapValidatedTypedefField(keys)",
            ),
            (
                "mapValidatedTypedefField",
                "field Struct.MapValidatedTypedefField",
            ),
            ("mapValidatedTypedefField", "ValidatedStringType"),
            ("mapValidatedTypedefField", "ValidatedStringType"),
            ("mapTypeField", "field Struct.MapTypeField"),
            (
                "validatedMapTypeField",
                "field Struct.ValidatedMapTypeField",
            ),
            ("validatedMapTypeField", "ValidatedMapType"),
        ],
    );
    // A key's bad value is the key itself.
    let key_err = errs
        .iter()
        .find(|e| e.detail().ends_with("(keys)"))
        .unwrap();
    assert_eq!(
        key_err.to_string(),
        r#"mapValidatedTypedefField: Invalid value: "a": forced failure: field Struct.MapValidatedTypedefField(keys)"#
    );
}

#[test]
fn unchanged_keys_are_ratcheted() {
    // On update, keys present in the old map are not validated again, but
    // the field itself changed (a key was added), so its own tags run.
    let old = full();
    let mut new = full();
    new.mapField.insert("c".into(), "3".into());
    let errs = new.validate_update(&old, &Operation::update());
    let mut got: Vec<(String, String)> = conformance_tests::forced_in_order(&errs);
    got.sort();
    assert_eq!(
        got,
        vec![
            ("".to_string(), "type Struct".to_string()),
            ("mapField".into(), "field Struct.MapField".into()),
            ("mapField".into(), "field Struct.MapField(keys)".into()),
        ]
    );
}
