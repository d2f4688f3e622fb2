//! Port of upstream `cmd/validation-gen/output_tests/public_private` and
//! `elide_no_validations` (kubernetes/code-generator v0.35.0):
//! `testdata/validate-false.json`. Unexported Go fields are not validated;
//! here a field that is not serialized (`#[serde(skip)]`) is the same. Types
//! with no validations anywhere contribute nothing.
#![allow(non_snake_case)]

use conformance_tests::fixture;
use k8s_validation::Validate;
use serde::Serialize;

mod public_private {
    use super::*;

    #[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
    pub struct T1 {
        /// +k8s:validateFalse="field T1.Public"
        pub public: String,
        /// An unexported Go field: not part of the API, not validated.
        /// +k8s:validateFalse="field T1.private"
        #[serde(skip)]
        pub private: String,
    }

    #[test]
    fn fixture_t1() {
        let v = T1 {
            public: "a".into(),
            private: "b".into(),
        };
        fixture(&v, &[("public", &["field T1.Public"])]);
    }
}

mod elide_no_validations {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct T1 {
        pub hasTypeVal: HasTypeVal,
        pub hasFieldVal: HasFieldVal,
        pub hasNoVal: HasNoVal,
        /// +k8s:validateFalse="field T1.HasNoValFieldVal"
        pub hasNoValFieldVal: HasNoVal,
    }

    /// +k8s:validateFalse="type HasTypeVal"
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct HasTypeVal {
        pub s: String,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct HasFieldVal {
        /// +k8s:validateFalse="field HasFieldVal.S"
        pub s: String,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct HasNoVal {
        pub s: String,
    }

    #[test]
    fn fixture_t1() {
        let v = T1 {
            hasTypeVal: HasTypeVal { s: "a".into() },
            hasFieldVal: HasFieldVal { s: "b".into() },
            hasNoVal: HasNoVal { s: "c".into() },
            hasNoValFieldVal: HasNoVal { s: "d".into() },
        };
        fixture(
            &v,
            &[
                ("hasFieldVal.s", &["field HasFieldVal.S"]),
                ("hasNoValFieldVal", &["field T1.HasNoValFieldVal"]),
                ("hasTypeVal", &["type HasTypeVal"]),
            ],
        );
    }
}
