//! Kubernetes 1.37 ports of the upstream `cmd/validation-gen/output_tests`
//! cases whose expectations (`doc_test.go`) or types (`doc.go`,
//! `testdata/`) changed from kubernetes/code-generator v0.36.0 to v0.37.2
//! and that no other port covered. One `mod` per upstream package; each
//! names the package and what v0.37.2 added. Packages whose 1.37 change is
//! only the `+k8s:validation-gen=TypesWithField=TypeMeta` spelling of the
//! package tag need no port (the ratcheting packages, `tags/enum`,
//! `tags/optional`); the `[]*T` cases of `tags/item/single_key`,
//! `tags/unique` and `slices/typedef_to_slice` are in
//! `ot_pointer_lists_1_37.rs`; `tags/levels/structs` (its `Opts` became a
//! map of enabled options) is `ot_tags_levels.rs`'s `v1_37` run.
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::{fixture, invalid, not_supported, required, st, Matcher, TF, TFO};
use k8s_validation::Validate;
use serde::Serialize;

/// `ErrorMatcher{}.ByType().ByField().ByDetailSubstring().ByOrigin()`.
const TFSO: Matcher = Matcher::new()
    .by_type()
    .by_field()
    .by_detail_substring()
    .by_origin();

/// `tags/enum/options` (v0.37.2): every case now defines all the options
/// the type references (`Opts(opts(enabled...))`, the others disabled),
/// since 1.37 options are three-state.
mod tags_enum_options {
    use super::*;

    /// +k8s:enum
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct ConditionalEnum(pub String);

    #[k8s_validation::enum_values]
    impl ConditionalEnum {
        /// +k8s:ifEnabled(FeatureA)=+k8s:enumExclude
        pub const CONDITIONAL_A: &'static str = "A";
        /// +k8s:ifDisabled(FeatureB)=+k8s:enumExclude
        pub const CONDITIONAL_B: &'static str = "B";
        /// This value is always included.
        pub const CONDITIONAL_C: &'static str = "C";
        /// +k8s:ifEnabled(FeatureA)=+k8s:enumExclude
        /// +k8s:ifEnabled(FeatureB)=+k8s:enumExclude
        pub const CONDITIONAL_D: &'static str = "D";
        /// +k8s:ifDisabled(FeatureC)=+k8s:enumExclude
        /// +k8s:ifDisabled(FeatureD)=+k8s:enumExclude
        pub const CONDITIONAL_E: &'static str = "E";
        /// +k8s:ifDisabled(FeatureC)=+k8s:enumExclude
        /// +k8s:ifEnabled(FeatureD)=+k8s:enumExclude
        pub const CONDITIONAL_F: &'static str = "F";
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct ConditionalStruct {
        pub conditionalEnumField: ConditionalEnum,
        pub conditionalEnumPtrField: Option<ConditionalEnum>,
    }

    const ALL: [&str; 4] = ["FeatureA", "FeatureB", "FeatureC", "FeatureD"];

    /// With `enabled` on and the other options defined as off, the values
    /// `valid` pass and every other value fails listing exactly `valid`.
    fn scenario(enabled: &[&'static str], valid: &[&str]) {
        let disabled: Vec<&'static str> = ALL
            .iter()
            .copied()
            .filter(|o| !enabled.contains(o))
            .collect();
        let supported = valid
            .iter()
            .map(|v| format!("{v:?}"))
            .collect::<Vec<_>>()
            .join(", ");
        for value in ["", "A", "B", "C", "D", "E", "F"] {
            let v = ConditionalStruct {
                conditionalEnumField: ConditionalEnum(value.into()),
                conditionalEnumPtrField: Some(ConditionalEnum(value.into())),
            };
            let case = st(&v).opts(enabled).opts_disabled(&disabled);
            if valid.contains(&value) {
                case.expect_valid();
            } else {
                case.expect(
                    TF,
                    &[
                        not_supported("conditionalEnumField"),
                        not_supported("conditionalEnumPtrField"),
                    ],
                );
                let errs = case.errors();
                assert_eq!(
                    errs.iter().next().unwrap().to_string(),
                    format!(
                        "conditionalEnumField: Unsupported value: {value:?}: supported values: {supported}"
                    ),
                    "options {enabled:?}"
                );
            }
        }
    }

    #[test]
    fn conditional_exclusions() {
        scenario(&[], &["A", "C", "D"]);
        scenario(&["FeatureA"], &["C"]);
        scenario(&["FeatureB"], &["A", "B", "C"]);
        scenario(&["FeatureA", "FeatureB"], &["B", "C"]);
        scenario(&["FeatureC", "FeatureD"], &["A", "C", "D", "E"]);
        scenario(&["FeatureB", "FeatureC"], &["A", "B", "C", "F"]);
    }
}

/// `tags/immutable` (v0.37.2): the errors of a changed value are also
/// matched as short-circuit errors (`MatchShortCircuit()`, want list
/// `.MarkShortCircuit()`): v0.37.2 emits `validate.Immutable(..)
/// .MarkShortCircuit()`.
mod tags_immutable {
    use super::*;

    #[derive(Validate, Serialize, PartialEq, Debug, Clone)]
    #[validate(kubernetes = "1.37")]
    pub struct Struct {
        /// +k8s:immutable
        pub stringField: String,
        /// +k8s:immutable
        pub stringPtrField: Option<String>,
        /// +k8s:immutable
        pub structField: ComparableStruct,
        /// +k8s:immutable
        pub structPtrField: Option<ComparableStruct>,
        /// +k8s:immutable
        #[serde(rename = "noncomparableStructField")]
        pub nonComparableStructField: NonComparableStruct,
        /// +k8s:immutable
        #[serde(rename = "noncomparableStructPtrField")]
        pub nonComparableStructPtrField: Option<NonComparableStruct>,
        /// +k8s:immutable
        pub sliceField: Vec<String>,
        /// +k8s:immutable
        pub mapField: BTreeMap<String, String>,
        pub immutableField: ImmutableType,
        pub immutablePtrField: Option<ImmutableType>,
    }

    #[derive(Validate, Serialize, PartialEq, Debug, Clone)]
    #[validate(kubernetes = "1.37")]
    pub struct ComparableStruct {
        pub stringField: String,
        pub stringPtrField: Option<String>,
    }

    #[derive(Validate, Serialize, PartialEq, Debug, Clone)]
    #[validate(kubernetes = "1.37")]
    pub struct NonComparableStruct {
        pub sliceField: Vec<String>,
    }

    /// +k8s:immutable
    #[derive(Validate, Serialize, PartialEq, Debug, Clone)]
    #[validate(kubernetes = "1.37")]
    pub struct ImmutableType(pub String);

    fn value(a: &str, b: &str, c: &str, d: &str, e: &str, f: &str) -> Struct {
        Struct {
            stringField: a.into(),
            stringPtrField: Some(a.into()),
            structField: ComparableStruct {
                stringField: b.into(),
                stringPtrField: Some(b.to_uppercase()),
            },
            structPtrField: Some(ComparableStruct {
                stringField: b.into(),
                stringPtrField: Some(b.to_uppercase()),
            }),
            nonComparableStructField: NonComparableStruct {
                sliceField: vec![c.into()],
            },
            nonComparableStructPtrField: Some(NonComparableStruct {
                sliceField: vec![c.into()],
            }),
            sliceField: vec![d.into()],
            mapField: BTreeMap::from([(e.into(), e.into())]),
            immutableField: ImmutableType(f.into()),
            immutablePtrField: Some(ImmutableType(f.into())),
        }
    }

    const FIELDS: [&str; 10] = [
        "stringField",
        "stringPtrField",
        "structField",
        "structPtrField",
        "noncomparableStructField",
        "noncomparableStructPtrField",
        "sliceField",
        "mapField",
        "immutableField",
        "immutablePtrField",
    ];

    #[test]
    fn unchanged_values_pass() {
        let a = value("aaa", "bbb", "ccc", "ddd", "eee", "fff");
        let a2 = value("aaa", "bbb", "ccc", "ddd", "eee", "fff");
        st(&a).old(&a).expect_valid();
        st(&a).old(&a2).expect_valid();
        st(&a2).old(&a).expect_valid();
    }

    #[test]
    fn changed_values_fail() {
        let a = value("aaa", "bbb", "ccc", "ddd", "eee", "fff");
        let b = value("uuu", "vvv", "www", "xxx", "yyy", "zzz");
        let want: Vec<_> = FIELDS
            .iter()
            .map(|f| invalid(f).origin("immutable"))
            .collect();
        st(&a).old(&b).expect(TFO, &want);
    }

    /// The `MatchShortCircuit()` half of upstream's matcher: every error is
    /// marked short-circuit.
    #[test]
    fn changed_values_are_short_circuit_errors() {
        let a = value("aaa", "bbb", "ccc", "ddd", "eee", "fff");
        let b = value("uuu", "vvv", "www", "xxx", "yyy", "zzz");
        let errs = st(&a).old(&b).errors();
        let marks: Vec<(String, bool)> = errs
            .iter()
            .map(|e| (e.field().to_string(), e.is_short_circuit()))
            .collect();
        let want: Vec<(String, bool)> = FIELDS.iter().map(|f| (f.to_string(), true)).collect();
        assert_eq!(marks, want);
    }
}

/// `tags/minimum` (v0.37.2): `Struct` became `BasicStruct` with a "changed
/// invalid data is still rejected" case, and `OptionalStruct`,
/// `RequiredStruct` and `NegativeMinimumStruct` are new; every error is
/// matched with its origin.
mod tags_minimum {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct BasicStruct {
        /// +k8s:minimum=1
        pub intField: i64,
        /// +k8s:minimum=1
        pub intPtrField: Option<i64>,
        /// +k8s:minimum=1
        pub int16Field: i16,
        /// +k8s:minimum=1
        pub int32Field: i32,
        /// +k8s:minimum=1
        pub int64Field: i64,
        /// +k8s:minimum=1
        pub uintField: u64,
        /// +k8s:minimum=1
        pub uintPtrField: Option<u64>,
        /// +k8s:minimum=1
        pub uint16Field: u16,
        /// +k8s:minimum=1
        pub uint32Field: u32,
        /// +k8s:minimum=1
        pub uint64Field: u64,
        pub typedefField: IntType,
        pub typedefPtrField: Option<IntType>,
    }

    /// +k8s:minimum=1
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct IntType(pub i64);

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct OptionalStruct {
        /// +k8s:optional
        /// +k8s:minimum=1
        pub optionalIntField: i64,
        /// +k8s:optional
        /// +k8s:minimum=1
        pub optionalIntPtrField: Option<i64>,
        /// +k8s:optional
        pub optionalTypedefField: IntType,
        /// +k8s:optional
        pub optionalTypedefPtrField: Option<IntType>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct RequiredStruct {
        /// +k8s:required
        /// +k8s:minimum=1
        pub requiredIntField: i64,
        /// +k8s:required
        /// +k8s:minimum=1
        pub requiredIntPtrField: Option<i64>,
        /// +k8s:required
        pub requiredTypedefField: IntType,
        /// +k8s:required
        pub requiredTypedefPtrField: Option<IntType>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct NegativeMinimumStruct {
        /// +k8s:minimum=-10
        pub negativeMinimumField: i64,
        /// +k8s:minimum=-10
        pub negativeMinimumPtrField: Option<i64>,
        /// +k8s:optional
        /// +k8s:minimum=-10
        pub optionalNegativeMinimumField: i64,
        /// +k8s:optional
        /// +k8s:minimum=-10
        pub optionalNegativeMinimumPtrField: Option<i64>,
        /// +k8s:required
        /// +k8s:minimum=-10
        pub requiredNegativeMinimumField: i64,
        /// +k8s:required
        /// +k8s:minimum=-10
        pub requiredNegativeMinimumPtrField: Option<i64>,
    }

    fn min(fields: &[&str]) -> Vec<conformance_tests::W> {
        fields
            .iter()
            .map(|f| invalid(f).origin("minimum"))
            .collect()
    }

    fn basic(v: i64) -> BasicStruct {
        BasicStruct {
            intField: v,
            intPtrField: Some(v),
            int16Field: v as i16,
            int32Field: v as i32,
            int64Field: v,
            typedefField: IntType(v),
            typedefPtrField: Some(IntType(v)),
            ..BasicStruct::default()
        }
    }

    #[test]
    fn basic_struct() {
        let zero = BasicStruct {
            intPtrField: Some(0),
            uintPtrField: Some(0),
            typedefPtrField: Some(IntType(0)),
            ..BasicStruct::default()
        };
        st(&zero).expect(
            TFSO,
            &min(&[
                "intField",
                "intPtrField",
                "int16Field",
                "int32Field",
                "int64Field",
                "uintField",
                "uintPtrField",
                "uint16Field",
                "uint32Field",
                "uint64Field",
                "typedefField",
                "typedefPtrField",
            ]),
        );
        st(&zero).old(&zero).expect_valid();
        // Changed invalid data is still rejected (the unsigned fields stay
        // 0 = unchanged, so they ratchet).
        st(&basic(-1)).old(&basic(0)).expect(
            TFSO,
            &min(&[
                "intField",
                "intPtrField",
                "int16Field",
                "int32Field",
                "int64Field",
                "typedefField",
                "typedefPtrField",
            ]),
        );
        st(&BasicStruct {
            intField: 1,
            intPtrField: Some(1),
            int16Field: 1,
            int32Field: 1,
            int64Field: 1,
            uintField: 1,
            uintPtrField: Some(1),
            uint16Field: 1,
            uint32Field: 1,
            uint64Field: 1,
            typedefField: IntType(1),
            typedefPtrField: Some(IntType(1)),
        })
        .expect_valid();
    }

    fn optional(v: i64) -> OptionalStruct {
        OptionalStruct {
            optionalIntField: v,
            optionalIntPtrField: Some(v),
            optionalTypedefField: IntType(v),
            optionalTypedefPtrField: Some(IntType(v)),
        }
    }

    const OPTIONAL_FIELDS: [&str; 4] = [
        "optionalIntField",
        "optionalIntPtrField",
        "optionalTypedefField",
        "optionalTypedefPtrField",
    ];

    #[test]
    fn optional_struct() {
        st(&OptionalStruct {
            optionalIntPtrField: Some(0),
            optionalTypedefPtrField: Some(IntType(0)),
            ..OptionalStruct::default()
        })
        .expect(
            TFSO,
            &min(&["optionalIntPtrField", "optionalTypedefPtrField"]),
        );
        st(&OptionalStruct::default()).expect_valid();
        st(&optional(-1)).old(&optional(-1)).expect_valid();
        st(&optional(-2))
            .old(&optional(-1))
            .expect(TFSO, &min(&OPTIONAL_FIELDS));
        st(&optional(1)).expect_valid();
        st(&optional(-1)).expect(TFSO, &min(&OPTIONAL_FIELDS));
    }

    fn req(v: i64) -> RequiredStruct {
        RequiredStruct {
            requiredIntField: v,
            requiredIntPtrField: Some(v),
            requiredTypedefField: IntType(v),
            requiredTypedefPtrField: Some(IntType(v)),
        }
    }

    const REQUIRED_FIELDS: [&str; 4] = [
        "requiredIntField",
        "requiredIntPtrField",
        "requiredTypedefField",
        "requiredTypedefPtrField",
    ];

    #[test]
    fn required_struct() {
        st(&req(0)).expect(
            TFSO,
            &[
                required("requiredIntField"),
                invalid("requiredIntPtrField").origin("minimum"),
                required("requiredTypedefField"),
                invalid("requiredTypedefPtrField").origin("minimum"),
            ],
        );
        st(&RequiredStruct::default()).expect(TFSO, &REQUIRED_FIELDS.map(required));
        st(&req(0)).old(&req(0)).expect_valid();
        st(&req(-1))
            .old(&req(0))
            .expect(TFSO, &min(&REQUIRED_FIELDS));
        st(&req(1)).expect_valid();
        st(&req(-1)).expect(TFSO, &min(&REQUIRED_FIELDS));
    }

    fn negative(v: i64) -> NegativeMinimumStruct {
        NegativeMinimumStruct {
            negativeMinimumField: v,
            negativeMinimumPtrField: Some(v),
            optionalNegativeMinimumField: v,
            optionalNegativeMinimumPtrField: Some(v),
            requiredNegativeMinimumField: v,
            requiredNegativeMinimumPtrField: Some(v),
        }
    }

    const NEGATIVE_FIELDS: [&str; 6] = [
        "negativeMinimumField",
        "negativeMinimumPtrField",
        "optionalNegativeMinimumField",
        "optionalNegativeMinimumPtrField",
        "requiredNegativeMinimumField",
        "requiredNegativeMinimumPtrField",
    ];

    #[test]
    fn negative_minimum_struct() {
        st(&NegativeMinimumStruct {
            negativeMinimumPtrField: Some(0),
            optionalNegativeMinimumPtrField: Some(0),
            requiredNegativeMinimumField: 0,
            requiredNegativeMinimumPtrField: Some(0),
            ..NegativeMinimumStruct::default()
        })
        .expect(TFSO, &[required("requiredNegativeMinimumField")]);
        st(&negative(-10)).expect_valid();
        st(&negative(-11)).old(&negative(-11)).expect_valid();
        st(&negative(-12))
            .old(&negative(-11))
            .expect(TFSO, &min(&NEGATIVE_FIELDS));
        st(&negative(-11)).expect(TFSO, &min(&NEGATIVE_FIELDS));
    }
}

/// `tags/opaque` (v0.37.2): `+k8s:opaqueType` on a type (its own type
/// tags still run, its fields are not descended), on embedded fields and
/// typedef elements; types whose opaque parts have no validations; and a
/// list-map case of the field-level `Struct`.
mod tags_opaque {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
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
    #[validate(kubernetes = "1.37")]
    pub struct OtherStruct {
        /// +k8s:validateFalse="field OtherStruct.StringField"
        pub stringField: String,
    }

    /// +k8s:validateFalse="type OtherString"
    #[derive(Validate, PartialEq, Eq, PartialOrd, Ord, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct OtherString(pub String);

    /// Go's embedded `OtherStruct` is the flattened field `otherStruct`.
    /// +k8s:validateTrue="type OpaqueFieldsStruct"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct OpaqueFieldsStruct {
        /// +k8s:opaqueType
        #[serde(flatten)]
        pub otherStruct: OtherStruct,
        /// +k8s:eachVal=+k8s:opaqueType
        pub opaqueSliceField: Vec<OtherStruct>,
        /// +k8s:eachKey=+k8s:opaqueType
        /// +k8s:eachVal=+k8s:opaqueType
        pub opaqueMapField: BTreeMap<OtherString, OtherStruct>,
        pub typedefOpaqueStructField: TypedefOpaqueStruct,
        pub typedefOpaqueSliceField: TypedefOpaqueSlice,
        pub typedefOpaqueMapField: TypedefOpaqueMap,
        /// +k8s:opaqueType
        pub isolatedOpaqueStructField: OtherStruct,
    }

    /// +k8s:opaqueType
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct TypedefOpaqueStruct {
        /// +k8s:required
        pub stringField: String,
    }

    /// +k8s:eachVal=+k8s:opaqueType
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct TypedefOpaqueSlice(pub Vec<OtherStruct>);

    /// +k8s:eachKey=+k8s:opaqueType
    /// +k8s:eachVal=+k8s:opaqueType
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct TypedefOpaqueMap(pub BTreeMap<OtherString, OtherStruct>);

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct NoValidationStruct {
        pub stringField: String,
    }

    #[derive(Validate, PartialEq, Eq, PartialOrd, Ord, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct NoValidationString(pub String);

    /// +k8s:validateTrue="type OpaqueNoValidationFieldsStruct"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct OpaqueNoValidationFieldsStruct {
        /// +k8s:opaqueType
        #[serde(flatten)]
        pub noValidationStruct: NoValidationStruct,
        /// +k8s:eachVal=+k8s:opaqueType
        pub opaqueSliceField: Vec<NoValidationStruct>,
        /// +k8s:eachKey=+k8s:opaqueType
        /// +k8s:eachVal=+k8s:opaqueType
        pub opaqueMapField: BTreeMap<NoValidationString, NoValidationStruct>,
        /// +k8s:opaqueType
        pub isolatedOpaqueStructField: NoValidationStruct,
    }

    /// +k8s:opaqueType
    /// +k8s:validateFalse="type OpaqueStructWithValidation"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct OpaqueStructWithValidation {
        /// +k8s:validateFalse="field OpaqueStructWithValidation.StringField"
        pub stringField: String,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct BaseStruct {
        /// +k8s:validateFalse="field BaseStruct.Field"
        pub field: String,
    }

    /// Go's `type OpaqueAliasWithValidation BaseStruct`: a named type with
    /// `BaseStruct`'s fields (and their tags), not `BaseStruct` itself.
    /// +k8s:opaqueType
    /// +k8s:validateFalse="type OpaqueAliasWithValidation"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct OpaqueAliasWithValidation {
        /// +k8s:validateFalse="field BaseStruct.Field"
        pub field: String,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct ParentWithOpaqueAliasWithValidation {
        pub field: OpaqueAliasWithValidation,
    }

    fn other(s: &str) -> OtherStruct {
        OtherStruct {
            stringField: s.into(),
        }
    }

    #[test]
    fn list_map_with_duplicate_keys() {
        st(&Struct {
            listMapOfStructField: vec![other("foo"), other("foo")],
            listMapOfOpaqueStructField: vec![other("foo"), other("foo")],
            ..Struct::default()
        })
        .expect_forced(&[
            (
                "structField",
                &["field Struct.StructField", "type OtherStruct"],
            ),
            (
                "structField.stringField",
                &["field OtherStruct.StringField"],
            ),
            ("opaqueStructField", &["field Struct.OpaqueStructField"]),
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
                "mapOfStringToOpaqueStructField",
                &["field Struct.MapOfStringToOpaqueStructField"],
            ),
            (
                "mapOfStringToStructField",
                &["field Struct.MapOfStringToStructField"],
            ),
            (
                "sliceOfOpaqueStructField",
                &["field Struct.SliceOfOpaqueStructField"],
            ),
            ("sliceOfStructField", &["field Struct.SliceOfStructField"]),
        ]);
    }

    #[test]
    fn types_alone() {
        st(&OtherString("foo".into())).expect_forced(&[("", &["type OtherString"])]);
        st(&OtherStruct::default()).expect_forced(&[
            ("", &["type OtherStruct"]),
            ("stringField", &["field OtherStruct.StringField"]),
        ]);
    }

    #[test]
    fn opaque_fields_have_no_validations() {
        let a = || BTreeMap::from([(OtherString("a".into()), other("foo"))]);
        st(&OpaqueFieldsStruct {
            otherStruct: other("foo"),
            opaqueSliceField: vec![other("foo")],
            opaqueMapField: a(),
            typedefOpaqueStructField: TypedefOpaqueStruct {
                stringField: "foo".into(),
            },
            typedefOpaqueSliceField: TypedefOpaqueSlice(vec![other("foo")]),
            typedefOpaqueMapField: TypedefOpaqueMap(a()),
            isolatedOpaqueStructField: other("foo"),
        })
        .expect_valid();
        st(&OpaqueNoValidationFieldsStruct {
            noValidationStruct: NoValidationStruct {
                stringField: "foo".into(),
            },
            opaqueSliceField: vec![NoValidationStruct {
                stringField: "foo".into(),
            }],
            opaqueMapField: BTreeMap::from([(
                NoValidationString("a".into()),
                NoValidationStruct {
                    stringField: "foo".into(),
                },
            )]),
            isolatedOpaqueStructField: NoValidationStruct {
                stringField: "foo".into(),
            },
        })
        .expect_valid();
    }

    /// Not in upstream's test, but what its generated code does: an opaque
    /// type's own `required` field tag is not run, even with the field empty
    /// (`Validate_TypedefOpaqueStruct` is not generated).
    #[test]
    fn opaque_type_fields_are_not_validated() {
        st(&TypedefOpaqueStruct::default()).expect_valid();
    }

    #[test]
    fn opaque_types_run_their_type_tags_only() {
        st(&OpaqueStructWithValidation {
            stringField: "foo".into(),
        })
        .expect_forced(&[("", &["type OpaqueStructWithValidation"])]);
        st(&ParentWithOpaqueAliasWithValidation {
            field: OpaqueAliasWithValidation {
                field: "foo".into(),
            },
        })
        .expect_forced(&[("field", &["type OpaqueAliasWithValidation"])]);
        st(&OpaqueAliasWithValidation {
            field: "foo".into(),
        })
        .expect_forced(&[("", &["type OpaqueAliasWithValidation"])]);
        st(&BaseStruct {
            field: "foo".into(),
        })
        .expect_forced(&[("field", &["field BaseStruct.Field"])]);
    }
}

/// `tags/optional/nonzero_defaults` (v0.37.2): `+k8s:optional` with a
/// non-zero `+default` on a struct pointer, a list and a map: unset is
/// `Required value` too.
mod tags_optional_nonzero_defaults {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Struct {
        /// +k8s:optional
        /// +default="foobar"
        pub stringField: String,
        /// +k8s:optional
        /// +default="foobar"
        pub stringPtrField: Option<String>,
        /// +k8s:optional
        /// +default=123
        pub intField: i64,
        /// +k8s:optional
        /// +default=123
        pub intPtrField: Option<i64>,
        /// +k8s:optional
        /// +default=true
        pub boolField: bool,
        /// +k8s:optional
        /// +default=true
        pub boolPtrField: Option<bool>,
        /// +k8s:optional
        /// +default={"name": "x"}
        pub structPtrField: Option<Submarker>,
        /// +k8s:optional
        /// +default=["foo"]
        pub sliceField: Vec<String>,
        /// +k8s:optional
        /// +default={"k": "v"}
        pub mapField: BTreeMap<String, String>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Submarker {
        pub name: String,
    }

    #[test]
    fn unset_values_are_required() {
        st(&Struct::default()).expect(
            TF,
            &[
                required("stringField"),
                required("stringPtrField"),
                required("intField"),
                required("intPtrField"),
                required("boolField"),
                required("boolPtrField"),
                required("structPtrField"),
                required("sliceField"),
                required("mapField"),
            ],
        );
        st(&Struct {
            stringField: "abc".into(),
            stringPtrField: Some(String::new()),
            intField: 123,
            intPtrField: Some(0),
            boolField: true,
            boolPtrField: Some(false),
            structPtrField: Some(Submarker { name: "x".into() }),
            sliceField: vec!["foo".into()],
            mapField: BTreeMap::from([("k".into(), "v".into())]),
        })
        .expect_valid();
    }
}

/// `elide_no_validations` (v0.37.2): list and map typedefs whose elements
/// or keys have type validations, typedefs of those, and typedefs of
/// typedefs (`testdata/validate-false.json`). Go's `type B A` where `A` is
/// `[]T` is a new named `[]T`: the chain to `A` is lost, so each typedef
/// here wraps the Go underlying type (`Vec<OtherStruct>`), and
/// `DoubleDeepTypedefSlice` does not inherit `DeepTypedefSlice`'s `eachVal`
/// (upstream's FIXME).
mod elide_no_validations {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct T1 {
        pub validatedSlice: TypedefSliceWithValidations,
        pub validatedMap: TypedefMapWithValidations,
        pub validatedMapKey: TypedefMapWithKeyValidations,
        pub deepValidatedSlice: DeepTypedefSlice,
        pub deepValidatedMap: DeepTypedefMap,
        #[serde(rename = "doubleDeepValidatedSlice           ")]
        pub doubleDeepValidatedSlice: DoubleDeepTypedefSlice,
        pub doubleDeepValidatedMap: DoubleDeepTypedefMap,
    }

    /// +k8s:validateFalse="type OtherStruct"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct OtherStruct {
        pub s: String,
    }

    /// +k8s:validateFalse="type ValidatedKeyType"
    #[derive(Validate, PartialEq, Eq, PartialOrd, Ord, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct ValidatedKeyType(pub String);

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct TypedefSliceWithValidations(pub Vec<OtherStruct>);

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct TypedefMapWithValidations(pub BTreeMap<String, OtherStruct>);

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct TypedefMapWithKeyValidations(pub BTreeMap<ValidatedKeyType, String>);

    /// +k8s:eachVal=+k8s:validateFalse="type DeepTypedefSlice"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct DeepTypedefSlice(pub Vec<OtherStruct>);

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct DeepTypedefMap(pub BTreeMap<String, OtherStruct>);

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct DoubleDeepTypedefSlice(pub Vec<OtherStruct>);

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct DoubleDeepTypedefMap(pub BTreeMap<String, OtherStruct>);

    fn two() -> Vec<OtherStruct> {
        vec![OtherStruct::default(), OtherStruct::default()]
    }

    fn ab() -> BTreeMap<String, OtherStruct> {
        BTreeMap::from([
            ("a".into(), OtherStruct::default()),
            ("b".into(), OtherStruct::default()),
        ])
    }

    #[test]
    fn fixture_t1() {
        let v = T1 {
            validatedSlice: TypedefSliceWithValidations(two()),
            validatedMap: TypedefMapWithValidations(ab()),
            validatedMapKey: TypedefMapWithKeyValidations(BTreeMap::from([
                (ValidatedKeyType("x".into()), "1".into()),
                (ValidatedKeyType("y".into()), "2".into()),
            ])),
            deepValidatedSlice: DeepTypedefSlice(two()),
            deepValidatedMap: DeepTypedefMap(ab()),
            doubleDeepValidatedSlice: DoubleDeepTypedefSlice(two()),
            doubleDeepValidatedMap: DoubleDeepTypedefMap(ab()),
        };
        fixture(
            &v,
            &[
                ("deepValidatedMap[a]", &["type OtherStruct"]),
                ("deepValidatedMap[b]", &["type OtherStruct"]),
                (
                    "deepValidatedSlice[0]",
                    &["type DeepTypedefSlice", "type OtherStruct"],
                ),
                (
                    "deepValidatedSlice[1]",
                    &["type DeepTypedefSlice", "type OtherStruct"],
                ),
                ("doubleDeepValidatedMap[a]", &["type OtherStruct"]),
                ("doubleDeepValidatedMap[b]", &["type OtherStruct"]),
                (
                    "doubleDeepValidatedSlice           [0]",
                    &["type OtherStruct"],
                ),
                (
                    "doubleDeepValidatedSlice           [1]",
                    &["type OtherStruct"],
                ),
                (
                    "validatedMapKey",
                    &["type ValidatedKeyType", "type ValidatedKeyType"],
                ),
                ("validatedMap[a]", &["type OtherStruct"]),
                ("validatedMap[b]", &["type OtherStruct"]),
                ("validatedSlice[0]", &["type OtherStruct"]),
                ("validatedSlice[1]", &["type OtherStruct"]),
            ],
        );
    }
}

/// `recursive/maps` (v0.37.2): `T5` and `T6` hold a map of themselves,
/// reached from `T1` (`testdata/validate-false.json`, hand-built values).
mod recursive_maps {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct T1 {
        pub t2: T2,
        pub t3: T3,
        pub t5: BTreeMap<String, T5>,
        pub t6: BTreeMap<String, T6>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct T2 {
        pub mt1: BTreeMap<String, T1>,
    }

    /// +k8s:validateFalse="type T3"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct T3 {
        pub t4: T4,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct T4 {
        pub mt3: BTreeMap<String, T3>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct T5 {
        /// +k8s:validateFalse="type T5.T5"
        pub t5: BTreeMap<String, T5>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct T6 {
        /// +k8s:validateFalse="type T6.S"
        pub s: String,
        pub t6: BTreeMap<String, T6>,
    }

    fn t5(keys: &[&str], inner: T5) -> BTreeMap<String, T5> {
        keys.iter()
            .map(|k| (k.to_string(), inner.clone()))
            .collect()
    }

    fn t6(keys: &[&str], inner: T6) -> BTreeMap<String, T6> {
        keys.iter()
            .map(|k| (k.to_string(), inner.clone()))
            .collect()
    }

    #[test]
    fn fixture_t1() {
        let inner = T1 {
            t5: t5(
                &["a"],
                T5 {
                    t5: t5(&["b"], T5::default()),
                },
            ),
            t6: t6(
                &["x"],
                T6 {
                    s: "s".into(),
                    t6: t6(&["y"], T6::default()),
                },
            ),
            ..T1::default()
        };
        let v = T1 {
            t2: T2 {
                mt1: BTreeMap::from([("k".into(), inner.clone())]),
            },
            ..inner
        };
        fixture(
            &v,
            &[
                ("t2.mt1[k].t3", &["type T3"]),
                ("t2.mt1[k].t5[a].t5", &["type T5.T5"]),
                ("t2.mt1[k].t5[a].t5[b].t5", &["type T5.T5"]),
                ("t2.mt1[k].t6[x].s", &["type T6.S"]),
                ("t2.mt1[k].t6[x].t6[y].s", &["type T6.S"]),
                ("t3", &["type T3"]),
                ("t5[a].t5", &["type T5.T5"]),
                ("t5[a].t5[b].t5", &["type T5.T5"]),
                ("t6[x].s", &["type T6.S"]),
                ("t6[x].t6[y].s", &["type T6.S"]),
            ],
        );
    }

    #[test]
    fn fixture_t5_t6() {
        fixture(
            &T5 {
                t5: t5(&["a", "b"], T5::default()),
            },
            &[
                ("t5", &["type T5.T5"]),
                ("t5[a].t5", &["type T5.T5"]),
                ("t5[b].t5", &["type T5.T5"]),
            ],
        );
        fixture(
            &T6 {
                s: String::new(),
                t6: t6(&["a"], T6::default()),
            },
            &[("s", &["type T6.S"]), ("t6[a].s", &["type T6.S"])],
        );
    }
}

/// `recursive/slices` (v0.37.2): `T5` and `T6` hold a list of themselves,
/// reached from `T1` (`testdata/validate-false.json`, hand-built values).
mod recursive_slices {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct T1 {
        pub t2: T2,
        pub t3: T3,
        pub t5: Vec<T5>,
        pub t6: Vec<T6>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct T2 {
        pub st1: Vec<T1>,
    }

    /// +k8s:validateFalse="type T3"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct T3 {
        pub t4: T4,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct T4 {
        pub st3: Vec<T3>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct T5 {
        /// +k8s:validateFalse="type T5.T5"
        pub t5: Vec<T5>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct T6 {
        /// +k8s:validateFalse="type T6.S"
        pub s: String,
        pub t6: Vec<T6>,
    }

    #[test]
    fn fixture_t1() {
        let inner = T1 {
            t5: vec![T5 {
                t5: vec![T5::default(), T5::default()],
            }],
            t6: vec![T6 {
                s: "s".into(),
                t6: vec![T6::default()],
            }],
            ..T1::default()
        };
        let v = T1 {
            t2: T2 {
                st1: vec![inner.clone()],
            },
            ..inner
        };
        fixture(
            &v,
            &[
                ("t2.st1[0].t3", &["type T3"]),
                ("t2.st1[0].t5[0].t5", &["type T5.T5"]),
                ("t2.st1[0].t5[0].t5[0].t5", &["type T5.T5"]),
                ("t2.st1[0].t5[0].t5[1].t5", &["type T5.T5"]),
                ("t2.st1[0].t6[0].s", &["type T6.S"]),
                ("t2.st1[0].t6[0].t6[0].s", &["type T6.S"]),
                ("t3", &["type T3"]),
                ("t5[0].t5", &["type T5.T5"]),
                ("t5[0].t5[0].t5", &["type T5.T5"]),
                ("t5[0].t5[1].t5", &["type T5.T5"]),
                ("t6[0].s", &["type T6.S"]),
                ("t6[0].t6[0].s", &["type T6.S"]),
            ],
        );
    }
}

/// `slices/slice_of_primitive` (v0.37.2): list fields of pointers
/// (`ListPtrField []*string`, `ListPtrTypedefField []*StringType`,
/// `UnvalidatedListPtrField`), `testdata/validate-false.json`.
mod slices_slice_of_primitive {
    use super::*;

    /// +k8s:validateFalse="type Struct"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Struct {
        /// +k8s:validateFalse="field Struct.ListField"
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*]"
        pub listField: Vec<String>,
        /// +k8s:validateFalse="field Struct.ListTypedefField"
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListTypedefField[*]"
        pub listTypedefField: Vec<StringType>,
        pub UnvalidatedListField: Vec<String>,
        /// +k8s:validateFalse="field Struct.ListPtrField"
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListPtrField[*]"
        pub listPtrField: Vec<Option<String>>,
        /// +k8s:validateFalse="field Struct.ListPtrTypedefField"
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListPtrTypedefField[*]"
        pub listPtrTypedefField: Vec<Option<StringType>>,
        pub UnvalidatedListPtrField: Vec<Option<String>>,
    }

    /// +k8s:validateFalse="type StringType"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct StringType(pub String);

    #[test]
    fn fixture_struct() {
        let s = |v: &str| StringType(v.into());
        let v = Struct {
            listField: vec!["a".into(), "b".into()],
            listTypedefField: vec![s("a"), s("b")],
            UnvalidatedListField: vec!["a".into()],
            listPtrField: vec![Some("a".into()), Some("b".into())],
            listPtrTypedefField: vec![Some(s("a")), Some(s("b"))],
            UnvalidatedListPtrField: vec![Some("a".into()), None],
        };
        fixture(
            &v,
            &[
                ("", &["type Struct"]),
                ("listField", &["field Struct.ListField"]),
                ("listField[0]", &["field Struct.ListField[*]"]),
                ("listField[1]", &["field Struct.ListField[*]"]),
                ("listPtrField", &["field Struct.ListPtrField"]),
                ("listPtrField[0]", &["field Struct.ListPtrField[*]"]),
                ("listPtrField[1]", &["field Struct.ListPtrField[*]"]),
                ("listPtrTypedefField", &["field Struct.ListPtrTypedefField"]),
                (
                    "listPtrTypedefField[0]",
                    &["field Struct.ListPtrTypedefField[*]", "type StringType"],
                ),
                (
                    "listPtrTypedefField[1]",
                    &["field Struct.ListPtrTypedefField[*]", "type StringType"],
                ),
                ("listTypedefField", &["field Struct.ListTypedefField"]),
                (
                    "listTypedefField[0]",
                    &["field Struct.ListTypedefField[*]", "type StringType"],
                ),
                (
                    "listTypedefField[1]",
                    &["field Struct.ListTypedefField[*]", "type StringType"],
                ),
            ],
        );
    }
}

/// `slices/slice_of_struct` (v0.37.2): `ListPtrTypedefField
/// []*OtherTypedefStruct` and `UnvalidatedListPtrField` (and
/// `ListPtrField`, also in `ot_pointer_lists_1_37.rs`),
/// `testdata/validate-false.json`.
mod slices_slice_of_struct {
    use super::*;

    /// +k8s:validateFalse="type Struct"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Struct {
        /// +k8s:validateFalse="field Struct.ListField"
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*]"
        pub listField: Vec<OtherStruct>,
        /// +k8s:validateFalse="field Struct.ListTypedefField"
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListTypedefField[*]"
        pub listTypedefField: Vec<OtherTypedefStruct>,
        pub UnvalidatedListField: Vec<UnvalidatedStruct>,
        /// +k8s:validateFalse="field Struct.ListPtrField"
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListPtrField[*]"
        pub listPtrField: Vec<Option<OtherStruct>>,
        /// +k8s:validateFalse="field Struct.ListPtrTypedefField"
        /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListPtrTypedefField[*]"
        pub listPtrTypedefField: Vec<Option<OtherTypedefStruct>>,
        pub UnvalidatedListPtrField: Vec<Option<UnvalidatedStruct>>,
    }

    /// +k8s:validateFalse="type OtherStruct"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct OtherStruct {}

    /// +k8s:validateFalse="type OtherTypedefStruct"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct OtherTypedefStruct(pub OtherStruct);

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct UnvalidatedStruct {}

    #[test]
    fn fixture_struct() {
        let t = || OtherTypedefStruct(OtherStruct {});
        let v = Struct {
            listField: vec![OtherStruct {}, OtherStruct {}],
            listTypedefField: vec![t(), t()],
            UnvalidatedListField: vec![UnvalidatedStruct {}],
            listPtrField: vec![Some(OtherStruct {}), Some(OtherStruct {})],
            listPtrTypedefField: vec![Some(t()), Some(t())],
            UnvalidatedListPtrField: vec![Some(UnvalidatedStruct {}), None],
        };
        fixture(
            &v,
            &[
                ("", &["type Struct"]),
                ("listField", &["field Struct.ListField"]),
                (
                    "listField[0]",
                    &["field Struct.ListField[*]", "type OtherStruct"],
                ),
                (
                    "listField[1]",
                    &["field Struct.ListField[*]", "type OtherStruct"],
                ),
                ("listPtrField", &["field Struct.ListPtrField"]),
                (
                    "listPtrField[0]",
                    &["field Struct.ListPtrField[*]", "type OtherStruct"],
                ),
                (
                    "listPtrField[1]",
                    &["field Struct.ListPtrField[*]", "type OtherStruct"],
                ),
                ("listPtrTypedefField", &["field Struct.ListPtrTypedefField"]),
                (
                    "listPtrTypedefField[0]",
                    &[
                        "field Struct.ListPtrTypedefField[*]",
                        "type OtherTypedefStruct",
                    ],
                ),
                (
                    "listPtrTypedefField[1]",
                    &[
                        "field Struct.ListPtrTypedefField[*]",
                        "type OtherTypedefStruct",
                    ],
                ),
                ("listTypedefField", &["field Struct.ListTypedefField"]),
                (
                    "listTypedefField[0]",
                    &[
                        "field Struct.ListTypedefField[*]",
                        "type OtherTypedefStruct",
                    ],
                ),
                (
                    "listTypedefField[1]",
                    &[
                        "field Struct.ListTypedefField[*]",
                        "type OtherTypedefStruct",
                    ],
                ),
            ],
        );
    }
}
