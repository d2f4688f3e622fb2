//! Port of upstream `cmd/validation-gen/output_tests/update_validations/{lists,
//! maps,primitives,primitive_pointers}` (kubernetes/code-generator v0.35.0):
//! the `validate-false.json` fixtures of `lists` and `maps`, and the tests
//! of `primitives` and `primitive_pointers` (immutable scalars, compared by
//! value, not by pointer identity).

use std::collections::BTreeMap;

use conformance_tests::{fixture, invalid, st, Matcher};
use k8s_validation::Validate;

const TFSO: Matcher = Matcher::new()
    .by_type()
    .by_field()
    .by_detail_substring()
    .by_origin();

mod lists {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct T1 {
        pub lm1: Vec<M1>,
    }

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct M1 {
        /// +k8s:validateFalse="M1.S"
        pub s: String,
    }

    #[test]
    fn fixtures() {
        let v = T1 {
            lm1: vec![M1 { s: "a".into() }, M1 { s: "b".into() }],
        };
        fixture(&v, &[("lm1[0].s", &["M1.S"]), ("lm1[1].s", &["M1.S"])]);
        fixture(&M1 { s: "a".into() }, &[("s", &["M1.S"])]);
    }
}

mod maps {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct T1 {
        pub msm1: BTreeMap<String, M1>,
    }

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct M1 {
        /// +k8s:validateFalse="M1.S"
        pub s: String,
    }

    #[test]
    fn fixtures() {
        let v = T1 {
            msm1: BTreeMap::from([
                ("ƒ岯Ȉ&<沲3".into(), M1 { s: "a".into() }),
                ("Ȱ轷N".into(), M1 { s: "b".into() }),
            ]),
        };
        fixture(
            &v,
            &[
                ("msm1[ƒ岯Ȉ&<沲3].s", &["M1.S"]),
                ("msm1[Ȱ轷N].s", &["M1.S"]),
            ],
        );
        fixture(&M1 { s: "a".into() }, &[("s", &["M1.S"])]);
    }
}

mod primitives {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct Struct {
        /// +k8s:immutable
        pub s: String,
        /// +k8s:immutable
        pub i: i64,
        /// +k8s:immutable
        pub b: bool,
        /// +k8s:immutable
        pub f: f64,
    }

    #[test]
    fn immutable_primitives() {
        let a = Struct {
            s: "zero".into(),
            i: 0,
            b: false,
            f: 0.0,
        };
        let b = Struct {
            s: "one".into(),
            i: 1,
            b: true,
            f: 1.1,
        };
        st(&a).old(&a).expect_valid();
        st(&a).old(&b).expect(
            TFSO,
            &[
                invalid("s").origin("immutable"),
                invalid("i").origin("immutable"),
                invalid("b").origin("immutable"),
                invalid("f").origin("immutable"),
            ],
        );
        st(&a).old(&b).expect_texts(&[
            "s: Invalid value: null: field is immutable",
            "i: Invalid value: null: field is immutable",
            "b: Invalid value: null: field is immutable",
            "f: Invalid value: null: field is immutable",
        ]);
        // Create never fails.
        st(&a).expect_valid();
    }
}

mod primitive_pointers {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct Struct {
        /// +k8s:immutable
        pub sp: Option<String>,
        /// +k8s:immutable
        pub ip: Option<i64>,
        /// +k8s:immutable
        pub bp: Option<bool>,
        /// +k8s:immutable
        pub fp: Option<f64>,
    }

    #[test]
    fn immutable_pointers() {
        let a1 = Struct {
            sp: Some("zero".into()),
            ip: Some(0),
            bp: Some(false),
            fp: Some(0.0),
        };
        // Same data, different allocations.
        let a2 = a1.clone();
        let b = Struct {
            sp: Some("one".into()),
            ip: Some(1),
            bp: Some(true),
            fp: Some(1.1),
        };
        st(&a1).old(&a1).expect_valid();
        st(&a1).old(&a2).expect_valid();
        st(&a1).old(&b).expect(
            TFSO,
            &[
                invalid("sp").origin("immutable"),
                invalid("ip").origin("immutable"),
                invalid("bp").origin("immutable"),
                invalid("fp").origin("immutable"),
            ],
        );
        // Set <-> unset is a change too.
        let unset = Struct {
            sp: None,
            ip: None,
            bp: None,
            fp: None,
        };
        st(&unset).old(&a1).expect(
            TFSO,
            &[
                invalid("sp").origin("immutable"),
                invalid("ip").origin("immutable"),
                invalid("bp").origin("immutable"),
                invalid("fp").origin("immutable"),
            ],
        );
    }
}
