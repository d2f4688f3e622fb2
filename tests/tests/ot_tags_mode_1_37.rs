//! Port of upstream `cmd/validation-gen/output_tests/tags/mode`,
//! `tags/levels/modes` and `tags/options/discriminators` (k8s.io/code-generator
//! v0.37.2): Kubernetes 1.37's modal validation, `+k8s:modeDiscriminator`
//! and `+k8s:ifMode("<mode>")=+<tag>` (1.36's `discriminator` / `member`
//! renamed, with `modality` / `mode` arguments). A member's payload runs only
//! in its mode, the member is forbidden in any other mode, and an update that
//! changes neither the discriminator nor the member is not validated. The
//! rules keep the stability level they were declared under; the implicit
//! `forbidden` has the rules' level when they all share one. Under
//! `+k8s:ifEnabled` / `+k8s:ifDisabled` the struct's modal validation runs
//! under the option (v0.37.2 `validators/mode.go` defers it from the
//! `ifMode` tag).
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::{forbidden, required, st, too_long, too_short, TF, TFO};
use k8s_validation::{ErrorList, Operation, StabilityLevel, Validate};

// ---------------------------------------------------------------------------
// tags/mode

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct StrictUnion {
    /// +k8s:modeDiscriminator
    pub d1: String,
    /// +k8s:ifMode("A")=+k8s:required
    pub fieldA: Option<String>,
    /// +k8s:ifMode("B")=+k8s:required
    pub fieldB: Option<String>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct SharedField {
    /// +k8s:modeDiscriminator
    pub d1: String,
    /// Valid in A and B, implicitly forbidden in C.
    /// +k8s:ifMode("A")=+k8s:optional
    /// +k8s:ifMode("B")=+k8s:optional
    pub fieldA: Option<String>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct ChainedValidation {
    /// +k8s:modeDiscriminator
    pub d1: String,
    /// In mode A, it is required AND must have maxLength 5.
    /// +k8s:ifMode("A")=+k8s:required
    /// +k8s:ifMode("A")=+k8s:maxLength=5
    pub fieldA: Option<String>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct ImplicitForbidden {
    /// +k8s:modeDiscriminator
    pub d1: String,
    /// Field is only mentioned for mode A. Mode B should implicitly forbid it.
    /// +k8s:ifMode("A")=+k8s:optional
    pub fieldA: Option<String>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct NonStringDiscriminator {
    /// +k8s:modeDiscriminator(modality:"Bool")
    pub d1: bool,
    /// +k8s:ifMode(modality:"Bool", mode:"true")=+k8s:required
    pub fieldA: Option<String>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct MultipleDiscriminators {
    /// +k8s:modeDiscriminator(modality:"D1")
    pub d1: String,
    /// +k8s:modeDiscriminator(modality:"D2")
    pub d2: String,
    /// +k8s:ifMode(modality:"D1", mode:"A")=+k8s:required
    pub fieldA: Option<String>,
    /// +k8s:ifMode(modality:"D2", mode:"B")=+k8s:required
    pub fieldB: Option<String>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct Collections {
    /// +k8s:modeDiscriminator
    pub d1: String,
    /// +k8s:ifMode("A")=+k8s:optional
    pub listField: Vec<String>,
    /// +k8s:ifMode("A")=+k8s:optional
    pub mapField: BTreeMap<String, String>,
}

fn s(v: &str) -> Option<String> {
    Some(v.to_string())
}

#[test]
fn strict_union() {
    let v = |d: &str, a: Option<String>, b: Option<String>| StrictUnion {
        d1: d.into(),
        fieldA: a,
        fieldB: b,
    };
    st(&v("A", s("val"), None)).expect_valid();
    st(&v("A", None, None)).expect(TF, &[required("fieldA")]);
    st(&v("A", s("val"), s("val"))).expect(TF, &[forbidden("fieldB")]);
    st(&v("B", None, s("val"))).expect_valid();
    st(&v("B", None, None)).expect(TF, &[required("fieldB")]);
    st(&v("B", s("val"), s("val"))).expect(TF, &[forbidden("fieldA")]);
    // v0.37.2 gives the implicit forbidden no origin.
    st(&v("B", s("val"), s("val"))).expect(TFO, &[forbidden("fieldA")]);
    st(&v("B", s("val"), s("val"))).expect_texts(&["fieldA: Forbidden"]);
}

#[test]
fn shared_field() {
    let v = |d: &str, a: Option<String>| SharedField {
        d1: d.into(),
        fieldA: a,
    };
    st(&v("A", None)).expect_valid();
    st(&v("A", s("val"))).expect_valid();
    st(&v("B", None)).expect_valid();
    st(&v("B", s("val"))).expect_valid();
    st(&v("C", s("val"))).expect(TF, &[forbidden("fieldA")]);
}

#[test]
fn chained_validation() {
    let v = |d: &str, a: Option<String>| ChainedValidation {
        d1: d.into(),
        fieldA: a,
    };
    st(&v("A", s("abc"))).expect_valid();
    st(&v("A", None)).expect(TF, &[required("fieldA")]);
    st(&v("A", s("too-long"))).expect(TF, &[too_long("fieldA")]);
    st(&v("B", s("val"))).expect(TF, &[forbidden("fieldA")]);
}

#[test]
fn implicit_forbidden() {
    let v = |d: &str, a: Option<String>| ImplicitForbidden {
        d1: d.into(),
        fieldA: a,
    };
    st(&v("A", None)).expect_valid();
    st(&v("A", s("val"))).expect_valid();
    st(&v("B", s("val"))).expect(TF, &[forbidden("fieldA")]);
    // An unset member is not forbidden.
    st(&v("B", None)).expect_valid();
}

#[test]
fn non_string_discriminator() {
    let v = |d1: bool, a: Option<String>| NonStringDiscriminator { d1, fieldA: a };
    st(&v(true, s("val"))).expect_valid();
    st(&v(true, None)).expect(TF, &[required("fieldA")]);
    st(&v(false, s("val"))).expect(TF, &[forbidden("fieldA")]);
    st(&v(false, None)).expect_valid();
}

#[test]
fn multiple_discriminators() {
    st(&MultipleDiscriminators {
        d1: "A".into(),
        d2: "B".into(),
        fieldA: s("valA"),
        fieldB: s("valB"),
    })
    .expect_valid();
    st(&MultipleDiscriminators {
        d1: "A".into(),
        d2: "B".into(),
        ..Default::default()
    })
    .expect(TF, &[required("fieldA"), required("fieldB")]);
}

#[test]
fn collections() {
    st(&Collections {
        d1: "A".into(),
        ..Default::default()
    })
    .expect_valid();
    st(&Collections {
        d1: "A".into(),
        listField: vec!["item".into()],
        mapField: BTreeMap::from([("key".into(), "val".into())]),
    })
    .expect_valid();
    st(&Collections {
        d1: "B".into(),
        listField: vec!["item".into()],
        ..Default::default()
    })
    .expect(TF, &[forbidden("listField")]);
    st(&Collections {
        d1: "B".into(),
        mapField: BTreeMap::from([("key".into(), "val".into())]),
        ..Default::default()
    })
    .expect(TF, &[forbidden("mapField")]);
}

#[test]
fn ratcheting() {
    let v = |d: &str, a: &str| ChainedValidation {
        d1: d.into(),
        fieldA: s(a),
    };
    // 1. New object is invalid.
    st(&v("A", "too-long-string")).expect(TF, &[too_long("fieldA")]);
    // 2. Unchanged update is valid (ratcheting).
    st(&v("A", "too-long-string"))
        .old(&v("A", "too-long-string"))
        .expect_valid();
    // 3. Changed value re-validates (and fails).
    st(&v("A", "too-long-string"))
        .old(&v("A", "also-too-long"))
        .expect(TF, &[too_long("fieldA")]);
    // 4. Changed discriminator re-validates (and fails).
    st(&v("A", "too-long-string"))
        .old(&v("B", "too-long-string"))
        .expect(TF, &[too_long("fieldA")]);
}

// ---------------------------------------------------------------------------
// tags/levels/modes

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct AlphaStruct {
    /// +k8s:alpha=+k8s:modeDiscriminator
    pub d1: String,
    /// +k8s:alpha=+k8s:ifMode("A")=+k8s:required
    pub fieldA: Option<String>,
    /// +k8s:alpha=+k8s:ifMode("B")=+k8s:required
    pub fieldB: Option<String>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct BetaStruct {
    /// +k8s:beta=+k8s:modeDiscriminator
    pub d1: String,
    /// +k8s:beta=+k8s:ifMode("A")=+k8s:required
    pub fieldA: Option<String>,
    /// +k8s:beta=+k8s:ifMode("B")=+k8s:required
    pub fieldB: Option<String>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct MixedLevels {
    /// +k8s:modeDiscriminator
    pub mode: String,
    /// +k8s:alpha=+k8s:ifMode("A")=+k8s:required
    pub a: Option<String>,
    /// +k8s:beta=+k8s:ifMode("B")=+k8s:required
    pub b: Option<String>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct CrossLevels {
    /// +k8s:beta=+k8s:modeDiscriminator
    pub kind: String,
    /// +k8s:alpha=+k8s:ifMode("A")=+k8s:required
    pub a: Option<String>,
    /// +k8s:alpha=+k8s:ifMode("B")=+k8s:required
    pub b: Option<String>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct SameFieldMixed {
    /// +k8s:modeDiscriminator
    pub mode: String,
    /// +k8s:alpha=+k8s:ifMode("A")=+k8s:required
    /// +k8s:beta=+k8s:ifMode("B")=+k8s:required
    pub value: Option<String>,
}

/// Multiple payload validations on the same discriminator value can have
/// different stability levels.
#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct SameValueMixedPayloads {
    /// +k8s:modeDiscriminator
    pub mode: String,
    /// +k8s:alpha=+k8s:ifMode("A")=+k8s:required
    /// +k8s:beta=+k8s:ifMode("A")=+k8s:minLength=3
    pub value: Option<String>,
}

type Leveled = Vec<(String, String, Option<StabilityLevel>)>;

/// `ByType().ByField().ByValidationStabilityLevel()`, in order.
fn levels<T: Validate>(v: &T) -> Leveled {
    v.validate(&Operation::create())
        .iter()
        .map(|e| {
            (
                format!("{:?}", e.kind()),
                e.field().to_string(),
                e.stability_level(),
            )
        })
        .collect()
}

const ALPHA: Option<StabilityLevel> = Some(StabilityLevel::Alpha);
const BETA: Option<StabilityLevel> = Some(StabilityLevel::Beta);

fn req(field: &str, level: Option<StabilityLevel>) -> Leveled {
    vec![("Required".into(), field.into(), level)]
}

fn forb(field: &str, level: Option<StabilityLevel>) -> Leveled {
    vec![("Forbidden".into(), field.into(), level)]
}

#[test]
fn alpha_and_beta() {
    let a = |d: &str, x: Option<String>, y: Option<String>| AlphaStruct {
        d1: d.into(),
        fieldA: x,
        fieldB: y,
    };
    st(&a("A", s("val"), None)).expect_valid();
    assert_eq!(levels(&a("A", None, None)), req("fieldA", ALPHA));
    assert_eq!(levels(&a("A", s("val"), s("val"))), forb("fieldB", ALPHA));
    st(&a("B", None, s("val"))).expect_valid();
    assert_eq!(levels(&a("B", None, None)), req("fieldB", ALPHA));

    let b = |d: &str, x: Option<String>, y: Option<String>| BetaStruct {
        d1: d.into(),
        fieldA: x,
        fieldB: y,
    };
    st(&b("A", s("val"), None)).expect_valid();
    assert_eq!(levels(&b("A", None, None)), req("fieldA", BETA));
    assert_eq!(levels(&b("A", s("val"), s("val"))), forb("fieldB", BETA));
    st(&b("B", None, s("val"))).expect_valid();
    assert_eq!(levels(&b("B", None, None)), req("fieldB", BETA));
}

#[test]
fn mixed_levels() {
    let v = |m: &str, a: Option<String>, b: Option<String>| MixedLevels {
        mode: m.into(),
        a,
        b,
    };
    st(&v("A", s("val"), None)).expect_valid();
    st(&v("B", None, s("val"))).expect_valid();
    assert_eq!(levels(&v("A", None, None)), req("a", ALPHA));
    assert_eq!(levels(&v("B", None, None)), req("b", BETA));
    assert_eq!(levels(&v("A", s("val"), s("val"))), forb("b", BETA));
    assert_eq!(levels(&v("B", s("val"), s("val"))), forb("a", ALPHA));
}

#[test]
fn cross_levels() {
    let v = |k: &str, a: Option<String>, b: Option<String>| CrossLevels {
        kind: k.into(),
        a,
        b,
    };
    st(&v("A", s("val"), None)).expect_valid();
    st(&v("B", None, s("val"))).expect_valid();
    // The discriminator's level does not matter: the rules' does.
    assert_eq!(levels(&v("A", None, None)), req("a", ALPHA));
    assert_eq!(levels(&v("B", None, None)), req("b", ALPHA));
    assert_eq!(levels(&v("A", s("val"), s("val"))), forb("b", ALPHA));
}

#[test]
fn same_field_mixed() {
    let v = |m: &str, value: Option<String>| SameFieldMixed {
        mode: m.into(),
        value,
    };
    st(&v("A", s("val"))).expect_valid();
    st(&v("B", s("val"))).expect_valid();
    assert_eq!(levels(&v("A", None)), req("value", ALPHA));
    assert_eq!(levels(&v("B", None)), req("value", BETA));
    // Rules of different levels: the implicit forbidden is not marked.
    assert_eq!(levels(&v("C", s("val"))), forb("value", None));
}

#[test]
fn same_value_mixed_payloads() {
    let v = |value: Option<String>| SameValueMixedPayloads {
        mode: "A".into(),
        value,
    };
    st(&v(s("abc"))).expect_valid();
    assert_eq!(levels(&v(None)), req("value", ALPHA));
    st(&v(s("ab"))).expect(TF, &[too_short("value")]);
    assert_eq!(
        levels(&v(s("ab"))),
        [("TooShort".to_string(), "value".to_string(), BETA)]
    );
}

// ---------------------------------------------------------------------------
// tags/options/discriminators

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct Struct {
    pub discriminatorField: Discriminator,
    pub discriminatorFieldDisabled: DiscriminatorDisabled,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct Discriminator {
    /// +k8s:ifEnabled(FeatureZ)=+k8s:modeDiscriminator
    pub discriminator: String,
    /// +k8s:ifEnabled(FeatureZ)=+k8s:ifMode("A")=+k8s:optional
    pub fieldA: Option<String>,
    /// +k8s:ifEnabled(FeatureZ)=+k8s:ifMode("B")=+k8s:optional
    pub fieldB: Option<String>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct DiscriminatorDisabled {
    /// +k8s:ifDisabled(FeatureZ)=+k8s:modeDiscriminator
    pub discriminator: String,
    /// +k8s:ifDisabled(FeatureZ)=+k8s:ifMode("A")=+k8s:optional
    pub fieldA: Option<String>,
    /// +k8s:ifDisabled(FeatureZ)=+k8s:ifMode("B")=+k8s:optional
    pub fieldB: Option<String>,
}

fn with_feature_z(v: &Struct, on: bool) -> ErrorList {
    let op = if on {
        Operation::create().with_option("FeatureZ")
    } else {
        Operation::create().with_option_disabled("FeatureZ")
    };
    v.validate(&op)
}

#[test]
fn under_options() {
    TF.test(&with_feature_z(&Struct::default(), false), &[]);
    let v = Struct {
        discriminatorField: Discriminator {
            discriminator: "A".into(),
            fieldB: s("invalid"),
            ..Default::default()
        },
        discriminatorFieldDisabled: DiscriminatorDisabled {
            discriminator: "A".into(),
            fieldB: s("invalid"),
            ..Default::default()
        },
    };
    TFO.test(
        &with_feature_z(&v, false),
        &[forbidden("discriminatorFieldDisabled.fieldB")],
    );
    TFO.test(
        &with_feature_z(&v, true),
        &[forbidden("discriminatorField.fieldB")],
    );
}

/// The struct's modal validation runs under the wrappers of its first
/// `ifMode` rule (fields in order): a rule without a wrapper after one with
/// an option runs under that option too, as v0.37.2's deferred validation.
#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct FirstRuleWraps {
    /// +k8s:modeDiscriminator
    pub mode: String,
    /// +k8s:ifEnabled(FeatureZ)=+k8s:ifMode("A")=+k8s:optional
    pub a: Option<String>,
    /// +k8s:ifMode("B")=+k8s:required
    pub b: Option<String>,
}

#[test]
fn first_rule_wraps() {
    let v = FirstRuleWraps {
        mode: "A".into(),
        ..Default::default()
    };
    // FeatureZ off: neither member is validated.
    TF.test(
        &v.validate(&Operation::create().with_option_disabled("FeatureZ")),
        &[],
    );
    // On: `b` is forbidden in mode A... (it is unset: valid); mode B needs it.
    TF.test(
        &v.validate(&Operation::create().with_option("FeatureZ")),
        &[],
    );
    let b = FirstRuleWraps {
        mode: "B".into(),
        ..Default::default()
    };
    TF.test(
        &b.validate(&Operation::create().with_option("FeatureZ")),
        &[required("b")],
    );
    TF.test(
        &b.validate(&Operation::create().with_option_disabled("FeatureZ")),
        &[],
    );
}

// ---------------------------------------------------------------------------
// The shapes of k8s.io/api v0.37.2 (flowcontrol/v1, v1beta1..3): the tag
// lines pasted verbatim, a Go string typedef as the discriminator.

/// Go's `type PriorityLevelEnablement string`.
#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct PriorityLevelEnablement(pub String);

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct LimitedPriorityLevelConfiguration {
    pub nominal_concurrency_shares: Option<i32>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct ExemptPriorityLevelConfiguration {
    pub lendable_percent: Option<i32>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct PriorityLevelConfigurationSpec {
    /// `type` indicates whether this priority level is subject to
    /// limitation on request execution.
    /// Required.
    /// +required
    /// +unionDiscriminator
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:modeDiscriminator
    pub r#type: PriorityLevelEnablement,
    /// `limited` specifies how requests are handled for a Limited priority level.
    /// +optional
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:ifMode("Limited")=+k8s:required
    pub limited: Option<LimitedPriorityLevelConfiguration>,
    /// `exempt` specifies how requests are handled for an exempt priority level.
    /// +optional
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:ifMode("Exempt")=+k8s:optional
    pub exempt: Option<ExemptPriorityLevelConfiguration>,
}

#[test]
fn flowcontrol_shapes() {
    let v = |t: &str, limited: bool, exempt: bool| PriorityLevelConfigurationSpec {
        r#type: PriorityLevelEnablement(t.into()),
        limited: limited.then(Default::default),
        exempt: exempt.then(Default::default),
    };
    st(&v("Limited", true, false)).expect_valid();
    st(&v("Exempt", false, true)).expect_valid();
    st(&v("Exempt", false, false)).expect_valid();
    assert_eq!(levels(&v("Limited", false, false)), req("limited", BETA));
    assert_eq!(levels(&v("Limited", true, true)), forb("exempt", BETA));
    assert_eq!(levels(&v("Exempt", true, false)), forb("limited", BETA));
    // Members by Go field name.
    assert_eq!(
        levels(&v("Other", true, true)),
        [
            ("Forbidden".into(), "exempt".into(), BETA),
            ("Forbidden".into(), "limited".into(), BETA)
        ]
    );
    assert_eq!(levels(&v("", false, false)), req("type", BETA));
    st(&v("Limited", true, false)).expect_texts(&[]);
}

// ---------------------------------------------------------------------------
// How v0.37.2 builds a rule (checked against its generator): a rule keeps
// only its payload's immediate functions (what the payload defers, such as
// `eachVal`, is dropped), and a mode's functions run in order, as a
// `MultiWrapperFunction`: a call before the last short-circuit runs even
// when an earlier short-circuit fired.

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct RuleShapes {
    /// +k8s:modeDiscriminator
    pub mode: String,
    /// +k8s:ifMode("A")=+k8s:eachKey=+k8s:maxLength=2
    /// +k8s:ifMode("A")=+k8s:maxProperties=1
    /// +k8s:ifMode("B")=+k8s:eachVal=+k8s:minimum=1
    pub labels: BTreeMap<String, i32>,
}

#[test]
fn rule_shapes() {
    let v = |mode: &str, labels: &[(&str, i32)]| RuleShapes {
        mode: mode.into(),
        labels: labels.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
    };
    // `eachKey` runs before the `maxProperties` short-circuit fires.
    st(&v("A", &[("abc", 1), ("abcd", 1)])).expect_texts(&[
        "labels: Too long: may not be more than 2 characters",
        "labels: Too long: may not be more than 2 characters",
        "labels: Too many: 2: must have at most 1 item",
    ]);
    // `eachVal` under `ifMode` is dropped: mode B accepts any value.
    st(&v("B", &[("k", 0)])).expect_valid();
    st(&v("C", &[("k", 0)])).expect(TF, &[forbidden("labels")]);
}
