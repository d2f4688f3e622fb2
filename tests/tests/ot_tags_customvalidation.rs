//! Port of upstream `cmd/validation-gen/output_tests/tags/customvalidation`
//! (kubernetes/code-generator v0.37.2, where the package first appears):
//! `+k8s:customValidation` on a type, on fields (alone and with
//! `+k8s:maxLength`), on a typedef reached by value, pointer, list element
//! and map value, on a nested struct's field, under `+k8s:ifEnabled`, and
//! next to `+k8s:eachVal`. Upstream's `validations.go` functions are
//! structural markers (one `Invalid` at the path they are called with); the
//! hand-written functions here are the same. On a no-op update the field
//! and element calls are ratcheted away; the root type's call still runs.
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::{invalid, st, too_long, TF};
use k8s_validation::field::Path;
use k8s_validation::{Error, ErrorList, Operation, Validate};

fn marker(path: &Path<'_>, name: &'static str) -> ErrorList {
    Error::invalid(path, k8s_validation::field::BadValue::Omitted, name).into()
}

/// +k8s:customValidation
#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct Struct {
    /// +k8s:customValidation
    pub stringField: String,
    /// Combined with a declarative tag: both validations run on this field.
    /// +k8s:maxLength=3
    /// +k8s:customValidation
    pub maxLengthField: String,
    /// StringType is custom-validated wherever it appears via traversal.
    pub typedefField: StringType,
    pub typedefPtrField: Option<StringType>,
    pub typedefSliceField: Vec<StringType>,
    pub typedefMapField: BTreeMap<String, StringType>,
    pub structField: OtherStruct,
}

impl Struct {
    fn validate_custom(
        _: &Operation,
        path: &Path<'_>,
        _: Option<&Struct>,
        _: Option<&Struct>,
    ) -> ErrorList {
        marker(path, "ValidateCustom_Struct")
    }
    fn validate_custom_stringField(
        _: &Operation,
        path: &Path<'_>,
        _: Option<&String>,
        _: Option<&String>,
    ) -> ErrorList {
        marker(path, "ValidateCustom_Struct_StringField")
    }
    fn validate_custom_maxLengthField(
        _: &Operation,
        path: &Path<'_>,
        _: Option<&String>,
        _: Option<&String>,
    ) -> ErrorList {
        marker(path, "ValidateCustom_Struct_MaxLengthField")
    }
}

/// +k8s:customValidation
#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct StringType(pub String);

impl StringType {
    fn validate_custom(
        _: &Operation,
        path: &Path<'_>,
        _: Option<&StringType>,
        _: Option<&StringType>,
    ) -> ErrorList {
        marker(path, "ValidateCustom_StringType")
    }
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct OtherStruct {
    /// +k8s:customValidation
    pub stringField: String,
}

impl OtherStruct {
    fn validate_custom_stringField(
        _: &Operation,
        path: &Path<'_>,
        _: Option<&String>,
        _: Option<&String>,
    ) -> ErrorList {
        marker(path, "ValidateCustom_OtherStruct_StringField")
    }
}

/// OptionStruct demonstrates custom validation gated behind a feature option.
#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct OptionStruct {
    /// +k8s:ifEnabled(FeatureX)=+k8s:customValidation
    pub stringField: String,
}

impl OptionStruct {
    fn validate_custom_stringField(
        _: &Operation,
        path: &Path<'_>,
        _: Option<&String>,
        _: Option<&String>,
    ) -> ErrorList {
        marker(path, "ValidateCustom_OptionStruct_StringField")
    }
}

/// EachStruct demonstrates custom validation (via the StringType element type)
/// coexisting with a declarative per-element check applied by eachVal.
#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct EachStruct {
    /// +k8s:eachVal=+k8s:maxLength=3
    pub sliceField: Vec<StringType>,
}

fn mk() -> Struct {
    Struct {
        stringField: "s".into(),
        maxLengthField: "toolong".into(), // longer than maxLength=3
        typedefField: StringType("t".into()),
        typedefPtrField: Some(StringType("p".into())),
        typedefSliceField: vec![StringType("e".into())],
        typedefMapField: BTreeMap::from([("k".into(), StringType("m".into()))]),
        structField: OtherStruct {
            stringField: "n".into(),
        },
    }
}

#[test]
fn test() {
    // On create, custom validation runs at every scope/shape.
    st(&mk()).expect(
        TF,
        &[
            invalid("<nil>"),
            invalid("stringField"),
            invalid("maxLengthField"),
            too_long("maxLengthField"),
            invalid("typedefField"),
            invalid("typedefPtrField"),
            invalid("typedefSliceField[0]"),
            invalid("typedefMapField[k]"),
            invalid("structField.stringField"),
        ],
    );
    // The markers name the function that reported (upstream's detail).
    let details: Vec<String> = st(&mk())
        .errors()
        .iter()
        .map(|e| format!("{}: {}", e.field(), e.detail()))
        .filter(|d| d.contains("ValidateCustom"))
        .collect();
    assert!(details.contains(&"<nil>: ValidateCustom_Struct".to_string()));
    assert!(details.contains(&"typedefMapField[k]: ValidateCustom_StringType".to_string()));
    assert!(details
        .contains(&"structField.stringField: ValidateCustom_OtherStruct_StringField".to_string()));
    // On a no-op update, field and embedded calls are skipped (value
    // unchanged); the root type-scoped call still runs.
    st(&mk()).old(&mk()).expect(TF, &[invalid("<nil>")]);
}

#[test]
fn if_enabled() {
    // Option disabled: the gated custom validation does not run.
    st(&OptionStruct::default())
        .opts_disabled(&["FeatureX"])
        .expect_valid();
    // Option enabled: the custom validation runs.
    st(&OptionStruct::default())
        .opts(&["FeatureX"])
        .expect(TF, &[invalid("stringField")]);
}

#[test]
fn each_val() {
    st(&EachStruct {
        sliceField: vec![StringType("toolong".into())],
    })
    .expect(
        TF,
        &[
            invalid("sliceField[0]"),  // custom, via StringType
            too_long("sliceField[0]"), // eachVal maxLength
        ],
    );
}
