//! Port of upstream `cmd/validation-gen/output_tests/tags/validate_false` and
//! `tags/validate_true` (kubernetes/code-generator v0.35.0): the test tags
//! that always fail or always pass, with ratcheting.
#![allow(non_snake_case)]

use conformance_tests::st;
use k8s_validation::Validate;

mod validate_false {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:validateFalse="field Struct.StringField"
        pub stringField: String,
    }

    #[test]
    fn cases() {
        st(&Struct::default()).expect_forced(&[("stringField", &["field Struct.StringField"])]);
        st(&Struct::default())
            .old(&Struct::default())
            .expect_valid();
        let abc = Struct {
            stringField: "abc".into(),
        };
        st(&abc).expect_forced(&[("stringField", &["field Struct.StringField"])]);
        st(&abc).expect_texts(&[
            r#"stringField: Invalid value: "abc": forced failure: field Struct.StringField"#,
        ]);
        assert_eq!(
            st(&abc).errors().iter().next().unwrap().origin(),
            Some("validateFalse")
        );
        st(&abc).old(&abc.clone()).expect_valid();
    }
}

mod validate_true {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:validateTrue="field Struct.StringField"
        pub stringField: String,
    }

    #[test]
    fn cases() {
        st(&Struct::default()).expect_valid();
        st(&Struct {
            stringField: "abc".into(),
        })
        .expect_valid();
    }
}
