//! Port of upstream `cmd/validation-gen/output_tests/ratcheting/{default_behavior,
//! list,maps/eachkey,maps/eachval,subfield}` (kubernetes/code-generator
//! v0.35.0): on update, a field, list item (correlated by key or value),
//! map entry or subfield equal to its old value is not validated again.
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::{invalid, st, TF};
use k8s_validation::field::Path;
use k8s_validation::{ErrorList, Operation, Validate};

mod default_behavior {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct StructPrimitive {
        /// +k8s:validateFalse="field intField"
        pub intField: i64,
        /// +k8s:optional
        /// +k8s:validateFalse="field intPtrField"
        pub intPtrField: Option<i64>,
    }

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct StructSlice {
        /// +k8s:validateFalse="field sliceField"
        pub sliceField: Vec<S>,
        /// +k8s:validateFalse="field typedefSliceField"
        pub typedefSliceField: MySlice,
    }

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct StructMap {
        /// +k8s:validateFalse="field mapKeyField"
        pub mapKeyField: BTreeMap<S, String>,
        /// +k8s:validateFalse="field mapValueField"
        pub mapValueField: BTreeMap<String, S>,
        /// +k8s:validateFalse="field aliasMapKeyTypeField"
        pub aliasMapKeyTypeField: AliasMapKeyType,
        /// +k8s:validateFalse="field aliasMapValueTypeField"
        pub aliasMapValueTypeField: AliasMapValueType,
    }

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct StructStruct {
        /// +k8s:validateFalse="field directComparableStructField"
        pub directComparableStructField: DirectComparableStruct,
        /// +k8s:validateFalse="field nonDirectComparableStructField"
        pub nonDirectComparableStructField: NonDirectComparableStruct,
        /// +k8s:validateFalse="field directComparableStructPtrField"
        pub directComparableStructPtrField: Option<DirectComparableStruct>,
        /// +k8s:validateFalse="field nonDirectComparableStructPtrField"
        pub nonDirectComparableStructPtrField: Option<NonDirectComparableStruct>,
        /// Go embeds these without a JSON tag: the JSON name is the type name.
        /// +k8s:validateFalse="field DirectComparableStruct"
        pub DirectComparableStruct: DirectComparableStruct,
        /// +k8s:validateFalse="field NonDirectComparableStruct"
        pub NonDirectComparableStruct: NonDirectComparableStruct,
    }

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct StructEmbedded {
        /// +k8s:validateFalse="field DirectComparableStruct"
        pub directComparableStruct: DirectComparableStruct,
        /// +k8s:validateFalse="field NonDirectComparableStruct"
        pub nonDirectComparableStruct: NonDirectComparableStruct,
        /// +k8s:validateFalse="field NestedDirectComparableStructField"
        pub nestedDirectComparableStructField: NestedDirectComparableStruct,
        /// +k8s:validateFalse="field NestedNonDirectComparableStructField"
        pub nestedNonDirectComparableStructField: NestedNonDirectComparableStruct,
    }

    /// +k8s:validateFalse="type MySlice"
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct MySlice(pub Vec<i64>);

    /// +k8s:validateFalse="type S"
    #[derive(Validate, PartialEq, Eq, PartialOrd, Ord, Debug, Clone)]
    pub struct S(pub String);

    /// +k8s:validateFalse="type MapKeyType"
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct AliasMapKeyType(pub MapKeyType);

    /// +k8s:validateFalse="type MapValueType"
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct AliasMapValueType(pub MapValueType);

    /// no validation
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct MapKeyType(pub BTreeMap<S, String>);

    /// no validation
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct MapValueType(pub BTreeMap<String, S>);

    /// +k8s:validateFalse="type DirectComparableStruct"
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct DirectComparableStruct {
        /// +k8s:validateFalse="field intField"
        pub intField: i64,
    }

    /// +k8s:validateFalse="type NonDirectComparableStruct"
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct NonDirectComparableStruct {
        /// +k8s:validateFalse="field intPtrField"
        pub intPtrField: Option<i64>,
    }

    /// +k8s:validateFalse="type NestedDirectComparableStruct"
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct NestedDirectComparableStruct {
        /// +k8s:validateFalse="field directComparableStructField"
        pub directComparableStructField: DirectComparableStruct,
    }

    /// +k8s:validateFalse="type NestedNonDirectComparableStruct"
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct NestedNonDirectComparableStruct {
        /// +k8s:validateFalse="field nonDirectComparableStructField"
        pub nonDirectComparableStructField: NonDirectComparableStruct,
    }

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct MixComparableStruct {
        pub Primitive: String,
        /// +k8s:validateFalse="field NonComparable"
        pub NonComparable: Vec<String>,
    }

    fn dcs() -> DirectComparableStruct {
        DirectComparableStruct { intField: 1 }
    }

    fn ndcs() -> NonDirectComparableStruct {
        NonDirectComparableStruct {
            intPtrField: Some(1),
        }
    }

    #[test]
    fn primitive() {
        let mk = || StructPrimitive {
            intField: 1,
            intPtrField: Some(1),
        };
        st(&mk()).expect(TF, &[invalid("intField"), invalid("intPtrField")]);
        st(&mk()).old(&mk()).expect_valid();
    }

    #[test]
    fn slice() {
        let mk = || StructSlice {
            sliceField: vec![S(String::new())],
            typedefSliceField: MySlice(vec![1]),
        };
        st(&mk()).expect_forced(&[
            ("sliceField", &["field sliceField"]),
            ("sliceField[0]", &["type S"]),
            (
                "typedefSliceField",
                &["field typedefSliceField", "type MySlice"],
            ),
        ]);
        st(&mk()).old(&mk()).expect_valid();
    }

    #[test]
    fn map() {
        let mk = || StructMap {
            mapKeyField: BTreeMap::from([(S("k".into()), "v".into())]),
            mapValueField: BTreeMap::from([("k".into(), S("v".into()))]),
            aliasMapKeyTypeField: AliasMapKeyType(MapKeyType(BTreeMap::from([(
                S("k".into()),
                "v".into(),
            )]))),
            aliasMapValueTypeField: AliasMapValueType(MapValueType(BTreeMap::from([(
                "k".into(),
                S("v".into()),
            )]))),
        };
        st(&mk()).expect_forced(&[
            (
                "aliasMapKeyTypeField",
                &["field aliasMapKeyTypeField", "type MapKeyType", "type S"],
            ),
            (
                "aliasMapValueTypeField",
                &["field aliasMapValueTypeField", "type MapValueType"],
            ),
            ("aliasMapValueTypeField[k]", &["type S"]),
            ("mapKeyField", &["field mapKeyField", "type S"]),
            ("mapValueField", &["field mapValueField"]),
            ("mapValueField[k]", &["type S"]),
        ]);
        st(&mk()).old(&mk()).expect_valid();
    }

    #[test]
    fn structs() {
        let mk = || StructStruct {
            directComparableStructField: dcs(),
            nonDirectComparableStructField: ndcs(),
            directComparableStructPtrField: Some(dcs()),
            nonDirectComparableStructPtrField: Some(ndcs()),
            DirectComparableStruct: DirectComparableStruct { intField: 0 },
            NonDirectComparableStruct: NonDirectComparableStruct { intPtrField: None },
        };
        st(&mk()).expect_forced(&[
            (
                "directComparableStructField",
                &[
                    "field directComparableStructField",
                    "type DirectComparableStruct",
                ],
            ),
            ("directComparableStructField.intField", &["field intField"]),
            (
                "nonDirectComparableStructField",
                &[
                    "field nonDirectComparableStructField",
                    "type NonDirectComparableStruct",
                ],
            ),
            (
                "nonDirectComparableStructField.intPtrField",
                &["field intPtrField"],
            ),
            (
                "directComparableStructPtrField",
                &[
                    "field directComparableStructPtrField",
                    "type DirectComparableStruct",
                ],
            ),
            (
                "directComparableStructPtrField.intField",
                &["field intField"],
            ),
            (
                "nonDirectComparableStructPtrField",
                &[
                    "field nonDirectComparableStructPtrField",
                    "type NonDirectComparableStruct",
                ],
            ),
            (
                "nonDirectComparableStructPtrField.intPtrField",
                &["field intPtrField"],
            ),
            (
                "DirectComparableStruct",
                &[
                    "field DirectComparableStruct",
                    "type DirectComparableStruct",
                ],
            ),
            ("DirectComparableStruct.intField", &["field intField"]),
            (
                "NonDirectComparableStruct",
                &[
                    "field NonDirectComparableStruct",
                    "type NonDirectComparableStruct",
                ],
            ),
            (
                "NonDirectComparableStruct.intPtrField",
                &["field intPtrField"],
            ),
        ]);
        st(&mk()).old(&mk()).expect_valid();
    }

    #[test]
    fn embedded() {
        let mk = || StructEmbedded {
            directComparableStruct: dcs(),
            nonDirectComparableStruct: ndcs(),
            nestedDirectComparableStructField: NestedDirectComparableStruct {
                directComparableStructField: dcs(),
            },
            nestedNonDirectComparableStructField: NestedNonDirectComparableStruct {
                nonDirectComparableStructField: ndcs(),
            },
        };
        st(&mk()).expect_forced(&[
            (
                "directComparableStruct",
                &[
                    "field DirectComparableStruct",
                    "type DirectComparableStruct",
                ],
            ),
            ("directComparableStruct.intField", &["field intField"]),
            (
                "nonDirectComparableStruct",
                &[
                    "field NonDirectComparableStruct",
                    "type NonDirectComparableStruct",
                ],
            ),
            (
                "nonDirectComparableStruct.intPtrField",
                &["field intPtrField"],
            ),
            (
                "nestedDirectComparableStructField",
                &[
                    "field NestedDirectComparableStructField",
                    "type NestedDirectComparableStruct",
                ],
            ),
            (
                "nestedDirectComparableStructField.directComparableStructField",
                &[
                    "field directComparableStructField",
                    "type DirectComparableStruct",
                ],
            ),
            (
                "nestedDirectComparableStructField.directComparableStructField.intField",
                &["field intField"],
            ),
            (
                "nestedNonDirectComparableStructField",
                &[
                    "field NestedNonDirectComparableStructField",
                    "type NestedNonDirectComparableStruct",
                ],
            ),
            (
                "nestedNonDirectComparableStructField.nonDirectComparableStructField",
                &[
                    "field nonDirectComparableStructField",
                    "type NonDirectComparableStruct",
                ],
            ),
            (
                "nestedNonDirectComparableStructField.nonDirectComparableStructField.intPtrField",
                &["field intPtrField"],
            ),
        ]);
        st(&mk()).old(&mk()).expect_valid();
    }

    #[test]
    fn update_without_old_object() {
        // Upstream's `.OldValue(nil)`: an update with nothing to correlate
        // validates everything.
        let v = MixComparableStruct {
            Primitive: "a".into(),
            NonComparable: vec![],
        };
        let mut errs = ErrorList::new();
        v.validate_into(&Operation::update(), &Path::root(), None, &mut errs);
        TF.test(&errs, &[invalid("NonComparable")]);
    }
}

mod list {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct StructSlice {
        /// +k8s:eachVal=+k8s:validateFalse="field AtomicSliceStringField[*]"
        pub atomicSliceStringField: Vec<StringType>,
        /// +k8s:eachVal=+k8s:validateFalse="field AtomicSliceTypeField[*]"
        pub atomicSliceTypeField: IntSliceType,
        /// +k8s:eachVal=+k8s:validateFalse="field AtomicSliceComparableField[*]"
        pub atomicSliceComparableField: Vec<ComparableStruct>,
        /// +k8s:eachVal=+k8s:validateFalse="field AtomicSliceNonComparableField[*]"
        pub atomicSliceNonComparableField: Vec<NonComparableStruct>,
        /// +k8s:listType=set
        /// +k8s:eachVal=+k8s:validateFalse="field SetSliceComparableField[*]"
        pub setSliceComparableField: Vec<ComparableStruct>,
        /// +k8s:listType=set
        /// +k8s:eachVal=+k8s:validateFalse="field SetSliceNonComparableField[*]"
        pub setSliceNonComparableField: Vec<NonComparableStruct>,
        /// +k8s:listType=map
        /// +k8s:listMapKey=key
        /// +k8s:eachVal=+k8s:validateFalse="field MapSliceComparableField[*]"
        pub mapSliceComparableField: Vec<ComparableStructWithKey>,
        /// +k8s:listType=map
        /// +k8s:listMapKey=key
        /// +k8s:eachVal=+k8s:validateFalse="field MapSliceNonComparableField[*]"
        pub mapSliceNonComparableField: Vec<NonComparableStructWithKey>,
        /// +k8s:listType=map
        /// +k8s:listMapKey=key
        /// +k8s:eachVal=+k8s:validateFalse="field MapSlicePtrKeyField[*]"
        pub mapSlicePtrKeyField: Vec<PtrKeyStruct>,
        /// +k8s:listType=map
        /// +k8s:listMapKey=key1
        /// +k8s:listMapKey=key2
        /// +k8s:eachVal=+k8s:validateFalse="field MapSliceMixedKeyField[*]"
        pub mapSliceMixedKeyField: Vec<MixedKeyStruct>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct StringType(pub String);

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct IntSliceType(pub Vec<i64>);

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct ComparableStruct {
        pub intField: i64,
    }

    /// +k8s:validateFalse="type NonComparableStruct"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct NonComparableStruct {
        pub intPtrField: Option<i64>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct ComparableStructWithKey {
        pub key: String,
        pub intField: i64,
    }

    /// +k8s:validateFalse="type NonComparableStructWithKey"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct NonComparableStructWithKey {
        pub key: String,
        pub intPtrField: Option<i64>,
    }

    /// +k8s:validateFalse="type PtrKeyStruct"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct PtrKeyStruct {
        pub key: Option<String>,
        pub data: String,
    }

    /// +k8s:validateFalse="type MixedKeyStruct"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct MixedKeyStruct {
        pub key1: Option<String>,
        pub key2: String,
        pub data: String,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Item {
        pub key: String,
        /// +k8s:validateFalse="field Data"
        pub data: BTreeMap<String, String>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct ItemList {
        /// +k8s:listType=map
        /// +k8s:listMapKey=key
        pub items: Vec<Item>,
    }

    fn c(i: i64) -> ComparableStruct {
        ComparableStruct { intField: i }
    }
    fn nc(i: i64) -> NonComparableStruct {
        NonComparableStruct {
            intPtrField: Some(i),
        }
    }
    fn ck(k: &str, i: i64) -> ComparableStructWithKey {
        ComparableStructWithKey {
            key: k.into(),
            intField: i,
        }
    }
    fn nck(k: &str, i: i64) -> NonComparableStructWithKey {
        NonComparableStructWithKey {
            key: k.into(),
            intPtrField: Some(i),
        }
    }
    fn pk(k: &str, d: &str) -> PtrKeyStruct {
        PtrKeyStruct {
            key: Some(k.into()),
            data: d.into(),
        }
    }
    fn mk(k1: &str, k2: &str, d: &str) -> MixedKeyStruct {
        MixedKeyStruct {
            key1: Some(k1.into()),
            key2: k2.into(),
            data: d.into(),
        }
    }

    fn one_each() -> StructSlice {
        StructSlice {
            atomicSliceStringField: vec![StringType(String::new())],
            atomicSliceTypeField: IntSliceType(vec![1]),
            atomicSliceComparableField: vec![c(1)],
            atomicSliceNonComparableField: vec![nc(1)],
            setSliceComparableField: vec![c(1)],
            setSliceNonComparableField: vec![nc(1)],
            mapSliceComparableField: vec![ck("x", 1)],
            mapSliceNonComparableField: vec![nck("x", 1)],
            mapSlicePtrKeyField: vec![pk("x", "y")],
            mapSliceMixedKeyField: vec![mk("x", "y", "z")],
        }
    }

    #[test]
    fn struct_slice() {
        st(&one_each()).expect_forced(&[
            (
                "atomicSliceStringField[0]",
                &["field AtomicSliceStringField[*]"],
            ),
            (
                "atomicSliceTypeField[0]",
                &["field AtomicSliceTypeField[*]"],
            ),
            (
                "atomicSliceComparableField[0]",
                &["field AtomicSliceComparableField[*]"],
            ),
            (
                "atomicSliceNonComparableField[0]",
                &[
                    "field AtomicSliceNonComparableField[*]",
                    "type NonComparableStruct",
                ],
            ),
            (
                "setSliceComparableField[0]",
                &["field SetSliceComparableField[*]"],
            ),
            (
                "setSliceNonComparableField[0]",
                &[
                    "field SetSliceNonComparableField[*]",
                    "type NonComparableStruct",
                ],
            ),
            (
                "mapSliceComparableField[0]",
                &["field MapSliceComparableField[*]"],
            ),
            (
                "mapSliceNonComparableField[0]",
                &[
                    "field MapSliceNonComparableField[*]",
                    "type NonComparableStructWithKey",
                ],
            ),
            (
                "mapSlicePtrKeyField[0]",
                &["field MapSlicePtrKeyField[*]", "type PtrKeyStruct"],
            ),
            (
                "mapSliceMixedKeyField[0]",
                &["field MapSliceMixedKeyField[*]", "type MixedKeyStruct"],
            ),
        ]);
        // No changes.
        st(&one_each()).old(&one_each()).expect_valid();
        // Removed elements: atomic lists revalidate what is left; sets and
        // maps correlate the remaining items with their old selves.
        let old = StructSlice {
            atomicSliceStringField: vec![StringType(String::new()), StringType("x".into())],
            atomicSliceTypeField: IntSliceType(vec![1, 2]),
            atomicSliceComparableField: vec![c(2), c(1)],
            atomicSliceNonComparableField: vec![nc(2), nc(1)],
            setSliceComparableField: vec![c(2), c(1)],
            setSliceNonComparableField: vec![nc(2), nc(1)],
            mapSliceComparableField: vec![ck("y", 2), ck("x", 1)],
            mapSliceNonComparableField: vec![nck("y", 2), nck("x", 1)],
            mapSlicePtrKeyField: vec![pk("a", "b"), pk("x", "y")],
            mapSliceMixedKeyField: vec![mk("a", "b", "c"), mk("x", "y", "z")],
        };
        st(&one_each()).old(&old).expect_forced(&[
            (
                "atomicSliceStringField[0]",
                &["field AtomicSliceStringField[*]"],
            ),
            (
                "atomicSliceTypeField[0]",
                &["field AtomicSliceTypeField[*]"],
            ),
            (
                "atomicSliceComparableField[0]",
                &["field AtomicSliceComparableField[*]"],
            ),
            (
                "atomicSliceNonComparableField[0]",
                &[
                    "field AtomicSliceNonComparableField[*]",
                    "type NonComparableStruct",
                ],
            ),
        ]);
        // Same data, different order.
        let new = StructSlice {
            setSliceComparableField: vec![c(2), c(1)],
            setSliceNonComparableField: vec![nc(2), nc(1)],
            mapSliceComparableField: vec![ck("y", 2), ck("x", 1)],
            mapSliceNonComparableField: vec![nck("y", 2), nck("x", 1)],
            mapSlicePtrKeyField: vec![pk("b", "2"), pk("a", "1")],
            mapSliceMixedKeyField: vec![mk("b", "2", "B"), mk("a", "1", "A")],
            ..StructSlice::default()
        };
        let old = StructSlice {
            setSliceComparableField: vec![c(1), c(2)],
            setSliceNonComparableField: vec![nc(1), nc(2)],
            mapSliceComparableField: vec![ck("x", 1), ck("y", 2)],
            mapSliceNonComparableField: vec![nck("x", 1), nck("y", 2)],
            mapSlicePtrKeyField: vec![pk("a", "1"), pk("b", "2")],
            mapSliceMixedKeyField: vec![mk("a", "1", "A"), mk("b", "2", "B")],
            ..StructSlice::default()
        };
        st(&new).old(&old).expect_valid();
    }

    #[test]
    fn items() {
        let new = ItemList {
            items: vec![Item {
                key: "valid2".into(),
                data: BTreeMap::new(),
            }],
        };
        let old = ItemList {
            items: vec![Item {
                key: "valid1".into(),
                data: BTreeMap::new(),
            }],
        };
        st(&new)
            .old(&old)
            .expect_forced(&[("items[0].data", &["field Data"])]);
    }
}

mod maps_eachkey {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct Struct {
        /// +k8s:eachKey=+k8s:validateFalse="field Struct.MapField(keys)"
        pub mapField: BTreeMap<String, String>,
        /// +k8s:eachKey=+k8s:validateFalse="field Struct.MapTypedefField(keys)"
        pub mapTypedefField: BTreeMap<UnvalidatedStringType, String>,
        /// +k8s:eachKey=+k8s:validateFalse="field Struct.MapValidatedTypedefField(keys)"
        pub mapValidatedTypedefField: BTreeMap<ValidatedStringType, String>,
        /// +k8s:eachKey=+k8s:validateFalse="field Struct.ValidatedMapTypeField(keys)"
        pub validatedMapTypeField: ValidatedMapType,
    }

    /// Note: no validations.
    #[derive(Validate, PartialEq, Eq, PartialOrd, Ord, Debug, Clone)]
    pub struct UnvalidatedStringType(pub String);

    /// +k8s:validateFalse="ValidatedStringType"
    #[derive(Validate, PartialEq, Eq, PartialOrd, Ord, Debug, Clone)]
    pub struct ValidatedStringType(pub String);

    /// +k8s:eachKey=+k8s:validateFalse="type ValidatedMapType(keys)"
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct ValidatedMapType(pub BTreeMap<String, String>);

    #[test]
    fn keys() {
        let mk = || Struct {
            mapField: BTreeMap::from([("x".into(), "y".into())]),
            mapTypedefField: BTreeMap::from([(UnvalidatedStringType("x".into()), "y".into())]),
            mapValidatedTypedefField: BTreeMap::from([(
                ValidatedStringType("x".into()),
                "y".into(),
            )]),
            validatedMapTypeField: ValidatedMapType(BTreeMap::from([("x".into(), "y".into())])),
        };
        st(&mk()).expect_forced(&[
            ("mapField", &["field Struct.MapField(keys)"]),
            ("mapTypedefField", &["field Struct.MapTypedefField(keys)"]),
            (
                "mapValidatedTypedefField",
                &[
                    "ValidatedStringType",
                    "field Struct.MapValidatedTypedefField(keys)",
                ],
            ),
            (
                "validatedMapTypeField",
                &[
                    "field Struct.ValidatedMapTypeField(keys)",
                    "type ValidatedMapType(keys)",
                ],
            ),
        ]);
        st(&mk()).old(&mk()).expect_valid();
    }
}

mod maps_eachval {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct StructWithMaps {
        /// +k8s:eachVal=+k8s:validateFalse="field MapTest.MapPrimitiveField[*]"
        pub mapPrimitiveField: BTreeMap<String, String>,
        /// +k8s:eachVal=+k8s:validateFalse="field MapTest.MapTypedefField[*]"
        pub mapTypedefField: BTreeMap<String, StringType>,
        /// +k8s:eachVal=+k8s:validateFalse="field MapTest.MapComparableStructField[*]"
        pub mapComparableStructField: BTreeMap<String, ComparableStruct>,
        /// +k8s:eachVal=+k8s:validateFalse="field MapTest.MapNonComparableStructField[*]"
        pub mapNonComparableStructField: BTreeMap<String, NonComparableStruct>,
    }

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct StringType(pub String);

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct ComparableStruct {
        pub intField: i64,
    }

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct NonComparableStruct {
        pub intPtrField: Option<i64>,
    }

    #[test]
    fn values() {
        let mk = || StructWithMaps {
            mapPrimitiveField: BTreeMap::from([("x".into(), "y".into())]),
            mapTypedefField: BTreeMap::from([("x".into(), StringType("y".into()))]),
            mapComparableStructField: BTreeMap::from([(
                "x".into(),
                ComparableStruct { intField: 1 },
            )]),
            mapNonComparableStructField: BTreeMap::from([(
                "x".into(),
                NonComparableStruct {
                    intPtrField: Some(1),
                },
            )]),
        };
        st(&mk()).expect(
            TF,
            &[
                invalid("mapPrimitiveField[x]"),
                invalid("mapTypedefField[x]"),
                invalid("mapComparableStructField[x]"),
                invalid("mapNonComparableStructField[x]"),
            ],
        );
        st(&mk()).old(&mk()).expect_valid();
    }
}

mod subfield {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct Struct {
        /// +k8s:subfield(intField)=+k8s:validateFalse="field IntField"
        /// +k8s:subfield(intPtrField)=+k8s:validateFalse="field IntPtrField"
        pub subStructField: SubStruct,
    }

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct SubStruct {
        pub intField: i64,
        pub intPtrField: Option<i64>,
    }

    /// +k8s:subfield(intField)=+k8s:validateFalse="field IntField"
    /// +k8s:subfield(intPtrField)=+k8s:validateFalse="field IntPtrField"
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct StructWithSubfield {
        pub TypeMeta: i64,
        pub intField: i64,
        pub intPtrField: Option<i64>,
    }

    #[test]
    fn subfield_of_a_field() {
        let v = Struct {
            subStructField: SubStruct {
                intField: 1,
                intPtrField: Some(1),
            },
        };
        st(&v).expect(
            TF,
            &[
                invalid("subStructField.intField"),
                invalid("subStructField.intPtrField"),
            ],
        );
        st(&v).expect_texts(&[
            "subStructField.intField: Invalid value: 1: forced failure: field IntField",
            "subStructField.intPtrField: Invalid value: 1: forced failure: field IntPtrField",
        ]);
        st(&v).old(&v.clone()).expect_valid();
    }

    #[test]
    fn subfield_on_the_type() {
        let mk = |tm: i64| StructWithSubfield {
            TypeMeta: tm,
            intField: 1,
            intPtrField: Some(1),
        };
        st(&mk(0)).expect(TF, &[invalid("intField"), invalid("intPtrField")]);
        // The root's type-level validations always run, but the subfields
        // themselves are unchanged, so they ratchet.
        st(&mk(1)).old(&mk(1)).expect_valid();
        st(&mk(2)).old(&mk(1)).expect_valid();
    }
}
