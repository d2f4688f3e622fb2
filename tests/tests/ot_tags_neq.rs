//! Port of upstream `cmd/validation-gen/output_tests/tags/neq/{neqbool,neqint,
//! neqstring,neq/neqchained}` (kubernetes/code-generator v0.35.0): `+k8s:neq`
//! on booleans, integers and strings, pointers and typedefs, and chained
//! through subfield, eachVal and eachKey.
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::{invalid, st, TFO};
use k8s_validation::Validate;

fn neq(f: &str) -> conformance_tests::W {
    invalid(f).origin("neq")
}

mod neqbool {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:neq=true
        pub neqTrueField: bool,
        /// +k8s:neq=false
        pub neqFalsePtrField: Option<bool>,
        pub validatedTypedefField: ValidatedBoolType,
    }

    /// +k8s:neq=true
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct ValidatedBoolType(pub bool);

    #[test]
    fn cases() {
        st(&Struct {
            neqTrueField: false,
            neqFalsePtrField: Some(true),
            validatedTypedefField: ValidatedBoolType(false),
        })
        .expect_valid();
        st(&Struct::default()).expect_valid();
        let bad = Struct {
            neqTrueField: true,
            neqFalsePtrField: Some(false),
            validatedTypedefField: ValidatedBoolType(true),
        };
        st(&bad).expect(
            TFO,
            &[
                neq("neqTrueField"),
                neq("neqFalsePtrField"),
                neq("validatedTypedefField"),
            ],
        );
        st(&bad).expect_texts(&[
            "neqTrueField: Invalid value: true: must not be equal to true",
            "neqFalsePtrField: Invalid value: false: must not be equal to false",
            "validatedTypedefField: Invalid value: true: must not be equal to true",
        ]);
        st(&bad).old(&bad.clone()).expect_valid();
    }
}

mod neqint {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:neq=0
        pub intField: i64,
        /// +k8s:neq=-1
        pub intPtrField: Option<i64>,
        /// +k8s:neq=42
        pub intTypedefField: IntType,
        pub validatedTypedefField: ValidatedIntType,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct IntType(pub i64);

    /// +k8s:neq=100
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct ValidatedIntType(pub i64);

    #[test]
    fn cases() {
        let ok = Struct {
            intField: 1,
            intPtrField: Some(0),
            intTypedefField: IntType(41),
            validatedTypedefField: ValidatedIntType(99),
        };
        st(&ok).expect_valid();
        st(&Struct {
            intPtrField: None,
            ..ok
        })
        .expect_valid();
        let bad = Struct {
            intField: 0,
            intPtrField: Some(-1),
            intTypedefField: IntType(42),
            validatedTypedefField: ValidatedIntType(100),
        };
        st(&bad).expect(
            TFO,
            &[
                neq("intField"),
                neq("intPtrField"),
                neq("intTypedefField"),
                neq("validatedTypedefField"),
            ],
        );
        st(&bad).expect_texts(&[
            "intField: Invalid value: 0: must not be equal to 0",
            "intPtrField: Invalid value: -1: must not be equal to -1",
            "intTypedefField: Invalid value: 42: must not be equal to 42",
            "validatedTypedefField: Invalid value: 100: must not be equal to 100",
        ]);
        st(&bad).old(&bad.clone()).expect_valid();
    }
}

mod neqstring {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:neq="disallowed-string"
        pub stringField: String,
        /// +k8s:neq="disallowed-pointer"
        pub stringPtrField: Option<String>,
        /// +k8s:neq="disallowed-typedef"
        pub stringTypedefField: StringType,
        /// +k8s:neq="disallowed-typedef-pointer"
        pub stringTypedefPtrField: Option<StringType>,
        pub validatedTypedefField: ValidatedStringType,
        pub validatedTypedefPtrField: Option<ValidatedStringType>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct StringType(pub String);

    /// +k8s:neq="disallowed-on-type"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct ValidatedStringType(pub String);

    #[test]
    fn cases() {
        let ok = Struct {
            stringField: "allowed-string".into(),
            stringPtrField: Some("allowed-pointer".into()),
            stringTypedefField: StringType("allowed-typedef".into()),
            stringTypedefPtrField: Some(StringType("allowed-typedef-pointer".into())),
            validatedTypedefField: ValidatedStringType("allowed-on-type".into()),
            validatedTypedefPtrField: Some(ValidatedStringType("allowed-on-type-ptr".into())),
        };
        st(&ok).expect_valid();
        st(&Struct {
            stringPtrField: None,
            stringTypedefPtrField: None,
            validatedTypedefPtrField: None,
            ..ok
        })
        .expect_valid();
        let bad = Struct {
            stringField: "disallowed-string".into(),
            stringPtrField: Some("disallowed-pointer".into()),
            stringTypedefField: StringType("disallowed-typedef".into()),
            stringTypedefPtrField: Some(StringType("disallowed-typedef-pointer".into())),
            validatedTypedefField: ValidatedStringType("disallowed-on-type".into()),
            validatedTypedefPtrField: Some(ValidatedStringType("disallowed-on-type".into())),
        };
        st(&bad).expect(
            TFO,
            &[
                neq("stringField"),
                neq("stringPtrField"),
                neq("stringTypedefField"),
                neq("stringTypedefPtrField"),
                neq("validatedTypedefField"),
                neq("validatedTypedefPtrField"),
            ],
        );
        let texts: Vec<String> = st(&bad).errors().iter().map(|e| e.to_string()).collect();
        assert_eq!(
            texts[0],
            r#"stringField: Invalid value: "disallowed-string": must not be equal to "disallowed-string""#
        );
        st(&bad).old(&bad.clone()).expect_valid();
    }
}

mod neqchained {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:subfield(stringField)=+k8s:neq="disallowed-subfield"
        pub structField: InnerStruct,
        /// +k8s:optional
        /// +k8s:subfield(stringField)=+k8s:neq="disallowed-subfield-ptr"
        pub structPtrField: Option<InnerStruct>,
        /// +k8s:eachVal=+k8s:neq="disallowed-slice"
        pub stringSliceField: Vec<String>,
        /// +k8s:eachVal=+k8s:neq="disallowed-map-val"
        pub stringMapField: BTreeMap<String, String>,
        /// +k8s:eachKey=+k8s:neq="disallowed-key"
        pub stringMapKeyField: BTreeMap<String, String>,
        pub validatedSliceField: ValidatedStringSlice,
        pub validatedStructField: ValidatedInnerStruct,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct InnerStruct {
        pub stringField: String,
    }

    /// +k8s:eachVal=+k8s:neq="disallowed-typedef"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct ValidatedStringSlice(pub Vec<String>);

    /// Go's `type ValidatedInnerStruct InnerStruct`: InnerStruct's fields.
    /// +k8s:subfield(stringField)=+k8s:neq="disallowed-typedef-struct"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct ValidatedInnerStruct {
        pub stringField: String,
    }

    fn strs(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    fn map(kv: &[(&str, &str)]) -> BTreeMap<String, String> {
        kv.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    fn inner(s: &str) -> InnerStruct {
        InnerStruct {
            stringField: s.into(),
        }
    }

    #[test]
    fn cases() {
        st(&Struct {
            structField: inner("allowed"),
            structPtrField: Some(inner("valid")),
            stringSliceField: strs(&["allowed", "valid"]),
            stringMapField: map(&[("k1", "allowed"), ("k2", "valid")]),
            stringMapKeyField: map(&[("allowed-key", "v1"), ("valid-key", "v2")]),
            validatedSliceField: ValidatedStringSlice(strs(&["allowed", "valid"])),
            validatedStructField: ValidatedInnerStruct {
                stringField: "allowed".into(),
            },
        })
        .expect_valid();
        // Empty collections and unset values.
        st(&Struct {
            structPtrField: Some(inner("valid")),
            validatedStructField: ValidatedInnerStruct {
                stringField: "allowed".into(),
            },
            ..Struct::default()
        })
        .expect_valid();
        let bad = Struct {
            structField: inner("disallowed-subfield"),
            structPtrField: Some(inner("disallowed-subfield-ptr")),
            stringSliceField: strs(&["valid", "disallowed-slice", "disallowed-slice"]),
            stringMapField: map(&[
                ("a", "disallowed-map-val"),
                ("b", "valid"),
                ("c", "disallowed-map-val"),
            ]),
            stringMapKeyField: map(&[("disallowed-key", "value"), ("allowed", "ok")]),
            validatedSliceField: ValidatedStringSlice(strs(&[
                "valid",
                "disallowed-typedef",
                "disallowed-typedef",
            ])),
            validatedStructField: ValidatedInnerStruct {
                stringField: "disallowed-typedef-struct".into(),
            },
        };
        st(&bad).expect(
            TFO,
            &[
                neq("structField.stringField"),
                neq("structPtrField.stringField"),
                neq("stringSliceField[1]"),
                neq("stringSliceField[2]"),
                neq("stringMapField[a]"),
                neq("stringMapField[c]"),
                neq("stringMapKeyField"),
                neq("validatedSliceField[1]"),
                neq("validatedSliceField[2]"),
                neq("validatedStructField.stringField"),
            ],
        );
        st(&bad).old(&bad.clone()).expect_valid();
    }
}
