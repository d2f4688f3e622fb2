//! `Migration` against the recorded results of upstream's own code:
//! `oracle/expected/<release>.json` holds what `k8s.io/apiserver`
//! `rest.ValidateDeclarativelyWithMigrationChecks` (and, from 1.38,
//! `rest.ValidateDeclarativelyForManifest`) returned, logged and counted
//! for each case of `oracle/cases.json` (v0.37.2 for 1.37, v0.38.0-beta.0
//! for 1.38; `oracle/run` regenerates them, see `oracle/README.md`).
//!
//! Each case registers a `Widget` whose declarative validation is the
//! case's fixed error list (or a panic), so what is compared is the API
//! server's part: gates, enforcement filter, covered hand-written filter,
//! the comparison, its log lines and the Prometheus exposition of the
//! metrics, byte for byte.

use k8s_validation::field::{BadValue, Error, ErrorList, ErrorType};
use k8s_validation::{Operation, Release};
use k8s_validation_migration::{FeatureGates, Migration, NormalizationRule, Registry};
use serde::Deserialize;
use serde_json::Value;
use tracing::Level;

use crate::migration_support::capture;

const CASES: &str = include_str!("../oracle/cases.json");

/// The recorded releases.
const EXPECTED: [(Release, &str); 2] = [
    (Release::V1_37, include_str!("../oracle/expected/1.37.json")),
    (Release::V1_38, include_str!("../oracle/expected/1.38.json")),
];

/// The group/version the oracle registers its Widget under.
const API_VERSION: &str = "example.dev/v1";

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseError {
    #[serde(rename = "type")]
    kind: String,
    field: String,
    #[serde(default)]
    value: Option<Value>,
    #[serde(default)]
    detail: String,
    #[serde(default)]
    origin: String,
    #[serde(default)]
    level: String,
    #[serde(default)]
    covered: bool,
    #[serde(default)]
    short_circuit: bool,
    #[serde(default)]
    if_option: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    #[serde(default)]
    only: Vec<String>,
    #[serde(default)]
    gates: String,
    #[serde(default)]
    emulated: Option<String>,
    #[serde(default)]
    call: Option<String>,
    #[serde(default)]
    subresource: Option<String>,
    #[serde(default)]
    api_version: Option<String>,
    #[serde(default)]
    hv: Vec<CaseError>,
    #[serde(default)]
    dv: Vec<CaseError>,
    #[serde(default)]
    panic: Option<String>,
    #[serde(default)]
    rules: Vec<(String, String)>,
    #[serde(default)]
    short_circuit_mismatch: bool,
    #[serde(default)]
    all_enforced: bool,
    #[serde(default)]
    options: serde_json::Map<String, Value>,
}

#[derive(Debug, Deserialize)]
struct Recording {
    release: String,
    apiserver: String,
    results: Vec<Outcome>,
}

#[derive(Debug, Deserialize)]
struct Outcome {
    name: String,
    /// The case as the oracle read it (to catch a stale recording).
    case: Value,
    gates: String,
    #[serde(default)]
    errors: Option<Vec<Returned>>,
    #[serde(default)]
    logs: Option<Vec<Logged>>,
    metrics: String,
    #[serde(default)]
    failure: Option<String>,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
struct Returned {
    #[serde(rename = "type")]
    kind: String,
    field: String,
    origin: String,
    detail: String,
    text: String,
    level: String,
    covered: bool,
    from_imperative: bool,
    short_circuit: bool,
}

#[derive(Debug, Deserialize, PartialEq)]
struct Logged {
    level: String,
    msg: String,
}

struct Widget;

fn bad_value(v: &Option<Value>) -> BadValue<'static> {
    match v {
        None | Some(Value::Null) => BadValue::Null,
        Some(Value::String(s)) => BadValue::String(s.clone().into()),
        Some(Value::Bool(b)) => BadValue::Bool(*b),
        Some(Value::Number(n)) => BadValue::Int(n.as_i64().expect("integer values only")),
        Some(other) => panic!("unsupported value {other}"),
    }
}

fn build(e: &CaseError) -> Error {
    let kind = ErrorType::from_type_str(&e.kind).unwrap_or_else(|| panic!("type {}", e.kind));
    let mut out = Error::new(
        kind,
        e.field.as_str(),
        bad_value(&e.value),
        e.detail.clone(),
    );
    if !e.origin.is_empty() {
        out = out.with_origin(e.origin.clone());
    }
    if e.covered {
        out = out.mark_covered_by_declarative();
    }
    if e.short_circuit {
        out = out.mark_short_circuit();
    }
    match e.level.as_str() {
        "" => out,
        "alpha" => out.mark_alpha(),
        "beta" => out.mark_beta(),
        other => panic!("level {other}"),
    }
}

fn returned(e: &Error) -> Returned {
    Returned {
        kind: e.kind().as_str().to_owned(),
        field: e.field().to_owned(),
        origin: e.origin().unwrap_or("").to_owned(),
        detail: e.detail().to_owned(),
        text: e.to_string(),
        level: e
            .stability_level()
            .map_or("unknown", |l| l.as_str())
            .to_owned(),
        covered: e.is_covered_by_declarative(),
        from_imperative: e.is_from_imperative(),
        short_circuit: e.is_short_circuit(),
    }
}

/// The gates of a case, or the text of the error setting them.
fn gates(release: Release, case: &Case) -> Result<FeatureGates, String> {
    let mut gates = FeatureGates::for_release(release);
    if let Some(v) = &case.emulated {
        let emulated = Release::parse(v).expect("emulated version");
        gates = gates
            .with_emulated_version(emulated)
            .map_err(|e| format!("emulated version: {e}"))?;
    }
    if !case.gates.is_empty() {
        gates.set(&case.gates).map_err(|e| format!("gates: {e}"))?;
    }
    Ok(gates)
}

fn migration(gates: FeatureGates, case: &Case) -> Migration {
    let dv: Vec<(Error, Option<String>)> = case
        .dv
        .iter()
        .map(|e| (build(e), e.if_option.clone()))
        .collect();
    let panic = case.panic.clone();
    let mut registry = Registry::new();
    let reg = registry
        .register_custom::<Widget>("Widget", move |_, _, op: &Operation| {
            if let Some(message) = &panic {
                panic!("{message}");
            }
            dv.iter()
                .filter(|(_, option)| option.as_ref().is_none_or(|o| op.option(o) == Some(true)))
                .map(|(e, _)| e.clone())
                .collect()
        })
        .api_version(API_VERSION)
        .go_type_name("*main.Widget");
    if case.short_circuit_mismatch {
        reg.short_circuit_mismatch();
    }
    let rules = case
        .rules
        .iter()
        .map(|(p, r)| NormalizationRule::new(p, r.clone()).unwrap())
        .collect();
    let mut m = Migration::new(gates, registry).with_normalization_rules(rules);
    for (name, enabled) in &case.options {
        m = m.with_option(name.clone(), enabled.as_bool().unwrap());
    }
    if case.all_enforced {
        m = m.with_all_declarative_enforced_for_test();
    }
    m
}

/// Runs a case and returns what differs from the recording.
fn check(release: Release, case: &Case, want: &Outcome) -> Vec<String> {
    let mut diffs = Vec::new();
    let gates = match gates(release, case) {
        Ok(g) => g,
        Err(e) => {
            if want.failure.as_deref() != Some(e.as_str()) {
                diffs.push(format!("gates: got {e:?}, want {:?}", want.failure));
            }
            return diffs;
        }
    };
    if let Some(f) = &want.failure {
        diffs.push(format!("upstream failed ({f}), the gates were accepted"));
        return diffs;
    }
    if gates.to_string() != want.gates {
        diffs.push(format!("gates: got {gates}, want {}", want.gates));
    }
    let m = migration(gates, case);
    let hv: ErrorList = case.hv.iter().map(build).collect();
    let w = Widget;
    let (errs, events) = capture(|| match case.call.as_deref() {
        None | Some("create") => {
            let op = match &case.subresource {
                Some(s) => Operation::create().with_subresource(s),
                None => Operation::create(),
            };
            m.validate(&w, None, &op, hv)
        }
        Some("update") => {
            let op = match &case.subresource {
                Some(s) => Operation::update().with_subresource(s),
                None => Operation::update(),
            };
            m.validate(&w, Some(&w), &op, hv)
        }
        Some("manifest") => {
            m.validate_manifest(case.api_version.as_deref().unwrap_or(API_VERSION), &w, hv)
        }
        Some(other) => panic!("call {other}"),
    });
    let got: Vec<Returned> = errs.iter().map(returned).collect();
    let want_errors = want.errors.as_deref().unwrap_or_default();
    if got.len() != want_errors.len() {
        diffs.push(format!(
            "errors: got {:#?}, want {want_errors:#?}",
            got.iter().map(|e| &e.text).collect::<Vec<_>>()
        ));
    } else {
        for (g, w) in got.iter().zip(want_errors) {
            // Upstream names its scheme after a failed conversion; a
            // Registry has no name (docs/migration.md, differences).
            let mut w_text = w.text.clone();
            let mut w_detail = w.detail.clone();
            for s in [&mut w_text, &mut w_detail] {
                if let Some(i) = s.find(" in scheme \"") {
                    s.truncate(i);
                }
            }
            let w = Returned {
                text: w_text,
                detail: w_detail,
                ..w.clone()
            };
            if *g != w {
                diffs.push(format!("error: got {g:?}, want {w:?}"));
            }
        }
    }
    let logged: Vec<Logged> = events
        .iter()
        .map(|e| Logged {
            level: match e.level {
                Level::ERROR => "error".to_owned(),
                Level::INFO => "info".to_owned(),
                other => other.to_string(),
            },
            msg: e.message.clone(),
        })
        .collect();
    let want_logs = want.logs.as_deref().unwrap_or_default();
    if logged != want_logs {
        diffs.push(format!("logs: got {logged:#?}, want {want_logs:#?}"));
    }
    let metrics = m.metrics().encode_text();
    if metrics != want.metrics {
        diffs.push(format!("metrics: got\n{metrics}want\n{}", want.metrics));
    }
    diffs
}

fn cases() -> Vec<(Value, Case)> {
    let raw: Vec<Value> = serde_json::from_str(CASES).unwrap();
    raw.into_iter()
        .map(|v| {
            let c = serde_json::from_value(v.clone()).unwrap();
            (v, c)
        })
        .collect()
}

#[test]
fn every_recorded_case_matches_upstream() {
    let cases = cases();
    let mut failures = Vec::new();
    let mut checked = 0;
    for (release, json) in EXPECTED {
        let rec: Recording = serde_json::from_str(json).unwrap();
        assert_eq!(rec.release, release.as_str());
        // Every case meant for the release was recorded, in order, from
        // the cases as they are now.
        let meant: Vec<&(Value, Case)> = cases
            .iter()
            .filter(|(_, c)| c.only.is_empty() || c.only.iter().any(|r| r == release.as_str()))
            .collect();
        let names: Vec<&str> = rec.results.iter().map(|r| r.name.as_str()).collect();
        let want_names: Vec<&str> = meant.iter().map(|(_, c)| c.name.as_str()).collect();
        assert_eq!(names, want_names, "{release}: run oracle/run again");
        for ((raw, case), want) in meant.into_iter().zip(&rec.results) {
            assert_eq!(
                &want.case, raw,
                "{release} {}: the recording is stale, run oracle/run again",
                case.name
            );
            for d in check(release, case, want) {
                failures.push(format!("{release} ({}) {}: {d}", rec.apiserver, case.name));
            }
            checked += 1;
        }
    }
    assert!(checked >= 60, "only {checked} cases");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The one behaviour 1.38 changed, seen in the recordings themselves: the
/// cases whose logs differ between 1.37 and 1.38 are exactly the dedupe
/// cases with a covered error after an uncovered twin.
#[test]
fn the_recordings_differ_only_in_the_dedupe() {
    let old: Recording = serde_json::from_str(EXPECTED[0].1).unwrap();
    let new: Recording = serde_json::from_str(EXPECTED[1].1).unwrap();
    let mut differ = Vec::new();
    for o in &old.results {
        let n = new.results.iter().find(|n| n.name == o.name).unwrap();
        assert_eq!(o.errors, n.errors, "{}: returned errors", o.name);
        if o.logs != n.logs || o.metrics != n.metrics {
            differ.push(o.name.as_str());
        }
    }
    assert_eq!(
        differ,
        [
            "dedupe: a covered error after an uncovered twin, no declarative error",
            "dedupe: a covered error after an uncovered twin, beta declarative error",
            "dedupe: a covered error after an uncovered twin, beta off",
        ]
    );
}
