//! Port of upstream `cmd/validation-gen/output_tests/maps/map_of_primitive`
//! (kubernetes/code-generator v0.35.0): `testdata/validate-false.json`.
//! `eachVal` on maps of strings and of string typedefs; the value type's
//! validations run per value at `field[key]`.
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::{assert_forced_order, fixture};
use k8s_validation::{Operation, Validate};

/// +k8s:validateFalse="type Struct"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct Struct {
    /// +k8s:validateFalse="field Struct.MapField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapField[*]"
    pub mapField: BTreeMap<String, String>,
    /// +k8s:validateFalse="field Struct.MapTypedefField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapTypedefField[*]"
    pub mapTypedefField: BTreeMap<String, StringType>,
    pub UnvalidatedMapField: BTreeMap<String, String>,
}

/// +k8s:validateFalse="type StringType"
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct StringType(pub String);

fn full() -> Struct {
    Struct {
        mapField: BTreeMap::from([
            ("岯Ȉ&<沲3".into(), "x".into()),
            ("ÀYǎ3g成oɜH偩j0âȰ".into(), "y".into()),
        ]),
        mapTypedefField: BTreeMap::from([
            ("þƿ髈儱Ŀ蒫÷K鬣壈".into(), StringType("x".into())),
            ("V噘¢>óǲ岋笨Gń條ģ".into(), StringType("y".into())),
        ]),
        UnvalidatedMapField: BTreeMap::from([("k".into(), "v".into())]),
    }
}

#[test]
fn fixture_struct() {
    fixture(
        &full(),
        &[
            ("", &["type Struct"]),
            ("mapField", &["field Struct.MapField"]),
            ("mapField[ÀYǎ3g成oɜH偩j0âȰ]", &["field Struct.MapField[*]"]),
            ("mapField[岯Ȉ&<沲3]", &["field Struct.MapField[*]"]),
            ("mapTypedefField", &["field Struct.MapTypedefField"]),
            (
                "mapTypedefField[V噘¢>óǲ岋笨Gń條ģ]",
                &["field Struct.MapTypedefField[*]", "type StringType"],
            ),
            (
                "mapTypedefField[þƿ髈儱Ŀ蒫÷K鬣壈]",
                &["field Struct.MapTypedefField[*]", "type StringType"],
            ),
        ],
    );
}

#[test]
fn order_field_then_each_value_then_value_type() {
    let v = Struct {
        mapField: BTreeMap::new(),
        mapTypedefField: BTreeMap::from([
            ("a".into(), StringType("x".into())),
            ("b".into(), StringType("y".into())),
        ]),
        UnvalidatedMapField: BTreeMap::new(),
    };
    let errs = v.validate(&Operation::create());
    assert_forced_order(
        &errs,
        &[
            ("", "type Struct"),
            ("mapField", "field Struct.MapField"),
            ("mapTypedefField", "field Struct.MapTypedefField"),
            ("mapTypedefField[a]", "field Struct.MapTypedefField[*]"),
            ("mapTypedefField[b]", "field Struct.MapTypedefField[*]"),
            ("mapTypedefField[a]", "type StringType"),
            ("mapTypedefField[b]", "type StringType"),
        ],
    );
}

#[test]
fn unchanged_values_are_ratcheted() {
    let old = full();
    let mut new = full();
    new.mapTypedefField
        .insert("V噘¢>óǲ岋笨Gń條ģ".into(), StringType("changed".into()));
    let errs = new.validate_update(&old, &Operation::update());
    assert_forced_order(
        &errs,
        &[
            ("", "type Struct"),
            ("mapTypedefField", "field Struct.MapTypedefField"),
            (
                "mapTypedefField[V噘¢>óǲ岋笨Gń條ģ]",
                "field Struct.MapTypedefField[*]",
            ),
            ("mapTypedefField[V噘¢>óǲ岋笨Gń條ģ]", "type StringType"),
        ],
    );
}
