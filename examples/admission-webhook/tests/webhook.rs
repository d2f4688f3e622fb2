//! Drives the webhook's router in process with AdmissionReview JSON as a
//! kube-apiserver sends it (`tests/fixtures/`, see `fixtures/README.md`).

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use example_admission_webhook::{migration, parse_args, router, Command};
use http_body_util::BodyExt as _;
use k8s_validation_migration::{FeatureGates, Migration, Mode};
use k8s_validation_spec::Release;
use serde_json::{json, Value};
use tower::ServiceExt as _;

const MISMATCH_TOTAL: &str = "apiserver_validation_declarative_validation_mismatch_total";

fn fixture(name: &str) -> Value {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn webhook(gates: &str) -> (Router, Arc<Migration>) {
    let m = migration(FeatureGates::parse(gates).expect("gates"));
    (router(m.clone()), m)
}

async fn send(app: &Router, method: &str, path: &str, body: Vec<u8>) -> (StatusCode, String) {
    let req = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .body(Body::from(body))
        .expect("request");
    let resp = app.clone().oneshot(req).await.expect("response");
    let status = resp.status();
    let bytes = resp.into_body().collect().await.expect("body").to_bytes();
    (status, String::from_utf8(bytes.to_vec()).expect("utf-8"))
}

/// POSTs a review and returns the `response` of the answer (HTTP 200 asserted).
async fn admit(app: &Router, review: &Value) -> Value {
    let (status, body) = send(app, "POST", "/validate", review.to_string().into_bytes()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let answer: Value = serde_json::from_str(&body).expect("answer is JSON");
    assert_eq!(answer["apiVersion"], "admission.k8s.io/v1", "{answer}");
    assert_eq!(answer["kind"], "AdmissionReview", "{answer}");
    assert!(answer.get("request").is_none(), "{answer}");
    let response = answer["response"].clone();
    assert_eq!(
        response["uid"], review["request"]["uid"],
        "uid echoed: {answer}"
    );
    response
}

async fn metrics(app: &Router) -> String {
    let (status, body) = send(app, "GET", "/metrics", Vec::new()).await;
    assert_eq!(status, StatusCode::OK);
    body
}

fn metric_line(text: &str, series: &str) -> Option<String> {
    text.lines()
        .find(|l| l.starts_with(series) && l[series.len()..].starts_with(' '))
        .map(str::to_owned)
}

fn causes(response: &Value) -> Vec<(String, String, String)> {
    response["status"]["details"]["causes"]
        .as_array()
        .expect("causes")
        .iter()
        .map(|c| {
            (
                c["reason"].as_str().unwrap_or("").to_owned(),
                c["field"].as_str().unwrap_or("").to_owned(),
                c["message"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect()
}

fn cause(reason: &str, field: &str, message: &str) -> (String, String, String) {
    (reason.to_owned(), field.to_owned(), message.to_owned())
}

const LABEL_MESSAGE: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

#[tokio::test]
async fn create_valid_is_allowed_in_every_mode() {
    for gates in [
        "",
        "DeclarativeValidationTakeover=true",
        "DeclarativeValidation=false",
    ] {
        let (app, m) = webhook(gates);
        let response = admit(&app, &fixture("create-valid.json")).await;
        assert_eq!(response["allowed"], true, "{gates}: {response}");
        assert_eq!(m.metrics().mismatch_total(), 0, "{gates}");
    }
}

#[tokio::test]
async fn create_invalid_is_denied_with_the_apiservers_invalid_status() {
    for gates in ["", "DeclarativeValidationTakeover=true"] {
        let (app, m) = webhook(gates);
        let response = admit(&app, &fixture("create-invalid.json")).await;
        assert_eq!(response["allowed"], false, "{response}");
        let status = &response["status"];
        assert_eq!(status["status"], "Failure");
        assert_eq!(status["code"], 422);
        assert_eq!(status["reason"], "Invalid");
        assert_eq!(status["details"]["name"], "web");
        assert_eq!(status["details"]["group"], "webhook.example.dev");
        assert_eq!(status["details"]["kind"], "Deployment");
        let expected = [
            cause(
                "FieldValueInvalid",
                "spec.replicas",
                "Invalid value: -1: must be greater than or equal to 0",
            ),
            cause(
                "FieldValueInvalid",
                "spec.containers[0].name",
                &format!("Invalid value: \"Web_Server\": {LABEL_MESSAGE}"),
            ),
            cause(
                "FieldValueRequired",
                "spec.containers[1].image",
                "Required value",
            ),
        ];
        let mut got = causes(&response);
        // Hand-written order (mismatch) and declarative order (takeover) may
        // differ; the set of causes may not.
        got.sort();
        let mut want = expected.to_vec();
        want.sort();
        assert_eq!(got, want, "{gates}");
        let message = status["message"].as_str().expect("message");
        assert!(
            message.starts_with("Deployment.webhook.example.dev \"web\" is invalid: ["),
            "{message}"
        );
        for (_, field, text) in &expected {
            assert!(message.contains(&format!("{field}: {text}")), "{message}");
        }
        // Both validations agree on this object.
        assert_eq!(m.metrics().mismatch_total(), 0, "{gates}");
    }
}

#[tokio::test]
async fn a_mismatch_is_counted_and_takeover_changes_the_verdict() {
    let review = fixture("create-mismatch.json");

    // Mismatch mode: the hand-written limit (86400) is authoritative: allowed,
    // and the stricter tag (3600) shows up in the counters.
    let (app, _) = webhook("DeclarativeValidationTakeover=false");
    let response = admit(&app, &review).await;
    assert_eq!(response["allowed"], true, "{response}");
    let text = metrics(&app).await;
    assert_eq!(
        metric_line(&text, MISMATCH_TOTAL).as_deref(),
        Some("apiserver_validation_declarative_validation_mismatch_total 1"),
        "{text}"
    );
    assert!(text.contains(
        "apiserver_validation_declarative_validation_parity_discrepancies_total{validation_identifier=\"deployment_create\"} 1"
    ), "{text}");
    assert_eq!(
        metric_line(
            &text,
            "apiserver_validation_declarative_validation_panic_total"
        )
        .as_deref(),
        Some("apiserver_validation_declarative_validation_panic_total 0"),
        "{text}"
    );

    // Takeover: the tag decides.
    let (app, m) = webhook("DeclarativeValidationTakeover=true");
    let response = admit(&app, &review).await;
    assert_eq!(response["allowed"], false, "{response}");
    assert_eq!(
        causes(&response),
        [cause(
            "FieldValueInvalid",
            "spec.minReadySeconds",
            "Invalid value: 7200: must be less than or equal to 3600"
        )]
    );
    assert_eq!(
        response["status"]["message"],
        "Deployment.webhook.example.dev \"slow\" is invalid: spec.minReadySeconds: Invalid value: 7200: must be less than or equal to 3600"
    );
    // Still a disagreement, still counted.
    assert_eq!(m.metrics().mismatch_total(), 1);

    // Disabled: declarative validation does not run, nothing is counted.
    let (app, m) = webhook("DeclarativeValidation=false,DeclarativeValidationTakeover=true");
    assert_eq!(m.mode(), Mode::Disabled);
    assert_eq!(admit(&app, &review).await["allowed"], true);
    assert_eq!(m.metrics().mismatch_total(), 0);
}

#[tokio::test]
async fn update_ratchets_an_unchanged_old_invalid_value() {
    // oldObject has minReadySeconds 90000 (invalid for both validations);
    // the update only changes replicas.
    let review = fixture("update-ratchet.json");
    assert_eq!(
        review["request"]["oldObject"]["spec"]["minReadySeconds"],
        90000
    );
    for gates in ["", "DeclarativeValidationTakeover=true"] {
        let (app, m) = webhook(gates);
        let response = admit(&app, &review).await;
        assert_eq!(response["allowed"], true, "{gates}: {response}");
        assert_eq!(m.metrics().mismatch_total(), 0, "{gates}");
    }

    // The same update without the old object as a create is denied: the
    // ratcheting comes from oldObject.
    let mut create = review.clone();
    create["request"]["operation"] = json!("CREATE");
    create["request"]["oldObject"] = Value::Null;
    let (app, _) = webhook("DeclarativeValidationTakeover=true");
    assert_eq!(admit(&app, &create).await["allowed"], false);
}

#[tokio::test]
async fn update_changing_an_invalid_value_is_denied_by_the_authoritative_side() {
    let review = fixture("update-invalid.json");
    let (app, m) = webhook("");
    let response = admit(&app, &review).await;
    assert_eq!(response["allowed"], false);
    assert_eq!(
        causes(&response),
        [cause(
            "FieldValueInvalid",
            "spec.minReadySeconds",
            "Invalid value: 90001: must be less than or equal to 86400"
        )]
    );
    // Both sides reject it (same type, field and origin): no mismatch.
    assert_eq!(m.metrics().mismatch_total(), 0);

    let (app, _) = webhook("DeclarativeValidationTakeover=true");
    let response = admit(&app, &review).await;
    assert_eq!(
        causes(&response),
        [cause(
            "FieldValueInvalid",
            "spec.minReadySeconds",
            "Invalid value: 90001: must be less than or equal to 3600"
        )]
    );
}

#[tokio::test]
async fn status_subresource_validates_the_status() {
    for gates in ["", "DeclarativeValidationTakeover=true"] {
        let (app, m) = webhook(gates);
        let response = admit(&app, &fixture("status-update-invalid.json")).await;
        assert_eq!(response["allowed"], false, "{gates}: {response}");
        assert_eq!(
            causes(&response),
            [cause(
                "FieldValueInvalid",
                "status.readyReplicas",
                "Invalid value: -2: must be greater than or equal to 0"
            )],
            "{gates}"
        );
        // The stored spec (minReadySeconds 90000) is not re-validated.
        let response = admit(&app, &fixture("status-update-valid.json")).await;
        assert_eq!(response["allowed"], true, "{gates}: {response}");
        assert_eq!(m.metrics().mismatch_total(), 0, "{gates}");
    }
}

#[tokio::test]
async fn an_undeclared_subresource_is_counted_then_refused_under_takeover() {
    let mut review = fixture("status-update-valid.json");
    review["request"]["subResource"] = json!("scale");
    review["request"]["requestSubResource"] = json!("scale");

    let (app, m) = webhook("");
    assert_eq!(admit(&app, &review).await["allowed"], true);
    assert_eq!(
        m.metrics().parity_discrepancies("deployment_scale_update"),
        1
    );

    let (app, _) = webhook("DeclarativeValidationTakeover=true");
    let response = admit(&app, &review).await;
    assert_eq!(response["allowed"], false);
    // `field` is "<nil>": upstream's InternalError(nil, ...) has a nil path,
    // and NewInvalid copies `err.Field`, which `(*Path)(nil).String()` made "<nil>".
    assert_eq!(
        causes(&response),
        [cause(
            "InternalError",
            "<nil>",
            "Internal error: no validation found for *v1.Deployment, subresource: /scale"
        )]
    );
}

#[tokio::test]
async fn dry_run_gets_the_same_answer_and_is_counted_as_the_apiserver_counts_it() {
    let dry = fixture("create-mismatch-dryrun.json");
    assert_eq!(dry["request"]["dryRun"], true);
    let wet = fixture("create-mismatch.json");
    for gates in ["", "DeclarativeValidationTakeover=true"] {
        let (app, m) = webhook(gates);
        let a = admit(&app, &dry).await;
        let b = admit(&app, &wet).await;
        let strip = |mut v: Value| {
            v["uid"] = Value::Null;
            v
        };
        assert_eq!(strip(a), strip(b), "{gates}");
        // One mismatch per review, dry run included.
        assert_eq!(m.metrics().mismatch_total(), 2, "{gates}");
    }
}

#[tokio::test]
async fn malformed_requests_get_a_clear_400() {
    let (app, _) = webhook("");
    let cases: [(Vec<u8>, &str); 5] = [
        (b"{not json".to_vec(), "request body is not JSON"),
        (b"[1,2]".to_vec(), "not a JSON object"),
        (
            json!({"apiVersion": "admission.k8s.io/v1beta1", "kind": "AdmissionReview", "request": {}})
                .to_string()
                .into_bytes(),
            "expected apiVersion \"admission.k8s.io/v1\"",
        ),
        (
            json!({"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview"})
                .to_string()
                .into_bytes(),
            "AdmissionReview has no request object",
        ),
        (
            {
                let mut r = fixture("create-valid.json");
                r["request"]["operation"] = json!("PATCH");
                r.to_string().into_bytes()
            },
            "malformed AdmissionReview: request.operation: unknown variant `PATCH`",
        ),
    ];
    for (body, expected) in cases {
        let (status, text) = send(&app, "POST", "/validate", body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
        assert!(
            text.contains(expected),
            "{text:?} should contain {expected:?}"
        );
    }
}

#[tokio::test]
async fn an_undecodable_object_is_denied_naming_the_field() {
    let (app, _) = webhook("");
    let mut review = fixture("create-valid.json");
    review["request"]["object"]["spec"]["replicas"] = json!("three");
    let response = admit(&app, &review).await;
    assert_eq!(response["allowed"], false);
    assert_eq!(response["status"]["code"], 400);
    assert_eq!(response["status"]["reason"], "BadRequest");
    let message = response["status"]["message"].as_str().expect("message");
    assert!(
        message.starts_with(
            "cannot decode request.object as webhook.example.dev/v1, Kind=Deployment: spec.replicas: invalid type: string \"three\""
        ),
        "{message}"
    );

    let mut review = fixture("update-ratchet.json");
    review["request"]["oldObject"] = Value::Null;
    let response = admit(&app, &review).await;
    assert_eq!(
        response["status"]["message"],
        "request.oldObject is missing"
    );

    let mut review = fixture("create-valid.json");
    review["request"]["kind"]["kind"] = json!("Pod");
    let response = admit(&app, &review).await;
    assert_eq!(response["allowed"], false);
    assert!(response["status"]["message"]
        .as_str()
        .expect("message")
        .contains("got webhook.example.dev/v1, Kind=Pod"));
}

#[tokio::test]
async fn delete_is_allowed_without_validation() {
    let (app, _) = webhook("DeclarativeValidationTakeover=true");
    let mut review = fixture("create-invalid.json");
    review["request"]["operation"] = json!("DELETE");
    assert_eq!(admit(&app, &review).await["allowed"], true);
}

#[tokio::test]
async fn metrics_and_healthz() {
    let (app, _) = webhook("");
    let req = Request::builder()
        .uri("/metrics")
        .body(Body::empty())
        .expect("request");
    let resp = app.clone().oneshot(req).await.expect("response");
    assert_eq!(
        resp.headers()["content-type"],
        "text/plain; version=0.0.4; charset=utf-8"
    );
    let text = metrics(&app).await;
    assert!(text.contains(
        "# HELP apiserver_validation_declarative_validation_mismatch_total [BETA] Number of times declarative validation results differed from handwritten validation results for core types.\n# TYPE apiserver_validation_declarative_validation_mismatch_total counter\napiserver_validation_declarative_validation_mismatch_total 0\n"
    ), "{text}");
    assert_eq!(
        send(&app, "GET", "/healthz", Vec::new()).await,
        (StatusCode::OK, "ok".to_owned())
    );
}

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

#[test]
fn flags_and_environment_select_release_and_mode() {
    let no_env = |_: &str| None;
    let Ok(Command::Serve(c)) = parse_args(args(&[]), no_env) else {
        panic!("defaults")
    };
    assert_eq!(c.release, Release::V1_35);
    assert_eq!(c.gates.mode(), Mode::Mismatch);
    assert_eq!(c.listen, "127.0.0.1:8080");
    assert_eq!(c.tls, None);

    // Environment first, flags after (a later gate entry wins).
    let env = |name: &str| match name {
        "WEBHOOK_FEATURE_GATES" => Some("DeclarativeValidationTakeover=true".to_owned()),
        "WEBHOOK_LISTEN" => Some("0.0.0.0:9443".to_owned()),
        _ => None,
    };
    let Ok(Command::Serve(c)) = parse_args(args(&[]), env) else {
        panic!("env")
    };
    assert_eq!(c.gates.mode(), Mode::Takeover);
    assert_eq!(c.listen, "0.0.0.0:9443");
    let Ok(Command::Serve(c)) = parse_args(
        args(&[
            "--feature-gates",
            "DeclarativeValidationTakeover=false",
            "--listen=:1",
        ]),
        env,
    ) else {
        panic!("flags")
    };
    assert_eq!(c.gates.mode(), Mode::Mismatch);
    assert_eq!(c.listen, ":1");

    assert_eq!(
        example_admission_webhook::release_modes(Release::V1_35),
        [Mode::Disabled, Mode::Mismatch, Mode::Takeover]
    );

    for (list, error) in [
        (
            &["--release=1.34"][..],
            "--release: 1.34 is not supported by this build (supported: 1.35, 1.36, 1.37, 1.38)",
        ),
        (
            &["--release=1.37", "--feature-gates=DeclarativeValidationTakeover=true"][..],
            "--feature-gates: cannot set feature gate DeclarativeValidationTakeover to true, feature is locked to false",
        ),
        (
            &["--release=1.38", "--feature-gates=DeclarativeValidation=false"][..],
            "--feature-gates: cannot set feature gate DeclarativeValidation to false, feature is locked to true",
        ),
        (
            &["--feature-gates=DeclarativeValidationBeta=false"][..],
            "--feature-gates: unrecognized feature gate: DeclarativeValidationBeta",
        ),
        (
            &["--validation-options=A"][..],
            "--validation-options: missing bool value for A",
        ),
        (
            &["--release=1.2"][..],
            "--release: \"1.2\" is not a Kubernetes release (1.33 ... 1.38)",
        ),
        (
            &["--feature-gates=Foo=true"][..],
            "--feature-gates: unrecognized feature gate: Foo",
        ),
        (&["--tls-cert=c.pem"][..], "--tls-cert needs --tls-key"),
        (&["--port=1"][..], "unknown flag: --port"),
        (&["--listen"][..], "flag needs an argument: --listen"),
        (&["serve"][..], "unexpected argument \"serve\""),
    ] {
        assert_eq!(
            parse_args(args(list), no_env),
            Err(error.to_owned()),
            "{list:?}"
        );
    }
    assert_eq!(parse_args(args(&["-h"]), no_env), Ok(Command::Help));

    // The gates are the release's.
    for (release, modes) in [
        ("1.36", vec![Mode::Mismatch]),
        ("1.37", vec![Mode::Lifecycle]),
        ("1.38", vec![Mode::Lifecycle]),
    ] {
        let Ok(Command::Serve(c)) = parse_args(
            args(&[
                "--release",
                release,
                "--feature-gates=DeclarativeValidationBeta=false",
            ]),
            no_env,
        ) else {
            panic!("{release}")
        };
        assert_eq!(c.gates.release().to_string(), release);
        assert!(!c.gates.beta());
        assert_eq!(example_admission_webhook::release_modes(c.release), modes);
        assert_eq!(vec![c.gates.mode()], modes);
    }
    // Options: environment first, then flags; a later value wins.
    let env = |name: &str| (name == "WEBHOOK_VALIDATION_OPTIONS").then(|| "A=true,B=1".to_owned());
    let Ok(Command::Serve(c)) = parse_args(args(&["--validation-options=A=false"]), env) else {
        panic!("options")
    };
    assert_eq!(c.options, [("A".to_owned(), false), ("B".to_owned(), true)]);
}

/// `--release=1.37` and `1.38`: the tag's limit (a standard declarative
/// error) is enforced next to the hand-written checks; it is not compared,
/// and the hand-written check that allows 7200 has nothing to report.
#[tokio::test]
async fn release_1_37_and_1_38_enforce_standard_tags() {
    let review = fixture("create-mismatch.json");
    for release in [Release::V1_37, Release::V1_38] {
        let m = example_admission_webhook::migration_with_options(
            FeatureGates::for_release(release),
            &[("Unused".to_owned(), false)],
        );
        let app = router(m.clone());
        let response = admit(&app, &review).await;
        assert_eq!(response["allowed"], false, "{release} {response}");
        assert_eq!(response["status"]["code"], 422, "{release} {response}");
        let causes = response["status"]["details"]["causes"].as_array().unwrap();
        assert_eq!(causes.len(), 1, "{release} {response}");
        assert_eq!(
            causes[0]["field"], "spec.minReadySeconds",
            "{release} {response}"
        );
        assert_eq!(m.metrics().mismatch_total(), 0, "{release}");
        assert_eq!(
            m.mode_of::<example_admission_webhook::api::Deployment>(),
            Mode::Lifecycle
        );
    }

    // 1.36: the type does not opt into enforcement: shadow mode, counted.
    let m = migration(FeatureGates::for_release(Release::V1_36));
    let app = router(m.clone());
    assert_eq!(admit(&app, &review).await["allowed"], true);
    assert_eq!(m.metrics().mismatch_total(), 1);
}
