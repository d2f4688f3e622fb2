//! Port of upstream `cmd/validation-gen/output_tests/maps/map_of_struct`
//! (kubernetes/code-generator v0.35.0): `testdata/validate-false.json`.
//! `eachVal` on maps of structs plus the element type's own validations.
//! `type OtherTypedefStruct OtherStruct` does not inherit OtherStruct's
//! type-level tags.
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::fixture;
use k8s_validation::Validate;

/// +k8s:validateFalse="type Struct"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct Struct {
    /// +k8s:validateFalse="field Struct.MapField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapField[*]"
    pub mapField: BTreeMap<String, OtherStruct>,
    /// +k8s:validateFalse="field Struct.MapTypedefField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapTypedefField[*]"
    pub mapTypedefField: BTreeMap<String, OtherTypedefStruct>,
    pub UnvalidatedMapField: BTreeMap<String, String>,
}

/// +k8s:validateFalse="type OtherStruct"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct OtherStruct {}

/// +k8s:validateFalse="type OtherTypedefStruct"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct OtherTypedefStruct(pub OtherStruct);

#[test]
fn fixture_struct() {
    let v = Struct {
        mapField: BTreeMap::from([
            ("岯Ȉ&<沲3".into(), OtherStruct {}),
            ("铃]3g!fȺ苬ĥəƣ".into(), OtherStruct {}),
        ]),
        mapTypedefField: BTreeMap::from([
            ("".into(), OtherTypedefStruct(OtherStruct {})),
            ("x飖Ǒp!ǪŰ".into(), OtherTypedefStruct(OtherStruct {})),
        ]),
        UnvalidatedMapField: BTreeMap::from([("k".into(), "v".into())]),
    };
    fixture(
        &v,
        &[
            ("", &["type Struct"]),
            ("mapField", &["field Struct.MapField"]),
            (
                "mapField[岯Ȉ&<沲3]",
                &["field Struct.MapField[*]", "type OtherStruct"],
            ),
            (
                "mapField[铃]3g!fȺ苬ĥəƣ]",
                &["field Struct.MapField[*]", "type OtherStruct"],
            ),
            ("mapTypedefField", &["field Struct.MapTypedefField"]),
            (
                "mapTypedefField[]",
                &["field Struct.MapTypedefField[*]", "type OtherTypedefStruct"],
            ),
            (
                "mapTypedefField[x飖Ǒp!ǪŰ]",
                &["field Struct.MapTypedefField[*]", "type OtherTypedefStruct"],
            ),
        ],
    );
}
