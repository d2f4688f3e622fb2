//! Port of upstream `cmd/validation-gen/output_tests/tags/subfield/deep`
//! (kubernetes/code-generator v0.35.0 and v0.36.0; removed in v0.37.2, which
//! rejects nested `+k8s:subfield`): subfields of subfields, and subfields of
//! the elements of a subfield's list or map (`subfield(x)=+eachVal=
//! +subfield(y)=...`), on a struct and a struct-pointer field. Run for 1.35
//! and 1.36; 1.37's rejection is in `tests/ui`.
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::st;
use k8s_validation::Validate;

macro_rules! deep {
    ($module:ident, $release:literal) => {
        mod $module {
            use super::*;

            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct Struct {
                /// +k8s:subfield(structField)=+k8s:subfield(stringField)=+k8s:validateFalse="Struct.StructField.StructField 1"
                /// +k8s:subfield(structField)=+k8s:subfield(stringField)=+k8s:validateFalse="Struct.StructField.StructField 2"
                /// +k8s:subfield(sliceField)=+k8s:eachVal=+k8s:subfield(stringField)=+k8s:validateFalse="Struct.StructField.SliceField"
                /// +k8s:subfield(mapField)=+k8s:eachVal=+k8s:subfield(stringField)=+k8s:validateFalse="Struct.StructField.MapField"
                pub structField: OtherStruct,
                /// +k8s:subfield(structField)=+k8s:subfield(stringField)=+k8s:validateFalse="Struct.StructPtrField.StructField 1"
                /// +k8s:subfield(structField)=+k8s:subfield(stringField)=+k8s:validateFalse="Struct.StructPtrField.StructField 2"
                /// +k8s:subfield(sliceField)=+k8s:eachVal=+k8s:subfield(stringField)=+k8s:validateFalse="Struct.StructPtrField.SliceField"
                /// +k8s:subfield(mapField)=+k8s:eachVal=+k8s:subfield(stringField)=+k8s:validateFalse="Struct.StructPtrField.MapField"
                pub structPtrField: Option<OtherStruct>,
            }

            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct OtherStruct {
                pub structField: SmallStruct,
                pub sliceField: Vec<SmallStruct>,
                pub mapField: BTreeMap<String, SmallStruct>,
            }

            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct SmallStruct {
                pub stringField: String,
            }

            fn small(s: &str) -> SmallStruct {
                SmallStruct {
                    stringField: s.into(),
                }
            }

            fn other(p: &str, m: [&str; 2]) -> OtherStruct {
                OtherStruct {
                    structField: small(&format!("{p}F")),
                    sliceField: vec![small(&format!("{p}S1")), small(&format!("{p}S2"))],
                    mapField: BTreeMap::from([
                        ("a".to_string(), small(m[0])),
                        ("b".to_string(), small(m[1])),
                    ]),
                }
            }

            #[test]
            fn test() {
                st(&Struct {
                    structField: other("S", ["SM1", "SM2"]),
                    structPtrField: Some(other("SP", ["SPM2", "SPM1"])),
                })
                .expect_forced(&[
                    (
                        "structField.structField.stringField",
                        &[
                            "Struct.StructField.StructField 1",
                            "Struct.StructField.StructField 2",
                        ],
                    ),
                    (
                        "structField.sliceField[0].stringField",
                        &["Struct.StructField.SliceField"],
                    ),
                    (
                        "structField.sliceField[1].stringField",
                        &["Struct.StructField.SliceField"],
                    ),
                    (
                        "structField.mapField[a].stringField",
                        &["Struct.StructField.MapField"],
                    ),
                    (
                        "structField.mapField[b].stringField",
                        &["Struct.StructField.MapField"],
                    ),
                    (
                        "structPtrField.structField.stringField",
                        &[
                            "Struct.StructPtrField.StructField 1",
                            "Struct.StructPtrField.StructField 2",
                        ],
                    ),
                    (
                        "structPtrField.sliceField[0].stringField",
                        &["Struct.StructPtrField.SliceField"],
                    ),
                    (
                        "structPtrField.sliceField[1].stringField",
                        &["Struct.StructPtrField.SliceField"],
                    ),
                    (
                        "structPtrField.mapField[a].stringField",
                        &["Struct.StructPtrField.MapField"],
                    ),
                    (
                        "structPtrField.mapField[b].stringField",
                        &["Struct.StructPtrField.MapField"],
                    ),
                ]);
            }
        }
    };
}

deep!(v1_35, "1.35");
deep!(v1_36, "1.36");
