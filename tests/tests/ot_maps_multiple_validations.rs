//! Port of upstream `cmd/validation-gen/output_tests/maps/multiple_validations`
//! (kubernetes/code-generator v0.35.0): `testdata/validate-false.json`.
//! Several `eachKey` and `eachVal` tags on one map.
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::{assert_forced_order, fixture};
use k8s_validation::{Operation, Validate};

/// +k8s:validateFalse="type Struct"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct Struct {
    /// +k8s:validateFalse="field Struct.MapField #1"
    /// +k8s:validateFalse="field Struct.MapField #2"
    /// +k8s:eachKey=+k8s:validateFalse="field Struct.MapField(keys) #1"
    /// +k8s:eachKey=+k8s:validateFalse="field Struct.MapField(keys) #2"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapField[*] #1"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapField[*] #2"
    pub mapField: BTreeMap<String, String>,
    pub UnvalidatedMapField: Vec<String>,
}

fn full() -> Struct {
    Struct {
        mapField: BTreeMap::from([
            ("岯Ȉ&<沲3".into(), "x".into()),
            ("ÀYǎ3g成oɜH偩j0âȰ".into(), "y".into()),
        ]),
        UnvalidatedMapField: vec!["a".into(), "b".into()],
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
                    "field Struct.MapField #1",
                    "field Struct.MapField #2",
                    "field Struct.MapField(keys) #1",
                    "field Struct.MapField(keys) #1",
                    "field Struct.MapField(keys) #2",
                    "field Struct.MapField(keys) #2",
                ],
            ),
            (
                "mapField[ÀYǎ3g成oɜH偩j0âȰ]",
                &["field Struct.MapField[*] #1", "field Struct.MapField[*] #2"],
            ),
            (
                "mapField[岯Ȉ&<沲3]",
                &["field Struct.MapField[*] #1", "field Struct.MapField[*] #2"],
            ),
        ],
    );
}

#[test]
fn emission_order() {
    let v = Struct {
        mapField: BTreeMap::from([("a".into(), "x".into())]),
        UnvalidatedMapField: vec![],
    };
    // eachKey (immediate, sorted first by name), then validateFalse, then
    // eachVal (deferred); tags of one name keep their order.
    assert_forced_order(
        &v.validate(&Operation::create()),
        &[
            ("", "type Struct"),
            ("mapField", "field Struct.MapField(keys) #1"),
            ("mapField", "field Struct.MapField(keys) #2"),
            ("mapField", "field Struct.MapField #1"),
            ("mapField", "field Struct.MapField #2"),
            ("mapField[a]", "field Struct.MapField[*] #1"),
            ("mapField[a]", "field Struct.MapField[*] #2"),
        ],
    );
}
