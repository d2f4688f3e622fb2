//! Port of upstream `cmd/validation-gen/output_tests/tags/maxitems/{slice_of_primitive,
//! slice_of_struct,typedef_to_slice}` (kubernetes/code-generator v0.35.0):
//! `+k8s:maxItems` on lists of primitives, of structs, of typedefs, and on
//! list typedefs (including a typedef of a typedef).
#![allow(non_snake_case)]

use conformance_tests::{st, too_many, TF};
use k8s_validation::Validate;

/// The cases every maxitems package runs: `make(T, n)` for each field.
macro_rules! max_items_cases {
    ($build:expr) => {{
        let build = $build;
        st(&build(None, None)).expect_valid();
        st(&build(Some(0), Some(0))).expect_valid();
        st(&build(None, Some(1))).expect_valid();
        st(&build(None, Some(9))).expect_valid();
        st(&build(None, Some(10))).expect_valid();
        let bad = build(Some(1), Some(11));
        st(&bad).expect(
            TF,
            &[
                too_many("max0Field"),
                too_many("max10Field"),
                too_many("max0TypedefField"),
                too_many("max10TypedefField"),
            ],
        );
        let errs = st(&bad).errors();
        let texts: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            texts,
            [
                "max0Field: Too many: 1: must have at most 0 items",
                "max10Field: Too many: 11: must have at most 10 items",
                "max0TypedefField: Too many: 1: must have at most 0 items",
                "max10TypedefField: Too many: 11: must have at most 10 items",
            ]
        );
        assert!(errs.iter().all(|e| e.origin() == Some("maxItems")));
        // Ratcheting: unchanged too-long lists pass.
        st(&bad).old(&build(Some(1), Some(11))).expect_valid();
    }};
}

fn n_of<T: Default>(n: Option<usize>) -> Vec<T> {
    (0..n.unwrap_or(0)).map(|_| T::default()).collect()
}

mod slice_of_primitive {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:maxItems=0
        pub max0Field: Vec<i64>,
        /// +k8s:maxItems=10
        pub max10Field: Vec<i64>,
        /// +k8s:maxItems=0
        pub max0TypedefField: Vec<IntType>,
        /// +k8s:maxItems=10
        pub max10TypedefField: Vec<IntType>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct IntType(pub i64);

    #[test]
    fn cases() {
        max_items_cases!(|max0: Option<usize>, max10: Option<usize>| Struct {
            max0Field: n_of(max0),
            max10Field: n_of(max10),
            max0TypedefField: n_of(max0),
            max10TypedefField: n_of(max10),
        });
    }
}

mod slice_of_struct {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:maxItems=0
        pub max0Field: Vec<OtherStruct>,
        /// +k8s:maxItems=10
        pub max10Field: Vec<OtherStruct>,
        /// +k8s:maxItems=0
        pub max0TypedefField: Vec<OtherTypedefStruct>,
        /// +k8s:maxItems=10
        pub max10TypedefField: Vec<OtherTypedefStruct>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct OtherStruct {}

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct OtherTypedefStruct(pub OtherStruct);

    #[test]
    fn cases() {
        max_items_cases!(|max0: Option<usize>, max10: Option<usize>| Struct {
            max0Field: n_of(max0),
            max10Field: n_of(max10),
            max0TypedefField: n_of(max0),
            max10TypedefField: n_of(max10),
        });
    }
}

mod typedef_to_slice {
    use super::*;

    /// Note: no validation here
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct UnvalidatedType(pub Vec<i64>);

    /// +k8s:maxItems=0
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Max0Type(pub Vec<i64>);

    /// +k8s:maxItems=10
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Max10Type(pub Vec<i64>);

    /// Note: no validation here
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct UnvalidatedPtrType(pub Vec<Option<i64>>);

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct SliceType(pub Vec<i64>);

    /// +k8s:maxItems=0
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Max0TypedefType(pub SliceType);

    /// +k8s:maxItems=10
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Max10TypedefType(pub SliceType);

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        pub unvalidatedField: UnvalidatedType,
        pub max0Field: Max0Type,
        pub max10Field: Max10Type,
        pub max0TypedefField: Max0TypedefType,
        pub max10TypedefField: Max10TypedefType,
    }

    #[test]
    fn cases() {
        max_items_cases!(|max0: Option<usize>, max10: Option<usize>| Struct {
            unvalidatedField: UnvalidatedType(n_of(max10)),
            max0Field: Max0Type(n_of(max0)),
            max10Field: Max10Type(n_of(max10)),
            max0TypedefField: Max0TypedefType(SliceType(n_of(max0))),
            max10TypedefField: Max10TypedefType(SliceType(n_of(max10))),
        });
        st(&UnvalidatedPtrType(vec![None; 20])).expect_valid();
    }
}
