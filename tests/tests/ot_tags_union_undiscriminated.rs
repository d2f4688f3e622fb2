//! Port of upstream `cmd/validation-gen/output_tests/tags/union/union/undiscriminated/{simple,
//! custom_members,multiple}` (kubernetes/code-generator v0.35.0):
//! `+k8s:unionMember` without a discriminator: exactly one member set, by
//! set-ness (pointers, strings), several unions per struct, ratcheting on
//! set-ness.
#![allow(non_snake_case)]

use conformance_tests::{invalid, st, Matcher, W};
use k8s_validation::Validate;

const M: Matcher = Matcher::new()
    .by_type()
    .by_field()
    .by_detail_substring()
    .by_origin();

fn none_set() -> W {
    invalid("<nil>").detail("must specify one of")
}

fn many_set() -> W {
    invalid("<nil>").detail("must specify exactly one of")
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct M1 {}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
pub struct M2 {}

mod simple {
    use super::*;

    /// Non-discriminated union.
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        pub nonUnionField: String,
        /// +k8s:unionMember
        /// +k8s:optional
        pub m1: Option<M1>,
        /// +k8s:unionMember
        /// +k8s:optional
        pub m2: Option<M2>,
        /// +k8s:unionMember
        /// +k8s:optional
        pub m3: String,
        /// +k8s:unionMember
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
        st(&Struct::default()).expect(M, &[none_set()]);
        st(&Struct::default()).expect_texts(&[
            r#"<nil>: Invalid value: "": must specify one of: `m1`, `m2`, `m3`, `m4`"#,
        ]);
        st(&s(|v| v.m1 = Some(M1 {}))).expect_valid();
        st(&s(|v| v.m2 = Some(M2 {}))).expect_valid();
        st(&s(|v| v.m3 = "a string".into())).expect_valid();
        st(&s(|v| v.m4 = Some("a string".into()))).expect_valid();
        let m1m2 = s(|v| {
            v.m1 = Some(M1 {});
            v.m2 = Some(M2 {});
        });
        st(&m1m2).expect(M, &[many_set()]);
        st(&m1m2).expect_texts(&[
            r#"<nil>: Invalid value: "{m1, m2}": must specify exactly one of: `m1`, `m2`, `m3`, `m4`"#,
        ]);
        st(&s(|v| {
            v.m1 = Some(M1 {});
            v.m3 = "a string".into();
        }))
        .expect(M, &[many_set()]);
        st(&s(|v| {
            v.m1 = Some(M1 {});
            v.m4 = Some("a string".into());
        }))
        .expect(M, &[many_set()]);
        // Update only considers whether a member is set, not its value.
        st(&s(|v| v.m3 = "a string".into()))
            .old(&s(|v| v.m3 = "different string".into()))
            .expect_valid();
        // Ratcheting.
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
        // A change of set-ness revalidates.
        st(&m1m2)
            .old(&s(|v| v.m1 = Some(M1 {})))
            .expect(M, &[many_set()]);
    }
}

mod custom_members {
    use super::*;

    /// Non-discriminated union with custom member names.
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        pub nonUnionField: String,
        /// +k8s:unionMember(memberName: "CustomM1")
        /// +k8s:optional
        pub m1: Option<M1>,
        /// +k8s:unionMember(memberName: "CustomM2")
        /// +k8s:optional
        pub m2: Option<M2>,
    }

    #[test]
    fn cases() {
        let both = Struct {
            m1: Some(M1 {}),
            m2: Some(M2 {}),
            ..Struct::default()
        };
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
        st(&both).expect(M, &[many_set()]);
        // Messages name the JSON fields, not the member names.
        st(&both).expect_texts(&[
            r#"<nil>: Invalid value: "{m1, m2}": must specify exactly one of: `m1`, `m2`"#,
        ]);
        st(&Struct::default()).expect(M, &[none_set()]);
        st(&both).old(&both.clone()).expect_valid();
        st(&Struct::default())
            .old(&Struct::default())
            .expect_valid();
    }
}

mod multiple {
    use super::*;

    /// Two non-discriminated unions in the same struct.
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        pub nonUnionField: String,
        /// +k8s:unionMember(union: "union1")
        /// +k8s:optional
        pub u1m1: Option<M1>,
        /// +k8s:unionMember(union: "union1")
        /// +k8s:optional
        pub u1m2: Option<M2>,
        /// +k8s:unionMember(union: "union2")
        /// +k8s:optional
        pub u2m1: Option<M1>,
        /// +k8s:unionMember(union: "union2")
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
        st(&v(false, false, false, false)).expect(M, &[none_set(), none_set()]);
        st(&v(true, false, true, false)).expect_valid();
        st(&v(false, true, false, true)).expect_valid();
        st(&v(true, true, false, false)).expect(M, &[many_set(), none_set()]);
        st(&v(true, true, false, false)).expect_texts(&[
            r#"<nil>: Invalid value: "{u1m1, u1m2}": must specify exactly one of: `u1m1`, `u1m2`"#,
            r#"<nil>: Invalid value: "": must specify one of: `u2m1`, `u2m2`"#,
        ]);
        st(&v(false, false, true, true)).expect(M, &[none_set(), many_set()]);
        st(&v(true, true, true, true)).expect(M, &[many_set(), many_set()]);
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
