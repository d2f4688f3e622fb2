//! Port of upstream `cmd/validation-gen/output_tests/tags/enum` and
//! `tags/enum/options` (kubernetes/code-generator v0.35.0): `+k8s:enum`
//! value sets (empty, one, two values), a typedef of an enum that is not an
//! enum, `+k8s:enumExclude`, and exclusions conditional on options.
#![allow(non_snake_case)]

use conformance_tests::{not_supported, st, TF};
use k8s_validation::Validate;

/// +k8s:enum
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct Enum0(pub String); // Note: this enum has no values

#[k8s_validation::enum_values]
impl Enum0 {}

/// +k8s:enum
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct Enum1(pub String); // Note: this enum has 1 value

#[k8s_validation::enum_values]
impl Enum1 {
    pub const E1V1: &'static str = "e1v1";
}

/// +k8s:enum
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct Enum2(pub String); // Note: this enum has 2 values

#[k8s_validation::enum_values]
impl Enum2 {
    pub const E2V1: &'static str = "e2v1";
    pub const E2V2: &'static str = "e2v2";
}

/// Not an enum: Go's `type NotEnum Enum2` does not inherit Enum2's values
/// (nor, here, its validations).
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct NotEnum(pub Enum2);

/// +k8s:enum
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct EnumWithExclude(pub String);

#[k8s_validation::enum_values]
impl EnumWithExclude {
    pub const ENUM_WITH_EXCLUDE1: &'static str = "enumWithExclude1";
    /// +k8s:enumExclude
    pub const ENUM_WITH_EXCLUDE2: &'static str = "enumWithExclude2";
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct Struct {
    pub enum0Field: Enum0,
    pub enum0PtrField: Option<Enum0>,
    pub enum1Field: Enum1,
    pub enum1PtrField: Option<Enum1>,
    pub enum2Field: Enum2,
    pub enum2PtrField: Option<Enum2>,
    pub notEnumField: NotEnum,
    pub notEnumPtrField: Option<NotEnum>,
    pub enumWithExcludeField: EnumWithExclude,
    pub enumWithExcludePtrField: Option<EnumWithExclude>,
}

fn s(v: &str) -> String {
    v.to_string()
}

#[test]
fn zero_values() {
    let v = Struct {
        enumWithExcludeField: EnumWithExclude(s("enumWithExclude1")),
        ..Struct::default()
    };
    st(&v).expect(
        TF,
        &[
            not_supported("enum0Field"),
            not_supported("enum1Field"),
            not_supported("enum2Field"),
        ],
    );
    st(&v).expect_texts(&[
        r#"enum0Field: Unsupported value: """#,
        r#"enum1Field: Unsupported value: "": supported values: "e1v1""#,
        r#"enum2Field: Unsupported value: "": supported values: "e2v1", "e2v2""#,
    ]);
    // Enum errors carry no origin.
    assert!(st(&v).errors().iter().all(|e| e.origin().is_none()));
}

#[test]
fn valid_values_and_the_empty_enum() {
    let v = Struct {
        enum0Field: Enum0(s("")),
        enum0PtrField: Some(Enum0(s(""))),
        enum1Field: Enum1(s(Enum1::E1V1)),
        enum1PtrField: Some(Enum1(s(Enum1::E1V1))),
        enum2Field: Enum2(s(Enum2::E2V1)),
        enum2PtrField: Some(Enum2(s(Enum2::E2V1))),
        notEnumField: NotEnum(Enum2(s("x"))),
        notEnumPtrField: Some(NotEnum(Enum2(s("x")))),
        enumWithExcludeField: EnumWithExclude(s("enumWithExclude1")),
        enumWithExcludePtrField: None,
    };
    st(&v).expect(
        TF,
        &[not_supported("enum0Field"), not_supported("enum0PtrField")],
    );
}

#[test]
fn invalid_values() {
    let v = Struct {
        enum0Field: Enum0(s("x")),
        enum0PtrField: Some(Enum0(s("x"))),
        enum1Field: Enum1(s("x")),
        enum1PtrField: Some(Enum1(s("x"))),
        enum2Field: Enum2(s("x")),
        enum2PtrField: Some(Enum2(s("x"))),
        notEnumField: NotEnum(Enum2(s("x"))),
        notEnumPtrField: Some(NotEnum(Enum2(s("x")))),
        enumWithExcludeField: EnumWithExclude(s("enumWithExclude2")),
        enumWithExcludePtrField: Some(EnumWithExclude(s("x"))),
    };
    st(&v).expect(
        TF,
        &[
            not_supported("enum0Field"),
            not_supported("enum0PtrField"),
            not_supported("enum1Field"),
            not_supported("enum1PtrField"),
            not_supported("enum2Field"),
            not_supported("enum2PtrField"),
            not_supported("enumWithExcludeField"),
            not_supported("enumWithExcludePtrField"),
        ],
    );
    let errs = st(&v).errors();
    assert_eq!(
        errs.iter().nth(5).unwrap().to_string(),
        r#"enum2PtrField: Unsupported value: "x": supported values: "e2v1", "e2v2""#
    );
    assert_eq!(
        errs.iter().nth(6).unwrap().to_string(),
        r#"enumWithExcludeField: Unsupported value: "enumWithExclude2": supported values: "enumWithExclude1""#
    );
}

/// +k8s:enum
#[derive(Validate, PartialEq, Debug, Clone, Default)]
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
pub struct ConditionalStruct {
    pub conditionalEnumField: ConditionalEnum,
    pub conditionalEnumPtrField: Option<ConditionalEnum>,
}

/// One scenario of upstream's test: with these options, `valid` pass and
/// every other value fails listing exactly `valid` as supported.
fn scenario(opts: &[&'static str], valid: &[&str]) {
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
        let case = st(&v).opts(opts);
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
                "options {opts:?}"
            );
        }
    }
}

#[test]
fn conditional_exclusions() {
    // Scenario 1: no options (default).
    scenario(&[], &["A", "C", "D"]);
    // Scenario 2: FeatureA enabled.
    scenario(&["FeatureA"], &["C"]);
    // Scenario 3: FeatureB enabled.
    scenario(&["FeatureB"], &["A", "B", "C"]);
    // Scenario 4: FeatureA and FeatureB enabled.
    scenario(&["FeatureA", "FeatureB"], &["B", "C"]);
    // Scenario 5: FeatureC and FeatureD enabled.
    scenario(&["FeatureC", "FeatureD"], &["A", "C", "D", "E"]);
    // Scenario 6: FeatureB and FeatureC enabled.
    scenario(&["FeatureB", "FeatureC"], &["A", "B", "C", "F"]);
}
