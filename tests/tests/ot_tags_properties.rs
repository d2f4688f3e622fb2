//! Port of upstream `cmd/validation-gen/output_tests/tags/{maxproperties,minproperties}`
//! (kubernetes/code-generator default branch; newer than v0.36.0):
//! `+k8s:maxProperties` / `+k8s:minProperties` on maps, with typedef keys
//! and values. A nil map counts as empty for minProperties.
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::{st, too_few, too_many, TF};
use k8s_validation::Validate;

mod maxproperties {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:maxProperties=0
        pub max0Field: BTreeMap<String, String>,
        /// +k8s:maxProperties=10
        pub max10Field: BTreeMap<String, String>,
        /// +k8s:maxProperties=0
        pub max0TypedefKeyField: BTreeMap<StringKey, String>,
        /// +k8s:maxProperties=10
        pub max10TypedefKeyField: BTreeMap<StringKey, String>,
    }

    #[derive(Validate, PartialEq, Eq, PartialOrd, Ord, Debug, Clone, Default)]
    pub struct StringKey(pub String);

    fn strings(n: usize) -> BTreeMap<String, String> {
        (0..n).map(|i| (i.to_string(), i.to_string())).collect()
    }

    fn keys(n: usize) -> BTreeMap<StringKey, String> {
        (0..n)
            .map(|i| (StringKey(i.to_string()), i.to_string()))
            .collect()
    }

    fn value(max0: usize, max10: usize) -> Struct {
        Struct {
            max0Field: strings(max0),
            max10Field: strings(max10),
            max0TypedefKeyField: keys(max0),
            max10TypedefKeyField: keys(max10),
        }
    }

    #[test]
    fn cases() {
        st(&Struct::default()).expect_valid();
        st(&value(0, 0)).expect_valid();
        st(&value(0, 1)).expect_valid();
        st(&value(0, 9)).expect_valid();
        st(&value(0, 10)).expect_valid();
        st(&value(1, 11)).expect(
            TF,
            &[
                too_many("max0Field"),
                too_many("max10Field"),
                too_many("max0TypedefKeyField"),
                too_many("max10TypedefKeyField"),
            ],
        );
        let errs = st(&value(1, 11)).errors();
        assert_eq!(
            errs.iter().nth(1).unwrap().to_string(),
            "max10Field: Too many: 11: must have at most 10 items"
        );
        assert!(errs.iter().all(|e| e.origin() == Some("maxProperties")));
        st(&value(1, 11)).old(&value(1, 11)).expect_valid();
    }
}

mod minproperties {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:minProperties=0
        pub min0Field: BTreeMap<String, String>,
        /// +k8s:minProperties=10
        pub min10Field: BTreeMap<String, String>,
        /// +k8s:minProperties=0
        pub min0TypedefField: BTreeMap<String, StringType>,
        /// +k8s:minProperties=10
        pub min10TypedefField: BTreeMap<String, StringType>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct StringType(pub String);

    fn value(min0: usize, min10: usize) -> Struct {
        Struct {
            min0Field: (0..min0).map(|i| (format!("k{i}"), "v".into())).collect(),
            min10Field: (0..min10).map(|i| (format!("k{i}"), "v".into())).collect(),
            min0TypedefField: (0..min0)
                .map(|i| (format!("k{i}"), StringType("v".into())))
                .collect(),
            min10TypedefField: (0..min10)
                .map(|i| (format!("k{i}"), StringType("v".into())))
                .collect(),
        }
    }

    #[test]
    fn cases() {
        let both = [too_few("min10Field"), too_few("min10TypedefField")];
        st(&Struct::default()).expect(TF, &both);
        st(&value(0, 1)).expect(TF, &both);
        st(&value(0, 9)).expect(TF, &both);
        let errs = st(&value(0, 9)).errors();
        assert_eq!(
            errs.iter().next().unwrap().to_string(),
            "min10Field: Too few: 9: must have at least 10 items"
        );
        assert!(errs.iter().all(|e| e.origin() == Some("minProperties")));
        st(&value(0, 10)).expect_valid();
        st(&value(1, 11)).expect_valid();
        st(&value(1, 1)).old(&value(1, 1)).expect_valid();
    }
}
