//! Port of upstream `cmd/validation-gen/output_tests/tags/zerooroneof/zerooroneof/{simple,
//! custom_members,multiple}` (kubernetes/code-generator v0.35.0):
//! `+k8s:zeroOrOneOfMember`: at most one member set (none is fine), several
//! groups per struct, ratcheting on set-ness.
#![allow(non_snake_case)]

use conformance_tests::{invalid, st, Matcher, W};
use k8s_validation::Validate;

const M: Matcher = Matcher::new()
    .by_type()
    .by_field()
    .by_detail_substring()
    .by_origin();

fn many() -> W {
    invalid("<nil>")
        .origin("zeroOrOneOf")
        .detail("must specify at most one of")
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct M1 {}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct M2 {}

mod simple {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        pub nonUnionField: String,
        /// +k8s:zeroOrOneOfMember
        /// +k8s:optional
        pub m1: Option<M1>,
        /// +k8s:zeroOrOneOfMember
        /// +k8s:optional
        pub m2: Option<M2>,
        /// +k8s:zeroOrOneOfMember
        /// +k8s:optional
        pub m3: String,
        /// +k8s:zeroOrOneOfMember
        /// +k8s:optional
        pub m4: Option<String>,
    }

    fn s(f: impl FnOnce(&mut Struct)) -> Struct {
        let mut v = Struct::default();
        f(&mut v);
        v
    }

    #[test]
    fn cases() {
        st(&Struct::default()).expect_valid();
        st(&s(|v| v.m1 = Some(M1 {}))).expect_valid();
        st(&s(|v| v.m2 = Some(M2 {}))).expect_valid();
        st(&s(|v| v.m3 = "a string".into())).expect_valid();
        st(&s(|v| v.m4 = Some("a string".into()))).expect_valid();
        let m1m2 = s(|v| {
            v.m1 = Some(M1 {});
            v.m2 = Some(M2 {});
        });
        st(&m1m2).expect(M, &[many()]);
        st(&m1m2).expect_texts(&[
            r#"<nil>: Invalid value: "{m1, m2}": must specify at most one of: `m1`, `m2`, `m3`, `m4`"#,
        ]);
        st(&s(|v| {
            v.m1 = Some(M1 {});
            v.m3 = "a string".into();
        }))
        .expect(M, &[many()]);
        st(&s(|v| {
            v.m1 = Some(M1 {});
            v.m4 = Some("a string".into());
        }))
        .expect(M, &[many()]);
        st(&s(|v| v.m3 = "a string".into()))
            .old(&s(|v| v.m3 = "different string".into()))
            .expect_valid();
        st(&Struct::default())
            .old(&Struct::default())
            .expect_valid();
        st(&m1m2).old(&m1m2.clone()).expect_valid();
        let m3m2 = |x: &str| {
            s(|v| {
                v.m3 = x.into();
                v.m2 = Some(M2 {});
            })
        };
        st(&m3m2("a string"))
            .old(&m3m2("different string"))
            .expect_valid();
    }
}

mod custom_members {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        pub nonUnionField: String,
        /// +k8s:zeroOrOneOfMember(memberName: "CustomM1")
        /// +k8s:optional
        pub m1: Option<M1>,
        /// +k8s:zeroOrOneOfMember(memberName: "CustomM2")
        /// +k8s:optional
        pub m2: Option<M2>,
    }

    #[test]
    fn cases() {
        st(&Struct::default()).expect_valid();
        st(&Struct {
            m1: Some(M1 {}),
            ..Struct::default()
        })
        .expect_valid();
        st(&Struct {
            m2: Some(M2 {}),
            ..Struct::default()
        })
        .expect_valid();
        let both = Struct {
            m1: Some(M1 {}),
            m2: Some(M2 {}),
            ..Struct::default()
        };
        st(&both).expect(M, &[many()]);
        st(&both).old(&both.clone()).expect_valid();
        st(&Struct::default())
            .old(&Struct::default())
            .expect_valid();
    }
}

mod multiple {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        pub nonUnionField: String,
        /// +k8s:zeroOrOneOfMember(union: "union1")
        /// +k8s:optional
        pub u1m1: Option<M1>,
        /// +k8s:zeroOrOneOfMember(union: "union1")
        /// +k8s:optional
        pub u1m2: Option<M2>,
        /// +k8s:zeroOrOneOfMember(union: "union2")
        /// +k8s:optional
        pub u2m1: Option<M1>,
        /// +k8s:zeroOrOneOfMember(union: "union2")
        /// +k8s:optional
        pub u2m2: Option<M2>,
    }

    fn v(a: bool, b: bool, c: bool, d: bool) -> Struct {
        Struct {
            nonUnionField: String::new(),
            u1m1: a.then_some(M1 {}),
            u1m2: b.then_some(M2 {}),
            u2m1: c.then_some(M1 {}),
            u2m2: d.then_some(M2 {}),
        }
    }

    #[test]
    fn cases() {
        st(&v(false, false, false, false)).expect_valid();
        st(&v(true, false, true, false)).expect_valid();
        st(&v(false, true, false, true)).expect_valid();
        st(&v(true, false, false, false)).expect_valid();
        st(&v(false, false, false, true)).expect_valid();
        st(&v(true, true, false, false)).expect(M, &[many()]);
        st(&v(false, false, true, true)).expect(M, &[many()]);
        // Both groups fail: one wanted error with an origin matches both.
        st(&v(true, true, true, true)).expect(M, &[many()]);
        st(&v(true, true, true, true)).expect_texts(&[
            r#"<nil>: Invalid value: "{u1m1, u1m2}": must specify at most one of: `u1m1`, `u1m2`"#,
            r#"<nil>: Invalid value: "{u2m1, u2m2}": must specify at most one of: `u2m1`, `u2m2`"#,
        ]);
        for (a, b, c, d) in [
            (false, false, false, false),
            (true, true, false, false),
            (false, false, true, true),
            (true, true, true, true),
        ] {
            st(&v(a, b, c, d)).old(&v(a, b, c, d)).expect_valid();
        }
    }
}
