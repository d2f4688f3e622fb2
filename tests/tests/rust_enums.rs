//! `+k8s:enum` on a Rust enum (issue 11): the values are the unit variants'
//! serde names, a `#[serde(untagged)] Unknown(String)` variant catches any
//! other string, and every error equals the one the string-newtype form
//! (`ot_tags_enum.rs`, upstream `output_tests/tags/enum`) gives for the same
//! JSON value: same type, field, origin and text.
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::{duplicate, not_supported, st, TF};
use k8s_validation::{ErrorList, Newtype, Operation, SemanticEq, Validate};
use serde::{Deserialize, Serialize};

// ---------------------------------------------------------------------------
// The enums of upstream's `tags/enum`, in both forms.

/// +k8s:enum
#[derive(Validate, Serialize, Deserialize, PartialEq, Debug, Clone)]
pub enum Enum0 {
    #[serde(untagged)]
    Unknown(String),
}

/// +k8s:enum
#[derive(Validate, Serialize, Deserialize, PartialEq, Debug, Clone)]
pub enum Enum1 {
    #[serde(rename = "e1v1")]
    E1V1,
    #[serde(untagged)]
    Unknown(String),
}

/// +k8s:enum
#[derive(Validate, Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(rename_all = "lowercase")]
pub enum Enum2 {
    // Declared out of order: the supported values are listed sorted.
    E2V2,
    E2V1,
    #[serde(untagged)]
    Unknown(String),
}

/// +k8s:enum
#[derive(Validate, Serialize, Deserialize, PartialEq, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub enum EnumWithExclude {
    EnumWithExclude1,
    /// +k8s:enumExclude
    EnumWithExclude2,
    #[serde(untagged)]
    Unknown(String),
}

#[derive(Validate, Serialize, Deserialize, PartialEq, Debug, Clone)]
pub struct Struct {
    pub enum0Field: Enum0,
    pub enum0PtrField: Option<Enum0>,
    pub enum1Field: Enum1,
    pub enum1PtrField: Option<Enum1>,
    pub enum2Field: Enum2,
    pub enum2PtrField: Option<Enum2>,
    pub enumWithExcludeField: EnumWithExclude,
    pub enumWithExcludePtrField: Option<EnumWithExclude>,
}

mod newtype_form {
    use k8s_validation::Validate;

    /// +k8s:enum
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Enum0(pub String);

    #[k8s_validation::enum_values]
    impl Enum0 {}

    /// +k8s:enum
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Enum1(pub String);

    #[k8s_validation::enum_values]
    impl Enum1 {
        pub const E1V1: &'static str = "e1v1";
    }

    /// +k8s:enum
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Enum2(pub String);

    #[k8s_validation::enum_values]
    impl Enum2 {
        pub const E2V1: &'static str = "e2v1";
        pub const E2V2: &'static str = "e2v2";
    }

    /// +k8s:enum
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct EnumWithExclude(pub String);

    #[k8s_validation::enum_values]
    impl EnumWithExclude {
        pub const ENUM_WITH_EXCLUDE1: &'static str = "enumWithExclude1";
        /// +k8s:enumExclude
        pub const ENUM_WITH_EXCLUDE2: &'static str = "enumWithExclude2";
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct Struct {
        pub enum0Field: Enum0,
        pub enum0PtrField: Option<Enum0>,
        pub enum1Field: Enum1,
        pub enum1PtrField: Option<Enum1>,
        pub enum2Field: Enum2,
        pub enum2PtrField: Option<Enum2>,
        pub enumWithExcludeField: EnumWithExclude,
        pub enumWithExcludePtrField: Option<EnumWithExclude>,
    }

    /// +k8s:enum
    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct ConditionalEnum(pub String);

    #[k8s_validation::enum_values]
    impl ConditionalEnum {
        /// +k8s:ifEnabled(FeatureA)=+k8s:enumExclude
        pub const CONDITIONAL_A: &'static str = "A";
        /// +k8s:ifDisabled(FeatureB)=+k8s:enumExclude
        pub const CONDITIONAL_B: &'static str = "B";
        pub const CONDITIONAL_C: &'static str = "C";
        /// +k8s:ifEnabled(FeatureA)=+k8s:enumExclude
        /// +k8s:ifEnabled(FeatureB)=+k8s:enumExclude
        pub const CONDITIONAL_D: &'static str = "D";
        /// +k8s:ifDisabled(FeatureC)=+k8s:enumExclude
        /// +k8s:ifDisabled(FeatureD)=+k8s:enumExclude
        pub const CONDITIONAL_E: &'static str = "E";
        /// +k8s:ifDisabled(FeatureC)=+k8s:enumExclude
        /// +k8s:ifEnabled(FeatureD)=+k8s:enumExclude
        pub const CONDITIONAL_F: &'static str = "F";
    }

    #[derive(Validate, PartialEq, Debug, Clone, Default)]
    pub struct ConditionalStruct {
        pub conditionalEnumField: ConditionalEnum,
        pub conditionalEnumPtrField: Option<ConditionalEnum>,
    }
}

/// Every error, fully: type, field, origin, detail, text.
fn full(errs: &ErrorList) -> Vec<String> {
    errs.iter()
        .map(|e| {
            format!(
                "{:?} | {} | {:?} | {:?} | {:?} | {}",
                e.kind(),
                e.field(),
                e.origin(),
                e.detail(),
                e.bad_value(),
                e
            )
        })
        .collect()
}

/// The JSON document decoded into both forms must give identical errors
/// (and the Rust-enum form must round-trip it unchanged).
fn same_as_newtype_form(json: serde_json::Value, ops: &[Operation]) -> ErrorList {
    let rust: Struct = serde_json::from_value(json.clone()).expect("decodes");
    assert_eq!(serde_json::to_value(&rust).unwrap(), json, "round trip");
    let s = |k: &str| json[k].as_str().map(str::to_string);
    let newtype = newtype_form::Struct {
        enum0Field: newtype_form::Enum0(s("enum0Field").unwrap()),
        enum0PtrField: s("enum0PtrField").map(newtype_form::Enum0),
        enum1Field: newtype_form::Enum1(s("enum1Field").unwrap()),
        enum1PtrField: s("enum1PtrField").map(newtype_form::Enum1),
        enum2Field: newtype_form::Enum2(s("enum2Field").unwrap()),
        enum2PtrField: s("enum2PtrField").map(newtype_form::Enum2),
        enumWithExcludeField: newtype_form::EnumWithExclude(s("enumWithExcludeField").unwrap()),
        enumWithExcludePtrField: s("enumWithExcludePtrField").map(newtype_form::EnumWithExclude),
    };
    for op in ops {
        assert_eq!(
            full(&rust.validate(op)),
            full(&newtype.validate(op)),
            "{json}"
        );
    }
    rust.validate(&ops[0])
}

fn ops() -> Vec<Operation> {
    vec![Operation::create(), Operation::create().with_option("X")]
}

#[test]
fn zero_values() {
    let json = serde_json::json!({
        "enum0Field": "", "enum0PtrField": null,
        "enum1Field": "", "enum1PtrField": null,
        "enum2Field": "", "enum2PtrField": null,
        "enumWithExcludeField": "enumWithExclude1", "enumWithExcludePtrField": null,
    });
    let errs = same_as_newtype_form(json, &ops());
    let texts: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        texts,
        [
            r#"enum0Field: Unsupported value: """#,
            r#"enum1Field: Unsupported value: "": supported values: "e1v1""#,
            r#"enum2Field: Unsupported value: "": supported values: "e2v1", "e2v2""#,
        ]
    );
    assert!(errs.iter().all(|e| e.origin().is_none()));
}

#[test]
fn valid_values_and_the_empty_enum() {
    let json = serde_json::json!({
        "enum0Field": "", "enum0PtrField": "",
        "enum1Field": "e1v1", "enum1PtrField": "e1v1",
        "enum2Field": "e2v1", "enum2PtrField": "e2v2",
        "enumWithExcludeField": "enumWithExclude1", "enumWithExcludePtrField": null,
    });
    let errs = same_as_newtype_form(json, &ops());
    st(&Struct {
        enum0Field: Enum0::Unknown(String::new()),
        enum0PtrField: Some(Enum0::Unknown(String::new())),
        enum1Field: Enum1::E1V1,
        enum1PtrField: Some(Enum1::E1V1),
        enum2Field: Enum2::E2V1,
        enum2PtrField: Some(Enum2::E2V2),
        enumWithExcludeField: EnumWithExclude::EnumWithExclude1,
        enumWithExcludePtrField: None,
    })
    .expect(
        TF,
        &[not_supported("enum0Field"), not_supported("enum0PtrField")],
    );
    assert_eq!(errs.len(), 2);
}

#[test]
fn invalid_values() {
    let json = serde_json::json!({
        "enum0Field": "x", "enum0PtrField": "x",
        "enum1Field": "x", "enum1PtrField": "E1V1",
        "enum2Field": "x", "enum2PtrField": "x",
        "enumWithExcludeField": "enumWithExclude2", "enumWithExcludePtrField": "x",
    });
    let errs = same_as_newtype_form(json, &ops());
    let texts: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        texts,
        [
            r#"enum0Field: Unsupported value: "x""#,
            r#"enum0PtrField: Unsupported value: "x""#,
            r#"enum1Field: Unsupported value: "x": supported values: "e1v1""#,
            // The Rust variant name is not a value: serde's name is.
            r#"enum1PtrField: Unsupported value: "E1V1": supported values: "e1v1""#,
            r#"enum2Field: Unsupported value: "x": supported values: "e2v1", "e2v2""#,
            r#"enum2PtrField: Unsupported value: "x": supported values: "e2v1", "e2v2""#,
            // An excluded variant decodes, and fails validation.
            r#"enumWithExcludeField: Unsupported value: "enumWithExclude2": supported values: "enumWithExclude1""#,
            r#"enumWithExcludePtrField: Unsupported value: "x": supported values: "enumWithExclude1""#,
        ]
    );
}

// ---------------------------------------------------------------------------
// Option-gated exclusions (upstream `tags/enum/options`).

/// +k8s:enum
#[derive(Validate, Serialize, Deserialize, PartialEq, Debug, Clone)]
pub enum ConditionalEnum {
    /// +k8s:ifEnabled(FeatureA)=+k8s:enumExclude
    A,
    /// +k8s:ifDisabled(FeatureB)=+k8s:enumExclude
    B,
    /// This value is always included.
    C,
    /// +k8s:ifEnabled(FeatureA)=+k8s:enumExclude
    /// +k8s:ifEnabled(FeatureB)=+k8s:enumExclude
    D,
    /// +k8s:ifDisabled(FeatureC)=+k8s:enumExclude
    /// +k8s:ifDisabled(FeatureD)=+k8s:enumExclude
    E,
    /// +k8s:ifDisabled(FeatureC)=+k8s:enumExclude
    /// +k8s:ifEnabled(FeatureD)=+k8s:enumExclude
    F,
    #[serde(untagged)]
    Other(String),
}

#[derive(Validate, Serialize, Deserialize, PartialEq, Debug, Clone)]
pub struct ConditionalStruct {
    pub conditionalEnumField: ConditionalEnum,
    pub conditionalEnumPtrField: Option<ConditionalEnum>,
}

fn scenario(opts: &[&'static str], valid: &[&str]) {
    let supported = valid
        .iter()
        .map(|v| format!("{v:?}"))
        .collect::<Vec<_>>()
        .join(", ");
    for value in ["", "A", "B", "C", "D", "E", "F", "G"] {
        let rust: ConditionalStruct = serde_json::from_value(serde_json::json!({
            "conditionalEnumField": value, "conditionalEnumPtrField": value,
        }))
        .unwrap();
        let newtype = newtype_form::ConditionalStruct {
            conditionalEnumField: newtype_form::ConditionalEnum(value.into()),
            conditionalEnumPtrField: Some(newtype_form::ConditionalEnum(value.into())),
        };
        let case = st(&rust).opts(opts);
        assert_eq!(
            full(&case.errors()),
            full(&st(&newtype).opts(opts).errors()),
            "{opts:?} {value:?}"
        );
        if valid.contains(&value) {
            case.expect_valid();
        } else {
            case.expect(
                TF,
                &[
                    not_supported("conditionalEnumField"),
                    not_supported("conditionalEnumPtrField"),
                ],
            );
            assert_eq!(
                case.errors().iter().next().unwrap().to_string(),
                format!(
                    "conditionalEnumField: Unsupported value: {value:?}: supported values: {supported}"
                ),
            );
        }
    }
}

#[test]
fn conditional_exclusions() {
    scenario(&[], &["A", "C", "D"]);
    scenario(&["FeatureA"], &["C"]);
    scenario(&["FeatureB"], &["A", "B", "C"]);
    scenario(&["FeatureA", "FeatureB"], &["B", "C"]);
    scenario(&["FeatureC", "FeatureD"], &["A", "C", "D", "E"]);
    scenario(&["FeatureB", "FeatureC"], &["A", "B", "C", "F"]);
}

// ---------------------------------------------------------------------------
// Serde and the helper traits.

/// +k8s:enum
#[derive(Validate, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord, Debug, Clone)]
pub enum Protocol {
    #[serde(rename = "TCP")]
    Tcp,
    #[serde(rename = "UDP")]
    Udp,
    #[serde(untagged)]
    Unknown(String),
}

/// An enum without a catch-all: serde rejects unknown strings while decoding.
/// +k8s:enum # a comment may follow the tag
#[derive(Validate, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord, Debug, Clone)]
pub enum Strict {
    #[serde(rename = "On")]
    On,
    #[serde(rename = "Off")]
    Off,
}

#[test]
fn serde_and_helpers() {
    let p: Protocol = serde_json::from_str(r#""SCTP""#).unwrap();
    assert_eq!(p, Protocol::Unknown("SCTP".into()));
    assert_eq!(serde_json::to_string(&p).unwrap(), r#""SCTP""#);
    assert_eq!(
        serde_json::from_str::<Protocol>(r#""TCP""#).unwrap(),
        Protocol::Tcp
    );
    assert_eq!(Newtype::inner(&Protocol::Udp), "UDP");
    assert_eq!(Newtype::inner(&p), "SCTP");
    // The zero value is the empty string, which only the catch-all holds.
    use k8s_validation::IsZero;
    assert!(Protocol::Unknown(String::new()).is_zero());
    assert!(!Protocol::Tcp.is_zero());
    // Semantic equality compares the wire strings.
    assert!(Protocol::Unknown("TCP".into()).semantic_eq(&Protocol::Tcp));
    assert!(!Protocol::Udp.semantic_eq(&Protocol::Tcp));
    // A catch-all holding a valid value is valid: it is that value on the wire.
    assert!(Protocol::Unknown("UDP".into())
        .validate(&Operation::create())
        .is_empty());
    // Without a catch-all, decoding fails instead of validation.
    let e = serde_json::from_str::<Strict>(r#""Maybe""#).unwrap_err();
    assert!(e.to_string().contains("unknown variant `Maybe`"), "{e}");
    assert!(Strict::On.validate(&Operation::create()).is_empty());
    // The root of the path is `<nil>`, as for any value validated alone.
    let errs = Protocol::Unknown("x".into()).validate(&Operation::create());
    assert_eq!(
        errs.iter().next().unwrap().to_string(),
        r#"<nil>: Unsupported value: "x": supported values: "TCP", "UDP""#
    );
}

// ---------------------------------------------------------------------------
// Every position a string typedef can take.

#[derive(Validate, Serialize, Deserialize, PartialEq, Debug, Clone)]
pub struct Port {
    pub protocol: Protocol,
    pub port: i32,
}

#[derive(Validate, Serialize, Deserialize, PartialEq, Debug, Clone)]
pub struct Rule {
    pub kind: Protocol,
    pub note: String,
}

#[derive(Validate, Serialize, Deserialize, PartialEq, Debug, Clone)]
pub struct Positions {
    /// +k8s:required
    pub required: Protocol,
    /// +k8s:optional
    pub optional: Option<Protocol>,
    /// +k8s:listType=set
    pub set: Vec<Protocol>,
    /// +k8s:listType=atomic
    pub atomic: Vec<Protocol>,
    pub by_name: BTreeMap<String, Protocol>,
    pub by_protocol: BTreeMap<Protocol, i32>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=protocol
    pub ports: Vec<Port>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=kind
    /// +k8s:item(kind: "TCP")=+k8s:validateFalse="the TCP rule"
    pub rules: Vec<Rule>,
}

fn positions() -> Positions {
    Positions {
        required: Protocol::Tcp,
        optional: None,
        set: vec![Protocol::Tcp, Protocol::Udp],
        atomic: vec![],
        by_name: BTreeMap::new(),
        by_protocol: BTreeMap::new(),
        ports: vec![],
        rules: vec![],
    }
}

#[test]
fn positions_valid() {
    st(&positions()).expect_valid();
}

#[test]
fn positions_each_report_their_path() {
    let mut v = positions();
    v.required = Protocol::Unknown(String::new());
    v.optional = Some(Protocol::Unknown("a".into()));
    v.set = vec![Protocol::Tcp, Protocol::Unknown("b".into())];
    v.atomic = vec![Protocol::Unknown("c".into())];
    v.by_name = BTreeMap::from([("n".into(), Protocol::Unknown("d".into()))]);
    v.by_protocol = BTreeMap::from([(Protocol::Unknown("e".into()), 1)]);
    v.ports = vec![Port {
        protocol: Protocol::Unknown("f".into()),
        port: 1,
    }];
    let texts: Vec<String> = st(&v).errors().iter().map(|e| e.to_string()).collect();
    let sv = r#"supported values: "TCP", "UDP""#;
    assert_eq!(
        texts,
        [
            "required: Required value".to_string(),
            format!(r#"optional: Unsupported value: "a": {sv}"#),
            format!(r#"set[1]: Unsupported value: "b": {sv}"#),
            format!(r#"atomic[0]: Unsupported value: "c": {sv}"#),
            format!(r#"by_name[n]: Unsupported value: "d": {sv}"#),
            // Map keys report at the map, as upstream's `EachMapKey`.
            format!(r#"by_protocol: Unsupported value: "e": {sv}"#),
            format!(r#"ports[0].protocol: Unsupported value: "f": {sv}"#),
        ]
    );
}

#[test]
fn positions_keys_compare_wire_strings() {
    // A set compares values; a list map compares keys: by the string.
    let mut v = positions();
    v.set = vec![Protocol::Tcp, Protocol::Unknown("TCP".into())];
    v.ports = vec![
        Port {
            protocol: Protocol::Udp,
            port: 1,
        },
        Port {
            protocol: Protocol::Unknown("UDP".into()),
            port: 2,
        },
    ];
    st(&v).expect(TF, &[duplicate("set[1]"), duplicate("ports[1]")]);
    // `+k8s:item(kind: "TCP")` selects the item whose enum key is TCP.
    let mut v = positions();
    v.rules = vec![
        Rule {
            kind: Protocol::Udp,
            note: String::new(),
        },
        Rule {
            kind: Protocol::Tcp,
            note: String::new(),
        },
    ];
    let errs = st(&v).errors();
    assert_eq!(errs.len(), 1);
    // The item renders with the enum as its wire string.
    assert_eq!(
        errs.iter().next().unwrap().to_string(),
        r#"rules[1]: Invalid value: {"kind":"TCP","note":""}: forced failure: the TCP rule"#
    );
}

/// `+k8s:subfield` reaching a Rust-enum field of a struct (through the
/// struct's `HasField`), with validations of the enum's own (`+k8s:enum`).
#[derive(Validate, Serialize, Deserialize, PartialEq, Debug, Clone)]
pub struct WithPort {
    /// +k8s:subfield(protocol)=+k8s:neq="UDP"
    pub port: Port,
}

#[test]
fn subfield_of_enum_type() {
    let ok = WithPort {
        port: Port {
            protocol: Protocol::Tcp,
            port: 1,
        },
    };
    st(&ok).expect_valid();
    let mut bad = ok.clone();
    bad.port.protocol = Protocol::Udp;
    let texts: Vec<String> = st(&bad).errors().iter().map(|e| e.to_string()).collect();
    assert_eq!(
        texts,
        [r#"port.protocol: Invalid value: "UDP": must not be equal to "UDP""#]
    );
    bad.port.protocol = Protocol::Unknown("x".into());
    let texts: Vec<String> = st(&bad).errors().iter().map(|e| e.to_string()).collect();
    assert_eq!(
        texts,
        [r#"port.protocol: Unsupported value: "x": supported values: "TCP", "UDP""#]
    );
}

// ---------------------------------------------------------------------------
// A discriminated union whose discriminator is a Rust enum.

/// +k8s:enum
#[derive(Validate, Serialize, Deserialize, PartialEq, Debug, Clone)]
pub enum Mode {
    A,
    B,
    #[serde(untagged)]
    Unknown(String),
}

#[derive(Validate, Serialize, Deserialize, PartialEq, Debug, Clone)]
pub struct Union {
    /// +k8s:unionDiscriminator
    pub mode: Mode,
    /// +k8s:unionMember
    /// +k8s:optional
    pub a: Option<String>,
    /// +k8s:unionMember
    /// +k8s:optional
    pub b: Option<String>,
}

#[test]
fn union_discriminator() {
    st(&Union {
        mode: Mode::A,
        a: Some("x".into()),
        b: None,
    })
    .expect_valid();
    let errs = st(&Union {
        mode: Mode::B,
        a: Some("x".into()),
        b: None,
    })
    .errors();
    let texts: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        texts,
        [
            r#"a: Invalid value: "": may only be specified when `mode` is "A""#,
            r#"b: Invalid value: "": must be specified when `mode` is "B""#,
        ]
    );
}

// ---------------------------------------------------------------------------
// Other type-level tags see the wire string.

/// +k8s:enum
/// +k8s:maxLength=3
#[derive(Validate, Serialize, Deserialize, PartialEq, Debug, Clone)]
pub enum Short {
    Ab,
    Abcd,
    #[serde(untagged)]
    Unknown(String),
}

/// Its newtype form.
/// +k8s:enum
/// +k8s:maxLength=3
#[derive(Validate, PartialEq, Debug, Clone)]
pub struct ShortNewtype(pub String);

#[k8s_validation::enum_values]
impl ShortNewtype {
    pub const AB: &'static str = "Ab";
    pub const ABCD: &'static str = "Abcd";
}

#[test]
fn other_type_tags() {
    for value in ["Ab", "Abcd", "Abcde", "x"] {
        let rust: Short = serde_json::from_value(serde_json::json!(value)).unwrap();
        let newtype = ShortNewtype(value.into());
        let op = Operation::create();
        assert_eq!(
            full(&rust.validate(&op)),
            full(&newtype.validate(&op)),
            "{value}"
        );
    }
    let texts: Vec<String> = Short::Abcd
        .validate(&Operation::create())
        .iter()
        .map(|e| e.to_string())
        .collect();
    assert_eq!(texts, [r#"<nil>: Too long: may not be more than 3 bytes"#]);
}

// ---------------------------------------------------------------------------
// Ratcheting: a stored value the enum no longer has stays valid while unchanged.

#[test]
fn unchanged_unknown_values_ratchet() {
    let old: Struct = serde_json::from_value(serde_json::json!({
        "enum0Field": "gone", "enum0PtrField": null,
        "enum1Field": "gone", "enum1PtrField": "gone",
        "enum2Field": "e2v1", "enum2PtrField": null,
        "enumWithExcludeField": "enumWithExclude2", "enumWithExcludePtrField": null,
    }))
    .unwrap();
    st(&old.clone()).old(&old).expect_valid();
    // A change is validated.
    let mut new = old.clone();
    new.enum1PtrField = Some(Enum1::Unknown("other".into()));
    st(&new)
        .old(&old)
        .expect(TF, &[not_supported("enum1PtrField")]);
}
