//! Port of upstream `cmd/validation-gen/output_tests/tags/discriminator`
//! (k8s.io/code-generator v0.36.0): modal validation with
//! `+k8s:discriminator` and `+k8s:member("<value>")=+<tag>`. A member's
//! payload runs only when the discriminator has the rule's value, the member
//! is forbidden with any other value, and an update that changes neither the
//! discriminator nor the member is not validated. Plus the stability levels
//! of members under `+k8s:alpha` (v0.36.0 `validators/discriminator.go`:
//! every rule marked with its level; the implicit `forbidden` marked when
//! all rules of the member share one).
#![allow(non_snake_case)]

use std::collections::BTreeMap;

use conformance_tests::{forbidden, required, st, too_long, TF};
use k8s_validation::{Operation, StabilityLevel, Validate};

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.36")]
pub struct StrictUnion {
    /// +k8s:discriminator
    pub d1: String,
    /// +k8s:member("A")=+k8s:required
    pub fieldA: Option<String>,
    /// +k8s:member("B")=+k8s:required
    pub fieldB: Option<String>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.36")]
pub struct SharedField {
    /// +k8s:discriminator
    pub d1: String,
    /// Valid in A and B, implicitly forbidden in C.
    /// +k8s:member("A")=+k8s:optional
    /// +k8s:member("B")=+k8s:optional
    pub fieldA: Option<String>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.36")]
pub struct ChainedValidation {
    /// +k8s:discriminator
    pub d1: String,
    /// In mode A, it is required AND must have maxLength 5.
    /// +k8s:member("A")=+k8s:required
    /// +k8s:member("A")=+k8s:maxLength=5
    pub fieldA: Option<String>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.36")]
pub struct ImplicitForbidden {
    /// +k8s:discriminator
    pub d1: String,
    /// +k8s:member("A")=+k8s:optional
    pub fieldA: Option<String>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.36")]
pub struct NonStringDiscriminator {
    /// +k8s:discriminator(name:"Bool")
    pub d1: bool,
    /// +k8s:member(discriminator:"Bool", value:"true")=+k8s:required
    pub fieldA: Option<String>,
    /// +k8s:discriminator(name:"Int")
    pub d2: i64,
    /// +k8s:member(discriminator:"Int", value:"1")=+k8s:required
    pub fieldB: Option<String>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.36")]
pub struct MultipleDiscriminators {
    /// +k8s:discriminator(name:"D1")
    pub d1: String,
    /// +k8s:discriminator(name:"D2")
    pub d2: String,
    /// +k8s:member(discriminator:"D1", value:"A")=+k8s:required
    pub fieldA: Option<String>,
    /// +k8s:member(discriminator:"D2", value:"B")=+k8s:required
    pub fieldB: Option<String>,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.36")]
pub struct Collections {
    /// +k8s:discriminator
    pub d1: String,
    /// +k8s:member("A")=+k8s:optional
    pub listField: Vec<String>,
    /// +k8s:member("A")=+k8s:optional
    pub mapField: BTreeMap<String, String>,
}

/// A Go string typedef as the discriminator, members under `+k8s:alpha`
/// (k8s.io/api v0.36.0 flowcontrol's `LimitResponse`).
#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.36")]
pub struct Mode(pub String);

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.36")]
pub struct Leveled {
    /// +k8s:alpha(since: "1.36")=+k8s:discriminator
    pub mode: Mode,
    /// +k8s:alpha(since: "1.36")=+k8s:member("Queue")=+k8s:required
    /// +k8s:alpha(since: "1.36")=+k8s:member("Reject")=+k8s:forbidden
    pub queuing: Option<String>,
    /// Rules of different levels: the implicit forbidden is not marked.
    /// +k8s:alpha=+k8s:member("Queue")=+k8s:optional
    /// +k8s:beta=+k8s:member("Reject")=+k8s:optional
    pub mixed: Option<String>,
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
    let v = |d1: bool, a: Option<String>, d2: i64, b: Option<String>| NonStringDiscriminator {
        d1,
        fieldA: a,
        d2,
        fieldB: b,
    };
    st(&v(true, s("val"), 0, None)).expect_valid();
    st(&v(true, None, 0, None)).expect(TF, &[required("fieldA")]);
    st(&v(false, s("val"), 0, None)).expect(TF, &[forbidden("fieldA")]);
    st(&v(false, None, 1, s("val"))).expect_valid();
    st(&v(false, None, 1, None)).expect(TF, &[required("fieldB")]);
    st(&v(false, None, 2, s("val"))).expect(TF, &[forbidden("fieldB")]);
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

fn levels(v: &Leveled) -> Vec<(String, Option<StabilityLevel>)> {
    v.validate(&Operation::create())
        .iter()
        .map(|e| (e.field().to_string(), e.stability_level()))
        .collect()
}

#[test]
fn stability_levels() {
    let v = |mode: &str, queuing: Option<String>, mixed: Option<String>| Leveled {
        mode: Mode(mode.into()),
        queuing,
        mixed,
    };
    let alpha = Some(StabilityLevel::Alpha);
    // The rules' own errors carry their level.
    assert_eq!(levels(&v("Queue", None, None)), [("queuing".into(), alpha)]);
    assert_eq!(
        levels(&v("Reject", s("q"), None)),
        [("queuing".into(), alpha)]
    );
    // The implicit forbidden: marked when every rule has the same level.
    assert_eq!(
        levels(&v("Other", s("q"), None)),
        [("queuing".into(), alpha)]
    );
    assert_eq!(
        levels(&v("Queue", s("q"), None)),
        Vec::<(String, Option<StabilityLevel>)>::new()
    );
    assert_eq!(levels(&v("Other", None, s("m"))), [("mixed".into(), None)]);
}
