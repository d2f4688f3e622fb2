//! Union and zeroOrOneOf tags under wrappers, Kubernetes 1.37. Ports of
//! upstream `cmd/validation-gen/output_tests/tags/options/unions` and
//! `tags/levels/unions` (kubernetes/code-generator v0.37.2).
//!
//! Upstream defers a union's validation to the struct (or, for list-item
//! unions, the list) from its member tags, and a wrapper wraps what the
//! member tag defers: the union runs under the wrappers of the first member
//! tag of its kind (`ifEnabled` / `ifDisabled`, whose undefined option is an
//! internal error in 1.37; `alpha` / `beta`, which mark its errors). 1.36
//! marks a union with the level of its tags (`levels/unions`, run for both).
#![allow(non_snake_case)]

use k8s_validation::field::StabilityLevel;
use k8s_validation::{Operation, Validate};

/// (kind, field, origin, level) of an error.
pub(crate) type Rec = (String, String, String, Option<StabilityLevel>);

/// The errors of `v`, sorted by field and kind.
pub(crate) fn errors_of<T: Validate>(v: &T, op: &Operation) -> Vec<Rec> {
    let mut out: Vec<Rec> = v
        .validate(op)
        .iter()
        .map(|e| {
            (
                e.kind().as_str().to_string(),
                e.field().to_string(),
                e.origin().unwrap_or("").to_string(),
                e.stability_level(),
            )
        })
        .collect();
    out.sort_by(|a, b| (&a.1, &a.0).cmp(&(&b.1, &b.0)));
    out
}

fn rec(kind: &str, field: &str, origin: &str, level: Option<StabilityLevel>) -> Rec {
    (kind.into(), field.into(), origin.into(), level)
}

/// `tags/options/unions`.
mod options_unions {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Struct {
        pub unionField: Union,
        pub unionFieldDisabled: UnionDisabled,
        pub zeroOrOneOfField: ZeroOrOneOf,
        pub zeroOrOneOfFieldDisabled: ZeroOrOneOfDisabled,
        /// +k8s:listType=map
        /// +k8s:listMapKey=name
        /// +k8s:ifEnabled(FeatureX)=+k8s:item(name: "succeeded")=+k8s:zeroOrOneOfMember
        /// +k8s:ifEnabled(FeatureX)=+k8s:item(name: "failed")=+k8s:zeroOrOneOfMember
        pub zeroOrOneOfItem: Vec<Task>,
        /// +k8s:listType=map
        /// +k8s:listMapKey=name
        /// +k8s:ifDisabled(FeatureX)=+k8s:item(name: "succeeded")=+k8s:zeroOrOneOfMember
        /// +k8s:ifDisabled(FeatureX)=+k8s:item(name: "failed")=+k8s:zeroOrOneOfMember
        pub zeroOrOneOfItemDisabled: Vec<Task>,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Task {
        pub name: String,
        pub state: String,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Union {
        /// +k8s:ifEnabled(FeatureX)=+k8s:unionDiscriminator
        pub discriminator: String,
        /// +k8s:ifEnabled(FeatureX)=+k8s:unionMember
        pub xEnabledField: String,
        /// +k8s:ifEnabled(FeatureX)=+k8s:unionMember
        pub xDisabledField: String,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct UnionDisabled {
        /// +k8s:ifDisabled(FeatureX)=+k8s:unionDiscriminator
        pub discriminator: String,
        /// +k8s:ifDisabled(FeatureX)=+k8s:unionMember
        pub xEnabledField: String,
        /// +k8s:ifDisabled(FeatureX)=+k8s:unionMember
        pub xDisabledField: String,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct ZeroOrOneOf {
        /// +k8s:ifEnabled(FeatureX)=+k8s:zeroOrOneOfMember
        pub xEnabledField: String,
        /// +k8s:ifEnabled(FeatureX)=+k8s:zeroOrOneOfMember
        pub xDisabledField: String,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct ZeroOrOneOfDisabled {
        /// +k8s:ifDisabled(FeatureX)=+k8s:zeroOrOneOfMember
        pub xEnabledField: String,
        /// +k8s:ifDisabled(FeatureX)=+k8s:zeroOrOneOfMember
        pub xDisabledField: String,
    }

    fn tasks() -> Vec<Task> {
        ["succeeded", "failed"]
            .map(|n| Task {
                name: n.into(),
                state: String::new(),
            })
            .to_vec()
    }

    fn enabled(on: bool) -> Operation {
        if on {
            Operation::create().with_option("FeatureX")
        } else {
            Operation::create().with_option_disabled("FeatureX")
        }
    }

    fn invalid(field: &str, origin: &str) -> Rec {
        rec("FieldValueInvalid", field, origin, None)
    }

    #[test]
    fn test() {
        assert_eq!(errors_of(&Struct::default(), &enabled(false)), vec![]);
        let s = Struct {
            unionField: Union {
                discriminator: "xEnabledField".into(),
                xEnabledField: "foo".into(),
                xDisabledField: "bar".into(),
            },
            zeroOrOneOfField: ZeroOrOneOf {
                xEnabledField: "foo".into(),
                xDisabledField: "bar".into(),
            },
            zeroOrOneOfItem: tasks(),
            ..Default::default()
        };
        assert_eq!(
            errors_of(&s, &enabled(true)),
            vec![
                invalid("unionField.xDisabledField", "union"),
                invalid("unionField.xEnabledField", "union"),
                invalid("zeroOrOneOfField", "zeroOrOneOf"),
                invalid("zeroOrOneOfItem", "zeroOrOneOf"),
            ]
        );
        assert_eq!(errors_of(&s, &enabled(false)), vec![]);
        let s = Struct {
            unionFieldDisabled: UnionDisabled {
                discriminator: "xEnabledField".into(),
                xEnabledField: "foo".into(),
                xDisabledField: "bar".into(),
            },
            zeroOrOneOfFieldDisabled: ZeroOrOneOfDisabled {
                xEnabledField: "foo".into(),
                xDisabledField: "bar".into(),
            },
            zeroOrOneOfItemDisabled: tasks(),
            ..Default::default()
        };
        assert_eq!(
            errors_of(&s, &enabled(false)),
            vec![
                invalid("unionFieldDisabled.xDisabledField", "union"),
                invalid("unionFieldDisabled.xEnabledField", "union"),
                invalid("zeroOrOneOfFieldDisabled", "zeroOrOneOf"),
                invalid("zeroOrOneOfItemDisabled", "zeroOrOneOf"),
            ]
        );
        assert_eq!(errors_of(&s, &enabled(true)), vec![]);
        // 1.37: an undefined option is an internal error, once per wrapped
        // union (not in upstream's test; `validate.IfOption`).
        let undefined = errors_of(&Struct::default(), &Operation::create());
        assert_eq!(undefined.len(), 6);
        assert!(undefined.iter().all(|e| e.0 == "InternalError"));
    }
}

macro_rules! levels_unions {
    ($module:ident, $release:literal) => {
        /// `tags/levels/unions` (the same test in v0.36.0 and v0.37.2).
        mod $module {
            use super::*;

            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct Struct {
                /// +k8s:alpha=+k8s:unionDiscriminator
                pub d: String,
                /// +k8s:alpha=+k8s:unionMember
                /// +k8s:optional
                pub m1: Option<M>,
                /// +k8s:alpha(since:"1.35")=+k8s:unionMember
                /// +k8s:optional
                pub m2: Option<M>,
            }

            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct UnionStructBeta {
                /// +k8s:beta=+k8s:unionDiscriminator
                pub dBeta: String,
                /// +k8s:beta=+k8s:unionMember
                /// +k8s:optional
                pub m1Beta: Option<M>,
                /// +k8s:beta(since:"1.35")=+k8s:unionMember
                /// +k8s:optional
                pub m2Beta: Option<M>,
            }

            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct MyStruct {
                /// +k8s:alpha=+k8s:zeroOrOneOfMember
                /// +k8s:optional
                pub z1: Option<M>,
                /// +k8s:alpha=+k8s:zeroOrOneOfMember
                /// +k8s:optional
                pub z2: Option<M>,
            }

            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct MyListStruct {
                /// +k8s:listType=map
                /// +k8s:listMapKey=name
                /// +k8s:alpha=+k8s:item(name: "succeeded")=+k8s:zeroOrOneOfMember
                /// +k8s:alpha=+k8s:item(name: "failed")=+k8s:zeroOrOneOfMember
                pub tasks: Vec<Task>,
            }

            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct MyListStructBeta {
                /// +k8s:listType=map
                /// +k8s:listMapKey=name
                /// +k8s:beta=+k8s:item(name: "succeeded")=+k8s:zeroOrOneOfMember
                /// +k8s:beta=+k8s:item(name: "failed")=+k8s:zeroOrOneOfMember
                pub tasksBeta: Vec<Task>,
            }

            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct Task {
                pub name: String,
                pub state: String,
            }

            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct M {}

            fn tasks() -> Vec<Task> {
                [("succeeded", "Succeeded"), ("failed", "Failed")]
                    .map(|(n, s)| Task {
                        name: n.into(),
                        state: s.into(),
                    })
                    .to_vec()
            }

            const ALPHA: Option<StabilityLevel> = Some(StabilityLevel::Alpha);
            const BETA: Option<StabilityLevel> = Some(StabilityLevel::Beta);

            #[test]
            fn alpha() {
                let op = Operation::create();
                let s = Struct {
                    d: "M1".into(),
                    m1: Some(M {}),
                    m2: None,
                };
                assert_eq!(errors_of(&s, &op), vec![]);
                let s = Struct {
                    d: "M1".into(),
                    m1: None,
                    m2: None,
                };
                assert_eq!(
                    errors_of(&s, &op),
                    vec![rec("FieldValueInvalid", "m1", "union", ALPHA)]
                );
                let s = MyStruct {
                    z1: Some(M {}),
                    z2: Some(M {}),
                };
                assert_eq!(
                    errors_of(&s, &op),
                    vec![rec("FieldValueInvalid", "<nil>", "zeroOrOneOf", ALPHA)]
                );
                let s = MyListStruct { tasks: tasks() };
                assert_eq!(
                    errors_of(&s, &op),
                    vec![rec("FieldValueInvalid", "tasks", "zeroOrOneOf", ALPHA)]
                );
            }

            #[test]
            fn beta() {
                let op = Operation::create();
                let s = UnionStructBeta {
                    dBeta: "M1Beta".into(),
                    m1Beta: None,
                    m2Beta: None,
                };
                assert_eq!(
                    errors_of(&s, &op),
                    vec![rec("FieldValueInvalid", "m1Beta", "union", BETA)]
                );
                let s = MyListStructBeta { tasksBeta: tasks() };
                assert_eq!(
                    errors_of(&s, &op),
                    vec![rec("FieldValueInvalid", "tasksBeta", "zeroOrOneOf", BETA)]
                );
            }
        }
    };
}

levels_unions!(levels_unions, "1.37");
levels_unions!(levels_unions_1_36, "1.36");

/// The first member tag of each kind decides (checked against v0.37.2's
/// generator: `Union` unconditional, `ZeroOrOneOfUnion` under `IfOption(Y)`,
/// no `MarkAlpha`).
mod first_member_decides {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct T {
        /// +k8s:unionMember
        /// +k8s:optional
        pub a: Option<String>,
        /// +k8s:ifEnabled(X)=+k8s:unionMember
        /// +k8s:optional
        pub b: Option<String>,
        /// +k8s:ifEnabled(Y)=+k8s:zeroOrOneOfMember
        /// +k8s:optional
        pub c: Option<String>,
        /// +k8s:alpha=+k8s:zeroOrOneOfMember
        /// +k8s:optional
        pub d: Option<String>,
    }

    #[test]
    fn test() {
        let s = |v: &str| Some(v.to_string());
        let t = T {
            a: s("a"),
            b: s("b"),
            c: s("c"),
            d: s("d"),
        };
        let off = Operation::create()
            .with_option_disabled("X")
            .with_option_disabled("Y");
        assert_eq!(
            errors_of(&t, &off),
            vec![rec("FieldValueInvalid", "<nil>", "union", None)]
        );
        let on = Operation::create()
            .with_option_disabled("X")
            .with_option("Y");
        assert_eq!(
            errors_of(&t, &on),
            vec![
                rec("FieldValueInvalid", "<nil>", "union", None),
                rec("FieldValueInvalid", "<nil>", "zeroOrOneOf", None),
            ]
        );
    }
}

/// `tags/subfield/unions` (v0.37.2): a union declared through
/// `+k8s:subfield` is validated on the field's value. The same holds in 1.36
/// (v0.36.0 `union.go` keys the union by the member's `ParentPath`, which
/// `subfield` sets to the field; `tags/levels/subfields` of v0.36.0 relies
/// on it), so the case runs for both.
macro_rules! subfield_unions {
    ($module:ident, $release:literal) => {
        mod $module {
            use super::*;

            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct Struct {
                /// +k8s:subfield(d)=+k8s:unionDiscriminator
                /// +k8s:subfield(m1)=+k8s:unionMember
                /// +k8s:subfield(m2)=+k8s:unionMember
                pub subfield: SubStruct,
            }

            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct SubStruct {
                pub d: String,
                pub m1: Option<i32>,
                pub m2: Option<i32>,
            }

            fn details(s: &Struct) -> Vec<(String, String, String)> {
                s.validate(&Operation::create())
                    .iter()
                    .map(|e| {
                        (
                            e.field().to_string(),
                            e.detail().to_string(),
                            e.origin().unwrap_or("").to_string(),
                        )
                    })
                    .collect()
            }

            fn sub(d: &str, m1: Option<i32>, m2: Option<i32>) -> Struct {
                Struct {
                    subfield: SubStruct {
                        d: d.into(),
                        m1,
                        m2,
                    },
                }
            }

            #[test]
            fn test() {
                assert_eq!(details(&sub("M1", Some(1), None)), vec![]);
                assert_eq!(details(&sub("M2", None, Some(1))), vec![]);
                let e = |f: &str, d: &str| (f.to_string(), d.to_string(), "union".to_string());
                assert_eq!(
                    details(&sub("M1", None, Some(1))),
                    vec![
                        e("subfield.m1", "must be specified when `d` is \"M1\""),
                        e("subfield.m2", "may only be specified when `d` is \"M2\""),
                    ]
                );
                assert_eq!(
                    details(&sub("M1", Some(1), Some(1))),
                    vec![e("subfield.m2", "may only be specified when `d` is \"M2\"")]
                );
            }
        }
    };
}

subfield_unions!(subfield_unions, "1.37");
subfield_unions!(subfield_unions_1_36, "1.36");

/// `tags/levels/subfields`, the union: `alpha` around `subfield`.
mod levels_subfields {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Struct {
        /// +k8s:alpha=+k8s:subfield(z1)=+k8s:zeroOrOneOfMember
        /// +k8s:alpha=+k8s:subfield(z2)=+k8s:zeroOrOneOfMember
        pub unionField: SubUnion,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct SubUnion {
        pub z1: Option<i32>,
        pub z2: Option<i32>,
    }

    #[test]
    fn test() {
        let s = Struct {
            unionField: SubUnion {
                z1: Some(1),
                z2: Some(1),
            },
        };
        assert_eq!(
            errors_of(&s, &Operation::create()),
            vec![rec(
                "FieldValueInvalid",
                "unionField",
                "zeroOrOneOf",
                Some(StabilityLevel::Alpha)
            )]
        );
    }
}

/// 1.36: through `+k8s:subfield`, a union takes the level of the last of its
/// tags that has one (checked against v0.36.0's generator: `Struct.mixed`
/// below is emitted as `validate.ZeroOrOneOfUnion(...).MarkAlpha()` on the
/// field).
mod subfield_union_levels_1_36 {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.36")]
    pub struct Struct {
        /// +k8s:subfield(z1)=+k8s:beta=+k8s:zeroOrOneOfMember
        /// +k8s:subfield(z2)=+k8s:alpha=+k8s:zeroOrOneOfMember
        pub mixed: SubUnion,
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.36")]
    pub struct SubUnion {
        pub z1: Option<i32>,
        pub z2: Option<i32>,
    }

    #[test]
    fn test() {
        let s = Struct {
            mixed: SubUnion {
                z1: Some(1),
                z2: Some(1),
            },
        };
        assert_eq!(
            errors_of(&s, &Operation::create()),
            vec![rec(
                "FieldValueInvalid",
                "mixed",
                "zeroOrOneOf",
                Some(StabilityLevel::Alpha)
            )]
        );
        let s = Struct {
            mixed: SubUnion {
                z1: Some(1),
                z2: None,
            },
        };
        assert_eq!(errors_of(&s, &Operation::create()), vec![]);
    }
}
