//! Port of upstream `cmd/validation-gen/output_tests/tags/levels/{simple,enums,
//! optionalrequired,structs,subfields,atomicslice,mapvalidation,listmapitem,
//! listset,listkeys,uniquetag}` (kubernetes/code-generator v0.36.0, where the
//! packages first appear, and v0.37.2, where they are unchanged but for the
//! `+k8s:validation-gen=TypesWithField=TypeMeta` header and `Opts` taking a
//! map), plus `tags/validatetruealpha` and `tags/validatetruebeta` (same
//! releases): `+k8s:alpha` / `+k8s:beta` around every kind of tag, and the
//! stability level each error carries (`ByValidationStabilityLevel()`: an
//! unmarked error must be unmarked). Every case runs for both releases.
//! Also `tags/levels/discriminators` (v0.36.0 only; 1.36's modal tags).
//!
//! `levels/unions` is in `ot_union_wrappers_1_37.rs`; `levels/modes` (1.37's
//! `+k8s:modeDiscriminator`) is not ported.
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::{
    duplicate, forbidden, invalid, not_supported, required, st, too_long, too_many, TFL, TFOL,
};
use k8s_validation::Validate;

macro_rules! levels {
    ($module:ident, $release:literal) => {
        mod $module {
            use super::*;

            /// `tags/levels/simple`.
            mod simple {
                use super::*;

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct Struct {
                    /// +k8s:alpha=+k8s:minimum=10
                    pub intField: i32,
                    /// +k8s:beta=+k8s:minimum=10
                    pub intFieldBeta: i32,
                    /// +k8s:alpha=+k8s:maxLength=5
                    pub stringField: String,
                    /// +k8s:beta=+k8s:maxLength=5
                    pub stringFieldBeta: String,
                    /// +k8s:alpha=+k8s:maxItems=2
                    pub sliceField: Vec<String>,
                    /// +k8s:beta=+k8s:maxItems=2
                    pub sliceFieldBeta: Vec<String>,
                    /// +k8s:alpha=+k8s:format=k8s-uuid
                    pub uuidField: String,
                    /// +k8s:beta=+k8s:format=k8s-uuid
                    pub uuidFieldBeta: String,
                    /// +k8s:alpha=+k8s:immutable
                    pub immutableField: String,
                    /// +k8s:beta=+k8s:immutable
                    pub immutableFieldBeta: String,
                }

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct SpecialValidationStruct {
                    /// +k8s:alpha=+k8s:neq=5
                    pub neqField: i32,
                    /// +k8s:beta=+k8s:neq=5
                    pub neqFieldBeta: i32,
                    /// +k8s:alpha=+k8s:forbidden
                    pub forbiddenField: Option<String>,
                    /// +k8s:beta=+k8s:forbidden
                    pub forbiddenFieldBeta: Option<String>,
                    /// +k8s:alpha=+k8s:update=NoModify
                    pub updateField: String,
                    /// +k8s:beta=+k8s:update=NoModify
                    pub updateFieldBeta: String,
                }

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct StructWithValidateFalse {
                    /// +k8s:alpha=+k8s:validateFalse="always fails"
                    pub validateFalse: Option<String>,
                    /// +k8s:beta=+k8s:validateFalse="always fails"
                    pub validateFalseBeta: Option<String>,
                }

                const UUID: &str = "a0a2a2d2-0b87-4964-a123-78d00a8787a6";

                fn valid() -> Struct {
                    Struct {
                        intField: 10,
                        stringField: "abc".into(),
                        sliceField: vec!["a".into(), "b".into()],
                        uuidField: UUID.into(),
                        immutableField: "foo".into(),
                        intFieldBeta: 10,
                        stringFieldBeta: "abc".into(),
                        sliceFieldBeta: vec!["a".into(), "b".into()],
                        uuidFieldBeta: UUID.into(),
                        immutableFieldBeta: "foo".into(),
                    }
                }

                fn old() -> Struct {
                    Struct {
                        immutableField: "foo".into(),
                        immutableFieldBeta: "foo".into(),
                        ..Default::default()
                    }
                }

                #[test]
                fn alpha() {
                    st(&valid()).expect_valid();
                    let v = Struct {
                        intField: 5,
                        stringField: "too-long".into(),
                        sliceField: vec!["a".into(), "b".into(), "c".into()],
                        uuidField: "not-a-uuid".into(),
                        immutableField: "bar".into(),
                        ..valid()
                    };
                    st(&v).old(&old()).expect(
                        TFOL,
                        &[
                            invalid("intField").origin("minimum").alpha(),
                            too_long("stringField").origin("maxLength").alpha(),
                            too_many("sliceField").origin("maxItems").alpha(),
                            invalid("uuidField").origin("format=k8s-uuid").alpha(),
                            invalid("immutableField").origin("immutable").alpha(),
                        ],
                    );
                }

                #[test]
                fn beta() {
                    st(&valid()).expect_valid();
                    let v = Struct {
                        intFieldBeta: 5,
                        stringFieldBeta: "too-long".into(),
                        sliceFieldBeta: vec!["a".into(), "b".into(), "c".into()],
                        uuidFieldBeta: "not-a-uuid".into(),
                        immutableFieldBeta: "bar".into(),
                        ..valid()
                    };
                    st(&v).old(&old()).expect(
                        TFOL,
                        &[
                            invalid("intFieldBeta").origin("minimum").beta(),
                            too_long("stringFieldBeta").origin("maxLength").beta(),
                            too_many("sliceFieldBeta").origin("maxItems").beta(),
                            invalid("uuidFieldBeta").origin("format=k8s-uuid").beta(),
                            invalid("immutableFieldBeta").origin("immutable").beta(),
                        ],
                    );
                }

                #[test]
                fn special_validation_struct() {
                    st(&SpecialValidationStruct {
                        neqField: 10,
                        neqFieldBeta: 10,
                        ..Default::default()
                    })
                    .expect_valid();
                    let v = SpecialValidationStruct {
                        neqField: 5,
                        neqFieldBeta: 5,
                        forbiddenField: Some("val".into()),
                        forbiddenFieldBeta: Some("val".into()),
                        updateField: "new".into(),
                        updateFieldBeta: "new".into(),
                    };
                    let o = SpecialValidationStruct {
                        updateField: "old".into(),
                        updateFieldBeta: "old".into(),
                        ..Default::default()
                    };
                    st(&v).old(&o).expect(
                        TFOL,
                        &[
                            invalid("neqField").origin("neq").alpha(),
                            invalid("neqFieldBeta").origin("neq").beta(),
                            forbidden("forbiddenField").alpha(),
                            forbidden("forbiddenFieldBeta").beta(),
                            invalid("updateField").origin("update").alpha(),
                            invalid("updateFieldBeta").origin("update").beta(),
                        ],
                    );
                    st(&StructWithValidateFalse {
                        validateFalse: Some("val".into()),
                        validateFalseBeta: Some("val".into()),
                    })
                    .expect(
                        TFL,
                        &[
                            invalid("validateFalse").alpha(),
                            invalid("validateFalseBeta").beta(),
                        ],
                    );
                }
            }

            /// `tags/levels/enums`.
            mod enums {
                use super::*;

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct Struct {
                    pub enumField: Enum,
                    pub enumFieldBeta: BetaEnum,
                }

                /// +k8s:alpha=+k8s:enum
                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct Enum(pub String);

                #[k8s_validation::enum_values]
                impl Enum {
                    pub const ENUM_A: &'static str = "A";
                }

                /// +k8s:beta=+k8s:enum
                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct BetaEnum(pub String);

                #[k8s_validation::enum_values]
                impl BetaEnum {
                    pub const BETA_ENUM_A: &'static str = "A";
                }

                fn s(a: &str, b: &str) -> Struct {
                    Struct {
                        enumField: Enum(a.into()),
                        enumFieldBeta: BetaEnum(b.into()),
                    }
                }

                #[test]
                fn alpha() {
                    st(&s("A", "A")).expect_valid();
                    st(&s("B", "A")).expect(TFOL, &[not_supported("enumField").alpha()]);
                }

                #[test]
                fn beta() {
                    st(&s("A", "A")).expect_valid();
                    st(&s("A", "B")).expect(TFOL, &[not_supported("enumFieldBeta").beta()]);
                }
            }

            /// `tags/levels/optionalrequired`.
            mod optionalrequired {
                use super::*;

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct Struct {
                    /// +k8s:alpha=+k8s:required
                    pub requiredField: Option<String>,
                    /// +k8s:beta=+k8s:required
                    pub requiredFieldBeta: Option<String>,
                }

                fn s(a: Option<&str>, b: Option<&str>) -> Struct {
                    Struct {
                        requiredField: a.map(Into::into),
                        requiredFieldBeta: b.map(Into::into),
                    }
                }

                #[test]
                fn alpha() {
                    st(&s(Some("val"), Some("val"))).expect_valid();
                    st(&s(None, Some("val")))
                        .old(&s(Some("old"), Some("old")))
                        .expect(TFOL, &[required("requiredField").alpha()]);
                }

                #[test]
                fn beta() {
                    st(&s(Some("val"), Some("val"))).expect_valid();
                    st(&s(Some("val"), None))
                        .old(&s(Some("old"), Some("old")))
                        .expect(TFOL, &[required("requiredFieldBeta").beta()]);
                }
            }

            /// `tags/levels/structs`.
            mod structs {
                use super::*;

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct MixedStruct {
                    /// +k8s:minimum=5
                    /// +k8s:alpha=+k8s:minimum=10
                    pub intField: i32,
                    /// +k8s:minimum=5
                    /// +k8s:beta=+k8s:minimum=10
                    pub intFieldBeta: i32,
                    /// +k8s:maxItems=5
                    /// +k8s:alpha=+k8s:maxItems=3
                    pub listField: Vec<String>,
                    /// +k8s:maxItems=5
                    /// +k8s:beta=+k8s:maxItems=3
                    pub listFieldBeta: Vec<String>,
                }

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct ConditionalStruct {
                    /// +k8s:alpha=+k8s:ifEnabled(MyFeature)=+k8s:minimum=10
                    pub conditionalField: i32,
                    /// +k8s:beta=+k8s:ifEnabled(MyFeature)=+k8s:minimum=10
                    pub conditionalFieldBeta: i32,
                    /// +k8s:alpha=+k8s:alpha=+k8s:minimum=20
                    pub recursiveAlpha: i32,
                    /// +k8s:beta=+k8s:beta=+k8s:minimum=20
                    pub recursiveBeta: i32,
                }

                fn list(n: usize) -> Vec<String> {
                    (0..n).map(|i| i.to_string()).collect()
                }

                fn mixed(i: i32, n: usize) -> MixedStruct {
                    MixedStruct {
                        intField: i,
                        intFieldBeta: i,
                        listField: list(n),
                        listFieldBeta: list(n),
                    }
                }

                #[test]
                fn mixed_levels() {
                    st(&mixed(15, 3)).expect_valid();
                    st(&mixed(8, 4)).expect(
                        TFOL,
                        &[
                            invalid("intField").origin("minimum").alpha(),
                            invalid("intFieldBeta").origin("minimum").beta(),
                            too_many("listField").origin("maxItems").alpha(),
                            too_many("listFieldBeta").origin("maxItems").beta(),
                        ],
                    );
                    // One wanted error per got error: the bare and the
                    // wrapped validation each report.
                    let errs = st(&mixed(4, 6)).errors();
                    assert_eq!(errs.len(), 8, "{}", conformance_tests::render(&errs));
                    st(&mixed(4, 6)).expect(
                        TFOL,
                        &[
                            invalid("intField").origin("minimum"),
                            invalid("intField").origin("minimum").alpha(),
                            invalid("intFieldBeta").origin("minimum"),
                            invalid("intFieldBeta").origin("minimum").beta(),
                            too_many("listField").origin("maxItems"),
                            too_many("listField").origin("maxItems").alpha(),
                            too_many("listFieldBeta").origin("maxItems"),
                            too_many("listFieldBeta").origin("maxItems").beta(),
                        ],
                    );
                }

                #[test]
                fn conditional_struct() {
                    st(&ConditionalStruct {
                        conditionalField: 15,
                        conditionalFieldBeta: 15,
                        recursiveAlpha: 25,
                        recursiveBeta: 25,
                    })
                    .opts(&["MyFeature"])
                    .expect_valid();
                    st(&ConditionalStruct {
                        conditionalField: 5,
                        conditionalFieldBeta: 5,
                        recursiveAlpha: 10,
                        recursiveBeta: 10,
                    })
                    .opts(&["MyFeature"])
                    .expect(
                        TFOL,
                        &[
                            invalid("conditionalField").origin("minimum").alpha(),
                            invalid("conditionalFieldBeta").origin("minimum").beta(),
                            invalid("recursiveAlpha").origin("minimum").alpha(),
                            invalid("recursiveBeta").origin("minimum").beta(),
                        ],
                    );
                }
            }

            /// `tags/levels/subfields`.
            mod subfields {
                use super::*;

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct Struct {
                    /// +k8s:alpha=+k8s:subfield(inner)=+k8s:minimum=5
                    pub subfield: SubStruct,
                    /// +k8s:beta=+k8s:subfield(inner)=+k8s:minimum=5
                    pub subfieldBeta: SubStruct,
                    /// +k8s:alpha=+k8s:subfield(z1)=+k8s:zeroOrOneOfMember
                    /// +k8s:alpha=+k8s:subfield(z2)=+k8s:zeroOrOneOfMember
                    pub unionField: SubUnion,
                }

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct SubStruct {
                    pub inner: i32,
                }

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct SubUnion {
                    pub z1: Option<i32>,
                    pub z2: Option<i32>,
                }

                fn s(a: i32, b: i32) -> Struct {
                    Struct {
                        subfield: SubStruct { inner: a },
                        subfieldBeta: SubStruct { inner: b },
                        ..Default::default()
                    }
                }

                #[test]
                fn alpha() {
                    st(&s(5, 5)).expect_valid();
                    st(&s(1, 5))
                        .expect(TFOL, &[invalid("subfield.inner").origin("minimum").alpha()]);
                    let v = Struct {
                        unionField: SubUnion {
                            z1: Some(1),
                            z2: Some(1),
                        },
                        ..s(5, 5)
                    };
                    st(&v).expect(TFOL, &[invalid("unionField").origin("zeroOrOneOf").alpha()]);
                }

                #[test]
                fn beta() {
                    st(&s(5, 5)).expect_valid();
                    st(&s(5, 1)).expect(
                        TFOL,
                        &[invalid("subfieldBeta.inner").origin("minimum").beta()],
                    );
                }
            }

            /// `tags/levels/atomicslice`.
            mod atomicslice {
                use super::*;

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct AtomicSliceStruct {
                    /// Case: Standard eachVal
                    /// +k8s:listType=atomic
                    /// +k8s:eachVal=+k8s:minimum=10
                    pub standard: Vec<i32>,
                    /// Case: Alpha eachVal
                    /// +k8s:listType=atomic
                    /// +k8s:alpha=+k8s:eachVal=+k8s:minimum=10
                    pub Alpha: Vec<i32>,
                    /// Case: Beta eachVal
                    /// +k8s:listType=atomic
                    /// +k8s:beta=+k8s:eachVal=+k8s:minimum=10
                    pub Beta: Vec<i32>,
                    /// Case: Standard eachVal, Alpha validation
                    /// +k8s:listType=atomic
                    /// +k8s:eachVal=+k8s:alpha=+k8s:minimum=10
                    pub AlphaValidation: Vec<i32>,
                    /// Case: Standard eachVal, Beta validation
                    /// +k8s:listType=atomic
                    /// +k8s:eachVal=+k8s:beta=+k8s:minimum=10
                    pub BetaValidation: Vec<i32>,
                }

                #[test]
                fn atomic_slice() {
                    st(&AtomicSliceStruct {
                        standard: vec![5],
                        Alpha: vec![5],
                        Beta: vec![5],
                        AlphaValidation: vec![5],
                        BetaValidation: vec![5],
                    })
                    .expect(
                        TFOL,
                        &[
                            invalid("standard[0]").origin("minimum"),
                            invalid("Alpha[0]").origin("minimum").alpha(),
                            invalid("Beta[0]").origin("minimum").beta(),
                            invalid("AlphaValidation[0]").origin("minimum").alpha(),
                            invalid("BetaValidation[0]").origin("minimum").beta(),
                        ],
                    );
                }
            }

            /// `tags/levels/mapvalidation`.
            mod mapvalidation {
                use super::*;

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct MapValidationStruct {
                    /// Case: Standard eachVal
                    /// +k8s:eachVal=+k8s:maxLength=2
                    pub standardEachVal: BTreeMap<String, String>,
                    /// Case: Alpha eachVal
                    /// +k8s:alpha=+k8s:eachVal=+k8s:maxLength=2
                    pub AlphaEachVal: BTreeMap<String, String>,
                    /// Case: Beta eachVal
                    /// +k8s:beta=+k8s:eachVal=+k8s:maxLength=2
                    pub BetaEachVal: BTreeMap<String, String>,
                    /// Case: Standard eachKey
                    /// +k8s:eachKey=+k8s:maxLength=2
                    pub standardEachKey: BTreeMap<String, String>,
                    /// Case: Alpha eachKey
                    /// +k8s:alpha=+k8s:eachKey=+k8s:maxLength=2
                    pub AlphaEachKey: BTreeMap<String, String>,
                    /// Case: Beta eachKey
                    /// +k8s:beta=+k8s:eachKey=+k8s:maxLength=2
                    pub BetaEachKey: BTreeMap<String, String>,
                    /// Case: Alpha Validation
                    /// +k8s:eachVal=+k8s:alpha=+k8s:maxLength=2
                    pub AlphaValidation: BTreeMap<String, String>,
                    /// Case: Beta Validation
                    /// +k8s:eachVal=+k8s:beta=+k8s:maxLength=2
                    pub BetaValidation: BTreeMap<String, String>,
                }

                fn m(k: &str, v: &str) -> BTreeMap<String, String> {
                    BTreeMap::from([(k.to_string(), v.to_string())])
                }

                #[test]
                fn map_validation() {
                    st(&MapValidationStruct {
                        standardEachVal: m("a", "foo"),
                        AlphaEachVal: m("a", "foo"),
                        BetaEachVal: m("a", "foo"),
                        standardEachKey: m("foo", "a"),
                        AlphaEachKey: m("foo", "a"),
                        BetaEachKey: m("foo", "a"),
                        AlphaValidation: m("a", "foo"),
                        BetaValidation: m("a", "foo"),
                    })
                    .expect(
                        TFOL,
                        &[
                            too_long("standardEachVal[a]").origin("maxLength"),
                            too_long("AlphaEachVal[a]").origin("maxLength").alpha(),
                            too_long("BetaEachVal[a]").origin("maxLength").beta(),
                            too_long("standardEachKey").origin("maxLength"),
                            too_long("AlphaEachKey").origin("maxLength").alpha(),
                            too_long("BetaEachKey").origin("maxLength").beta(),
                            too_long("AlphaValidation[a]").origin("maxLength").alpha(),
                            too_long("BetaValidation[a]").origin("maxLength").beta(),
                        ],
                    );
                }
            }

            /// `tags/levels/listmapitem`.
            mod listmapitem {
                use super::*;

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct MapItem {
                    pub key: String,
                    pub value: i32,
                }

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct ListMapItemStruct {
                    /// Case: Standard Item
                    /// +k8s:listType=map
                    /// +k8s:listMapKey=key
                    /// +k8s:item(key: "foo")=+k8s:subfield(value)=+k8s:minimum=10
                    pub standardItem: Vec<MapItem>,
                    /// Case: Alpha Item tag
                    /// +k8s:listType=map
                    /// +k8s:listMapKey=key
                    /// +k8s:alpha=+k8s:item(key: "foo")=+k8s:subfield(value)=+k8s:minimum=10
                    pub alphaItemTag: Vec<MapItem>,
                    /// Case: Alpha validation
                    /// +k8s:listType=map
                    /// +k8s:listMapKey=key
                    /// +k8s:item(key: "foo")=+k8s:subfield(value)=+k8s:alpha=+k8s:minimum=10
                    pub alphaValidation: Vec<MapItem>,
                    /// Case: Double Alpha
                    /// +k8s:listType=map
                    /// +k8s:listMapKey=key
                    /// +k8s:alpha=+k8s:item(key: "foo")=+k8s:subfield(value)=+k8s:alpha=+k8s:minimum=10
                    pub doubleAlpha: Vec<MapItem>,
                    /// Case: Beta Item tag
                    /// +k8s:listType=map
                    /// +k8s:listMapKey=key
                    /// +k8s:beta=+k8s:item(key: "foo")=+k8s:subfield(value)=+k8s:minimum=10
                    pub betaItemTag: Vec<MapItem>,
                    /// Case: Beta validation
                    /// +k8s:listType=map
                    /// +k8s:listMapKey=key
                    /// +k8s:item(key: "foo")=+k8s:subfield(value)=+k8s:beta=+k8s:minimum=10
                    pub betaValidation: Vec<MapItem>,
                    /// Case: Double Beta
                    /// +k8s:listType=map
                    /// +k8s:listMapKey=key
                    /// +k8s:beta=+k8s:item(key: "foo")=+k8s:subfield(value)=+k8s:beta=+k8s:minimum=10
                    pub doubleBeta: Vec<MapItem>,
                }

                #[test]
                fn list_map_item() {
                    let foo = || {
                        vec![MapItem {
                            key: "foo".into(),
                            value: 5,
                        }]
                    };
                    st(&ListMapItemStruct {
                        standardItem: foo(),
                        alphaItemTag: foo(),
                        alphaValidation: foo(),
                        doubleAlpha: foo(),
                        betaItemTag: foo(),
                        betaValidation: foo(),
                        doubleBeta: foo(),
                    })
                    .expect(
                        TFOL,
                        &[
                            invalid("standardItem[0].value").origin("minimum"),
                            invalid("alphaItemTag[0].value").origin("minimum").alpha(),
                            invalid("alphaValidation[0].value")
                                .origin("minimum")
                                .alpha(),
                            invalid("doubleAlpha[0].value").origin("minimum").alpha(),
                            invalid("betaItemTag[0].value").origin("minimum").beta(),
                            invalid("betaValidation[0].value").origin("minimum").beta(),
                            invalid("doubleBeta[0].value").origin("minimum").beta(),
                        ],
                    );
                }
            }

            /// `tags/levels/listset`.
            mod listset {
                use super::*;

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct ListSetStruct {
                    /// Case: Alpha listType=set
                    /// +k8s:alpha=+k8s:listType=set
                    pub set: Vec<ComplexSetItem>,
                    /// Case: Beta listType=set
                    /// +k8s:beta=+k8s:listType=set
                    pub betaSet: Vec<ComplexSetItem>,
                    /// Case: Chained subfield validation
                    /// +k8s:listType=set
                    /// +k8s:eachVal=+k8s:subfield(value)=+k8s:alpha=+k8s:minimum=10
                    pub chainedSubfieldSet: Vec<SimpleSetItem>,
                    /// Case: Alpha listType=set, Beta item validation
                    /// +k8s:alpha=+k8s:listType=set
                    pub setBetaItem: Vec<ComplexSetItemBeta>,
                    /// Case: Beta listType=set, Beta item validation
                    /// +k8s:beta=+k8s:listType=set
                    pub betaSetBetaItem: Vec<ComplexSetItemBeta>,
                    /// Case: Chained subfield validation (Beta)
                    /// +k8s:listType=set
                    /// +k8s:eachVal=+k8s:subfield(value)=+k8s:beta=+k8s:minimum=10
                    pub chainedSubfieldSetBeta: Vec<SimpleSetItem>,
                }

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct ComplexSetItem {
                    /// +k8s:alpha=+k8s:minimum=10
                    pub value: i32,
                    pub stringVal: String,
                }

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct ComplexSetItemBeta {
                    /// +k8s:beta=+k8s:minimum=10
                    pub value: i32,
                    pub stringVal: String,
                }

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct SimpleSetItem {
                    pub value: i32,
                    pub stringVal: String,
                }

                #[test]
                fn list_set() {
                    let c = |s: &str, value| ComplexSetItem {
                        value,
                        stringVal: s.into(),
                    };
                    let b = |s: &str, value| ComplexSetItemBeta {
                        value,
                        stringVal: s.into(),
                    };
                    let p = |s: &str, value| SimpleSetItem {
                        value,
                        stringVal: s.into(),
                    };
                    st(&ListSetStruct {
                        set: vec![c("abc", 10), c("abc", 10)],
                        betaSet: vec![c("abc", 10), c("abc", 10)],
                        chainedSubfieldSet: vec![p("def", 9)],
                        setBetaItem: vec![b("ghi", 10), b("ghi", 10)],
                        betaSetBetaItem: vec![b("jkl", 10), b("jkl", 10)],
                        chainedSubfieldSetBeta: vec![p("mno", 9)],
                    })
                    .expect(
                        TFOL,
                        &[
                            duplicate("set[1]").alpha(),
                            duplicate("betaSet[1]").beta(),
                            invalid("chainedSubfieldSet[0].value")
                                .origin("minimum")
                                .alpha(),
                            duplicate("setBetaItem[1]").alpha(),
                            duplicate("betaSetBetaItem[1]").beta(),
                            invalid("chainedSubfieldSetBeta[0].value")
                                .origin("minimum")
                                .beta(),
                        ],
                    );
                }
            }

            /// `tags/levels/listkeys`.
            mod listkeys {
                use super::*;

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct MapItem {
                    pub key: String,
                    pub value: i32,
                }

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct MultiKeyItem {
                    pub key1: String,
                    pub key2: i32,
                    pub value: i32,
                }

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct ListKeyStruct {
                    /// Case: Alpha listType, Standard Key
                    /// +k8s:alpha=+k8s:listType=map
                    /// +k8s:listMapKey=key
                    pub alphaListTypeStandardKey: Vec<MapItem>,
                    /// Case: Standard listType, Alpha Key
                    /// +k8s:listType=map
                    /// +k8s:alpha=+k8s:listMapKey=key
                    pub standardListTypeAlphaKey: Vec<MapItem>,
                    /// Case: Alpha listType, Alpha Key
                    /// +k8s:alpha=+k8s:listType=map
                    /// +k8s:alpha=+k8s:listMapKey=key
                    pub alphaListTypeAlphaKey: Vec<MapItem>,
                    /// Case: Standard listType, Alpha Key1, Standard Key2
                    /// +k8s:listType=map
                    /// +k8s:alpha=+k8s:listMapKey=key1
                    /// +k8s:listMapKey=key2
                    pub standardListTypeMixedKeys1: Vec<MultiKeyItem>,
                    /// Case: Standard listType, Standard Key1, Alpha Key2
                    /// +k8s:listType=map
                    /// +k8s:listMapKey=key1
                    /// +k8s:alpha=+k8s:listMapKey=key2
                    pub standardListTypeMixedKeys2: Vec<MultiKeyItem>,
                    /// Case: Alpha listType, Alpha Key1, Standard Key2
                    /// +k8s:alpha=+k8s:listType=map
                    /// +k8s:alpha=+k8s:listMapKey=key1
                    /// +k8s:listMapKey=key2
                    pub alphaListTypeMixedKeys1: Vec<MultiKeyItem>,
                    /// Case: Alpha listType, Standard Key1, Alpha Key2
                    /// +k8s:alpha=+k8s:listType=map
                    /// +k8s:listMapKey=key1
                    /// +k8s:alpha=+k8s:listMapKey=key2
                    pub alphaListTypeMixedKeys2: Vec<MultiKeyItem>,
                    /// Case: Standard listType, Beta Key1, Standard Key2
                    /// +k8s:listType=map
                    /// +k8s:beta=+k8s:listMapKey=key1
                    /// +k8s:listMapKey=key2
                    pub standardListTypeMixedKeysBeta1: Vec<MultiKeyItem>,
                    /// Case: Standard listType, Standard Key1, Beta Key2
                    /// +k8s:listType=map
                    /// +k8s:listMapKey=key1
                    /// +k8s:beta=+k8s:listMapKey=key2
                    pub standardListTypeMixedKeysBeta2: Vec<MultiKeyItem>,
                    /// Case: Beta listType, Beta Key1, Standard Key2
                    /// +k8s:beta=+k8s:listType=map
                    /// +k8s:beta=+k8s:listMapKey=key1
                    /// +k8s:listMapKey=key2
                    pub betaListTypeMixedKeys1: Vec<MultiKeyItem>,
                    /// Case: Beta listType, Standard Key1, Beta Key2
                    /// +k8s:beta=+k8s:listType=map
                    /// +k8s:listMapKey=key1
                    /// +k8s:beta=+k8s:listMapKey=key2
                    pub betaListTypeMixedKeys2: Vec<MultiKeyItem>,
                    /// Case: Beta listType, Standard Key
                    /// +k8s:beta=+k8s:listType=map
                    /// +k8s:listMapKey=key
                    pub betaListTypeStandardKey: Vec<MapItem>,
                    /// Case: Standard listType, Beta Key
                    /// +k8s:listType=map
                    /// +k8s:beta=+k8s:listMapKey=key
                    pub standardListTypeBetaKey: Vec<MapItem>,
                    /// Case: Beta listType, Beta Key
                    /// +k8s:beta=+k8s:listType=map
                    /// +k8s:beta=+k8s:listMapKey=key
                    pub betaListTypeBetaKey: Vec<MapItem>,
                }

                fn one(k: &str) -> Vec<MapItem> {
                    (1..=2)
                        .map(|value| MapItem {
                            key: k.into(),
                            value,
                        })
                        .collect()
                }

                fn multi(k: &str) -> Vec<MultiKeyItem> {
                    (1..=2)
                        .map(|value| MultiKeyItem {
                            key1: k.into(),
                            key2: 1,
                            value,
                        })
                        .collect()
                }

                #[test]
                fn list_keys() {
                    st(&ListKeyStruct {
                        alphaListTypeStandardKey: one("a"),
                        standardListTypeAlphaKey: one("b"),
                        alphaListTypeAlphaKey: one("c"),
                        standardListTypeMixedKeys1: multi("d"),
                        standardListTypeMixedKeys2: multi("e"),
                        alphaListTypeMixedKeys1: multi("f"),
                        alphaListTypeMixedKeys2: multi("g"),
                        standardListTypeMixedKeysBeta1: multi("k"),
                        standardListTypeMixedKeysBeta2: multi("l"),
                        betaListTypeMixedKeys1: multi("m"),
                        betaListTypeMixedKeys2: multi("n"),
                        betaListTypeStandardKey: one("h"),
                        standardListTypeBetaKey: one("i"),
                        betaListTypeBetaKey: one("j"),
                    })
                    .expect(
                        TFOL,
                        &[
                            duplicate("alphaListTypeStandardKey[1]").alpha(),
                            duplicate("standardListTypeAlphaKey[1]"),
                            duplicate("alphaListTypeAlphaKey[1]").alpha(),
                            duplicate("standardListTypeMixedKeys1[1]"),
                            duplicate("standardListTypeMixedKeys2[1]"),
                            duplicate("alphaListTypeMixedKeys1[1]").alpha(),
                            duplicate("alphaListTypeMixedKeys2[1]").alpha(),
                            duplicate("standardListTypeMixedKeysBeta1[1]"),
                            duplicate("standardListTypeMixedKeysBeta2[1]"),
                            duplicate("betaListTypeMixedKeys1[1]").beta(),
                            duplicate("betaListTypeMixedKeys2[1]").beta(),
                            duplicate("betaListTypeStandardKey[1]").beta(),
                            duplicate("standardListTypeBetaKey[1]"),
                            duplicate("betaListTypeBetaKey[1]").beta(),
                        ],
                    );
                }
            }

            /// `tags/levels/uniquetag`.
            mod uniquetag {
                use super::*;

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct UniqueStruct {
                    /// +k8s:listType=atomic
                    /// +k8s:alpha=+k8s:unique=set
                    pub alphaUniqueSet: Vec<String>,
                    /// +k8s:listType=atomic
                    /// +k8s:beta=+k8s:unique=set
                    pub betaUniqueSet: Vec<String>,
                }

                #[test]
                fn misc() {
                    let aa = || vec!["a".to_string(), "a".to_string()];
                    st(&UniqueStruct {
                        alphaUniqueSet: aa(),
                        betaUniqueSet: aa(),
                    })
                    .expect(
                        TFOL,
                        &[
                            duplicate("alphaUniqueSet[1]").alpha(),
                            duplicate("betaUniqueSet[1]").beta(),
                        ],
                    );
                }
            }

            /// `tags/validatetruealpha` and `tags/validatetruebeta`.
            mod validatetrue {
                use super::*;

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct AlphaStruct {
                    /// +k8s:validateTrueAlpha="field Struct.StringField"
                    pub stringField: String,
                }

                #[derive(Validate, PartialEq, Debug, Clone, Default)]
                #[validate(kubernetes = $release)]
                pub struct BetaStruct {
                    /// +k8s:validateTrueBeta="field Struct.StringField"
                    pub stringField: String,
                }

                #[test]
                fn test() {
                    st(&AlphaStruct::default()).expect_valid();
                    st(&AlphaStruct {
                        stringField: "abc".into(),
                    })
                    .expect_valid();
                    st(&BetaStruct::default()).expect_valid();
                    st(&BetaStruct {
                        stringField: "abc".into(),
                    })
                    .expect_valid();
                }
            }
        }
    };
}

levels!(v1_36, "1.36");
levels!(v1_37, "1.37");

/// `tags/levels/discriminators` (kubernetes/code-generator v0.36.0 only:
/// 1.37 renamed `+k8s:discriminator` / `+k8s:member` to
/// `+k8s:modeDiscriminator` / `+k8s:ifMode`, whose port is `levels/modes`).
mod discriminators_1_36 {
    use conformance_tests::{required, st, too_short, Matcher, W};
    use k8s_validation::Validate;

    /// `ErrorMatcher{}.ByType().ByField().ByValidationStabilityLevel()`.
    const M: Matcher = conformance_tests::TFL;

    fn s(v: &str) -> Option<String> {
        Some(v.to_string())
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.36")]
    pub struct AlphaStruct {
        /// +k8s:alpha=+k8s:discriminator
        pub d1: String,
        /// +k8s:alpha=+k8s:member("A")=+k8s:required
        pub fieldA: Option<String>,
        /// +k8s:alpha=+k8s:member("B")=+k8s:required
        pub fieldB: Option<String>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.36")]
    pub struct BetaStruct {
        /// +k8s:beta=+k8s:discriminator
        pub d1: String,
        /// +k8s:beta=+k8s:member("A")=+k8s:required
        pub fieldA: Option<String>,
        /// +k8s:beta=+k8s:member("B")=+k8s:required
        pub fieldB: Option<String>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.36")]
    pub struct MixedLevels {
        /// +k8s:discriminator
        pub mode: String,
        /// +k8s:alpha=+k8s:member("A")=+k8s:required
        pub a: Option<String>,
        /// +k8s:beta=+k8s:member("B")=+k8s:required
        pub b: Option<String>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.36")]
    pub struct CrossLevels {
        /// +k8s:beta=+k8s:discriminator
        pub kind: String,
        /// +k8s:alpha=+k8s:member("A")=+k8s:required
        pub a: Option<String>,
        /// +k8s:alpha=+k8s:member("B")=+k8s:required
        pub b: Option<String>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.36")]
    pub struct SameFieldMixed {
        /// +k8s:discriminator
        pub mode: String,
        /// +k8s:alpha=+k8s:member("A")=+k8s:required
        /// +k8s:beta=+k8s:member("B")=+k8s:required
        pub value: Option<String>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.36")]
    pub struct SameValueMixedPayloads {
        /// +k8s:discriminator
        pub mode: String,
        /// +k8s:alpha=+k8s:member("A")=+k8s:required
        /// +k8s:beta=+k8s:member("A")=+k8s:minLength=3
        pub value: Option<String>,
    }

    fn forbidden(f: &str) -> W {
        conformance_tests::forbidden(f)
    }

    #[test]
    fn alpha() {
        let v = |d: &str, a: Option<String>, b: Option<String>| AlphaStruct {
            d1: d.into(),
            fieldA: a,
            fieldB: b,
        };
        st(&v("A", s("val"), None)).expect_valid();
        st(&v("A", None, None)).expect(M, &[required("fieldA").alpha()]);
        st(&v("A", s("val"), s("val"))).expect(M, &[forbidden("fieldB").alpha()]);
        st(&v("B", None, s("val"))).expect_valid();
        st(&v("B", None, None)).expect(M, &[required("fieldB").alpha()]);
    }

    #[test]
    fn beta() {
        let v = |d: &str, a: Option<String>, b: Option<String>| BetaStruct {
            d1: d.into(),
            fieldA: a,
            fieldB: b,
        };
        st(&v("A", s("val"), None)).expect_valid();
        st(&v("A", None, None)).expect(M, &[required("fieldA").beta()]);
        st(&v("A", s("val"), s("val"))).expect(M, &[forbidden("fieldB").beta()]);
        st(&v("B", None, s("val"))).expect_valid();
        st(&v("B", None, None)).expect(M, &[required("fieldB").beta()]);
    }

    #[test]
    fn mixed_levels() {
        let v = |m: &str, a: Option<String>, b: Option<String>| MixedLevels {
            mode: m.into(),
            a,
            b,
        };
        st(&v("A", s("val"), None)).expect_valid();
        st(&v("B", None, s("val"))).expect_valid();
        st(&v("A", None, None)).expect(M, &[required("a").alpha()]);
        st(&v("B", None, None)).expect(M, &[required("b").beta()]);
        st(&v("A", s("val"), s("val"))).expect(M, &[forbidden("b").beta()]);
        st(&v("B", s("val"), s("val"))).expect(M, &[forbidden("a").alpha()]);
    }

    #[test]
    fn cross_levels() {
        let v = |k: &str, a: Option<String>, b: Option<String>| CrossLevels {
            kind: k.into(),
            a,
            b,
        };
        st(&v("A", s("val"), None)).expect_valid();
        st(&v("B", None, s("val"))).expect_valid();
        st(&v("A", None, None)).expect(M, &[required("a").alpha()]);
        st(&v("B", None, None)).expect(M, &[required("b").alpha()]);
        st(&v("A", s("val"), s("val"))).expect(M, &[forbidden("b").alpha()]);
    }

    #[test]
    fn same_field_mixed() {
        let v = |m: &str, value: Option<String>| SameFieldMixed {
            mode: m.into(),
            value,
        };
        st(&v("A", s("val"))).expect_valid();
        st(&v("B", s("val"))).expect_valid();
        st(&v("A", None)).expect(M, &[required("value").alpha()]);
        st(&v("B", None)).expect(M, &[required("value").beta()]);
    }

    #[test]
    fn same_value_mixed_payloads() {
        let v = |m: &str, value: Option<String>| SameValueMixedPayloads {
            mode: m.into(),
            value,
        };
        st(&v("A", s("abc"))).expect_valid();
        st(&v("A", None)).expect(M, &[required("value").alpha()]);
        st(&v("A", s("ab"))).expect(M, &[too_short("value").beta()]);
    }
}
