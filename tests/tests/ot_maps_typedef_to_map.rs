//! Port of upstream `cmd/validation-gen/output_tests/maps/typedef_to_map`
//! (kubernetes/code-generator v0.35.0): `testdata/validate-false.json`.
//! Tags on map typedefs combine with the field's tags.
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::fixture;
use k8s_validation::Validate;

/// Note: no validation here.
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct UnvalidatedType(pub BTreeMap<String, String>);

/// +k8s:validateFalse="type MapType"
/// +k8s:eachVal=+k8s:validateFalse="type MapType[*]"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct MapType(pub BTreeMap<String, String>);

/// Note: no validation here.
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct UnvalidatedPtrType(pub BTreeMap<String, Option<String>>);

/// +k8s:validateFalse="type StringType"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct StringType(pub String);

/// +k8s:validateFalse="type MapTypedefType"
/// +k8s:eachVal=+k8s:validateFalse="type MapTypedefType[*]"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct MapTypedefType(pub BTreeMap<String, StringType>);

/// +k8s:validateFalse="type Struct"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct Struct {
    /// +k8s:validateFalse="field Struct.MapField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapField[*]"
    pub mapField: MapType,
    /// +k8s:validateFalse="field Struct.MapTypedefField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapTypedefField[*]"
    pub mapTypedefField: MapTypedefType,
}

#[test]
fn fixture_struct() {
    let v = Struct {
        mapField: MapType(BTreeMap::from([
            ("岯Ȉ&<沲3".into(), "x".into()),
            ("ÀYǎ3g成oɜH偩j0âȰ".into(), "y".into()),
        ])),
        mapTypedefField: MapTypedefType(BTreeMap::from([
            ("þƿ髈儱Ŀ蒫÷K鬣壈".into(), StringType("x".into())),
            ("V噘¢>óǲ岋笨Gń條ģ".into(), StringType("y".into())),
        ])),
    };
    fixture(
        &v,
        &[
            ("", &["type Struct"]),
            ("mapField", &["field Struct.MapField", "type MapType"]),
            (
                "mapField[ÀYǎ3g成oɜH偩j0âȰ]",
                &["field Struct.MapField[*]", "type MapType[*]"],
            ),
            (
                "mapField[岯Ȉ&<沲3]",
                &["field Struct.MapField[*]", "type MapType[*]"],
            ),
            (
                "mapTypedefField",
                &["field Struct.MapTypedefField", "type MapTypedefType"],
            ),
            (
                "mapTypedefField[V噘¢>óǲ岋笨Gń條ģ]",
                &[
                    "field Struct.MapTypedefField[*]",
                    "type MapTypedefType[*]",
                    "type StringType",
                ],
            ),
            (
                "mapTypedefField[þƿ髈儱Ŀ蒫÷K鬣壈]",
                &[
                    "field Struct.MapTypedefField[*]",
                    "type MapTypedefType[*]",
                    "type StringType",
                ],
            ),
        ],
    );
}

#[test]
fn typedef_roots() {
    let u = UnvalidatedPtrType(BTreeMap::from([("a".into(), Some("x".into()))]));
    fixture(&u, &[]);
    let m = MapType(BTreeMap::from([("k".into(), "v".into())]));
    fixture(
        &m,
        &[("", &["type MapType"]), ("[k]", &["type MapType[*]"])],
    );
}
