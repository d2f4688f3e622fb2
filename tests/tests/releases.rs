//! Behaviour that follows the Kubernetes release a type is generated for
//! (`#[validate(kubernetes = "...")]`; this crate selects no release feature,
//! so an unmarked type follows 1.35). Each case is checked exactly: text,
//! origin and stability level of every error.
//!
//! Upstream: apimachinery `pkg/api/validate/union.go` (v0.35.0: no origin;
//! v0.36.0: `WithOrigin("union")` on `Union` and `DiscriminatedUnion`),
//! `pkg/api/validate/zeroorone.go` (unchanged), `pkg/util/validation/field/errors.go`
//! (v0.36.0: `ValidationStabilityLevel`, `MarkAlpha`, `MarkBeta`), and
//! code-generator `cmd/validation-gen/validators/levels.go` (v0.36.0).

use k8s_validation::{ErrorList, Operation, StabilityLevel, Validate, KUBERNETES_RELEASE};

/// (text, origin, stability level) of each error.
type Seen = Vec<(String, Option<String>, Option<StabilityLevel>)>;

fn seen(errs: &ErrorList) -> Seen {
    errs.iter()
        .map(|e| {
            (
                e.to_string(),
                e.origin().map(str::to_string),
                e.stability_level(),
            )
        })
        .collect()
}

fn create<T: Validate>(v: &T) -> Seen {
    seen(&v.validate(&Operation::create()))
}

fn want(items: &[(&str, Option<&str>, Option<StabilityLevel>)]) -> Seen {
    items
        .iter()
        .map(|(t, o, l)| (t.to_string(), o.map(str::to_string), *l))
        .collect()
}

/// A list-item union names its members by their selectors.
const ITEMS_BOTH: &str = r#"steps: Invalid value: "{steps[{\"name\": \"a\"}], steps[{\"name\": \"b\"}]}": must specify exactly one of: `steps[{"name": "a"}]`, `steps[{"name": "b"}]`"#;

#[test]
fn this_crate_selects_no_release_feature() {
    assert_eq!(KUBERNETES_RELEASE, k8s_validation::Release::V1_35);
}

macro_rules! unions {
    ($m:ident, $release:literal) => {
        mod $m {
            use k8s_validation::Validate;
            use serde::Serialize;

            #[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct Undiscriminated {
                /// +k8s:unionMember
                /// +k8s:optional
                pub a: Option<i32>,
                /// +k8s:unionMember
                /// +k8s:optional
                pub b: Option<i32>,
            }

            #[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct Discriminated {
                /// +k8s:unionDiscriminator
                pub kind: String,
                /// +k8s:unionMember
                /// +k8s:optional
                pub a: Option<i32>,
                /// +k8s:unionMember
                /// +k8s:optional
                pub b: Option<i32>,
            }

            #[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct ZeroOrOne {
                /// +k8s:zeroOrOneOfMember
                /// +k8s:optional
                pub a: Option<i32>,
                /// +k8s:zeroOrOneOfMember
                /// +k8s:optional
                pub b: Option<i32>,
            }

            #[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
            pub struct Step {
                pub name: String,
            }

            #[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct Items {
                /// +k8s:listType=map
                /// +k8s:listMapKey=name
                /// +k8s:item(name: "a")=+k8s:unionMember
                /// +k8s:item(name: "b")=+k8s:unionMember
                pub steps: Vec<Step>,
            }
        }
    };
}

unions!(unions_1_35, "1.35");
unions!(unions_1_36, "1.36");
unions!(unions_1_37, "1.37");

fn step(name: &str) -> unions_1_35::Step {
    unions_1_35::Step { name: name.into() }
}

#[test]
fn union_errors_have_no_origin_in_1_35() {
    use unions_1_35::*;
    assert_eq!(
        create(&Undiscriminated::default()),
        want(&[(
            "<nil>: Invalid value: \"\": must specify one of: `a`, `b`",
            None,
            None
        )])
    );
    let both = Undiscriminated {
        a: Some(1),
        b: Some(2),
    };
    assert_eq!(
        create(&both),
        want(&[(
            "<nil>: Invalid value: \"{a, b}\": must specify exactly one of: `a`, `b`",
            None,
            None
        )])
    );
    let d = Discriminated {
        kind: "A".into(),
        a: None,
        b: Some(1),
    };
    assert_eq!(
        create(&d),
        want(&[
            (
                "a: Invalid value: \"\": must be specified when `kind` is \"A\"",
                None,
                None
            ),
            (
                "b: Invalid value: \"\": may only be specified when `kind` is \"B\"",
                None,
                None
            ),
        ])
    );
    let z = ZeroOrOne {
        a: Some(1),
        b: Some(1),
    };
    assert_eq!(
        create(&z),
        want(&[(
            "<nil>: Invalid value: \"{a, b}\": must specify at most one of: `a`, `b`",
            Some("zeroOrOneOf"),
            None
        )])
    );
    let items = Items {
        steps: vec![step("a"), step("b")],
    };
    assert_eq!(create(&items), want(&[(ITEMS_BOTH, None, None)]));
}

macro_rules! union_origin_test {
    ($name:ident, $m:ident) => {
        #[test]
        fn $name() {
            use $m::*;
            let union = Some("union");
            assert_eq!(
                create(&Undiscriminated::default()),
                want(&[(
                    "<nil>: Invalid value: \"\": must specify one of: `a`, `b`",
                    union,
                    None
                )])
            );
            let both = Undiscriminated {
                a: Some(1),
                b: Some(2),
            };
            assert_eq!(
                create(&both),
                want(&[(
                    "<nil>: Invalid value: \"{a, b}\": must specify exactly one of: `a`, `b`",
                    union,
                    None
                )])
            );
            let d = Discriminated {
                kind: "A".into(),
                a: None,
                b: Some(1),
            };
            assert_eq!(
                create(&d),
                want(&[
                    (
                        "a: Invalid value: \"\": must be specified when `kind` is \"A\"",
                        union,
                        None
                    ),
                    (
                        "b: Invalid value: \"\": may only be specified when `kind` is \"B\"",
                        union,
                        None
                    ),
                ])
            );
            // zeroOrOneOf keeps its own origin.
            let z = ZeroOrOne {
                a: Some(1),
                b: Some(1),
            };
            assert_eq!(
                create(&z),
                want(&[(
                    "<nil>: Invalid value: \"{a, b}\": must specify at most one of: `a`, `b`",
                    Some("zeroOrOneOf"),
                    None
                )])
            );
            let items = Items {
                steps: vec![Step { name: "a".into() }, Step { name: "b".into() }],
            };
            assert_eq!(create(&items), want(&[(ITEMS_BOTH, union, None)]));
        }
    };
}

union_origin_test!(union_errors_have_the_union_origin_in_1_36, unions_1_36);
union_origin_test!(union_errors_have_the_union_origin_in_1_37, unions_1_37);

mod levels {
    use k8s_validation::Validate;
    use serde::Serialize;

    #[derive(Validate, Serialize, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.36")]
    pub struct Levels {
        /// +k8s:alpha=+k8s:minimum=1
        /// +k8s:maximum=10
        pub a: i32,
        /// +k8s:beta(since: "1.36")=+k8s:format=k8s-short-name
        pub b: String,
        /// +k8s:alpha=+k8s:eachVal=+k8s:minimum=0
        pub c: Vec<i32>,
        /// +k8s:beta=+k8s:required
        /// +k8s:minimum=5
        pub d: Option<i32>,
    }
}

#[test]
fn alpha_and_beta_validations_run_and_mark_their_errors() {
    use levels::Levels;
    let alpha = Some(StabilityLevel::Alpha);
    let beta = Some(StabilityLevel::Beta);
    let v = Levels {
        a: 0,
        b: "Not_Short".into(),
        c: vec![1, -1],
        d: None,
    };
    assert_eq!(
        create(&v),
        want(&[
            ("a: Invalid value: 0: must be greater than or equal to 1", Some("minimum"), alpha),
            (
                "b: Invalid value: \"Not_Short\": a lowercase RFC 1123 label must consist of lower case \
                 alphanumeric characters or '-', and must start and end with an alphanumeric \
                 character (e.g. 'my-name',  or '123-abc', regex used for validation is \
                 '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
                Some("format=k8s-short-name"),
                beta
            ),
            ("c[1]: Invalid value: -1: must be greater than or equal to 0", Some("minimum"), alpha),
            // A marked short-circuit still ends the field's validation.
            ("d: Required value", None, beta),
        ])
    );
    let v = Levels {
        a: 11,
        b: "ok".into(),
        c: vec![],
        d: Some(1),
    };
    assert_eq!(
        create(&v),
        want(&[
            (
                "a: Invalid value: 11: must be less than or equal to 10",
                Some("maximum"),
                None
            ),
            (
                "d: Invalid value: 1: must be greater than or equal to 5",
                Some("minimum"),
                None
            ),
        ])
    );
    let e = &Levels::default().validate(&Operation::create())[0];
    assert!(e.is_alpha() && !e.is_beta());
}

macro_rules! max_length {
    ($m:ident, $release:literal) => {
        mod $m {
            use k8s_validation::Validate;

            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct Name {
                /// +k8s:maxLength=5
                pub name: String,
                /// +k8s:maxBytes=5
                pub raw: String,
            }
        }
    };
}

max_length!(max_length_1_35, "1.35");
max_length!(max_length_1_36, "1.36");
max_length!(max_length_1_37, "1.37");

#[test]
fn max_length_counts_bytes_in_1_35_and_characters_from_1_36() {
    let max_length = Some("maxLength");
    let max_bytes = Some("maxBytes");
    // Five characters, six bytes.
    let v = max_length_1_35::Name {
        name: "héllo".into(),
        raw: "héllo".into(),
    };
    assert_eq!(
        create(&v),
        want(&[
            (
                "name: Too long: may not be more than 5 bytes",
                max_length,
                None
            ),
            (
                "raw: Too long: may not be more than 5 bytes",
                max_bytes,
                None
            ),
        ])
    );
    let v = max_length_1_36::Name {
        name: "héllo".into(),
        raw: "héllo".into(),
    };
    assert_eq!(
        create(&v),
        want(&[(
            "raw: Too long: may not be more than 5 bytes",
            max_bytes,
            None
        )])
    );
    let v = max_length_1_37::Name {
        name: "héllo!".into(),
        raw: "hello".into(),
    };
    assert_eq!(
        create(&v),
        want(&[(
            "name: Too long: may not be more than 5 characters",
            max_length,
            None
        )])
    );
}

macro_rules! options {
    ($m:ident, $release:literal) => {
        mod $m {
            use k8s_validation::Validate;

            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct Gated {
                /// +k8s:ifEnabled(FeatureX)=+k8s:minimum=1
                /// +k8s:ifDisabled(FeatureX)=+k8s:maximum=-1
                pub a: i32,
                /// +k8s:ifEnabled(FeatureX)=+k8s:required
                pub b: Option<i32>,
            }
        }
    };
}

options!(options_1_36, "1.36");
options!(options_1_37, "1.37");

#[test]
fn an_undefined_option_is_disabled_through_1_36_and_an_internal_error_in_1_37() {
    use k8s_validation::Operation;
    let check = |errs: &ErrorList| seen(errs);
    let v = options_1_36::Gated::default();
    // Undefined: disabled.
    assert_eq!(
        check(&v.validate(&Operation::create())),
        want(&[(
            "a: Invalid value: 0: must be less than or equal to -1",
            Some("maximum"),
            None
        )])
    );
    let v = options_1_37::Gated::default();
    let undefined = "Internal error: undefined validation option \"FeatureX\"";
    assert_eq!(
        check(&v.validate(&Operation::create())),
        want(&[
            (&format!("a: {undefined}"), None, None),
            (&format!("a: {undefined}"), None, None),
            (&format!("b: {undefined}"), None, None),
        ])
    );
    // Defined disabled: as an undefined option was in 1.36.
    assert_eq!(
        check(&v.validate(&Operation::create().with_option_disabled("FeatureX"))),
        want(&[(
            "a: Invalid value: 0: must be less than or equal to -1",
            Some("maximum"),
            None
        )])
    );
    assert_eq!(
        check(&v.validate(&Operation::create().with_option("FeatureX"))),
        want(&[
            (
                "a: Invalid value: 0: must be greater than or equal to 1",
                Some("minimum"),
                None
            ),
            ("b: Required value", None, None),
        ])
    );
}

mod enum_options {
    use k8s_validation::{enum_values, Validate};

    /// +k8s:enum
    #[derive(Validate, PartialEq, Debug, Clone, Default, serde::Serialize)]
    pub struct Protocol(pub String);

    #[enum_values]
    impl Protocol {
        pub const TCP: &'static str = "TCP";
        /// +k8s:ifDisabled(SCTPSupport)=+k8s:enumExclude
        pub const SCTP: &'static str = "SCTP";
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    #[validate(kubernetes = "1.37")]
    pub struct Port {
        pub protocol: Protocol,
    }

    /// +k8s:enum
    #[derive(Validate, PartialEq, Debug, Clone, Default, serde::Serialize)]
    #[validate(kubernetes = "1.37")]
    pub struct Protocol137(pub String);

    #[enum_values]
    impl Protocol137 {
        pub const TCP: &'static str = "TCP";
        /// +k8s:ifDisabled(SCTPSupport)=+k8s:enumExclude
        pub const SCTP: &'static str = "SCTP";
    }
}

#[test]
fn enum_exclusions_need_their_option_defined_in_1_37() {
    use k8s_validation::Operation;
    // The enum's own validation follows the enum type's release (1.35 here);
    // a 1.37 enum type reports the undefined option.
    let p = enum_options::Port {
        protocol: enum_options::Protocol("SCTP".into()),
    };
    assert_eq!(
        create(&p),
        want(&[(
            "protocol: Unsupported value: \"SCTP\": supported values: \"TCP\"",
            None,
            None
        )])
    );
    assert!(p
        .validate(&Operation::create().with_option("SCTPSupport"))
        .is_empty());
    let tcp = enum_options::Protocol137("TCP".into());
    assert_eq!(
        create(&tcp),
        want(&[(
            "<nil>: Internal error: undefined validation option \"SCTPSupport\"",
            None,
            None
        )])
    );
    let off = Operation::create().with_option_disabled("SCTPSupport");
    assert!(tcp.validate(&off).is_empty());
    assert_eq!(
        seen(&enum_options::Protocol137("SCTP".into()).validate(&off)),
        want(&[(
            "<nil>: Unsupported value: \"SCTP\": supported values: \"TCP\"",
            None,
            None
        )])
    );
}

macro_rules! list_members {
    ($m:ident, $release:literal) => {
        mod $m {
            use k8s_validation::Validate;

            #[derive(Validate, PartialEq, Debug, Clone, Default)]
            #[validate(kubernetes = $release)]
            pub struct Either {
                /// +k8s:unionMember
                /// +k8s:optional
                pub hosts: Option<Vec<String>>,
                /// +k8s:unionMember
                /// +k8s:optional
                pub selector: Option<std::collections::BTreeMap<String, String>>,
            }
        }
    };
}

list_members!(list_members_1_35, "1.35");
list_members!(list_members_1_36, "1.36");

#[test]
fn an_empty_list_union_member_is_set_in_1_35_and_unset_from_1_36() {
    let both = list_members_1_35::Either {
        hosts: Some(vec![]),
        selector: Some(Default::default()),
    };
    assert_eq!(
        create(&both),
        want(&[(
            "<nil>: Invalid value: \"{hosts, selector}\": must specify exactly one of: `hosts`, `selector`",
            None,
            None
        )])
    );
    let none = list_members_1_36::Either {
        hosts: Some(vec![]),
        selector: Some(Default::default()),
    };
    assert_eq!(
        create(&none),
        want(&[(
            "<nil>: Invalid value: \"\": must specify one of: `hosts`, `selector`",
            Some("union"),
            None
        )])
    );
    let one = list_members_1_36::Either {
        hosts: Some(vec!["a".into()]),
        selector: Some(Default::default()),
    };
    assert!(create(&one).is_empty());
}
