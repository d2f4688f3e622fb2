//! Port of upstream `cmd/validation-gen/output_tests/tags/opaque`
//! (kubernetes/code-generator v0.35.0): `+k8s:opaqueType` on fields and,
//! through `eachVal` / `eachKey`, on list and map elements: the field's own
//! tags run, the opaque type's validations do not.
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::st;
use k8s_validation::Validate;

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct Struct {
    /// +k8s:validateFalse="field Struct.StructField"
    pub structField: OtherStruct,
    /// +k8s:validateFalse="field Struct.StructPtrField"
    /// +k8s:required
    pub structPtrField: Option<OtherStruct>,
    /// +k8s:validateFalse="field Struct.OpaqueStructField"
    /// +k8s:opaqueType
    pub opaqueStructField: OtherStruct,
    /// +k8s:validateFalse="field Struct.OpaqueStructPtrField"
    /// +k8s:required
    /// +k8s:opaqueType
    pub opaqueStructPtrField: Option<OtherStruct>,
    /// +k8s:validateFalse="field Struct.SliceOfStructField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.SliceOfStructField vals"
    pub sliceOfStructField: Vec<OtherStruct>,
    /// +k8s:validateFalse="field Struct.SliceOfOpaqueStructField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.SliceOfOpaqueStructField vals"
    /// +k8s:eachVal=+k8s:opaqueType
    pub sliceOfOpaqueStructField: Vec<OtherStruct>,
    /// +k8s:validateFalse="field Struct.ListMapOfStructField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListMapOfStructField vals"
    /// +k8s:listType=map
    /// +k8s:listMapKey=stringField
    pub listMapOfStructField: Vec<OtherStruct>,
    /// +k8s:validateFalse="field Struct.ListMapOfOpaqueStructField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListMapOfOpaqueStructField vals"
    /// +k8s:listType=map
    /// +k8s:listMapKey=stringField
    /// +k8s:eachVal=+k8s:opaqueType
    pub listMapOfOpaqueStructField: Vec<OtherStruct>,
    /// +k8s:validateFalse="field Struct.MapOfStringToStructField"
    /// +k8s:eachKey=+k8s:validateFalse="field Struct.MapOfStringToStructField keys"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapOfStringToStructField vals"
    pub mapOfStringToStructField: BTreeMap<OtherString, OtherStruct>,
    /// +k8s:validateFalse="field Struct.MapOfStringToOpaqueStructField"
    /// +k8s:eachKey=+k8s:validateFalse="field Struct.MapOfStringToOpaqueStructField keys"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapOfStringToOpaqueStructField vals"
    /// +k8s:eachKey=+k8s:opaqueType
    /// +k8s:eachVal=+k8s:opaqueType
    pub mapOfStringToOpaqueStructField: BTreeMap<OtherString, OtherStruct>,
}

/// +k8s:validateFalse="type OtherStruct"
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct OtherStruct {
    /// +k8s:validateFalse="field OtherStruct.StringField"
    pub stringField: String,
}

/// +k8s:validateFalse="type OtherString"
#[derive(Validate, PartialEq, Eq, PartialOrd, Ord, Debug, Clone, Default)]
pub struct OtherString(pub String);

/// +k8s:validateTrue="type TypedefSliceOther"
/// +k8s:eachVal=+k8s:opaqueType
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct TypedefSliceOther(pub Vec<OtherStruct>);

/// +k8s:validateTrue="type TypedefMapOther"
/// +k8s:eachKey=+k8s:opaqueType
/// +k8s:eachVal=+k8s:opaqueType
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct TypedefMapOther(pub BTreeMap<OtherString, OtherStruct>);

fn other(s: &str) -> OtherStruct {
    OtherStruct {
        stringField: s.into(),
    }
}

fn ab() -> BTreeMap<OtherString, OtherStruct> {
    BTreeMap::from([
        (OtherString("a".into()), other("foo")),
        (OtherString("b".into()), other("bar")),
    ])
}

#[test]
fn opaque_everywhere() {
    let v = Struct {
        structPtrField: Some(OtherStruct::default()),
        opaqueStructPtrField: Some(OtherStruct::default()),
        sliceOfStructField: vec![OtherStruct::default(), OtherStruct::default()],
        sliceOfOpaqueStructField: vec![OtherStruct::default(), OtherStruct::default()],
        listMapOfStructField: vec![other("foo"), other("bar")],
        listMapOfOpaqueStructField: vec![other("foo"), other("bar")],
        mapOfStringToStructField: ab(),
        mapOfStringToOpaqueStructField: ab(),
        ..Struct::default()
    };
    st(&v).expect_forced(&[
        (
            "structField",
            &["field Struct.StructField", "type OtherStruct"],
        ),
        (
            "structPtrField",
            &["field Struct.StructPtrField", "type OtherStruct"],
        ),
        (
            "structField.stringField",
            &["field OtherStruct.StringField"],
        ),
        (
            "structPtrField.stringField",
            &["field OtherStruct.StringField"],
        ),
        ("opaqueStructField", &["field Struct.OpaqueStructField"]),
        (
            "opaqueStructPtrField",
            &["field Struct.OpaqueStructPtrField"],
        ),
        ("sliceOfStructField", &["field Struct.SliceOfStructField"]),
        (
            "sliceOfStructField[0]",
            &["field Struct.SliceOfStructField vals", "type OtherStruct"],
        ),
        (
            "sliceOfStructField[0].stringField",
            &["field OtherStruct.StringField"],
        ),
        (
            "sliceOfStructField[1]",
            &["field Struct.SliceOfStructField vals", "type OtherStruct"],
        ),
        (
            "sliceOfStructField[1].stringField",
            &["field OtherStruct.StringField"],
        ),
        (
            "sliceOfOpaqueStructField",
            &["field Struct.SliceOfOpaqueStructField"],
        ),
        (
            "sliceOfOpaqueStructField[0]",
            &["field Struct.SliceOfOpaqueStructField vals"],
        ),
        (
            "sliceOfOpaqueStructField[1]",
            &["field Struct.SliceOfOpaqueStructField vals"],
        ),
        (
            "listMapOfStructField",
            &["field Struct.ListMapOfStructField"],
        ),
        (
            "listMapOfStructField[0]",
            &["field Struct.ListMapOfStructField vals", "type OtherStruct"],
        ),
        (
            "listMapOfStructField[0].stringField",
            &["field OtherStruct.StringField"],
        ),
        (
            "listMapOfStructField[1]",
            &["field Struct.ListMapOfStructField vals", "type OtherStruct"],
        ),
        (
            "listMapOfStructField[1].stringField",
            &["field OtherStruct.StringField"],
        ),
        (
            "listMapOfOpaqueStructField",
            &["field Struct.ListMapOfOpaqueStructField"],
        ),
        (
            "listMapOfOpaqueStructField[0]",
            &["field Struct.ListMapOfOpaqueStructField vals"],
        ),
        (
            "listMapOfOpaqueStructField[1]",
            &["field Struct.ListMapOfOpaqueStructField vals"],
        ),
        (
            "mapOfStringToStructField",
            &[
                "field Struct.MapOfStringToStructField",
                "field Struct.MapOfStringToStructField keys",
                "field Struct.MapOfStringToStructField keys",
                "type OtherString",
                "type OtherString",
            ],
        ),
        (
            "mapOfStringToStructField[a]",
            &[
                "field Struct.MapOfStringToStructField vals",
                "type OtherStruct",
            ],
        ),
        (
            "mapOfStringToStructField[a].stringField",
            &["field OtherStruct.StringField"],
        ),
        (
            "mapOfStringToStructField[b]",
            &[
                "field Struct.MapOfStringToStructField vals",
                "type OtherStruct",
            ],
        ),
        (
            "mapOfStringToStructField[b].stringField",
            &["field OtherStruct.StringField"],
        ),
        (
            "mapOfStringToOpaqueStructField",
            &[
                "field Struct.MapOfStringToOpaqueStructField",
                "field Struct.MapOfStringToOpaqueStructField keys",
                "field Struct.MapOfStringToOpaqueStructField keys",
            ],
        ),
        (
            "mapOfStringToOpaqueStructField[a]",
            &["field Struct.MapOfStringToOpaqueStructField vals"],
        ),
        (
            "mapOfStringToOpaqueStructField[b]",
            &["field Struct.MapOfStringToOpaqueStructField vals"],
        ),
    ]);
}

#[test]
fn opaque_typedef_elements() {
    st(&TypedefSliceOther(vec![other("x")])).expect_valid();
    st(&TypedefMapOther(ab())).expect_valid();
}

/// Not in upstream's test: one of keys and values opaque. Kubernetes 1.37,
/// which honours a marker that is a field's only tag (1.35 and 1.36 ignore
/// it: `opacity_by_release.rs`).
#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct HalfOpaque {
    /// +k8s:eachKey=+k8s:opaqueType
    pub opaqueKeys: BTreeMap<OtherString, OtherStruct>,
    /// +k8s:eachVal=+k8s:opaqueType
    pub opaqueValues: BTreeMap<OtherString, OtherStruct>,
}

#[test]
fn half_opaque_maps() {
    let v = HalfOpaque {
        opaqueKeys: ab(),
        opaqueValues: ab(),
    };
    st(&v).expect_forced(&[
        ("opaqueKeys[a]", &["type OtherStruct"]),
        (
            "opaqueKeys[a].stringField",
            &["field OtherStruct.StringField"],
        ),
        ("opaqueKeys[b]", &["type OtherStruct"]),
        (
            "opaqueKeys[b].stringField",
            &["field OtherStruct.StringField"],
        ),
        ("opaqueValues", &["type OtherString", "type OtherString"]),
    ]);
    // Unchanged entries ratchet; a changed value and a new key do not.
    let mut new = v.clone();
    new.opaqueKeys
        .insert(OtherString("a".into()), other("changed"));
    new.opaqueValues.insert(OtherString("c".into()), other("x"));
    st(&new).old(&v).expect_forced(&[
        ("opaqueKeys[a]", &["type OtherStruct"]),
        (
            "opaqueKeys[a].stringField",
            &["field OtherStruct.StringField"],
        ),
        ("opaqueValues", &["type OtherString"]),
    ]);
}
