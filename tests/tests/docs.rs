//! Keeps the documentation honest.
//!
//! * Every tag of `k8s_validation_gen::tags::catalog::validators()` (and the
//!   two subresource tags) has a `### ` section in `docs/tags.md`.
//! * The examples of `docs/tags.md` are compiled here as real
//!   `#[derive(Validate)]` types; their errors are checked exactly (type,
//!   field, origin, `to_string()`), and each rendered error and its
//!   type/field/origin line must appear verbatim in the doc.
//! * Every `rust` code block of `docs/tags.md` is fed to the generator (the
//!   CLI's code path) and must generate without a diagnostic.
//! * The generation-time errors the doc lists are produced by real inputs.
//! * `docs/errors.md` and `docs/cli.md` examples are checked the same way.

#![allow(dead_code, clippy::type_complexity)]

use std::collections::BTreeMap;
use std::path::Path;

use k8s_validation::field::Path as FieldPath;
use k8s_validation::{Error, ErrorList, ErrorType, Operation, Validate};
use serde::Serialize;

pub(crate) const TAGS_MD: &str = include_str!("../../docs/tags.md");
const ERRORS_MD: &str = include_str!("../../docs/errors.md");
const CLI_MD: &str = include_str!("../../docs/cli.md");
const DIFF_MD: &str = include_str!("../../docs/upstream-differences.md");
const ECOSYSTEM_MD: &str = include_str!("../../docs/ecosystem.md");

/// One expected error: type, field, origin, full text.
pub(crate) type Want<'a> = (ErrorType, &'a str, Option<&'a str>, &'a str);

/// The line the docs print under a rendered error.
fn meta_line(kind: ErrorType, field: &str, origin: Option<&str>) -> String {
    let origin = origin.map_or("none".to_string(), |o| format!("`{o}`"));
    format!("`ErrorType::{kind:?}` · field `{field}` · origin {origin}")
}

/// Asserts that `errs` is exactly `want` (in order), and that `doc` shows
/// each error's text as a whole line and its type/field/origin line.
#[track_caller]
pub(crate) fn documented(doc: &str, errs: &ErrorList, want: &[Want<'_>]) {
    let got: Vec<(ErrorType, String, Option<String>, String)> = errs
        .iter()
        .map(|e| {
            (
                e.kind(),
                e.field().to_string(),
                e.origin().map(str::to_string),
                e.to_string(),
            )
        })
        .collect();
    let expected: Vec<(ErrorType, String, Option<String>, String)> = want
        .iter()
        .map(|(k, f, o, t)| (*k, f.to_string(), o.map(str::to_string), t.to_string()))
        .collect();
    assert!(
        got == expected,
        "errors differ\n got: {:#?}\nwant: {:#?}",
        got,
        expected
    );
    for (kind, field, origin, text) in want {
        assert!(
            doc.contains(&format!("\n{text}\n")),
            "the doc does not show this error on a line of its own:\n{text}"
        );
        let meta = meta_line(*kind, field, *origin);
        assert!(doc.contains(&meta), "the doc does not show:\n{meta}");
    }
}

#[track_caller]
pub(crate) fn no_errors(errs: &ErrorList) {
    assert!(
        errs.is_empty(),
        "unexpected errors: {:?}",
        errs.iter().map(Error::to_string).collect::<Vec<_>>()
    );
}

pub(crate) fn create() -> Operation {
    Operation::create()
}

pub(crate) fn update() -> Operation {
    Operation::update()
}

use ErrorType::*;

// ===========================================================================
// Presence

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct Service {
    /// +k8s:required
    pub name: String,
    /// +k8s:required
    pub replicas: Option<i32>,
    /// +k8s:required
    pub ports: Vec<i32>,
}

#[test]
fn presence_required() {
    documented(
        TAGS_MD,
        &Service::default().validate(&create()),
        &[
            (Required, "name", None, "name: Required value"),
            (Required, "replicas", None, "replicas: Required value"),
            (Required, "ports", None, "ports: Required value"),
        ],
    );
    // Set values: `0` in an `Option` is set.
    let ok = Service {
        name: "web".into(),
        replicas: Some(0),
        ports: vec![80],
    };
    no_errors(&ok.validate(&create()));
    // Ratcheting: a field that stays unset is not validated again.
    let old = Service {
        name: "web".into(),
        ..Default::default()
    };
    no_errors(&old.clone().validate_update(&old, &update()));
}

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct Autoscaler {
    /// +k8s:optional
    /// +k8s:minimum=1
    pub min_replicas: Option<i32>,
    /// +k8s:optional
    /// +k8s:format=k8s-short-name
    pub target: String,
    /// +k8s:optional
    /// +default=10
    /// +k8s:minimum=1
    pub max_replicas: Option<i32>,
    /// +k8s:optional
    /// +default=0
    /// +k8s:maximum=100
    pub tolerance: i32,
}

#[test]
fn presence_optional() {
    // `None` / `""` stop the field's validation; `+default=10` makes
    // `max_replicas` required.
    documented(
        TAGS_MD,
        &Autoscaler::default().validate(&create()),
        &[(
            Required,
            "max_replicas",
            None,
            "max_replicas: Required value",
        )],
    );
    let a = Autoscaler {
        min_replicas: Some(0),
        target: "Web".into(),
        max_replicas: Some(5),
        tolerance: 101,
    };
    documented(
        TAGS_MD,
        &a.validate(&create()),
        &[
            (
                Invalid,
                "min_replicas",
                Some("minimum"),
                "min_replicas: Invalid value: 0: must be greater than or equal to 1",
            ),
            (
                Invalid,
                "target",
                Some("format=k8s-short-name"),
                "target: Invalid value: \"Web\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
            ),
            (
                Invalid,
                "tolerance",
                Some("maximum"),
                "tolerance: Invalid value: 101: must be less than or equal to 100",
            ),
        ],
    );
}

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct PodSpecLegacy {
    /// +k8s:forbidden
    pub host_alias: Option<String>,
    /// +k8s:forbidden
    pub volumes: Vec<String>,
}

#[test]
fn presence_forbidden() {
    no_errors(&PodSpecLegacy::default().validate(&create()));
    let p = PodSpecLegacy {
        host_alias: Some(String::new()),
        volumes: vec!["v".into()],
    };
    documented(
        TAGS_MD,
        &p.validate(&create()),
        &[
            (Forbidden, "host_alias", None, "host_alias: Forbidden"),
            (Forbidden, "volumes", None, "volumes: Forbidden"),
        ],
    );
}

// ===========================================================================
// Limits

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct Deployment {
    /// +k8s:minimum=1
    pub replicas: i32,
}

#[test]
fn limits_minimum() {
    documented(
        TAGS_MD,
        &Deployment { replicas: 0 }.validate(&create()),
        &[(
            Invalid,
            "replicas",
            Some("minimum"),
            "replicas: Invalid value: 0: must be greater than or equal to 1",
        )],
    );
    // Ratcheting: an unchanged invalid value passes an update.
    let old = Deployment { replicas: 0 };
    no_errors(&old.clone().validate_update(&old, &update()));
}

/// A TCP or UDP port number (a Go `type PortNumber int32`).
///
/// +k8s:minimum=1
/// +k8s:maximum=65535
#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct PortNumber(pub i32);

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct Endpoint {
    pub port: PortNumber,
    /// +k8s:optional
    pub target_port: Option<PortNumber>,
}

#[test]
fn limits_maximum_on_a_newtype() {
    let e = Endpoint {
        port: PortNumber(70000),
        target_port: Some(PortNumber(0)),
    };
    documented(
        TAGS_MD,
        &e.validate(&create()),
        &[
            (
                Invalid,
                "port",
                Some("maximum"),
                "port: Invalid value: 70000: must be less than or equal to 65535",
            ),
            (
                Invalid,
                "target_port",
                Some("minimum"),
                "target_port: Invalid value: 0: must be greater than or equal to 1",
            ),
        ],
    );
}

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct Labelled {
    /// +k8s:maxLength=5
    pub short: String,
    /// +k8s:minLength=3
    pub code: String,
    /// +k8s:maxBytes=4
    pub tag: Option<String>,
}

#[test]
fn limits_strings() {
    let l = Labelled {
        short: "héllo".into(),
        code: "ab".into(),
        tag: Some("héllo".into()),
    };
    documented(
        TAGS_MD,
        &l.validate(&create()),
        &[
            (
                TooLong,
                "short",
                Some("maxLength"),
                "short: Too long: may not be more than 5 bytes",
            ),
            (
                TooShort,
                "code",
                Some("minLength"),
                "code: Too short: must be at least 3 characters",
            ),
            (
                TooLong,
                "tag",
                Some("maxBytes"),
                "tag: Too long: may not be more than 4 bytes",
            ),
        ],
    );
    // minLength counts characters: three 2-byte characters pass.
    let l = Labelled {
        short: "hello".into(),
        code: "ééé".into(),
        tag: None,
    };
    no_errors(&l.validate(&create()));
}

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct Pool {
    /// +k8s:minItems=1
    /// +k8s:maxItems=2
    /// +k8s:eachVal=+k8s:format=k8s-long-name
    pub hosts: Vec<String>,
    /// +k8s:minProperties=1
    /// +k8s:maxProperties=2
    pub selector: BTreeMap<String, String>,
}

#[test]
fn limits_collections() {
    documented(
        TAGS_MD,
        &Pool::default().validate(&create()),
        &[
            (
                TooFew,
                "hosts",
                Some("minItems"),
                "hosts: Too few: 0: must have at least 1 item",
            ),
            (
                TooFew,
                "selector",
                Some("minProperties"),
                "selector: Too few: 0: must have at least 1 item",
            ),
        ],
    );
    let p = Pool {
        hosts: vec!["a".into(), "B".into(), "c".into()],
        selector: [("a", "1"), ("b", "2"), ("c", "3")]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    };
    // maxItems short-circuits: the hosts themselves are not checked.
    documented(
        TAGS_MD,
        &p.validate(&create()),
        &[
            (
                TooMany,
                "hosts",
                Some("maxItems"),
                "hosts: Too many: 3: must have at most 2 items",
            ),
            (
                TooMany,
                "selector",
                Some("maxProperties"),
                "selector: Too many: 3: must have at most 2 items",
            ),
        ],
    );
}

// ===========================================================================
// Formats

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct Formats {
    /// +k8s:format=k8s-short-name
    pub short_name: String,
    /// +k8s:format=k8s-long-name
    pub long_name: String,
    /// +k8s:format=k8s-long-name-caseless
    pub long_name_caseless: String,
    /// +k8s:format=k8s-label-key
    pub label_key: String,
    /// +k8s:format=k8s-prefixed-label-key
    pub prefixed_label_key: String,
    /// +k8s:format=k8s-label-value
    pub label_value: String,
    /// +k8s:format=k8s-path-segment-name
    pub path_segment_name: String,
    /// +k8s:format=k8s-uuid
    pub uuid: String,
    /// +k8s:format=k8s-ip
    pub ip: String,
    /// +k8s:format=k8s-resource-pool-name
    pub resource_pool_name: String,
    /// +k8s:format=k8s-extended-resource-name
    pub extended_resource_name: String,
    /// +k8s:format=k8s-resource-fully-qualified-name
    pub resource_fully_qualified_name: String,
}

#[test]
fn formats_every_name() {
    let valid = Formats {
        short_name: "web-1".into(),
        long_name: "example.com".into(),
        long_name_caseless: "Example.com".into(),
        label_key: "example.com/MyName".into(),
        prefixed_label_key: "example.com/key".into(),
        label_value: "".into(),
        path_segment_name: "a b".into(),
        uuid: "0f8fad5b-d9cb-469f-a165-70867728950e".into(),
        ip: "010.1.0.255".into(),
        resource_pool_name: "pool.example.com/a".into(),
        extended_resource_name: "example.com/gpu".into(),
        resource_fully_qualified_name: "example.com/my_device".into(),
    };
    no_errors(&valid.validate(&create()));
    let bad = Formats {
        short_name: "a.b".into(),
        long_name: "-x".into(),
        long_name_caseless: "_".into(),
        label_key: "example.com/".into(),
        prefixed_label_key: "key".into(),
        label_value: "-".into(),
        path_segment_name: "..".into(),
        uuid: "X".into(),
        ip: "1.2.3".into(),
        resource_pool_name: "a//b".into(),
        extended_resource_name: "gpu".into(),
        resource_fully_qualified_name: "device".into(),
    };
    documented(
        TAGS_MD,
        &bad.validate(&create()),
        &[
            (Invalid, "short_name", Some("format=k8s-short-name"),
             "short_name: Invalid value: \"a.b\": must not contain dots"),
            (Invalid, "long_name", Some("format=k8s-long-name"),
             "long_name: Invalid value: \"-x\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"),
            (Invalid, "long_name_caseless", Some("format=k8s-long-name-caseless"),
             "long_name_caseless: Invalid value: \"_\": an RFC 1123 subdomain must consist of alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'Example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"),
            (Invalid, "label_key", Some("format=k8s-label-key"),
             "label_key: Invalid value: \"example.com/\": name part must be non-empty"),
            (Invalid, "label_key", Some("format=k8s-label-key"),
             "label_key: Invalid value: \"example.com/\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"),
            (Invalid, "prefixed_label_key", Some("format=k8s-prefixed-label-key"),
             "prefixed_label_key: Invalid value: \"key\": must include a prefix (e.g. 'example.com/key')"),
            (Invalid, "label_value", Some("format=k8s-label-value"),
             "label_value: Invalid value: \"-\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"),
            (Invalid, "path_segment_name", Some("format=k8s-path-segment-name"),
             "path_segment_name: Invalid value: \"..\": may not be '..'"),
            (Invalid, "uuid", Some("format=k8s-uuid"),
             "uuid: Invalid value: \"X\": must be a lowercase UUID in 8-4-4-4-12 format"),
            (Invalid, "ip", Some("format=k8s-ip"),
             "ip: Invalid value: \"1.2.3\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"),
            (Invalid, "resource_pool_name", Some("format=k8s-resource-pool-name"),
             "resource_pool_name: Invalid value: \"a//b\": segment 1: must not be empty"),
            (Invalid, "extended_resource_name", Some("format=k8s-extended-resource-name"),
             "extended_resource_name: Invalid value: \"gpu\": a name must be a domain-prefixed path, such as 'example.com/my-prop'"),
            (Invalid, "resource_fully_qualified_name", Some("format=k8s-resource-fully-qualified-name"),
             "resource_fully_qualified_name: Invalid value: \"device\": a fully qualified name must be a domain and a name separated by a slash"),
        ],
    );
}

/// A DNS label (a Go `type HostName string`).
///
/// +k8s:format=k8s-short-name
#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct HostName(pub String);

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct Host {
    /// +k8s:format=k8s-short-name
    pub plain: String,
    pub named: HostName,
    /// +k8s:eachVal=+k8s:format=k8s-short-name
    pub aliases: Vec<String>,
}

#[test]
fn formats_plain_string_and_newtype() {
    let h = Host {
        plain: "a<b".into(),
        named: HostName("a<b".into()),
        aliases: vec!["ok".into(), "no_pe".into()],
    };
    let label = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
    documented(
        TAGS_MD,
        &h.validate(&create()),
        &[
            (
                Invalid,
                "plain",
                Some("format=k8s-short-name"),
                &format!("plain: Invalid value: \"a<b\": {label}"),
            ),
            (
                Invalid,
                "named",
                Some("format=k8s-short-name"),
                &format!("named: Invalid value: \"a\\u003cb\": {label}"),
            ),
            (
                Invalid,
                "aliases[1]",
                Some("format=k8s-short-name"),
                &format!("aliases[1]: Invalid value: \"no_pe\": {label}"),
            ),
        ],
    );
}

// ===========================================================================
// Equality

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct Quota {
    /// +k8s:neq="default"
    pub class: String,
    /// +k8s:neq=0
    pub limit: i64,
    /// +k8s:neq=true
    pub unlimited: bool,
}

#[test]
fn equality_neq() {
    let q = Quota {
        class: "default".into(),
        limit: 0,
        unlimited: true,
    };
    documented(
        TAGS_MD,
        &q.validate(&create()),
        &[
            (
                Invalid,
                "class",
                Some("neq"),
                "class: Invalid value: \"default\": must not be equal to \"default\"",
            ),
            (
                Invalid,
                "limit",
                Some("neq"),
                "limit: Invalid value: 0: must not be equal to 0",
            ),
            (
                Invalid,
                "unlimited",
                Some("neq"),
                "unlimited: Invalid value: true: must not be equal to true",
            ),
        ],
    );
}

// ===========================================================================
// Enums

/// +k8s:enum
#[derive(Validate, PartialEq, Eq, Hash, Debug, Default, Clone)]
pub struct Protocol(pub String);

#[k8s_validation::enum_values]
impl Protocol {
    pub const TCP: &'static str = "TCP";
    pub const UDP: &'static str = "UDP";
    /// +k8s:ifDisabled(SCTPSupport)=+k8s:enumExclude
    pub const SCTP: &'static str = "SCTP";
    /// +k8s:enumExclude
    pub const LEGACY: &'static str = "Legacy";
}

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct ServicePort {
    pub protocol: Protocol,
    /// +k8s:optional
    pub app_protocol: Option<Protocol>,
}

#[test]
fn enums() {
    let p = ServicePort {
        protocol: Protocol("HTTP".into()),
        app_protocol: Some(Protocol("SCTP".into())),
    };
    documented(
        TAGS_MD,
        &p.validate(&create()),
        &[
            (
                NotSupported,
                "protocol",
                None,
                "protocol: Unsupported value: \"HTTP\": supported values: \"TCP\", \"UDP\"",
            ),
            (
                NotSupported,
                "app_protocol",
                None,
                "app_protocol: Unsupported value: \"SCTP\": supported values: \"TCP\", \"UDP\"",
            ),
        ],
    );
    // With the option enabled, SCTP is a value; Legacy never is.
    let op = create().with_option("SCTPSupport");
    let p = ServicePort {
        protocol: Protocol("Legacy".into()),
        app_protocol: Some(Protocol("SCTP".into())),
    };
    documented(
        TAGS_MD,
        &p.validate(&op),
        &[(
            NotSupported,
            "protocol",
            None,
            "protocol: Unsupported value: \"Legacy\": supported values: \"SCTP\", \"TCP\", \"UDP\"",
        )],
    );
    // The zero value is not a member either (no +k8s:optional on `protocol`).
    documented(
        TAGS_MD,
        &ServicePort::default().validate(&create()),
        &[(
            NotSupported,
            "protocol",
            None,
            "protocol: Unsupported value: \"\": supported values: \"TCP\", \"UDP\"",
        )],
    );
}

/// The Rust-enum example of docs/tags.md (`#### Rust enums`).
mod rust_enum_example {
    use k8s_validation::Validate;
    use serde::{Deserialize, Serialize};

    /// +k8s:enum
    #[derive(Validate, Serialize, Deserialize, PartialEq, Debug)]
    pub enum RestartPolicy {
        Always,
        OnFailure,
        Never,
        /// +k8s:ifDisabled(LegacyRestart)=+k8s:enumExclude
        #[serde(rename = "Legacy")]
        LegacyRestart,
        #[serde(untagged)]
        Unknown(String),
    }

    #[derive(Validate, Serialize, Deserialize, PartialEq, Debug)]
    #[serde(rename_all = "camelCase")]
    pub struct PodTemplate {
        pub restart_policy: RestartPolicy,
    }
}

#[test]
fn enums_rust_enum() {
    use rust_enum_example::{PodTemplate, RestartPolicy};
    let p: PodTemplate = serde_json::from_str(r#"{"restartPolicy": "Sometimes"}"#).unwrap();
    assert_eq!(p.restart_policy, RestartPolicy::Unknown("Sometimes".into()));
    let text = "restartPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"Never\", \"OnFailure\"";
    documented(
        TAGS_MD,
        &p.validate(&create()),
        &[(NotSupported, "restartPolicy", None, text)],
    );
    // The same error in docs/ecosystem.md.
    assert!(ECOSYSTEM_MD.contains(&format!("\n{text}\n")));
    // `Legacy` is excluded unless the option is enabled.
    let p: PodTemplate = serde_json::from_str(r#"{"restartPolicy": "Legacy"}"#).unwrap();
    assert_eq!(p.restart_policy, RestartPolicy::LegacyRestart);
    assert_eq!(p.validate(&create()).len(), 1);
    no_errors(&p.validate(&create().with_option("LegacyRestart")));
}

/// The generation-time errors of Rust enums (the derive's path: the CLI
/// only reads enums tagged `+k8s:enum`), as listed in docs/tags.md.
#[test]
fn enums_rust_enum_generation_errors() {
    let cases: &[(&str, &str)] = &[
        ("/// The phase.\npub enum Phase { Pending }",
         "#[derive(Validate)] on a Rust enum needs the `+k8s:enum` tag: add `/// +k8s:enum` to the doc comment of `Phase` (as upstream, a Kubernetes enum is declared with the tag)"),
        ("/// +k8s:enum\npub enum Source { Git, Local { path: String } }",
         "variant `Local` carries data: a Kubernetes enum is a JSON string: unit variants for its values, plus optionally one catch-all `#[serde(untagged)] Unknown(String)` that holds any other string"),
        ("/// +k8s:enum\npub enum Phase { Pending, #[serde(other)] Unknown }",
         "`#[serde(other)] Unknown` loses the unknown string, which the `NotSupported` error must show: use `#[serde(untagged)] Unknown(String)` instead"),
        ("/// +k8s:enum\n#[serde(tag = \"kind\")]\npub enum Phase { Pending }",
         "a `+k8s:enum` Rust enum must serialize as a string: `#[serde(tag = ...)]` makes a unit variant the object `{\"<tag>\": \"<variant>\"}`; remove it (a Kubernetes enum is a JSON string: unit variants for its values, plus optionally one catch-all `#[serde(untagged)] Unknown(String)` that holds any other string)"),
        ("/// +k8s:enum\npub enum Phase { Pending, #[serde(untagged)] Unknown(String), #[serde(untagged)] Other(String) }",
         "a `+k8s:enum` Rust enum has at most one catch-all variant; `Unknown` is one already"),
        ("/// +k8s:enum\npub enum Phase { Pending, Tagged(String) }",
         "variant `Tagged(String)` carries data; as the catch-all it needs `#[serde(untagged)]`: without it serde reads and writes it as the object `{\"Tagged\": \"...\"}`, not as a string"),
        ("/// +k8s:enum\npub enum Phase { Pending, #[serde(untagged)] Unknown(i32) }",
         "the catch-all variant `Unknown` must hold the raw string: `Unknown(String)`"),
    ];
    for (src, message) in cases {
        let input: syn::DeriveInput = syn::parse_str(src).unwrap();
        let got: Vec<String> = match k8s_validation_gen::generate_type(&input, &Default::default())
        {
            Ok(_) => Vec::new(),
            Err(e) => e.into_iter().map(|e| e.to_string()).collect(),
        };
        assert_eq!(got, [message.to_string()], "{src}");
        assert!(
            TAGS_MD.contains(&format!("\n{message}\n")),
            "docs/tags.md does not list: {message}"
        );
    }
    // The CLI reports the same for an enum it reads.
    assert_eq!(
        diagnostics("/// +k8s:enum\npub enum Phase { Pending, #[serde(untagged)] Unknown(i32) }"),
        ["the catch-all variant `Unknown` must hold the raw string: `Unknown(String)`"]
    );
}

#[test]
fn ecosystem_md_examples_generate_without_errors() {
    let blocks = rust_blocks(ECOSYSTEM_MD);
    assert!(!blocks.is_empty());
    for block in blocks {
        let src = block.replace("Validate, ", "");
        assert!(k8s_validation_gen::__private::has_types(&src), "{block}");
        let diags = diagnostics(&src);
        assert!(diags.is_empty(), "{block}\n-> {diags:?}");
    }
}

// ===========================================================================
// Lists

#[derive(Validate, PartialEq, Debug, Default, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ContainerPort {
    /// +k8s:minimum=1
    pub container_port: i32,
    pub protocol: String,
    /// +k8s:optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

#[derive(Validate, PartialEq, Debug, Default, Clone, Serialize)]
pub struct Container {
    pub name: String,
    /// +k8s:listType=map
    /// +k8s:listMapKey=containerPort
    /// +k8s:listMapKey=protocol
    pub ports: Vec<ContainerPort>,
}

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct PodSpec {
    /// +k8s:listType=set
    pub finalizers: Vec<String>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    pub containers: Vec<Container>,
    /// +k8s:listType=atomic
    /// +k8s:unique=map
    /// +k8s:listMapKey=name
    pub init_containers: Vec<Container>,
    /// +k8s:listType=set
    /// +k8s:customUnique
    pub tolerations: Vec<String>,
}

fn port(p: i32, proto: &str) -> ContainerPort {
    ContainerPort {
        container_port: p,
        protocol: proto.into(),
        name: None,
    }
}

fn container(name: &str, ports: Vec<ContainerPort>) -> Container {
    Container {
        name: name.into(),
        ports,
    }
}

#[test]
fn lists_uniqueness() {
    let s = PodSpec {
        finalizers: vec!["a".into(), "b".into(), "a".into(), "a".into()],
        containers: vec![
            container(
                "web",
                vec![port(80, "TCP"), port(80, "UDP"), port(80, "TCP")],
            ),
            container("web", vec![]),
        ],
        init_containers: vec![container("init", vec![]), container("init", vec![])],
        tolerations: vec!["x".into(), "x".into()],
    };
    documented(
        TAGS_MD,
        &s.validate(&create()),
        &[
            (Duplicate, "finalizers[2]", None, "finalizers[2]: Duplicate value: \"a\""),
            (Duplicate, "finalizers[3]", None, "finalizers[3]: Duplicate value: \"a\""),
            (Duplicate, "containers[1]", None,
             "containers[1]: Duplicate value: {\"name\":\"web\",\"ports\":[]}"),
            (Duplicate, "containers[0].ports[2]", None,
             "containers[0].ports[2]: Duplicate value: {\"containerPort\":80,\"protocol\":\"TCP\"}"),
            (Duplicate, "init_containers[1]", None,
             "init_containers[1]: Duplicate value: {\"name\":\"init\",\"ports\":[]}"),
        ],
    );
}

#[test]
fn lists_correlation_ratchets_unchanged_items() {
    // A list-map correlates items by key: reordering is not a change, and
    // only the new item is validated.
    let old = PodSpec {
        containers: vec![
            container("a", vec![port(0, "TCP")]),
            container("b", vec![port(0, "TCP")]),
        ],
        ..Default::default()
    };
    let new = PodSpec {
        containers: vec![
            container("b", vec![port(0, "TCP")]),
            container("a", vec![port(0, "TCP")]),
            container("c", vec![port(0, "TCP")]),
        ],
        ..Default::default()
    };
    documented(
        TAGS_MD,
        &new.validate_update(&old, &update()),
        &[(Invalid, "containers[2].ports[0].containerPort", Some("minimum"),
           "containers[2].ports[0].containerPort: Invalid value: 0: must be greater than or equal to 1")],
    );
}

// ===========================================================================
// Iteration

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct Node {
    /// +k8s:eachVal=+k8s:minimum=0
    pub weights: Vec<i32>,
    /// +k8s:eachKey=+k8s:format=k8s-label-key
    /// +k8s:eachVal=+k8s:maxLength=5
    pub labels: BTreeMap<String, String>,
}

#[test]
fn iteration() {
    let n = Node {
        weights: vec![1, -1, 2],
        labels: [("a/b/c", "ok"), ("zone", "eu-west-1")]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    };
    documented(
        TAGS_MD,
        &n.validate(&create()),
        &[
            (Invalid, "weights[1]", Some("minimum"),
             "weights[1]: Invalid value: -1: must be greater than or equal to 0"),
            (Invalid, "labels", Some("format=k8s-label-key"),
             "labels: Invalid value: \"a/b/c\": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"),
            (TooLong, "labels[zone]", Some("maxLength"),
             "labels[zone]: Too long: may not be more than 5 bytes"),
        ],
    );
    // Ratcheting: map entries are correlated by key; an atomic list (no
    // listType) is not correlated, so every element is checked again once
    // the list changes.
    let old = n.clone();
    let mut new = n.clone();
    new.weights.push(3);
    new.labels.insert("x".into(), "y".into());
    documented(
        TAGS_MD,
        &new.validate_update(&old, &update()),
        &[(
            Invalid,
            "weights[1]",
            Some("minimum"),
            "weights[1]: Invalid value: -1: must be greater than or equal to 0",
        )],
    );
}

// ===========================================================================
// Items

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct Pod {
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:item(name: "main")=+k8s:immutable
    /// +k8s:item(name: "sidecar")=+k8s:subfield(ports)=+k8s:maxItems=1
    pub containers: Vec<Container>,
}

#[test]
fn items() {
    let old = Pod {
        containers: vec![container("main", vec![]), container("other", vec![])],
    };
    let new = Pod {
        containers: vec![
            container("other", vec![]),
            container("main", vec![port(80, "TCP")]),
            container("sidecar", vec![port(1, "TCP"), port(2, "TCP")]),
        ],
    };
    documented(
        TAGS_MD,
        &new.validate_update(&old, &update()),
        &[
            (
                Invalid,
                "containers[1]",
                Some("immutable"),
                "containers[1]: Invalid value: null: field is immutable",
            ),
            (
                TooMany,
                "containers[2].ports",
                Some("maxItems"),
                "containers[2].ports: Too many: 2: must have at most 1 item",
            ),
        ],
    );
}

// ===========================================================================
// Subfields

#[derive(Validate, PartialEq, Debug, Default, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RollingUpdate {
    pub max_surge: i32,
    pub max_unavailable: i32,
}

#[derive(Validate, PartialEq, Debug, Default, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Strategy {
    /// +k8s:subfield(maxSurge)=+k8s:minimum=0
    /// +k8s:subfield(maxUnavailable)=+k8s:minimum=0
    pub rolling_update: RollingUpdate,
    /// +k8s:optional
    /// +k8s:subfield(maxSurge)=+k8s:maximum=10
    pub canary: Option<RollingUpdate>,
}

#[test]
fn subfields() {
    let s = Strategy {
        rolling_update: RollingUpdate {
            max_surge: -1,
            max_unavailable: -2,
        },
        canary: Some(RollingUpdate {
            max_surge: 11,
            max_unavailable: 0,
        }),
    };
    documented(
        TAGS_MD,
        &s.validate(&create()),
        &[
            (Invalid, "rollingUpdate.maxSurge", Some("minimum"),
             "rollingUpdate.maxSurge: Invalid value: -1: must be greater than or equal to 0"),
            (Invalid, "rollingUpdate.maxUnavailable", Some("minimum"),
             "rollingUpdate.maxUnavailable: Invalid value: -2: must be greater than or equal to 0"),
            (Invalid, "canary.maxSurge", Some("maximum"),
             "canary.maxSurge: Invalid value: 11: must be less than or equal to 10"),
        ],
    );
    // Ratcheting is per subfield: only the changed one is checked again.
    let mut new = s.clone();
    new.rolling_update.max_unavailable = -3;
    documented(
        TAGS_MD,
        &new.validate_update(&s, &update()),
        &[(
            Invalid,
            "rollingUpdate.maxUnavailable",
            Some("minimum"),
            "rollingUpdate.maxUnavailable: Invalid value: -3: must be greater than or equal to 0",
        )],
    );
}

// ===========================================================================
// Unions

#[derive(Validate, PartialEq, Debug, Default, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VolumeSource {
    /// +k8s:optional
    /// +k8s:unionMember
    pub host_path: Option<String>,
    /// +k8s:optional
    /// +k8s:unionMember
    pub empty_dir: Option<i64>,
    /// +k8s:optional
    /// +k8s:unionMember
    pub secrets: Vec<String>,
}

#[test]
fn unions_exactly_one() {
    documented(
        TAGS_MD,
        &VolumeSource::default().validate(&create()),
        &[(
            Invalid,
            "<nil>",
            None,
            "<nil>: Invalid value: \"\": must specify one of: `hostPath`, `emptyDir`, `secrets`",
        )],
    );
    let v = VolumeSource {
        host_path: Some("/data".into()),
        empty_dir: None,
        secrets: vec!["s".into()],
    };
    documented(
        TAGS_MD,
        &v.validate(&create()),
        &[(Invalid, "<nil>", None,
           "<nil>: Invalid value: \"{hostPath, secrets}\": must specify exactly one of: `hostPath`, `emptyDir`, `secrets`")],
    );
    // Ratcheting: an update that does not change which members are set
    // passes, even if the object already violated the rule.
    let mut new = v.clone();
    new.host_path = Some("/other".into());
    no_errors(&new.validate_update(&v, &update()));
}

#[derive(Validate, PartialEq, Debug, Default, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeploymentStrategy {
    /// +k8s:unionDiscriminator
    #[serde(rename = "type")]
    pub kind: String,
    /// +k8s:optional
    /// +k8s:unionMember
    pub rolling_update: Option<i32>,
    /// +k8s:optional
    /// +k8s:unionMember(memberName: "Recreate")
    pub recreate_params: Option<i32>,
}

#[test]
fn unions_discriminated() {
    let s = DeploymentStrategy {
        kind: "RollingUpdate".into(),
        rolling_update: None,
        recreate_params: Some(1),
    };
    documented(
        TAGS_MD,
        &s.validate(&create()),
        &[
            (Invalid, "rollingUpdate", None,
             "rollingUpdate: Invalid value: \"\": must be specified when `type` is \"RollingUpdate\""),
            (Invalid, "recreateParams", None,
             "recreateParams: Invalid value: \"\": may only be specified when `type` is \"Recreate\""),
        ],
    );
    // A discriminator value that names no member is not an error by itself.
    let s = DeploymentStrategy {
        kind: "BlueGreen".into(),
        ..Default::default()
    };
    no_errors(&s.validate(&create()));
}

#[derive(Validate, PartialEq, Debug, Default, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Probe {
    /// +k8s:optional
    /// +k8s:zeroOrOneOfMember
    pub exec: Option<String>,
    /// +k8s:optional
    /// +k8s:zeroOrOneOfMember
    pub http_get: Option<String>,
    /// +k8s:optional
    /// +k8s:zeroOrOneOfMember
    pub tcp_socket: Option<i32>,
}

#[test]
fn unions_zero_or_one_of() {
    no_errors(&Probe::default().validate(&create()));
    let p = Probe {
        exec: Some("true".into()),
        http_get: None,
        tcp_socket: Some(80),
    };
    documented(
        TAGS_MD,
        &p.validate(&create()),
        &[(Invalid, "<nil>", Some("zeroOrOneOf"),
           "<nil>: Invalid value: \"{exec, tcpSocket}\": must specify at most one of: `exec`, `httpGet`, `tcpSocket`")],
    );
}

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct Volume {
    pub name: String,
    pub source: VolumeSource,
}

#[test]
fn unions_nested_path() {
    let v = Volume {
        name: "data".into(),
        source: VolumeSource::default(),
    };
    documented(
        TAGS_MD,
        &v.validate(&create()),
        &[(
            Invalid,
            "source",
            None,
            "source: Invalid value: \"\": must specify one of: `hostPath`, `emptyDir`, `secrets`",
        )],
    );
}

// ===========================================================================
// Dependencies

#[derive(Validate, PartialEq, Debug, Default, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TlsConfig {
    /// +k8s:optional
    /// +k8s:dependentRequired(keyFile)
    /// +k8s:dependentForbidden(insecure)
    pub cert_file: Option<String>,
    /// +k8s:optional
    pub key_file: Option<String>,
    /// +k8s:optional
    pub insecure: bool,
}

/// The `+k8s:ifMode` example of docs/tags.md (Kubernetes 1.37).
#[derive(Validate, PartialEq, Debug, Default, Clone)]
#[validate(kubernetes = "1.37")]
pub struct LimitResponse {
    /// +k8s:required
    /// +k8s:modeDiscriminator
    pub mode: String,
    /// +k8s:optional
    /// +k8s:ifMode("Queue")=+k8s:required
    /// +k8s:ifMode("Reject")=+k8s:forbidden
    pub queuing: Option<String>,
}

#[test]
fn modes_1_37() {
    let v = |mode: &str, queuing: Option<&str>| LimitResponse {
        mode: mode.into(),
        queuing: queuing.map(str::to_string),
    };
    documented(
        TAGS_MD,
        &v("Queue", None).validate(&create()),
        &[(Required, "queuing", None, "queuing: Required value")],
    );
    for mode in ["Reject", "Other"] {
        documented(
            TAGS_MD,
            &v(mode, Some("q")).validate(&create()),
            &[(Forbidden, "queuing", None, "queuing: Forbidden")],
        );
    }
    no_errors(&v("Queue", Some("q")).validate(&create()));
    // Ratcheting: neither the mode nor the member changed.
    no_errors(&v("Other", Some("q")).validate_update(&v("Other", Some("q")), &update()));
    assert!(
        TAGS_MD.contains("An update that changes neither `mode` nor `queuing` reports nothing.")
    );
}

/// The generation errors of `+k8s:modeDiscriminator` / `+k8s:ifMode` listed
/// in docs/tags.md, each produced by a 1.37 type.
#[test]
fn mode_generation_errors_1_37() {
    let cases: &[(&str, &str, &str)] = &[
        ("/// +k8s:modeDiscriminator", "pub m: Option<String>", "can only be used on non-pointer types"),
        ("/// +k8s:modeDiscriminator", "pub m: i32", "can only be used on string or bool types (int32)"),
        ("/// +k8s:modeDiscriminator(modality: \"1st\")", "pub m: String",
         "discriminator group name must match ^[a-zA-Z][a-zA-Z0-9_]*$, got \"1st\""),
        ("/// +k8s:modeDiscriminator(modality: \"default\")", "pub m: String",
         "discriminator group name \"default\" is reserved"),
        ("/// +k8s:modeDiscriminator", "pub m: String,\n    /// +k8s:modeDiscriminator\n    pub n: String",
         "duplicate discriminator: \"\""),
        ("/// +k8s:ifMode(\"A\")=+k8s:required", "pub a: Option<String>", "missing discriminator"),
        ("/// +k8s:ifMode(modality: \"Phase\", mode: \"A\")=+k8s:required", "pub a: Option<String>",
         "missing discriminator for group \"Phase\""),
        ("/// +k8s:ifMode(modality: \"\")=+k8s:required", "pub a: Option<String>", "missing required mode"),
        ("/// +k8s:ifMode(modality: \"default\", mode: \"A\")=+k8s:required", "pub a: Option<String>",
         "discriminator group name \"default\" is reserved"),
        ("/// +k8s:modeDiscriminator", "pub m: bool,\n    /// +k8s:ifMode(\"yes\")=+k8s:required\n    pub a: Option<String>",
         "invalid discriminator value \"yes\": cannot parse \"yes\" as bool: \"yes\" is not a valid bool value"),
        ("/// +k8s:ifMode(\"A\")", "pub a: Option<String>",
         "tag \"k8s:ifMode\": missing required tag value of type tag"),
        ("/// +k8s:ifMode(value: \"A\")=+k8s:required", "pub a: Option<String>",
         "tag \"k8s:ifMode\": unrecognized named argument \"value: \\\"A\\\"\""),
        ("/// +k8s:eachVal=+k8s:ifMode(\"A\")=+k8s:required", "pub a: Vec<String>",
         "tag \"k8s:eachVal\": tag \"k8s:ifMode\" cannot be specified on list values"),
    ];
    for (tag, field, message) in cases {
        let src = format!(
            "#[validate(kubernetes = \"1.37\")]\npub struct S {{\n    {tag}\n    {field},\n}}\n"
        );
        assert_reported_and_documented(&src, message);
    }
    let got = diagnostics(
        "/// +k8s:modeDiscriminator\n#[validate(kubernetes = \"1.37\")]\npub struct M(pub String);",
    );
    let want = "tag \"k8s:modeDiscriminator\" cannot be specified on type definitions";
    assert!(got.iter().any(|m| m.starts_with(want)), "{got:?}");
    assert!(TAGS_MD.contains(&format!("\n{want}\n")));
}

#[test]
fn dependencies() {
    let t = TlsConfig {
        cert_file: Some("tls.crt".into()),
        key_file: None,
        insecure: true,
    };
    documented(
        TAGS_MD,
        &t.validate(&create()),
        &[
            (
                Required,
                "keyFile",
                Some("dependentRequired"),
                "keyFile: Required value: must be set when certFile is set",
            ),
            (
                Forbidden,
                "insecure",
                Some("dependentForbidden"),
                "insecure: Forbidden: may not be set when certFile is set",
            ),
        ],
    );
    // Ratcheting: nothing is reported while neither field's set-ness changes.
    let mut new = t.clone();
    new.cert_file = Some("other.crt".into());
    no_errors(&new.validate_update(&t, &update()));
}

// ===========================================================================
// Immutability and update constraints

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct Claim {
    /// +k8s:immutable
    pub storage_class: String,
    /// +k8s:optional
    /// +k8s:immutable
    pub volume_name: Option<String>,
}

#[test]
fn immutable() {
    let old = Claim {
        storage_class: "fast".into(),
        volume_name: None,
    };
    no_errors(&old.clone().validate_update(&old, &update()));
    let new = Claim {
        storage_class: "slow".into(),
        volume_name: Some("pv-1".into()),
    };
    documented(
        TAGS_MD,
        &new.validate_update(&old, &update()),
        &[
            (
                Invalid,
                "storage_class",
                Some("immutable"),
                "storage_class: Invalid value: null: field is immutable",
            ),
            (
                Invalid,
                "volume_name",
                Some("immutable"),
                "volume_name: Invalid value: null: field is immutable",
            ),
        ],
    );
    // Nothing on create.
    no_errors(&new.validate(&create()));
}

#[derive(Validate, PartialEq, Debug, Default, Clone)]
#[validate(kubernetes = "1.37")]
pub struct Binding {
    /// +k8s:update=NoSet
    pub node_name: String,
    /// +k8s:optional
    /// +k8s:update=NoUnset
    pub priority: Option<i32>,
    /// +k8s:update=NoModify
    pub uid: String,
    /// +k8s:listType=set
    /// +k8s:update=NoAddItem
    /// +k8s:update=NoRemoveItem
    pub finalizers: Vec<String>,
    /// +k8s:update=NoAddItem
    pub annotations: BTreeMap<String, String>,
}

#[test]
fn update_constraints() {
    let old = Binding {
        node_name: String::new(),
        priority: Some(1),
        uid: "a".into(),
        finalizers: vec!["x".into(), "y".into()],
        annotations: BTreeMap::new(),
    };
    let new = Binding {
        node_name: "node-1".into(),
        priority: None,
        uid: "b".into(),
        finalizers: vec!["x".into(), "z".into()],
        annotations: [("k".to_string(), "v".to_string())].into(),
    };
    documented(
        TAGS_MD,
        &new.validate_update(&old, &update()),
        &[
            (
                Invalid,
                "node_name",
                Some("update"),
                "node_name: Invalid value: null: field cannot be set once created",
            ),
            (
                Invalid,
                "priority",
                Some("update"),
                "priority: Invalid value: null: field cannot be cleared once set",
            ),
            (
                Invalid,
                "uid",
                Some("update"),
                "uid: Invalid value: null: field cannot be modified once set",
            ),
            (
                Forbidden,
                "finalizers[1]",
                Some("update"),
                "finalizers[1]: Forbidden: item may not be added",
            ),
            (
                Forbidden,
                "finalizers",
                Some("update"),
                "finalizers: Forbidden: item may not be removed",
            ),
            (
                Forbidden,
                "annotations[k]",
                Some("update"),
                "annotations[k]: Forbidden: item may not be added",
            ),
        ],
    );
    // Clearing a set non-Option value is not a NoModify error.
    let cleared = Binding {
        uid: String::new(),
        ..old.clone()
    };
    no_errors(&cleared.validate_update(&old, &update()));
}

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct Status {
    /// +k8s:monotonic
    pub observed_generation: i64,
}

#[test]
fn monotonic() {
    let old = Status {
        observed_generation: 5,
    };
    let new = Status {
        observed_generation: 4,
    };
    documented(
        TAGS_MD,
        &new.validate_update(&old, &update()),
        &[(
            Invalid,
            "observed_generation",
            Some("monotonic"),
            "observed_generation: Invalid value: 4: may not be decreased from 5",
        )],
    );
    no_errors(&new.validate(&create()));
}

// ===========================================================================
// Options

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct Job {
    /// +k8s:ifEnabled(StrictJobs)=+k8s:minimum=1
    /// +k8s:ifDisabled(StrictJobs)=+k8s:minimum=0
    pub parallelism: i32,
}

#[test]
fn options() {
    let j = Job { parallelism: -1 };
    documented(
        TAGS_MD,
        &j.validate(&create()),
        &[(
            Invalid,
            "parallelism",
            Some("minimum"),
            "parallelism: Invalid value: -1: must be greater than or equal to 0",
        )],
    );
    let j = Job { parallelism: 0 };
    let strict = create().with_option("StrictJobs");
    documented(
        TAGS_MD,
        &j.validate(&strict),
        &[(
            Invalid,
            "parallelism",
            Some("minimum"),
            "parallelism: Invalid value: 0: must be greater than or equal to 1",
        )],
    );
    no_errors(&j.validate(&create()));
}

// ===========================================================================
// Testing tags

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct Probed {
    /// +k8s:validateFalse="always fails"
    pub name: Option<String>,
    /// +k8s:validateFalse(flags: "ShortCircuit")="first"
    /// +k8s:validateFalse="never reached"
    pub count: i32,
    /// +k8s:validateTrue="never fails"
    /// +k8s:validateTrueAlpha
    /// +k8s:validateTrueBeta
    pub other: i32,
    /// +k8s:validateFalse(flags: "ShortCircuit,NonError")
    /// +k8s:validateFalse="skipped"
    pub quiet: i32,
}

#[test]
fn testing_tags() {
    let p = Probed {
        name: Some("<b>".into()),
        ..Default::default()
    };
    documented(
        TAGS_MD,
        &p.validate(&create()),
        &[
            (
                Invalid,
                "name",
                Some("validateFalse"),
                "name: Invalid value: \"\\u003cb\\u003e\": forced failure: always fails",
            ),
            (
                Invalid,
                "count",
                Some("validateFalse"),
                "count: Invalid value: 0: forced failure: first",
            ),
        ],
    );
    documented(
        TAGS_MD,
        &Probed::default().validate(&create()),
        &[
            (
                Invalid,
                "name",
                Some("validateFalse"),
                "name: Invalid value: null: forced failure: always fails",
            ),
            (
                Invalid,
                "count",
                Some("validateFalse"),
                "count: Invalid value: 0: forced failure: first",
            ),
        ],
    );
}

// ===========================================================================
// Opaque types and custom validation

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct Limits {
    /// +k8s:minimum=1
    pub cpu: i32,
}

#[derive(Validate, PartialEq, Debug, Default, Clone)]
#[validate(kubernetes = "1.37")]
pub struct Resources {
    /// +k8s:opaqueType
    pub requests: Limits,
    pub limits: Limits,
    /// +k8s:opaqueType
    /// +k8s:validateFalse="checked as a whole"
    pub claims: Limits,
}

#[test]
fn opaque() {
    documented(
        TAGS_MD,
        &Resources::default().validate(&create()),
        &[
            (
                Invalid,
                "limits.cpu",
                Some("minimum"),
                "limits.cpu: Invalid value: 0: must be greater than or equal to 1",
            ),
            (
                Invalid,
                "claims",
                Some("validateFalse"),
                "claims: Invalid value: {\"cpu\":0}: forced failure: checked as a whole",
            ),
        ],
    );
}

/// +k8s:validateFalse="whole object"
#[derive(Validate, PartialEq, Debug, Default, Clone)]
#[validate(kubernetes = "1.37")]
pub struct Envelope {
    /// +k8s:opaqueType
    pub payload: Limits,
    pub size: i32,
}

#[test]
fn opaque_fields_print_null() {
    documented(
        TAGS_MD,
        &Envelope::default().validate(&create()),
        &[(
            Invalid,
            "<nil>",
            Some("validateFalse"),
            "<nil>: Invalid value: {\"payload\":null,\"size\":0}: forced failure: whole object",
        )],
    );
}

/// +k8s:customValidation
#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct Window {
    pub start: i32,
    /// +k8s:customValidation
    pub end: i32,
}

impl Window {
    /// Called for the `+k8s:customValidation` on the type.
    fn validate_custom(
        _op: &Operation,
        path: &FieldPath<'_>,
        value: Option<&Window>,
        _old: Option<&Window>,
    ) -> ErrorList {
        match value {
            Some(w) if w.end < w.start => Error::invalid(
                path.child("end"),
                i64::from(w.end),
                "must not be before start",
            )
            .with_origin("window")
            .into(),
            _ => ErrorList::new(),
        }
    }

    /// Called for the `+k8s:customValidation` on `end`.
    fn validate_custom_end(
        _op: &Operation,
        path: &FieldPath<'_>,
        value: Option<&i32>,
        _old: Option<&i32>,
    ) -> ErrorList {
        match value {
            Some(v) if *v % 60 != 0 => {
                Error::invalid(path, i64::from(*v), "must be a whole minute")
                    .with_origin("minutes")
                    .into()
            }
            _ => ErrorList::new(),
        }
    }
}

#[test]
fn custom_validation() {
    let w = Window {
        start: 120,
        end: 90,
    };
    documented(
        TAGS_MD,
        &w.validate(&create()),
        &[
            (
                Invalid,
                "end",
                Some("window"),
                "end: Invalid value: 90: must not be before start",
            ),
            (
                Invalid,
                "end",
                Some("minutes"),
                "end: Invalid value: 90: must be a whole minute",
            ),
        ],
    );
}

// ===========================================================================
// Subresources

/// +k8s:supportsSubresource="/status"
/// +k8s:supportsSubresource="/scale"
#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct ReplicaSet {
    pub replicas: i32,
}

/// +k8s:isSubresource="/scale"
#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct Scale {
    pub replicas: i32,
}

#[test]
fn subresources() {
    assert_eq!(ReplicaSet::subresources(), ["/", "/scale", "/status"]);
    assert_eq!(Scale::subresources(), ["/scale"]);
    assert_eq!(Deployment::subresources(), ["/"]);
    for line in [
        "`ReplicaSet::subresources()` is `[\"/\", \"/scale\", \"/status\"]`",
        "`Scale::subresources()` is `[\"/scale\"]`",
    ] {
        assert!(TAGS_MD.contains(line), "missing: {line}");
    }
}

// ===========================================================================
// Ordering, cohorts, short-circuit

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct Ordered {
    /// +k8s:neq="ABCD"
    /// +k8s:maxLength=3
    /// +k8s:format=k8s-short-name
    pub name: String,
    /// +k8s:eachVal=+k8s:minimum=0
    /// +k8s:maxItems=2
    /// +k8s:required
    pub values: Vec<i32>,
}

#[test]
fn ordering() {
    let o = Ordered {
        name: "ABCD".into(),
        values: vec![],
    };
    documented(
        TAGS_MD,
        &o.validate(&create()),
        &[
            (Invalid, "name", Some("format=k8s-short-name"),
             "name: Invalid value: \"ABCD\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"),
            (TooLong, "name", Some("maxLength"), "name: Too long: may not be more than 3 bytes"),
            (Invalid, "name", Some("neq"), "name: Invalid value: \"ABCD\": must not be equal to \"ABCD\""),
            (Required, "values", None, "values: Required value"),
        ],
    );
    let o = Ordered {
        name: "ok".into(),
        values: vec![-1, -2, -3],
    };
    documented(
        TAGS_MD,
        &o.validate(&create()),
        &[(
            TooMany,
            "values",
            Some("maxItems"),
            "values: Too many: 3: must have at most 2 items",
        )],
    );
}

/// +k8s:validateFalse(flags: "ShortCircuit")="type check"
#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct Gate {
    /// +k8s:required
    pub name: String,
}

#[test]
fn type_level_short_circuit() {
    documented(
        TAGS_MD,
        &Gate::default().validate(&create()),
        &[(
            Invalid,
            "<nil>",
            Some("validateFalse"),
            "<nil>: Invalid value: {\"name\":\"\"}: forced failure: type check",
        )],
    );
}

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct Cohorts {
    /// +k8s:validateFalse(flags: "ShortCircuit", cohort: "a")="a1"
    /// +k8s:validateFalse(cohort: "a")="a2"
    /// +k8s:validateFalse(cohort: "b")="b1"
    /// +k8s:validateFalse="default"
    pub value: i32,
}

#[test]
fn cohorts() {
    documented(
        TAGS_MD,
        &Cohorts::default().validate(&create()),
        &[
            (
                Invalid,
                "value",
                Some("validateFalse"),
                "value: Invalid value: 0: forced failure: default",
            ),
            (
                Invalid,
                "value",
                Some("validateFalse"),
                "value: Invalid value: 0: forced failure: a1",
            ),
            (
                Invalid,
                "value",
                Some("validateFalse"),
                "value: Invalid value: 0: forced failure: b1",
            ),
        ],
    );
}

#[derive(Validate, PartialEq, Debug, Default, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClassMeta {
    pub name: String,
    pub generate_name: String,
}

#[derive(Validate, PartialEq, Debug, Default, Clone, Serialize)]
pub struct DeviceClass {
    /// +k8s:subfield(name)=+k8s:optional
    /// +k8s:subfield(name)=+k8s:format=k8s-long-name
    pub metadata: ClassMeta,
}

#[derive(Validate, PartialEq, Debug, Default, Clone, Serialize)]
pub struct Slot {
    pub name: String,
    /// +k8s:minimum=1
    pub size: i32,
}

#[derive(Validate, PartialEq, Debug, Default, Clone, Serialize)]
pub struct Slots {
    /// +k8s:eachVal=+k8s:subfield(name)=+k8s:optional
    /// +k8s:eachVal=+k8s:subfield(name)=+k8s:format=k8s-short-name
    pub slots: Vec<Slot>,
}

#[test]
fn short_circuits_through_wrappers() {
    let generated = DeviceClass {
        metadata: ClassMeta {
            name: String::new(),
            generate_name: "gpu-".into(),
        },
    };
    no_errors(&generated.validate(&create()));
    let named = DeviceClass {
        metadata: ClassMeta {
            name: "GPU".into(),
            generate_name: String::new(),
        },
    };
    documented(
        TAGS_MD,
        &named.validate(&create()),
        &[(
            Invalid,
            "metadata.name",
            Some("format=k8s-long-name"),
            "metadata.name: Invalid value: \"GPU\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
        )],
    );
    let slot = |name: &str| Slot {
        name: name.into(),
        size: 0,
    };
    no_errors(
        &Slots {
            slots: vec![slot(""), slot("A")],
        }
        .validate(&create()),
    );
    documented(
        TAGS_MD,
        &Slots {
            slots: vec![slot("a"), slot("A")],
        }
        .validate(&create()),
        &[
            (
                Invalid,
                "slots[1].name",
                Some("format=k8s-short-name"),
                "slots[1].name: Invalid value: \"A\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
            ),
            (
                Invalid,
                "slots[0].size",
                Some("minimum"),
                "slots[0].size: Invalid value: 0: must be greater than or equal to 1",
            ),
            (
                Invalid,
                "slots[1].size",
                Some("minimum"),
                "slots[1].size: Invalid value: 0: must be greater than or equal to 1",
            ),
        ],
    );
}

// ===========================================================================
// Rust shapes

#[derive(Validate, PartialEq, Debug, Default, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectMeta {
    /// +k8s:required
    pub name: String,
    /// +k8s:optional
    /// +k8s:minimum=0
    pub generation: Option<i64>,
}

#[derive(Validate, PartialEq, Debug, Default, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Widget {
    #[serde(flatten)]
    pub meta: ObjectMeta,
    /// +k8s:optional
    pub spec: Option<Box<WidgetSpec>>,
    /// +k8s:required
    #[serde(skip)]
    pub cache: String,
}

#[derive(Validate, PartialEq, Debug, Default, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WidgetSpec {
    /// +k8s:minimum=1
    #[serde(rename = "size")]
    pub size_in_gb: u32,
}

#[derive(Validate, PartialEq, Debug, Default, Clone, Serialize)]
pub struct WidgetList {
    pub items: Vec<Widget>,
}

#[test]
fn shapes() {
    let w = Widget {
        meta: ObjectMeta {
            name: String::new(),
            generation: Some(-1),
        },
        spec: Some(Box::new(WidgetSpec { size_in_gb: 0 })),
        cache: String::new(),
    };
    documented(
        TAGS_MD,
        &w.validate(&create()),
        &[
            (
                Required,
                "ObjectMeta.name",
                None,
                "ObjectMeta.name: Required value",
            ),
            (
                Invalid,
                "ObjectMeta.generation",
                Some("minimum"),
                "ObjectMeta.generation: Invalid value: -1: must be greater than or equal to 0",
            ),
            (
                Invalid,
                "spec.size",
                Some("minimum"),
                "spec.size: Invalid value: 0: must be greater than or equal to 1",
            ),
        ],
    );
    let l = WidgetList { items: vec![w] };
    documented(
        TAGS_MD,
        &l.validate(&create()),
        &[
            (
                Required,
                "items[0].name",
                None,
                "items[0].name: Required value",
            ),
            (
                Invalid,
                "items[0].generation",
                Some("minimum"),
                "items[0].generation: Invalid value: -1: must be greater than or equal to 0",
            ),
            (
                Invalid,
                "items[0].spec.size",
                Some("minimum"),
                "items[0].spec.size: Invalid value: 0: must be greater than or equal to 1",
            ),
        ],
    );
}

// ===========================================================================
// Generation-time errors

/// The diagnostics the generator reports for a module source, as
/// `message` strings (without the `file:line:col: error: ` prefix).
pub(crate) fn diagnostics(src: &str) -> Vec<String> {
    let options = k8s_validation_gen::Options::new();
    match k8s_validation_gen::__private::generate_module(Path::new("api.rs"), src, &options) {
        Ok(_) => Vec::new(),
        Err(diags) => diags.into_iter().map(|d| d.message).collect(),
    }
}

/// `(tag line, field or item, extra items, message)`: the module
/// `pub struct S { /// <tag line>\n <field> }` + extra items must fail with
/// `<message> (in `<tag line>`)`, and the message must be listed in
/// docs/tags.md. `extra` `#<release>` generates the struct for that release.
const GENERATION_ERRORS: &[(&str, &str, &str, &str)] = &[
    // Grammar and catalog (any tag).
    ("+k8s:maxLenght=3", "pub a: String", "",
     "unknown validation tag \"k8s:maxLenght\", did you mean \"k8s:maxLength\"?"),
    ("+k8s:eachVal=+k8s:typo", "pub a: Vec<i32>", "",
     "tag \"k8s:eachVal\": unknown validation tag \"k8s:typo\""),
    ("+k8s:minimum = 1", "pub a: i32", "", "unexpected character ' '"),
    ("+k8s:ifEnabled(A, B)=+k8s:minimum=1", "pub a: i32", "",
     "multiple arguments must use 'name: value' syntax"),
    ("+k8s:minimum(x: 1)=1", "pub a: i32", "",
     "tag \"k8s:minimum\": unrecognized named argument \"x: 1\""),
    ("+k8s:eachVal=+k8s:required", "pub a: Vec<i32>", "",
     "tag \"k8s:eachVal\": tag \"k8s:required\" cannot be specified on list values"),
    // Presence.
    ("+k8s:required=yes", "pub a: i32", "",
     "tag \"k8s:required\": tag value has wrong type: got string, want "),
    ("+k8s:eachVal=+k8s:forbidden", "pub a: Vec<i32>", "",
     "tag \"k8s:eachVal\": tag \"k8s:forbidden\" cannot be specified on list values"),
    ("+default", "pub a: Option<i32>", "", "+default tag with no value"),
    // Limits.
    ("+k8s:minimum=1", "pub a: String", "", "can only be used on integer types (string)"),
    ("+k8s:maximum=1", "pub a: f64", "", "can only be used on integer types (float64)"),
    ("+k8s:minimum=300", "pub a: u8", "", "value 300 does not fit in uint8 (range [0, 255])"),
    ("+k8s:minimum=\"1\"", "pub a: i32", "",
     "tag \"k8s:minimum\": tag value has wrong type: got string, want int"),
    ("+k8s:maximum", "pub a: i32", "", "tag \"k8s:maximum\": missing required tag value of type int"),
    ("+k8s:maxLength=1", "pub a: i32", "", "can only be used on string types (int32)"),
    ("+k8s:maxLength=-1", "pub a: String", "", "must be greater than or equal to zero"),
    ("+k8s:maxItems=1", "pub a: std::collections::BTreeMap<String, i32>", "",
     "can only be used on list types (map)"),
    ("+k8s:eachKey=+k8s:maxItems=1", "pub a: std::collections::BTreeMap<String, i32>", "",
     "tag \"k8s:eachKey\": tag \"k8s:maxItems\" cannot be specified on map keys"),
    ("+k8s:maxProperties=1", "pub a: Vec<i32>", "", "can only be used on map types (slice)"),
    ("+k8s:maxProperties=100001", "pub a: std::collections::BTreeMap<String, i32>", "",
     "must be between 0 and 100000, got 100001"),
    ("+k8s:eachVal=+k8s:minProperties=1", "pub a: Vec<std::collections::BTreeMap<String, i32>>", "",
     "tag \"k8s:eachVal\": tag \"k8s:minProperties\" cannot be specified on list values"),
    // Formats.
    ("+k8s:format=dns-label", "pub a: String", "",
     "unsupported validation format \"dns-label\" (supported: k8s-condition-reason, k8s-extended-resource-name, k8s-ip, k8s-label-key, k8s-label-value, k8s-long-name, k8s-long-name-caseless, k8s-path-segment-name, k8s-prefixed-label-key, k8s-resource-fully-qualified-name, k8s-resource-pool-name, k8s-short-name, k8s-uuid)"),
    ("+k8s:format=k8s-uuid", "pub a: i32", "", "can only be used on string types (int32)"),
    ("+k8s:format", "pub a: String", "", "tag \"k8s:format\": missing required tag value of type string"),
    // Equality.
    ("+k8s:neq=1", "pub a: String", "", "type mismatch: field is a string, but payload is of type int"),
    ("+k8s:neq=\"x\"", "pub a: i32", "", "type mismatch: field is an integer, but payload is of type string"),
    ("+k8s:neq=1", "pub a: bool", "", "type mismatch: field is a bool, but payload is of type int"),
    ("+k8s:neq=1", "pub a: f64", "", "unsupported type for 'neq' tag"),
    ("+k8s:neq", "pub a: String", "", "tag \"k8s:neq\": missing required tag value of type raw"),
    // Enums.
    ("+k8s:enum", "pub a: String", "", "tag \"k8s:enum\" cannot be specified on struct fields"),
    ("+k8s:enumExclude", "pub a: String", "",
     "tag \"k8s:enumExclude\" cannot be specified on struct fields"),
    // Lists.
    ("+k8s:listType=bag", "pub a: Vec<String>", "", "unknown list type \"bag\""),
    ("+k8s:listType=set", "pub a: String", "", "can only be used on list types (string)"),
    ("+k8s:listType=map", "pub a: Vec<P>", "pub struct P { pub name: String }",
     "found listType=map or unique=map without listMapKey"),
    ("+k8s:listMapKey=name", "pub a: Vec<P>", "pub struct P { pub name: String }",
     "found listMapKey without listType=map or unique=map"),
    ("+k8s:listType=map\n    /// +k8s:listMapKey=kind", "pub a: Vec<P>", "pub struct P { pub name: String }",
     "no field for JSON name \"kind\""),
    ("+k8s:unique=set", "pub a: Vec<String>", "",
     "listType must be specified - use listType=atomic, listType=set, or listType=map"),
    ("+k8s:customUnique", "pub a: Vec<String>", "",
     "listType must be specified - use listType=atomic, listType=set, or listType=map"),
    // Iteration.
    ("+k8s:eachVal=+k8s:minimum=1", "pub a: String", "", "can only be used on list or map types (string)"),
    ("+k8s:eachKey=+k8s:minimum=1", "pub a: Vec<i32>", "", "can only be used on map types (slice)"),
    ("+k8s:eachVal", "pub a: Vec<i32>", "", "tag \"k8s:eachVal\": missing required tag value of type tag"),
    ("+k8s:eachVal=1", "pub a: Vec<i32>", "", "tag \"k8s:eachVal\": tag value has wrong type: got int, want tag"),
    ("+k8s:eachKey=+k8s:immutable", "pub a: std::collections::BTreeMap<String, i32>", "",
     "tag \"k8s:eachKey\": tag \"k8s:immutable\" cannot be specified on map keys"),
    // Items.
    ("+k8s:item(name: \"a\")=+k8s:immutable", "pub a: Vec<P>", "pub struct P { pub name: String }",
     "found items with no list metadata - item tags require listType=map or unique=map with listMapKey"),
    ("+k8s:item(name: \"a\")=+k8s:immutable", "pub a: String", "",
     "can only be used on list types (string)"),
    // Subfields.
    ("+k8s:subfield(a)=+k8s:minimum=1", "pub a: i32", "", "can only be used on struct types: int32"),
    ("+k8s:subfield=+k8s:minimum=1", "pub a: T", "pub struct T { pub a: i32 }",
     "tag \"k8s:subfield\": missing required positional argument of type string"),
    // Unions.
    ("+k8s:unionDiscriminator", "pub d: i32", "", "can only be used on string types (int32)"),
    ("+k8s:unionMember(foo: \"x\")", "pub a: Option<i32>", "",
     "tag \"k8s:unionMember\": unrecognized named argument \"foo: \\\"x\\\"\""),
    ("+k8s:modeDiscriminator", "pub m: String", "",
     "tag \"k8s:modeDiscriminator\" is not supported yet by this generator (it is newer than Kubernetes 1.35)"),
    ("+k8s:ifMode(A)=+k8s:required", "pub a: Option<i32>", "",
     "tag \"k8s:ifMode\" is not supported yet by this generator (it is newer than Kubernetes 1.35)"),
    // Dependencies.
    ("+k8s:dependentRequired(zz)", "pub a: Option<i32>", "", "no sibling field with JSON name \"zz\""),
    ("+k8s:dependentForbidden(a)", "pub a: Option<i32>", "", "trigger and dependent field must be different"),
    // Immutability and update.
    ("+k8s:eachKey=+k8s:immutable", "pub a: std::collections::BTreeMap<String, i32>", "",
     "tag \"k8s:eachKey\": tag \"k8s:immutable\" cannot be specified on map keys"),
    ("+k8s:update=NoChange", "pub a: i32", "", "unknown +k8s:update constraint: NoChange"),
    ("+k8s:update=NoAddItem", "pub a: Vec<i32>", "", "unknown +k8s:update constraint: NoAddItem"),
    ("+k8s:update=NoSet", "pub a: Vec<i32>", "",
     "+k8s:update=NoSet is currently not supported on list or map fields"),
    ("+k8s:eachVal=+k8s:update=NoModify", "pub a: Vec<i32>", "",
     "tag \"k8s:update\" cannot be specified on list values"),
    ("+k8s:update=NoAddItem", "pub a: i32", "#1.37",
     "+k8s:update=NoAddItem and NoRemoveItem can only be used on list or map fields"),
    ("+k8s:update=NoModify", "pub a: Vec<i32>", "#1.37",
     "+k8s:update=NoModify cannot be used on list or map fields, use +k8s:eachVal=+k8s:update=NoModify for per-item immutability"),
    ("+k8s:update=NoRemoveItem", "pub a: Vec<i32>", "#1.37",
     "+k8s:update=NoAddItem and NoRemoveItem require list metadata (+k8s:listType with listMapKey, or +k8s:unique)"),
    ("+k8s:eachVal=+k8s:update=NoSet", "pub a: Vec<i32>", "#1.37",
     "+k8s:update=NoSet does not apply to list values, attach it to the enclosing field"),
    ("+k8s:monotonic", "pub a: String", "", "must be an integer type (got string)"),
    // Options and stability levels.
    ("+k8s:ifEnabled=+k8s:minimum=1", "pub a: i32", "",
     "tag \"k8s:ifEnabled\": missing required positional argument of type string"),
    ("+k8s:ifDisabled(X)", "pub a: i32", "",
     "tag \"k8s:ifDisabled\": missing required tag value of type tag"),
    ("+k8s:alpha(since: \"1.36\")=+k8s:minimum=1", "pub a: i32", "",
     "tag \"k8s:alpha\" is not part of Kubernetes 1.35 (it arrived in 1.36); generate for 1.36 or later (`#[validate(kubernetes = \"1.36\")]`, the `v1_36` feature, `--kubernetes-version 1.36`) or remove it"),
    ("+k8s:beta=+k8s:minimum=1", "pub a: i32", "",
     "tag \"k8s:beta\" is not part of Kubernetes 1.35 (it arrived in 1.36); generate for 1.36 or later (`#[validate(kubernetes = \"1.36\")]`, the `v1_36` feature, `--kubernetes-version 1.36`) or remove it"),
    // Testing.
    ("+k8s:validateError=\"boom\"", "pub a: i32", "", "forced error: \"boom\""),
    ("+k8s:validateFalse(flags: \"Fast\")", "pub a: i32", "", "unknown flag: \"Fast\""),
    ("+k8s:validateTrue=1", "pub a: i32", "",
     "tag \"k8s:validateTrue\": tag value has wrong type: got int, want string"),
    // Opaque and custom.
    ("+k8s:opaqueType(x)", "pub a: i32", "",
     "tag \"k8s:opaqueType\": unrecognized named argument \"\\\"x\\\"\""),
    ("+k8s:eachVal=+k8s:customValidation", "pub a: Vec<i32>", "",
     "tag \"k8s:eachVal\": tag \"k8s:customValidation\" cannot be specified on list values"),
    // Subresources.
    ("+k8s:supportsSubresource=\"/status\"", "pub a: i32", "",
     "tag \"k8s:supportsSubresource\" cannot be specified on struct fields"),
];

#[test]
fn generation_errors_are_real_and_documented() {
    let mut wrong = Vec::new();
    for (tag, field, extra, message) in GENERATION_ERRORS {
        // `extra` `#1.37`: generated for that release.
        let src = match extra.strip_prefix('#') {
            Some(release) => format!(
                "#[validate(kubernetes = \"{release}\")]\npub struct S {{\n    /// {tag}\n    {field},\n}}\n"
            ),
            None => format!("pub struct S {{\n    /// {tag}\n    {field},\n}}\n{extra}\n"),
        };
        let got = diagnostics(&src);
        // The first line of a diagnostic is the message; what follows (the
        // tag, a caret, a hint) locates it.
        if !got.iter().any(|m| m.starts_with(message)) {
            wrong.push(format!(
                "{tag} on `{field}`:\n  want {message:?}\n  got  {got:?}"
            ));
        }
        assert!(
            TAGS_MD.contains(&format!("\n{message}\n")),
            "docs/tags.md does not list this generation error on a line of its own:\n{message}"
        );
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Kubernetes 1.37 rejects nested subfields (1.35 and 1.36 validate them:
/// `tests/tests/ot_tags_subfield_deep.rs`).
#[test]
fn nested_subfield_error_is_real_and_documented() {
    let message =
        "nested +k8s:subfield tags are unsupported; apply validations directly to the nested type instead";
    let src = "#[validate(kubernetes = \"1.37\")]\npub struct S {\n    /// +k8s:subfield(a)=+k8s:subfield(b)=+k8s:minimum=1\n    pub a: T,\n}\npub struct T { pub a: U }\npub struct U { pub b: i32 }\n";
    assert_reported_and_documented(src, message);
    let src_1_36 = src.replace("1.37", "1.36");
    assert!(
        !diagnostics(&src_1_36)
            .iter()
            .any(|m| m.starts_with(message)),
        "1.36 validates nested subfields"
    );
}

/// `src` gets the generation error `message` (the first line of one of its
/// diagnostics starts with it), and docs/tags.md lists it on a line of its own.
#[track_caller]
pub(crate) fn assert_reported_and_documented(src: &str, message: &str) {
    let got = diagnostics(src);
    assert!(
        got.iter().any(|m| m.starts_with(message)),
        "{src}\n  want {message:?}\n  got  {got:?}"
    );
    assert!(
        TAGS_MD.contains(&format!("\n{message}\n")),
        "docs/tags.md does not list this generation error on a line of its own:\n{message}"
    );
}

/// The limits any input can hit: chain depth, doc attributes, nesting.
#[test]
fn limit_errors_are_real_and_documented() {
    let chain = format!("+{}k8s:minimum=1", "k8s:ifEnabled(A)=+".repeat(32));
    let deep = format!("{}i32{}", "Vec<".repeat(64), ">".repeat(64));
    let cases = [
        (
            format!("pub struct S {{\n    /// {chain}\n    pub a: i32,\n}}\n"),
            "too many chained tags: a chain may hold at most 32 tags",
        ),
        (
            "pub struct S {\n    #[doc = concat!(\"+k8s:\", \"minimum=1\")]\n    pub a: i32,\n}\n"
                .to_string(),
            "this doc attribute is not a string literal, so its `+k8s:` tags cannot be read (the generator reads doc comments before macros expand); write the text as a literal: `/// ...` or `#[doc = \"...\"]`",
        ),
        (
            format!("pub struct S {{\n    pub a: {deep},\n}}\n"),
            "nesting too deep: more than 64 levels of brackets and generic arguments",
        ),
    ];
    for (src, message) in cases {
        assert_reported_and_documented(&src, message);
    }
}

/// Type-level and constant errors, which need their own sources.
#[test]
fn generation_errors_on_types_and_constants() {
    let cases: &[(&str, &str)] = &[
        ("/// +k8s:required\npub struct S { pub a: i32 }",
         "tag \"k8s:required\" cannot be specified on type definitions"),
        ("/// +k8s:enum\npub struct E(pub i32);", "can only be used on string types (int32)"),
        ("/// +k8s:subfield(zz)=+k8s:minimum=1\npub struct S { pub a: i32 }",
         "no field for json name \"zz\""),
        ("/// +k8s:isSubresource=\"/a\"\n/// +k8s:isSubresource=\"/b\"\npub struct S { pub a: i32 }",
         "tag \"k8s:isSubresource\" may only be specified once"),
        ("/// +k8s:enum\npub struct E(pub String);\nimpl E {\n    /// +k8s:ifEnabled(X)=+k8s:minimum=1\n    pub const A: &'static str = \"A\";\n}",
         "tag \"k8s:ifEnabled\": tag \"k8s:minimum\" cannot be specified on constant values"),
        ("/// +k8s:enum\npub struct E(pub String);\nimpl E {\n    /// +k8s:format=k8s-uuid\n    pub const A: &'static str = \"A\";\n}",
         "tag \"k8s:format\" cannot be specified on constant values"),
        ("pub struct S {\n    /// +k8s:unionDiscriminator\n    pub d: String,\n    /// +k8s:unionDiscriminator\n    pub e: String,\n    /// +k8s:unionMember\n    pub a: Option<i32>,\n}",
         "a union may only have one discriminator"),
    ];
    for (src, message) in cases {
        assert_reported_and_documented(src, message);
    }
    // A non-literal enum value.
    let got = diagnostics(
        "/// +k8s:enum\npub struct E(pub String);\nimpl E {\n    pub const A: &'static str = concat!(\"A\");\n}",
    );
    let want =
        "+k8s:enum values must be string literals (`pub const NAME: &'static str = \"value\";`)";
    assert_eq!(got, [want]);
    assert!(TAGS_MD.contains(&format!("\n{want}\n")));
}

// ===========================================================================
// Structure of docs/tags.md

#[test]
fn every_tag_has_a_section() {
    let mut missing = Vec::new();
    for def in k8s_validation_gen::__private::catalog_validators() {
        if !TAGS_MD.contains(&format!("\n### `+{}`\n", def.name)) {
            missing.push(def.name);
        }
    }
    for name in ["k8s:isSubresource", "k8s:supportsSubresource"] {
        if !TAGS_MD.contains(&format!("\n### `+{name}`\n")) {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "docs/tags.md has no section for {missing:?}"
    );
}

#[test]
fn sections_state_the_release_and_scopes_of_the_catalog() {
    for def in k8s_validation_gen::__private::catalog_all() {
        let heading = format!("\n### `+{}`\n", def.name);
        let start = TAGS_MD.find(&heading).expect("a section") + heading.len();
        let end = TAGS_MD[start..]
            .find("\n### ")
            .map_or(TAGS_MD.len(), |i| start + i);
        let section = &TAGS_MD[start..end];
        let scopes: Vec<&str> = def.scopes.iter().map(|s| s.as_str()).collect();
        let facts = format!(
            "**Since** Kubernetes {} · **Scopes**: {}",
            def.since,
            scopes.join(", ")
        );
        assert!(
            section.contains(&facts),
            "section {} should say: {facts}",
            def.name
        );
    }
}

/// The `rust` code blocks of a markdown text.
fn rust_blocks(doc: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in doc.lines() {
        match &mut current {
            None if line.trim_start() == "```rust" => current = Some(String::new()),
            Some(_) if line.trim_start() == "```" => blocks.extend(current.take()),
            Some(block) => {
                block.push_str(line);
                block.push('\n');
            }
            None => {}
        }
    }
    blocks
}

#[test]
fn rust_examples_generate_without_errors() {
    let blocks = rust_blocks(TAGS_MD);
    assert!(blocks.len() >= 30, "only {} rust blocks", blocks.len());
    for block in blocks {
        // The CLI path skips types that derive `Validate` (the derive
        // handles those); drop the derive to run the generator on them.
        let src = block
            .replace("#[derive(Validate)]\n", "")
            .replace("Validate, ", "")
            .replace(", Validate", "");
        assert!(
            k8s_validation_gen::__private::has_types(&src) || !src.contains("struct "),
            "no type found in:\n{block}"
        );
        let diags = diagnostics(&src);
        assert!(diags.is_empty(), "{block}\n-> {diags:?}");
    }
}

// ===========================================================================
// docs/errors.md

#[test]
fn errors_md_error_types_table() {
    for t in ErrorType::ALL {
        let row = format!(
            "| `ErrorType::{t:?}` | `{}` | `{}` | {} |",
            t.as_str(),
            t.description(),
            if t.prints_value() { "yes" } else { "no" }
        );
        assert!(
            ERRORS_MD.contains(&row),
            "docs/errors.md lacks the row start: {row}"
        );
    }
}

#[test]
fn errors_md_rendering_examples() {
    use k8s_validation::field::BadValue;
    let root = FieldPath::root();
    let spec = root.child("spec");
    let containers = spec.child("containers");
    let first = containers.index(0);
    let p = first.child("name");
    let errs: Vec<Error> = vec![
        Error::required(p, ""),
        Error::invalid(p, "web server".to_string(), "must not contain spaces"),
        Error::invalid(p, "a\tb<&>".to_string(), "plain string"),
        Error::invalid(p, &Some("a\tb<&>".to_string()), "optional string"),
        Error::invalid(p, &HostName("a<b".into()), "newtype"),
        Error::invalid(p, &vec!["a".to_string(), "b".to_string()], "list"),
        Error::invalid(
            p,
            &BTreeMap::from([("b".to_string(), 2), ("a".to_string(), 1)]),
            "map",
        ),
        Error::invalid(
            p,
            &Container {
                name: "web".into(),
                ports: vec![],
            },
            "struct",
        ),
        Error::invalid(p, 5i64, "integer"),
        Error::invalid(p, true, "bool"),
        Error::invalid(p, &1.5f64, "float"),
        Error::invalid(p, &None::<String>, "unset option"),
        Error::duplicate(p, &7u16),
        Error::not_supported(p, "HTTP", &["TCP", "UDP"]),
        Error::not_found(p, "web"),
        Error::type_invalid(p, 5i64, "expected a string"),
        Error::forbidden(p, "may not be set when hostNetwork is set"),
        Error::too_long(p, 63),
        Error::too_long_characters(p, 1),
        Error::too_short(p, "ab", 3),
        Error::too_many(p, 3, 2),
        Error::too_many(p, -1, 1),
        Error::too_few(p, 0, 1),
        Error::internal(p, "unexpected state"),
    ];
    let rendered: Vec<String> = errs.iter().map(Error::to_string).collect();
    let block = format!("```text\n{}\n```", rendered.join("\n"));
    assert!(
        ERRORS_MD.contains(&block),
        "docs/errors.md should show exactly:\n{block}"
    );
    // The table's examples.
    assert_eq!(
        Error::invalid(p, &serde_json::json!({"a": null}), "x").to_string(),
        "spec.containers[0].name: Invalid value: {\"a\":null}: x"
    );
    assert_eq!(BadValue::Null.to_string(), "null");
    assert_eq!(errs[13].kind(), NotSupported);
    assert_eq!(errs[15].kind(), TypeInvalid);
    assert_eq!(errs[0].origin(), None);
}

#[test]
fn errors_md_paths() {
    let root = FieldPath::root();
    let cases: Vec<(String, &str)> = vec![
        (root.to_string(), "<nil>"),
        (root.child("spec").to_string(), "spec"),
        (
            FieldPath::new("metadata")
                .child("labels")
                .key("app.kubernetes.io/name")
                .to_string(),
            "metadata.labels[app.kubernetes.io/name]",
        ),
        (
            FieldPath::new("spec")
                .child("containers")
                .index(0)
                .child("name")
                .to_string(),
            "spec.containers[0].name",
        ),
        (
            root.embedded("ObjectMeta").child("name").to_string(),
            "ObjectMeta.name",
        ),
    ];
    for (got, want) in cases {
        assert_eq!(got, want);
        assert!(ERRORS_MD.contains(&format!("| `{want}` |")), "{want}");
    }
}

#[test]
fn errors_md_aggregate() {
    let errs: ErrorList = vec![
        Error::required("spec.a", ""),
        Error::required("spec.a", "").with_origin("x"),
        Error::invalid("spec.b", 5i64, "must be even"),
    ]
    .into();
    let text = errs.to_string();
    assert_eq!(
        text,
        "[spec.a: Required value, spec.b: Invalid value: 5: must be even]"
    );
    assert!(ERRORS_MD.contains(&format!("assert_eq!(errs.to_string(), \"{text}\");")));
}

#[test]
fn errors_md_covered_by_declarative() {
    let hand_written: ErrorList = vec![
        Error::required("spec.a", "").mark_covered_by_declarative(),
        Error::invalid("spec.b", 1i64, "legacy"),
    ]
    .into();
    assert_eq!(hand_written.extract_covered_by_declarative().len(), 1);
    let kept = hand_written.remove_covered_by_declarative();
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].field(), "spec.b");
}

// ===========================================================================
// docs/cli.md

/// Runs the CLI in-process; returns (exit code, stdout, stderr) with the
/// temporary directory's path removed from the output.
fn cli(args: &[&str], base: &Path) -> (i32, String, String) {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = k8s_validation_gen::cli::run(&args, &mut out, &mut err);
    let prefix = format!("{}/", base.display());
    let clean = |b: Vec<u8>| String::from_utf8(b).unwrap().replace(&prefix, "");
    (code, clean(out), clean(err))
}

const CLI_MOD_RS: &str = r#"//! The API group.
pub mod apps;

/// A widget.
pub struct Widget {
    /// +k8s:required
    /// +k8s:minimum=1
    pub replicas: i32,
}

include!("zz_generated_validations.rs");
"#;

const CLI_APPS_RS: &str = r#"/// An app.
pub struct App {
    /// +k8s:maxLenght=63
    pub name: String,
}

include!("apps/zz_generated_validations.rs");
"#;

#[test]
fn cli_md_help_is_verbatim() {
    let base = std::env::temp_dir();
    let (code, out, err) = cli(&["--help"], &base);
    assert_eq!((code, err.as_str()), (0, ""));
    let block = format!("```text\n$ validation-gen --help\n{out}```");
    assert!(CLI_MD.contains(&block), "docs/cli.md should show:\n{block}");
}

#[test]
fn cli_md_schema_help_and_example_are_verbatim() {
    let base = std::env::temp_dir().join(format!("docs-schema-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let api = base.join("src/crd");
    std::fs::create_dir_all(&api).unwrap();
    let (code, out, err) = cli(&["schema", "--help"], &base);
    assert_eq!((code, err.as_str()), (0, ""));
    let block = format!("```text\n$ validation-gen schema --help\n{out}```");
    assert!(CLI_MD.contains(&block), "docs/cli.md should show:\n{block}");
    // The example module and its CRD.
    let start = CLI_MD
        .find("```rust\n// src/crd/mod.rs\n")
        .expect("example module");
    let rest = &CLI_MD[start + "```rust\n// src/crd/mod.rs\n".len()..];
    let module = &rest[..rest.find("```").unwrap()];
    std::fs::write(api.join("mod.rs"), module).unwrap();
    let src = base.join("src/crd");
    let (code, out, err) = cli(
        &[
            "schema",
            "--crd",
            "example.com/v1/Widget",
            src.to_str().unwrap(),
        ],
        &base,
    );
    assert_eq!((code, err.as_str()), (0, ""));
    let block = format!("```text\n$ validation-gen schema --crd example.com/v1/Widget src/crd\n{out}$ echo $?\n0\n```");
    assert!(CLI_MD.contains(&block), "docs/cli.md should show:\n{block}");
    let (code, _, err) = cli(&["schema", "--type", "Nope", src.to_str().unwrap()], &base);
    assert_eq!(code, 1);
    assert!(
        CLI_MD.contains(err.trim().trim_start_matches("error: ")),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn cli_md_session() {
    let base = std::env::temp_dir().join(format!("docs-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let api = base.join("src/api");
    std::fs::create_dir_all(&api).unwrap();
    std::fs::write(api.join("mod.rs"), CLI_MOD_RS).unwrap();
    std::fs::write(api.join("apps.rs"), CLI_APPS_RS).unwrap();
    let src = base.join("src");
    let src = src.to_str().unwrap();
    let mut transcript = String::new();
    let step = |args: &[&str], shown: &str, transcript: &mut String| {
        let (code, out, err) = cli(args, &base);
        transcript.push_str(&format!(
            "$ validation-gen {shown}\n{out}{err}$ echo $?\n{code}\n"
        ));
    };
    step(&[src], "src", &mut transcript);
    std::fs::write(
        api.join("apps.rs"),
        CLI_APPS_RS.replace("maxLenght", "maxLength"),
    )
    .unwrap();
    step(&[src], "src", &mut transcript);
    step(&["--check", src], "--check src", &mut transcript);
    let generated = std::fs::read_to_string(api.join("zz_generated_validations.rs")).unwrap();
    if std::env::var_os("UPDATE_DOCS").is_some() {
        // Refresh the generated-file block of docs/cli.md after a generator change.
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/cli.md");
        let doc = std::fs::read_to_string(path).unwrap();
        let start = doc.find("```rust\n// @generated").expect("generated block");
        let end = start + 8 + doc[start + 8..].find("```").unwrap();
        let doc = format!("{}```rust\n{generated}{}", &doc[..start], &doc[end..]);
        std::fs::write(path, doc).unwrap();
    } else {
        assert!(
            CLI_MD.contains(&format!("```rust\n{generated}```")),
            "docs/cli.md should show the generated file:\n{generated}"
        );
    }
    std::fs::write(
        api.join("mod.rs"),
        CLI_MOD_RS.replace("minimum=1", "minimum=2"),
    )
    .unwrap();
    step(&["--check", src], "--check src", &mut transcript);
    step(&["--bogus"], "--bogus", &mut transcript);
    let _ = std::fs::remove_dir_all(&base);
    let block = format!("```text\n{transcript}```");
    if std::env::var_os("UPDATE_DOCS").is_some() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/cli.md");
        let doc = std::fs::read_to_string(path).unwrap();
        let start = doc
            .find("```text\n$ validation-gen src\n")
            .expect("session block");
        let end = start + 8 + doc[start + 8..].find("```").unwrap() + 3;
        std::fs::write(path, format!("{}{block}{}", &doc[..start], &doc[end..])).unwrap();
        return;
    }
    assert!(CLI_MD.contains(&block), "docs/cli.md should show:\n{block}");
    for (name, text) in [("mod.rs", CLI_MOD_RS), ("apps.rs", CLI_APPS_RS)] {
        assert!(
            CLI_MD.contains(&format!("```rust\n// src/api/{name}\n{text}```")),
            "docs/cli.md should show src/api/{name}"
        );
    }
}

#[test]
fn cli_md_builder_output_name() {
    let name = k8s_validation_gen::Builder::output_name(Path::new("src/api/types.rs"));
    assert_eq!(name, "types_validations.rs");
    assert!(CLI_MD.contains(&format!("\"/{name}\"")));
}

// ===========================================================================
// docs/upstream-differences.md

#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct Weights {
    /// +k8s:eachVal=+k8s:minimum=1
    pub by_zone: std::collections::HashMap<String, i32>,
}

#[test]
fn differences_map_order() {
    let mut by_zone = std::collections::HashMap::new();
    for zone in ["c", "a", "b"] {
        by_zone.insert(zone.to_string(), 0);
    }
    let w = Weights { by_zone };
    documented_in_text(
        DIFF_MD,
        &w.validate(&create()),
        &[
            "by_zone[a]: Invalid value: 0: must be greater than or equal to 1",
            "by_zone[b]: Invalid value: 0: must be greater than or equal to 1",
            "by_zone[c]: Invalid value: 0: must be greater than or equal to 1",
        ],
    );
}

/// +k8s:validateFalse="type E1"
#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct E1(pub String);

/// +k8s:validateFalse="type E3"
#[derive(Validate, PartialEq, Debug, Default, Clone)]
pub struct E3(pub E1);

/// Upstream `output_tests/typedefs`: `type E3 E1` does not inherit E1's
/// type-level validations.
#[test]
fn newtype_of_newtype_runs_only_its_own_type_tags() {
    let errs = E3::default().validate(&create());
    assert_eq!(errs.len(), 1);
    assert_eq!(
        errs[0].to_string(),
        "<nil>: Invalid value: \"\": forced failure: type E3"
    );
    assert!(DIFF_MD.contains("`type E3 E1`"));
}

#[test]
fn differences_rust_blocks_generate() {
    for block in rust_blocks(DIFF_MD) {
        let src = block.replace("Validate, ", "").replace(", Validate", "");
        assert!(diagnostics(&src).is_empty(), "{block}");
    }
}

/// Like [`documented`], for docs that show only the texts.
#[track_caller]
fn documented_in_text(doc: &str, errs: &ErrorList, want: &[&str]) {
    let got: Vec<String> = errs.iter().map(Error::to_string).collect();
    assert_eq!(got, want);
    for text in want {
        assert!(
            doc.contains(&format!("\n{text}\n")),
            "the doc does not show:\n{text}"
        );
    }
}
