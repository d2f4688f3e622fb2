//! End to end: start the example server on a loopback port with given
//! feature gates, send objects over HTTP, read `/metrics`, stop it.

mod common;

use std::process::Command;

use common::{widget, Server};

trait Old {
    fn post(&self, body: &str) -> (u16, String);
    fn put(&self, path: &str, body: &str) -> (u16, String);
    fn metrics(&self) -> String;
    fn request(&self, method: &str, path: &str, body: &str) -> (u16, String, String);
}

impl Old for Server {
    fn request(&self, method: &str, path: &str, body: &str) -> (u16, String, String) {
        let (c, head, b) = self.send(method, path, &["Content-Type: application/json"], body);
        let content_type = head
            .lines()
            .find_map(|l| {
                l.to_ascii_lowercase()
                    .strip_prefix("content-type: ")
                    .map(str::to_owned)
            })
            .unwrap_or_default();
        (c, content_type, b)
    }

    fn post(&self, body: &str) -> (u16, String) {
        self.json("POST", common::NS, body)
    }

    /// PUT with the object's current `resourceVersion` added to the body
    /// (a custom resource refuses an update without one).
    fn put(&self, path: &str, body: &str) -> (u16, String) {
        let name = path.split('/').next().unwrap();
        let (_, live) = self.json("GET", &format!("{}/{name}", common::NS), "");
        let live: serde_json::Value = serde_json::from_str(&live).unwrap();
        let mut body: serde_json::Value = serde_json::from_str(body).unwrap();
        body["metadata"]["resourceVersion"] = live["metadata"]["resourceVersion"].clone();
        self.json("PUT", &format!("{}/{path}", common::NS), &body.to_string())
    }

    fn metrics(&self) -> String {
        let (code, content_type, body) = self.request("GET", "/metrics", "");
        assert_eq!(code, 200);
        assert_eq!(content_type, "text/plain; version=0.0.4; charset=utf-8");
        body
    }
}

fn metric_line(metrics: &str, name: &str) -> Option<String> {
    metrics
        .lines()
        .find(|l| l.starts_with(name))
        .map(str::to_owned)
}

const MISMATCH: &str = "Unexpected difference between hand written validation and declarative validation error results";

#[test]
fn mismatch_mode_end_to_end() {
    let s = Server::start("mismatch", &[]);
    // A valid object.
    assert_eq!(
        s.post(&widget("w1", r#"{"replicas":2,"class":"a","tier":"Gold"}"#))
            .0,
        201
    );
    // Both validations agree: the hand-written errors are the answer.
    let (code, body) = s.post(&widget("Bad_Name", r#"{"replicas":-1,"tier":"Bronze"}"#));
    assert_eq!(code, 422);
    assert!(body.starts_with(
        r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Widget.example.dev \"Bad_Name\" is invalid: [metadata.name: Invalid value: \"Bad_Name\": "#
    ), "{body}");
    assert!(body.ends_with(
        r#"{"reason":"FieldValueInvalid","message":"Invalid value: -1: must be greater than or equal to 0","field":"spec.replicas"},{"reason":"FieldValueNotSupported","message":"Unsupported value: \"Bronze\": supported values: \"Gold\", \"Silver\"","field":"spec.tier"}]},"code":422}"#
    ), "{body}");
    assert!(body.contains(r#""reason":"Invalid","details":{"name":"Bad_Name","group":"example.dev","kind":"Widget","causes":[{"reason":"FieldValueInvalid","message":"Invalid value: \"Bad_Name\": "#), "{body}");
    // The deliberate disagreement: 18 bytes pass the hand-written check
    // (20) but not the tag (16). Hand-written is authoritative: accepted.
    assert_eq!(
        s.post(&widget("w2", r#"{"displayName":"display name of 18"}"#))
            .0,
        201
    );
    // Over both limits: the hand-written error (with its limit) is shown.
    let (code, body) = s.post(&widget(
        "w3",
        r#"{"displayName":"a display name of 25 bytes"}"#,
    ));
    assert_eq!(code, 422);
    assert!(body.contains(r#"{"reason":"FieldValueTooLong","message":"Too long: may not be more than 20 bytes","field":"spec.displayName"}"#), "{body}");
    // Updates: immutable class (agree), status (agree).
    let (code, body) = s.put(
        "w1",
        &widget("w1", r#"{"replicas":2,"class":"b","tier":"Gold"}"#),
    );
    assert_eq!(code, 422);
    assert!(body.contains(r#"{"reason":"FieldValueInvalid","message":"Invalid value: null: field is immutable","field":"spec.class"}"#), "{body}");
    let (code, body) = s.put(
        "w1/status",
        r#"{"metadata":{"name":"w1"},"status":{"readyReplicas":-4}}"#,
    );
    assert_eq!(code, 422);
    assert!(body.contains(r#""field":"status.readyReplicas""#), "{body}");
    assert_eq!(
        s.put(
            "w1/status",
            r#"{"metadata":{"name":"w1"},"status":{"readyReplicas":1}}"#
        )
        .0,
        200
    );
    // /scale: the tags do not declare it, so declarative validation answers
    // "no validation found"; mismatch mode only counts it.
    assert_eq!(
        s.put(
            "w1/scale",
            r#"{"metadata":{"name":"w1"},"spec":{"replicas":5}}"#
        )
        .0,
        200
    );
    let (_, _, got) = s.request(
        "GET",
        "/apis/example.dev/v1/namespaces/default/widgets/w1",
        "",
    );
    assert!(
        got.contains(r#""replicas":5"#) && got.contains(r#""readyReplicas":1"#),
        "{got}"
    );

    let metrics = s.metrics();
    assert_eq!(
        metric_line(
            &metrics,
            "apiserver_validation_declarative_validation_mismatch_total "
        )
        .as_deref(),
        Some("apiserver_validation_declarative_validation_mismatch_total 2")
    );
    assert!(metrics.contains(
        "apiserver_validation_declarative_validation_parity_discrepancies_total{validation_identifier=\"widget_create\"} 1\n\
         apiserver_validation_declarative_validation_parity_discrepancies_total{validation_identifier=\"widget_scale_update\"} 1\n"
    ), "{metrics}");
    assert!(metrics.contains("\napiserver_validation_declarative_validation_panic_total 0\n"));
    assert!(metrics.contains("# HELP apiserver_validation_declarative_validation_mismatch_total [BETA] Number of times declarative validation results differed from handwritten validation results for core types.\n"));

    let log = s.stop();
    let mismatches: Vec<&str> = log.lines().filter(|l| l.contains(MISMATCH)).collect();
    assert_eq!(mismatches.len(), 2, "{log}");
    assert!(mismatches[0].contains(" ERROR "), "{}", mismatches[0]);
    assert!(mismatches[0].contains(
        r#"extra error(s) found {Type="Too long", Field="spec.displayName", Origin="maxLength"}. This indicates an issue with declarative validation. This difference should not affect system operation since hand written validation is authoritative."#
    ), "{}", mismatches[0]);
    assert!(
        mismatches[0].contains("validation_identifier=widget_create"),
        "{}",
        mismatches[0]
    );
    assert!(mismatches[1]
        .contains(r#"extra error(s) found {Type="Internal error", Field="<nil>", Origin=""}"#));
    assert!(mismatches[1].contains("validation_identifier=widget_scale_update"));
}

#[test]
fn takeover_end_to_end() {
    let s = Server::start(
        "takeover",
        &["--feature-gates=DeclarativeValidationTakeover=true"],
    );
    assert_eq!(s.post(&widget("w1", r#"{"replicas":2}"#)).0, 201);
    // The tag's limit now rules.
    let (code, body) = s.post(&widget("w2", r#"{"displayName":"display name of 18"}"#));
    assert_eq!(code, 422);
    assert_eq!(
        body,
        r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Widget.example.dev \"w2\" is invalid: spec.displayName: Too long: may not be more than 16 bytes","reason":"Invalid","details":{"name":"w2","group":"example.dev","kind":"Widget","causes":[{"reason":"FieldValueTooLong","message":"Too long: may not be more than 16 bytes","field":"spec.displayName"}]},"code":422}"#
    );
    // Covered hand-written errors are replaced; uncovered ones stay (first).
    let (code, body) = s.post(&widget(
        "w3",
        r#"{"replicas":500,"displayName":"a display name of 25 bytes"}"#,
    ));
    assert_eq!(code, 422);
    assert!(body.contains(
        r#""causes":[{"reason":"FieldValueInvalid","message":"Invalid value: 500: must be less than or equal to 100","field":"spec.replicas"},{"reason":"FieldValueTooLong","message":"Too long: may not be more than 16 bytes","field":"spec.displayName"}]"#
    ), "{body}");
    // /scale has no declarative validation: the internal error is returned.
    let (code, body) = s.put(
        "w1/scale",
        r#"{"metadata":{"name":"w1"},"spec":{"replicas":5}}"#,
    );
    assert_eq!(code, 422);
    assert!(body.contains(
        r#""causes":[{"reason":"InternalError","message":"Internal error: no validation found for *v1.Widget, subresource: /scale","field":"\u003cnil\u003e"}]"#
    ), "{body}");

    let metrics = s.metrics();
    // 18 bytes: extra (1); 25 bytes: both report it (0); /scale: extra (1).
    assert!(
        metrics.contains("\napiserver_validation_declarative_validation_mismatch_total 2\n"),
        "{metrics}"
    );
    let log = s.stop();
    assert!(
        log.contains("Consider disabling the DeclarativeValidationTakeover feature gate"),
        "{log}"
    );
}

#[test]
fn gate_off_end_to_end() {
    let s = Server::start(
        "off",
        &["--feature-gates=DeclarativeValidation=false,DeclarativeValidationTakeover=true"],
    );
    assert_eq!(
        s.post(&widget("w2", r#"{"displayName":"display name of 18"}"#))
            .0,
        201
    );
    assert_eq!(
        s.put(
            "w2/scale",
            r#"{"metadata":{"name":"w2"},"spec":{"replicas":5}}"#
        )
        .0,
        200
    );
    let metrics = s.metrics();
    assert!(
        metrics.contains("\napiserver_validation_declarative_validation_mismatch_total 0\n"),
        "{metrics}"
    );
    assert!(!metrics.contains("parity_discrepancies"), "{metrics}");
    let log = s.stop();
    assert!(!log.contains(MISMATCH), "{log}");
}

#[test]
fn bad_feature_gates_flag() {
    let out = Command::new(env!("CARGO_BIN_EXE_example-server"))
        .args([
            "--listen=127.0.0.1:0",
            "--feature-gates=DeclarativeValidation=maybe",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.starts_with(
        "Error: invalid argument \"DeclarativeValidation=maybe\" for \"--feature-gates\" flag: invalid value of DeclarativeValidation=maybe, err: strconv.ParseBool: parsing \"maybe\": invalid syntax\n"
    ), "{stderr}");
}

#[test]
fn replay_subcommand() {
    let dir = std::env::temp_dir().join(format!("example-server-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("ok.json"), widget("ok", r#"{"replicas":1}"#)).unwrap();
    std::fs::write(
        dir.join("long.yaml"),
        "apiVersion: example.dev/v1\nkind: Widget\nmetadata: {name: long}\nspec: {displayName: display name of 18}\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_example-server"))
        .arg("replay")
        .arg(&dir)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "replay: 2 cases (2 creates, 0 updates), 1 mismatch in 1 group, 0 panics, 0 failures\n\
         origin=\"maxLength\" field=\"spec.displayName\": 1 mismatch (0 unmatched, 1 extra)\n\
         \x20 extra     long.yaml: {Type=\"Too long\", Field=\"spec.displayName\", Origin=\"maxLength\"}\n"
    );
}

/// Mismatch log lines are rate-limited; the counter counts every one.
#[test]
fn mismatch_logs_are_rate_limited() {
    let s = Server::start("sampling", &[]);
    for i in 0..25 {
        assert_eq!(
            s.post(&widget(
                &format!("w{i}"),
                r#"{"displayName":"display name of 18"}"#
            ))
            .0,
            201
        );
    }
    let metrics = s.metrics();
    assert!(
        metrics.contains("\napiserver_validation_declarative_validation_mismatch_total 25\n"),
        "{metrics}"
    );
    let log = s.stop();
    let lines = log.lines().filter(|l| l.contains(MISMATCH)).count();
    assert_eq!(lines, example_server::logsample::BURST as usize, "{log}");
}

/// `--kubernetes-version=1.37` and `1.38`: every declarative error is standard (the
/// Widget has no `+k8s:alpha`/`+k8s:beta` tags), so all are returned next to
/// the hand-written ones and none is compared; a covered hand-written error
/// has nothing to match then, so it is counted as unmatched (apiserver
/// v0.37.2 and v0.38.0-beta.0 `ValidateDeclarativelyWithMigrationChecks`:
/// covered hand-written rules of standard tags are meant to be deleted).
#[test]
fn release_1_37_end_to_end() {
    lifecycle_end_to_end("1.37");
}

#[test]
fn release_1_38_end_to_end() {
    lifecycle_end_to_end("1.38");
}

fn lifecycle_end_to_end(release: &str) {
    let version = format!("--kubernetes-version={release}");
    let s = Server::start(
        &format!("release{}", release.replace('.', "")),
        &[
            &version,
            "--feature-gates=DeclarativeValidationTakeover=false",
            "--validation-options=WidgetExtras=false",
        ],
    );
    assert_eq!(s.post(&widget("w1", r#"{"replicas":2}"#)).0, 201);
    // The tag's limit is enforced: only the declarative error.
    let (code, body) = s.post(&widget("w2", r#"{"displayName":"display name of 18"}"#));
    assert_eq!(code, 422);
    assert!(body.contains(
        r#""causes":[{"reason":"FieldValueTooLong","message":"Too long: may not be more than 16 bytes","field":"spec.displayName"}]"#
    ), "{body}");
    // Over both limits: the covered hand-written error stays (a standard
    // declarative error does not replace it), then the declarative one.
    let (code, body) = s.post(&widget(
        "w3",
        r#"{"displayName":"a display name of 25 bytes"}"#,
    ));
    assert_eq!(code, 422);
    assert!(body.contains(
        r#""causes":[{"reason":"FieldValueTooLong","message":"Too long: may not be more than 20 bytes","field":"spec.displayName"},{"reason":"FieldValueTooLong","message":"Too long: may not be more than 16 bytes","field":"spec.displayName"}]"#
    ), "{body}");
    // /scale: the internal error is enforced.
    let (code, body) = s.put(
        "w1/scale",
        r#"{"metadata":{"name":"w1"},"spec":{"replicas":5}}"#,
    );
    assert_eq!(code, 422);
    assert!(
        body.contains("no validation found for *v1.Widget, subresource: /scale"),
        "{body}"
    );
    let metrics = s.metrics();
    assert!(
        metrics.contains("\napiserver_validation_declarative_validation_mismatch_total 1\n"),
        "{metrics}"
    );
    let log = s.stop();
    let mismatches: Vec<&str> = log.lines().filter(|l| l.contains(MISMATCH)).collect();
    assert_eq!(mismatches.len(), 1, "{log}");
    assert!(mismatches[0].contains(
        r#"unmatched error(s) found {Type="Too long", Field="spec.displayName", Origin="maxLength"}. This indicates an issue with declarative validation. Consider disabling the DeclarativeValidationBeta feature gate to keep data persisted in etcd consistent with prior versions of Kubernetes."#
    ), "{}", mismatches[0]);
    assert!(
        log.contains(&format!("kubernetes_version={release} ")),
        "{log}"
    );
}

#[test]
fn locked_gate_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_example-server"))
        .args([
            "--listen=127.0.0.1:0",
            "--kubernetes-version=1.37",
            "--feature-gates=DeclarativeValidationTakeover=true",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.starts_with(
        "Error: invalid argument \"DeclarativeValidationTakeover=true\" for \"--feature-gates\" flag: cannot set feature gate DeclarativeValidationTakeover to true, feature is locked to false\n"
    ), "{stderr}");
}
