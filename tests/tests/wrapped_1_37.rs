//! Kubernetes 1.37: wrappers around tags whose validation upstream runs away
//! from the tag (k8s.io/api v0.37.2 uses both shapes; found by the 1.37
//! real-API oracle):
//!
//! * `dependentRequired` / `dependentForbidden` under `+k8s:alpha` / `+k8s:beta`
//!   or `+k8s:ifEnabled` / `+k8s:ifDisabled`: the check, deferred to the
//!   struct, runs under the same wrappers (code-generator v0.37.2
//!   `validators/levels.go`, `options.go`: `WrapFunctions` wraps deferred
//!   functions too);
//! * `+k8s:alpha=+k8s:eachVal=+k8s:opaqueType` (and `eachKey`): the level keeps
//!   its payload's `OpaqueValType`, so the elements' own type validation is not
//!   called, as with the bare tag.

use std::collections::BTreeMap;

use k8s_validation::{ErrorList, Operation, StabilityLevel, Validate};

type Seen = Vec<(String, Option<String>, Option<StabilityLevel>)>;

fn seen(errs: &ErrorList) -> Seen {
    errs.iter()
        .map(|e| {
            (
                e.field().to_string(),
                e.origin().map(str::to_string),
                e.stability_level(),
            )
        })
        .collect()
}

/// 1.37 options are three-state: `Gate` is defined (disabled) so that the
/// `ifEnabled` of `Dependents` reports no internal error.
fn op() -> Operation {
    Operation::create().with_option_disabled("Gate")
}

fn one(field: &str, origin: &str, level: Option<StabilityLevel>) -> Seen {
    vec![(field.to_string(), Some(origin.to_string()), level)]
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct Dependents {
    /// +k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:dependentRequired("backoff")
    pub max_failed: Option<i32>,
    /// +k8s:optional
    pub backoff: Option<i32>,
    /// +k8s:optional
    /// +k8s:beta=+k8s:dependentForbidden("group")
    pub responders: Vec<String>,
    /// +k8s:optional
    pub group: Option<String>,
    /// +k8s:optional
    /// +k8s:ifEnabled("Gate")=+k8s:dependentRequired("group")
    pub gated: Option<String>,
}

#[test]
fn dependent_required_under_alpha_is_marked_alpha() {
    let v = Dependents {
        max_failed: Some(1),
        ..Default::default()
    };
    assert_eq!(
        seen(&v.validate(&op())),
        one("backoff", "dependentRequired", Some(StabilityLevel::Alpha))
    );
}

#[test]
fn dependent_forbidden_under_beta_is_marked_beta() {
    let v = Dependents {
        responders: vec!["a".into()],
        group: Some("g".into()),
        ..Default::default()
    };
    assert_eq!(
        seen(&v.validate(&op())),
        one("group", "dependentForbidden", Some(StabilityLevel::Beta))
    );
}

#[test]
fn dependent_under_if_enabled_runs_only_with_the_option() {
    let v = Dependents {
        gated: Some("x".into()),
        ..Default::default()
    };
    assert_eq!(
        seen(&v.validate(&Operation::create().with_option("Gate"))),
        one("group", "dependentRequired", None)
    );
    assert!(v.validate(&op()).is_empty());
}

#[derive(Validate, PartialEq, Debug, Clone, Default, serde::Serialize)]
#[validate(kubernetes = "1.37")]
pub struct Condition {
    /// +k8s:required
    pub kind: String,
}

#[derive(Validate, PartialEq, Debug, Clone, Default)]
#[validate(kubernetes = "1.37")]
pub struct Status {
    /// +k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:eachVal=+k8s:opaqueType
    pub conditions: Vec<Condition>,
    /// +k8s:optional
    /// +k8s:beta=+k8s:eachVal=+k8s:opaqueType
    pub by_name: BTreeMap<String, Condition>,
    /// +k8s:optional
    pub checked: Vec<Condition>,
}

#[test]
fn leveled_each_val_opaque_type_skips_the_elements() {
    let v = Status {
        conditions: vec![Condition::default()],
        by_name: BTreeMap::from([("a".to_string(), Condition::default())]),
        checked: vec![Condition::default()],
    };
    // Only the list without the marker validates its elements.
    let fields: Vec<String> = v
        .validate(&Operation::create())
        .iter()
        .map(|e| e.field().to_string())
        .collect();
    assert_eq!(fields, ["checked[0].kind"]);
}
