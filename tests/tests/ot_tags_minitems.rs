//! Port of upstream `cmd/validation-gen/output_tests/tags/minitems/{slice_of_primitive,
//! slice_of_struct,typedef_to_slice}` (kubernetes/code-generator v0.36.0,
//! where the packages first appear): `+k8s:minItems` on lists of primitives,
//! of structs, of typedefs, and on list typedefs. A nil list counts as empty.
#![allow(non_snake_case)]

use conformance_tests::{st, too_few, TF};
use k8s_validation::Validate;

/// The cases every minitems package runs: `make(T, n)` for each field.
macro_rules! min_items_cases {
    ($build:expr) => {{
        let build = $build;
        let both = [too_few("min10Field"), too_few("min10TypedefField")];
        st(&build(None, None)).expect(TF, &both);
        st(&build(Some(0), Some(0))).expect(TF, &both);
        st(&build(None, Some(1))).expect(TF, &both);
        st(&build(None, Some(9))).expect(TF, &both);
        let texts: Vec<String> = st(&build(None, Some(9)))
            .errors()
            .iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(
            texts,
            [
                "min10Field: Too few: 9: must have at least 10 items",
                "min10TypedefField: Too few: 9: must have at least 10 items",
            ]
        );
        assert!(st(&build(None, None))
            .errors()
            .iter()
            .all(|e| e.origin() == Some("minItems")));
        st(&build(None, Some(10))).expect_valid();
        st(&build(Some(1), Some(11))).expect_valid();
        // Ratcheting: unchanged too-short lists pass.
        st(&build(Some(1), Some(1)))
            .old(&build(Some(1), Some(1)))
            .expect_valid();
    }};
}

fn n_of<T: Default>(n: Option<usize>) -> Vec<T> {
    (0..n.unwrap_or(0)).map(|_| T::default()).collect()
}

mod slice_of_primitive {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:minItems=0
        pub min0Field: Vec<i64>,
        /// +k8s:minItems=10
        pub min10Field: Vec<i64>,
        /// +k8s:minItems=0
        pub min0TypedefField: Vec<IntType>,
        /// +k8s:minItems=10
        pub min10TypedefField: Vec<IntType>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct IntType(pub i64);

    #[test]
    fn cases() {
        min_items_cases!(|min0: Option<usize>, min10: Option<usize>| Struct {
            min0Field: n_of(min0),
            min10Field: n_of(min10),
            min0TypedefField: n_of(min0),
            min10TypedefField: n_of(min10),
        });
    }
}

mod slice_of_struct {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:minItems=0
        pub min0Field: Vec<OtherStruct>,
        /// +k8s:minItems=10
        pub min10Field: Vec<OtherStruct>,
        /// +k8s:minItems=0
        pub min0TypedefField: Vec<OtherTypedefStruct>,
        /// +k8s:minItems=10
        pub min10TypedefField: Vec<OtherTypedefStruct>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct OtherStruct {}

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct OtherTypedefStruct(pub OtherStruct);

    #[test]
    fn cases() {
        min_items_cases!(|min0: Option<usize>, min10: Option<usize>| Struct {
            min0Field: n_of(min0),
            min10Field: n_of(min10),
            min0TypedefField: n_of(min0),
            min10TypedefField: n_of(min10),
        });
    }
}

mod typedef_to_slice {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct UnvalidatedType(pub Vec<i64>);

    /// +k8s:minItems=0
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Min0Type(pub Vec<i64>);

    /// +k8s:minItems=10
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Min10Type(pub Vec<i64>);

    /// Note: no validation here
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct UnvalidatedPtrType(pub Vec<Option<i64>>);

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct SliceType(pub Vec<i64>);

    /// +k8s:minItems=0
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Min0TypedefType(pub SliceType);

    /// +k8s:minItems=10
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Min10TypedefType(pub SliceType);

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        pub unvalidatedField: UnvalidatedType,
        pub min0Field: Min0Type,
        pub min10Field: Min10Type,
        pub min0TypedefField: Min0TypedefType,
        pub min10TypedefField: Min10TypedefType,
    }

    #[test]
    fn cases() {
        min_items_cases!(|min0: Option<usize>, min10: Option<usize>| Struct {
            unvalidatedField: UnvalidatedType(n_of(min0)),
            min0Field: Min0Type(n_of(min0)),
            min10Field: Min10Type(n_of(min10)),
            min0TypedefField: Min0TypedefType(SliceType(n_of(min0))),
            min10TypedefField: Min10TypedefType(SliceType(n_of(min10))),
        });
        st(&UnvalidatedPtrType(vec![])).expect_valid();
    }
}
