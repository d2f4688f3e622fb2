//! Port of upstream `cmd/validation-gen/output_tests/tags/maxbytes`
//! (kubernetes/code-generator v0.36.0, where the package first appears):
//! `+k8s:maxBytes` on strings, pointers, typedef fields and validated
//! typedefs.
#![allow(non_snake_case)]

use conformance_tests::{st, too_long, TF};
use k8s_validation::Validate;

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct Struct {
    /// +k8s:maxBytes=0
    pub max0Field: String,
    /// +k8s:maxBytes=0
    pub max0PtrField: Option<String>,
    /// +k8s:maxBytes=10
    pub max10Field: String,
    /// +k8s:maxBytes=10
    pub max10PtrField: Option<String>,
    /// +k8s:maxBytes=0
    pub max0UnvalidatedTypedefField: UnvalidatedStringType,
    /// +k8s:maxBytes=0
    pub max0UnvalidatedTypedefPtrField: Option<UnvalidatedStringType>,
    /// +k8s:maxBytes=10
    pub max10UnvalidatedTypedefField: UnvalidatedStringType,
    /// +k8s:maxBytes=10
    pub max10UnvalidatedTypedefPtrField: Option<UnvalidatedStringType>,
    /// Note: no validation here
    pub max0ValidatedTypedefField: Max0Type,
    /// Note: no validation here
    pub max0ValidatedTypedefPtrField: Option<Max0Type>,
    /// Note: no validation here
    pub max10ValidatedTypedefField: Max10Type,
    /// Note: no validation here
    pub max10ValidatedTypedefPtrField: Option<Max10Type>,
}

/// Note: no validation here
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct UnvalidatedStringType(pub String);

/// +k8s:maxBytes=0
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct Max0Type(pub String);

/// +k8s:maxBytes=10
#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct Max10Type(pub String);

fn x(n: usize) -> String {
    "x".repeat(n)
}

fn max10(n: usize) -> Struct {
    Struct {
        max10Field: x(n),
        max10PtrField: Some(x(n)),
        max10UnvalidatedTypedefField: UnvalidatedStringType(x(n)),
        max10UnvalidatedTypedefPtrField: Some(UnvalidatedStringType(x(n))),
        max10ValidatedTypedefField: Max10Type(x(n)),
        max10ValidatedTypedefPtrField: Some(Max10Type(x(n))),
        ..Struct::default()
    }
}

fn invalid_value() -> Struct {
    Struct {
        max0Field: x(1),
        max0PtrField: Some(x(1)),
        max0UnvalidatedTypedefField: UnvalidatedStringType(x(1)),
        max0UnvalidatedTypedefPtrField: Some(UnvalidatedStringType(x(1))),
        max0ValidatedTypedefField: Max0Type(x(1)),
        max0ValidatedTypedefPtrField: Some(Max0Type(x(1))),
        ..max10(11)
    }
}

#[test]
fn within_limits() {
    st(&Struct::default()).expect_valid();
    st(&max10(1)).expect_valid();
    st(&max10(9)).expect_valid();
    st(&max10(10)).expect_valid();
}

#[test]
fn too_long_values() {
    st(&invalid_value()).expect(
        TF,
        &[
            too_long("max0Field"),
            too_long("max0PtrField"),
            too_long("max10Field"),
            too_long("max10PtrField"),
            too_long("max0UnvalidatedTypedefField"),
            too_long("max0UnvalidatedTypedefPtrField"),
            too_long("max10UnvalidatedTypedefField"),
            too_long("max10UnvalidatedTypedefPtrField"),
            too_long("max0ValidatedTypedefField"),
            too_long("max0ValidatedTypedefPtrField"),
            too_long("max10ValidatedTypedefField"),
            too_long("max10ValidatedTypedefPtrField"),
        ],
    );
    let errs = st(&invalid_value()).errors();
    assert_eq!(
        errs.iter().nth(2).unwrap().to_string(),
        "max10Field: Too long: may not be more than 10 bytes"
    );
    assert!(errs.iter().all(|e| e.origin() == Some("maxBytes")));
    // 3 characters, 9 bytes: within 10 bytes; 4 characters, 12 bytes: not.
    let v = Struct {
        max10Field: "日本語字".into(),
        max10PtrField: Some("日本語".into()),
        ..Struct::default()
    };
    st(&v).expect(TF, &[too_long("max10Field")]);
}

#[test]
fn unchanged_values_ratchet() {
    st(&invalid_value()).old(&invalid_value()).expect_valid();
}
