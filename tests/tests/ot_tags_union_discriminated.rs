//! Port of upstream `cmd/validation-gen/output_tests/tags/union/union/discriminated/{simple,
//! custom_members,empty,multiple,sparse}` (kubernetes/code-generator
//! v0.35.0): `+k8s:unionDiscriminator` with `+k8s:unionMember`: the member
//! the discriminator names must be set and no other; custom member names;
//! several unions per struct; discriminator values without a member.
#![allow(non_snake_case)]

use conformance_tests::{invalid, st, Matcher, W};
use k8s_validation::Validate;
use serde::Serialize;

const M: Matcher = Matcher::new()
    .by_type()
    .by_field()
    .by_detail_substring()
    .by_origin();

fn only_when(f: &str) -> W {
    invalid(f).detail("may only be specified when")
}

fn must_when(f: &str) -> W {
    invalid(f).detail("must be specified when")
}

#[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
pub struct M1 {}

#[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
pub struct M2 {}

#[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
pub struct D(pub String);

fn d(v: &str) -> D {
    D(v.to_string())
}

mod simple {
    use super::*;

    /// Discriminated union.
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:unionDiscriminator
        pub d: D,
        /// +k8s:unionMember
        /// +k8s:optional
        pub m1: Option<M1>,
        /// +k8s:unionMember
        /// +k8s:optional
        pub m2: Option<M2>,
    }

    #[test]
    fn cases() {
        st(&Struct::default()).expect_valid();
        st(&Struct {
            d: d("M1"),
            m1: Some(M1 {}),
            m2: None,
        })
        .expect_valid();
        st(&Struct {
            d: d("M2"),
            m1: None,
            m2: Some(M2 {}),
        })
        .expect_valid();
        let both = Struct {
            d: d("M2"),
            m1: Some(M1 {}),
            m2: Some(M2 {}),
        };
        st(&both).expect(M, &[only_when("m1")]);
        st(&both)
            .expect_texts(&[r#"m1: Invalid value: "": may only be specified when `d` is "M1""#]);
        let missing = Struct {
            d: d("M1"),
            ..Struct::default()
        };
        st(&missing).expect(M, &[must_when("m1")]);
        st(&missing)
            .expect_texts(&[r#"m1: Invalid value: "": must be specified when `d` is "M1""#]);
        // Ratcheting.
        st(&both).old(&both.clone()).expect_valid();
        st(&missing).old(&missing.clone()).expect_valid();
        // A changed discriminator revalidates.
        st(&missing)
            .old(&Struct {
                d: d("M2"),
                ..Struct::default()
            })
            .expect(M, &[must_when("m1")]);
    }
}

mod custom_members {
    use super::*;

    /// Discriminated union with custom member names.
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:unionDiscriminator
        pub d: D,
        /// +k8s:unionMember(memberName: "CustomM1")
        /// +k8s:optional
        pub m1: Option<M1>,
        /// +k8s:unionMember(memberName: "CustomM2")
        /// +k8s:optional
        pub m2: Option<M2>,
    }

    #[test]
    fn cases() {
        st(&Struct {
            d: d("CustomM1"),
            m1: Some(M1 {}),
            m2: None,
        })
        .expect_valid();
        st(&Struct {
            d: d("CustomM2"),
            m1: None,
            m2: Some(M2 {}),
        })
        .expect_valid();
        let both = Struct {
            d: d("CustomM2"),
            m1: Some(M1 {}),
            m2: Some(M2 {}),
        };
        st(&both).expect(M, &[only_when("m1")]);
        st(&both).expect_texts(&[
            r#"m1: Invalid value: "": may only be specified when `d` is "CustomM1""#,
        ]);
        let missing = Struct {
            d: d("CustomM1"),
            ..Struct::default()
        };
        st(&missing).expect(M, &[must_when("m1")]);
        st(&both).old(&both.clone()).expect_valid();
        st(&missing).old(&missing.clone()).expect_valid();
    }
}

mod empty {
    use super::*;

    /// Empty discriminated union.
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:unionDiscriminator
        pub d: D,
    }

    #[test]
    fn cases() {
        // Union discriminators may be optional.
        st(&Struct { d: d("") }).expect_valid();
        // Their values are validated on their own (not here).
        st(&Struct { d: d("Unknown") }).expect_valid();
    }
}

mod multiple {
    use super::*;

    /// Two discriminated unions in the same struct. Default member names
    /// are the Go field names (`U1M1`), so the Rust fields are `u1_m1`.
    #[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:unionDiscriminator(union: "union1")
        pub d1: D,
        /// +k8s:unionMember(union: "union1")
        /// +k8s:optional
        #[serde(rename = "u1m1")]
        pub u1_m1: Option<M1>,
        /// +k8s:unionMember(union: "union1")
        /// +k8s:optional
        #[serde(rename = "u1m2")]
        pub u1_m2: Option<M2>,
        /// +k8s:unionDiscriminator(union: "union2")
        pub d2: D,
        /// +k8s:unionMember(union: "union2")
        /// +k8s:optional
        #[serde(rename = "u2m1")]
        pub u2_m1: Option<M1>,
        /// +k8s:unionMember(union: "union2")
        /// +k8s:optional
        #[serde(rename = "u2m2")]
        pub u2_m2: Option<M2>,
    }

    fn v(d1: &str, a: bool, b: bool, d2: &str, c: bool, e: bool) -> Struct {
        Struct {
            d1: d(d1),
            u1_m1: a.then_some(M1 {}),
            u1_m2: b.then_some(M2 {}),
            d2: d(d2),
            u2_m1: c.then_some(M1 {}),
            u2_m2: e.then_some(M2 {}),
        }
    }

    #[test]
    fn cases() {
        st(&Struct::default()).expect_valid();
        st(&v("U1M1", true, false, "U2M1", true, false)).expect_valid();
        st(&v("U1M2", false, true, "U2M2", false, true)).expect_valid();
        let a = v("U1M2", true, true, "U2M2", false, false);
        st(&a).expect(M, &[only_when("u1m1"), must_when("u2m2")]);
        st(&a).expect_texts(&[
            r#"u1m1: Invalid value: "": may only be specified when `d1` is "U1M1""#,
            r#"u2m2: Invalid value: "": must be specified when `d2` is "U2M2""#,
        ]);
        let b = v("U1M2", false, false, "U2M2", true, true);
        st(&b).expect(M, &[must_when("u1m2"), only_when("u2m1")]);
        let c = v("U1M2", false, false, "U2M2", false, false);
        st(&c).expect(M, &[must_when("u1m2"), must_when("u2m2")]);
        for x in [a, b, c] {
            st(&x).old(&x.clone()).expect_valid();
        }
    }
}

mod sparse {
    use super::*;

    /// Discriminated union; no member for the `M2` discriminator value.
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        /// +k8s:unionDiscriminator
        pub d: D,
        /// +k8s:unionMember
        /// +k8s:optional
        pub m1: Option<M1>,
    }

    #[test]
    fn cases() {
        st(&Struct::default()).expect_valid();
        st(&Struct {
            d: d("M1"),
            m1: Some(M1 {}),
        })
        .expect_valid();
        st(&Struct {
            d: d("M2"),
            m1: None,
        })
        .expect_valid();
        let extra = Struct {
            d: d("M2"),
            m1: Some(M1 {}),
        };
        st(&extra).expect(M, &[only_when("m1")]);
        let missing = Struct {
            d: d("M1"),
            m1: None,
        };
        st(&missing).expect(M, &[must_when("m1")]);
        st(&extra).old(&extra.clone()).expect_valid();
        st(&missing).old(&missing.clone()).expect_valid();
    }
}
