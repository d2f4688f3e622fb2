//! The Kubernetes 1.38 examples of `docs/tags.md`, compiled and checked as
//! `docs` checks the others: exact errors (type, field, origin, text), each
//! shown in the doc; the 1.38 generation errors produced by real inputs and
//! listed there.

#![allow(dead_code)]

use std::collections::BTreeMap;

use k8s_validation::{Duration, ErrorType, Quantity, Validate};

use super::docs::{
    assert_reported_and_documented, create, diagnostics, documented, no_errors, update, TAGS_MD,
};
use ErrorType::*;

#[derive(Validate, PartialEq, Debug, Default, Clone)]
#[validate(kubernetes = "1.38")]
pub struct Network {
    /// +k8s:required="must be set when dual-stack is enabled"
    pub secondary_cidr: Option<String>,
}

#[test]
fn required_with_a_message() {
    documented(
        TAGS_MD,
        &Network::default().validate(&create()),
        &[(
            Required,
            "secondary_cidr",
            None,
            "secondary_cidr: Required value: must be set when dual-stack is enabled",
        )],
    );
}

#[derive(Validate, PartialEq, Debug, Default, Clone)]
#[validate(kubernetes = "1.38")]
pub struct Probe {
    /// +k8s:minimum="1s"
    /// +k8s:maximum="1h30m"
    pub timeout: Duration,
    /// +k8s:optional
    /// +k8s:minimum="100m"
    pub cpu: Option<Quantity>,
    /// +k8s:maxProperties=32
    /// +k8s:eachVal=+k8s:minimum=0
    pub requests: BTreeMap<String, Quantity>,
}

#[test]
fn durations_and_quantities() {
    let ok = Probe {
        timeout: Duration::from_secs(30),
        cpu: Some("0.1".parse().unwrap()),
        requests: BTreeMap::from([("memory".into(), "1Gi".parse().unwrap())]),
    };
    no_errors(&ok.validate(&create()));
    let bad = Probe {
        timeout: Duration::from_secs(7200),
        cpu: Some("0.05".parse().unwrap()),
        requests: BTreeMap::from([("memory".into(), "-1".parse().unwrap())]),
    };
    documented(
        TAGS_MD,
        &bad.validate(&create()),
        &[
            (
                Invalid,
                "timeout",
                Some("maximum"),
                "timeout: Invalid value: 7200000000000: must be less than or equal to 1h30m0s",
            ),
            (
                Invalid,
                "cpu",
                Some("minimum"),
                "cpu: Invalid value: \"50m\": must be greater than or equal to 100m",
            ),
            (
                Invalid,
                "requests[memory]",
                Some("minimum"),
                "requests[memory]: Invalid value: \"-1\": must be greater than or equal to 0",
            ),
        ],
    );
    // By value: 100m and 0.1 are the same quantity.
    let same = Probe {
        cpu: Some("100m".parse().unwrap()),
        ..ok
    };
    no_errors(&same.validate(&create()));
}

#[derive(Validate, PartialEq, Debug, Default, Clone)]
#[validate(kubernetes = "1.38")]
pub struct Blob {
    /// +k8s:maxBytes=3
    pub data: Vec<u8>,
}

#[test]
fn max_bytes_on_bytes() {
    no_errors(
        &Blob {
            data: b"abc".to_vec(),
        }
        .validate(&create()),
    );
    documented(
        TAGS_MD,
        &Blob {
            data: b"abcd".to_vec(),
        }
        .validate(&create()),
        &[(
            TooLong,
            "data",
            Some("maxBytes"),
            "data: Too long: may not be more than 3 bytes",
        )],
    );
}

#[derive(Validate, PartialEq, Debug, Default, Clone)]
#[validate(kubernetes = "1.38")]
pub struct StorageCondition {
    /// +k8s:format=k8s-condition-reason
    pub reason: String,
    /// +k8s:format=k8s-resource-fully-qualified-name
    pub driver: String,
}

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct StorageCondition137 {
    /// +k8s:format=k8s-resource-fully-qualified-name
    pub driver: String,
}

#[test]
fn condition_reason_and_one_slash() {
    let ok = StorageCondition {
        reason: "ReasonA:ReasonB".into(),
        driver: "example.com/csi".into(),
    };
    no_errors(&ok.validate(&create()));
    let bad = StorageCondition {
        reason: "abc-def".into(),
        driver: "a/b/c".into(),
    };
    documented(
        TAGS_MD,
        &bad.validate(&create()),
        &[
            (Invalid, "reason", Some("format=k8s-condition-reason"),
             "reason: Invalid value: \"abc-def\": a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName',  or 'ReasonA,ReasonB',  or 'ReasonA:ReasonB', regex used for validation is '[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?')"),
            (Invalid, "driver", Some("format=k8s-resource-fully-qualified-name"),
             "driver: Invalid value: \"a/b/c\": must not contain more than one slash"),
        ],
    );
    // Before 1.38 (here 1.35, the default) a second slash passes.
    no_errors(
        &StorageCondition137 {
            driver: "a/b/c".into(),
        }
        .validate(&create()),
    );
}

#[derive(Validate, PartialEq, Debug, Default, Clone)]
#[validate(kubernetes = "1.38")]
pub struct Pinned {
    /// +k8s:eq="Always"
    pub restart_policy: String,
    /// +k8s:eq=1
    pub replicas: i32,
    /// +k8s:eq=true
    pub paused: bool,
}

#[test]
fn eq() {
    no_errors(
        &Pinned {
            restart_policy: "Always".into(),
            replicas: 1,
            paused: true,
        }
        .validate(&create()),
    );
    documented(
        TAGS_MD,
        &Pinned {
            restart_policy: "Never".into(),
            replicas: 3,
            paused: false,
        }
        .validate(&create()),
        &[
            (
                NotSupported,
                "restart_policy",
                None,
                "restart_policy: Unsupported value: \"Never\": supported values: \"Always\"",
            ),
            (
                NotSupported,
                "replicas",
                None,
                "replicas: Unsupported value: 3: supported values: \"1\"",
            ),
            (
                NotSupported,
                "paused",
                None,
                "paused: Unsupported value: false: supported values: \"true\"",
            ),
        ],
    );
}

#[derive(Validate, PartialEq, Debug, Default, Clone)]
#[validate(kubernetes = "1.38")]
pub struct Frozen {
    /// +k8s:maxProperties=1
    /// +k8s:eachVal=+k8s:immutable
    pub entries: BTreeMap<String, String>,
}

#[derive(Validate, PartialEq, Debug, Default, Clone)]
#[validate(kubernetes = "1.37")]
pub struct Frozen137 {
    /// +k8s:maxProperties=1
    /// +k8s:eachVal=+k8s:immutable
    pub entries: BTreeMap<String, String>,
}

#[test]
fn each_val_is_not_a_short_circuit_from_1_38() {
    let old = BTreeMap::from([("a".to_string(), "x".to_string())]);
    let new = BTreeMap::from([
        ("a".to_string(), "y".to_string()),
        ("b".to_string(), "z".to_string()),
    ]);
    let errs = Frozen {
        entries: new.clone(),
    }
    .validate_update(
        &Frozen {
            entries: old.clone(),
        },
        &update(),
    );
    documented(
        TAGS_MD,
        &errs,
        &[(
            TooMany,
            "entries",
            Some("maxProperties"),
            "entries: Too many: 2: must have at most 1 item",
        )],
    );
    // 1.37: the immutable errors too, all short-circuits.
    let errs = Frozen137 { entries: new }.validate_update(&Frozen137 { entries: old }, &update());
    assert_eq!(errs.len(), 3, "{errs:?}");
    assert!(errs.iter().all(|e| e.is_short_circuit()));
}

#[derive(Validate, PartialEq, Debug, Default, Clone)]
#[validate(kubernetes = "1.38")]
pub struct Inner {
    pub b: String,
    pub c: String,
}

#[derive(Validate, PartialEq, Debug, Default, Clone)]
#[validate(kubernetes = "1.38")]
pub struct Middle {
    pub a: Inner,
}

#[derive(Validate, PartialEq, Debug, Default, Clone)]
#[validate(kubernetes = "1.38")]
pub struct Outer {
    /// +k8s:subfield(a)=+k8s:subfield(b)=+k8s:immutable
    /// +k8s:subfield(a)=+k8s:subfield(c)=+k8s:maxLength=1
    pub x: Middle,
}

#[test]
fn nested_subfield_cohorts_are_paths() {
    let old = Outer {
        x: Middle {
            a: Inner {
                b: "1".into(),
                c: String::new(),
            },
        },
    };
    let new = Outer {
        x: Middle {
            a: Inner {
                b: "2".into(),
                c: "long".into(),
            },
        },
    };
    documented(
        TAGS_MD,
        &new.validate_update(&old, &update()),
        &[
            (
                Invalid,
                "x.a.b",
                Some("immutable"),
                "x.a.b: Invalid value: null: field is immutable",
            ),
            (
                TooLong,
                "x.a.c",
                Some("maxLength"),
                "x.a.c: Too long: may not be more than 1 character",
            ),
        ],
    );
}

#[derive(Validate, PartialEq, Debug, Default, Clone)]
#[validate(kubernetes = "1.38")]
pub struct Weights {
    /// +k8s:eachVal=+k8s:minimum=1
    pub by_zone: BTreeMap<String, Option<i32>>,
    /// No tags: `None` values are skipped.
    pub untagged: BTreeMap<String, Option<Inner>>,
}

#[test]
fn maps_of_pointers() {
    let w = Weights {
        by_zone: BTreeMap::from([("a".to_string(), None), ("b".to_string(), Some(0))]),
        untagged: BTreeMap::from([("c".to_string(), None)]),
    };
    documented(
        TAGS_MD,
        &w.validate(&create()),
        &[(Required, "by_zone[a]", None, "by_zone[a]: Required value")],
    );
    let errs = w.validate(&create());
    assert!(errs[0].is_short_circuit());
}

/// 1.38's generation errors, real and listed in docs/tags.md.
#[test]
fn generation_errors_1_38() {
    let cases: &[(&str, &str, &str)] = &[
        ("+k8s:required=5", "pub a: Option<i32>",
         "tag \"k8s:required\": tag value has wrong type: got int, want string"),
        ("+k8s:minimum=\"1\"", "pub a: i32",
         "type mismatch: field is an integer, but payload is of type string"),
        ("+k8s:minimum=1000000000", "pub a: k8s_validation::Duration",
         "type mismatch: field is a time.Duration, but payload is of type int"),
        ("+k8s:minimum=\"1x\"", "pub a: k8s_validation::Duration",
         "failed to parse tag payload: time: unknown unit \"x\" in duration \"1x\""),
        ("+k8s:minimum=\"abc\"", "pub a: k8s_validation::Quantity",
         "failed to parse tag payload: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"),
        ("+k8s:minimum=1", "pub a: String",
         "can only be used on integer and resource.Quantity types (string)"),
        ("+k8s:maxBytes=1", "pub a: i32",
         "can only be used on string and []byte types (int32)"),
        ("+k8s:eq=1", "pub a: f64", "unsupported type: float64"),
        ("+k8s:eq=\"a\"", "pub a: Vec<String>",
         "can only be used on comparable types (e.g. string, int, bool), but got slice"),
        ("+k8s:eq", "pub a: String", "tag \"k8s:eq\": missing required tag value of type raw"),
        ("+k8s:eachVal=+k8s:subfield(a)=+k8s:optional", "pub a: Vec<T>",
         "+k8s:eachVal does not support optional/non-error validations"),
        ("+k8s:eachKey=+k8s:validateFalse(flags: \"NonError\")",
         "pub a: BTreeMap<String, i32>",
         "+k8s:eachKey does not support optional/non-error validations"),
    ];
    for (tag, field, message) in cases {
        let src = format!(
            "use std::collections::BTreeMap;\n#[validate(kubernetes = \"1.38\")]\npub struct S {{\n    /// {tag}\n    {field},\n}}\npub struct T {{ pub a: String }}\n"
        );
        assert_reported_and_documented(&src, message);
    }
    // Maps of pointers before 1.38.
    let src = "use std::collections::BTreeMap;\n#[validate(kubernetes = \"1.37\")]\npub struct S {\n    pub m: BTreeMap<String, Option<i32>>,\n}\n";
    let got = diagnostics(src);
    assert!(
        got.iter()
            .any(|m| m
                .starts_with("maps of pointers are not supported by Kubernetes 1.37's generator")),
        "{got:?}"
    );
}
