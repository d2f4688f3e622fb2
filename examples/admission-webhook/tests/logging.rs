//! The log lines of one review. In a test binary of its own: `tracing`
//! caches per call site whether anyone listens, and tests running beside
//! this one on other threads (with no subscriber) can leave that cache
//! saying no one does.

use std::sync::Arc;

use example_admission_webhook::migration;
use k8s_validation_migration::FeatureGates;
use serde_json::Value;

fn fixture(name: &str) -> Value {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A `tracing` writer into a shared buffer.
#[derive(Clone, Default)]
struct Captured(Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("lock").extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn every_review_and_every_mismatch_is_logged() {
    let captured = Captured::default();
    let writer = captured.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .with_max_level(tracing::Level::INFO)
        .finish();
    let m = migration(FeatureGates::new());
    let body = fixture("create-mismatch-dryrun.json").to_string();
    tracing::subscriber::with_default(subscriber, || {
        example_admission_webhook::review::review(&m, body.as_bytes()).expect("review");
    });
    let log = String::from_utf8(captured.0.lock().expect("lock").clone()).expect("utf-8");
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines.len(), 2, "{log}");
    assert!(lines[0].contains(" ERROR "), "{log}");
    assert!(
        lines[0].contains("validation_identifier=deployment_create"),
        "{log}"
    );
    assert!(lines[0].contains(
        "Unexpected difference between hand written validation and declarative validation error results, extra error(s) found {Type=\"Invalid value\", Field=\"spec.minReadySeconds\", Origin=\"maximum\"}."
    ), "{log}");
    assert!(lines[1].contains(" INFO "), "{log}");
    for field in [
        "uid=705ab4f5-6393-11e8-b7cc-42010a800004",
        "operation=Create",
        "name=slow",
        "namespace=\"default\"",
        "dry_run=true",
        "mode=mismatch",
        "allowed=true",
    ] {
        assert!(lines[1].contains(field), "{field} in {log}");
    }
}
