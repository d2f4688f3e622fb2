//! The whole custom resource kube generates (`Widget`) validates: metadata
//! rules from `custom_resource!`, then the spec and status tags, with serde
//! names in every path.

use example_kube_crd::{Widget, WidgetSpec, WidgetStatus};
use k8s_validation::{ErrorList, ErrorType, Operation, Validate};
use kube::{CustomResourceExt, Resource};

const LABEL: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

fn widget(json: serde_json::Value) -> Widget {
    serde_json::from_value(json).expect("a Widget")
}

fn web() -> Widget {
    widget(serde_json::json!({
        "apiVersion": "example.dev/v1",
        "kind": "Widget",
        "metadata": {"name": "web", "namespace": "default"},
        "spec": {
            "replicas": 2,
            "memory": "1Gi",
            "port": "http",
            "selector": {"matchLabels": {"app": "web"}},
            "imagePullSecrets": [{"name": "registry.example.com"}],
            "resources": {"limits": {"memory": "2Gi"}},
            "podLabels": {"tier": "frontend"},
        },
        "status": {
            "readySince": "2025-01-01T10:00:00Z",
            "conditions": [{"type": "Ready", "status": "True", "reason": "up",
                            "message": "", "lastTransitionTime": "2025-01-01T10:00:00Z"}],
        },
    }))
}

fn render(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(|e| e.to_string()).collect()
}

#[test]
fn a_valid_widget() {
    let w = web();
    assert!(w.validate(&Operation::create()).is_empty());
    assert!(w
        .validate_update(&w.clone(), &Operation::update())
        .is_empty());
    // kube's CRD for it is unaffected by the extra derive.
    assert_eq!(
        Widget::crd().metadata.name.as_deref(),
        Some("widgets.example.dev")
    );
    assert_eq!(Widget::kind(&()), "Widget");
}

#[test]
fn spec_and_status_errors_use_serde_names() {
    let mut w = web();
    w.spec.replicas = Some(-1);
    w.spec.memory = None;
    w.spec.image_pull_secrets[0].name = "Registry".into();
    w.spec.pod_labels.insert("bad key".into(), "x".into());
    w.status.as_mut().unwrap().conditions[0].reason = "Not_Up".into();
    let errs = w.validate(&Operation::create());
    let got: Vec<(ErrorType, String)> = errs
        .iter()
        .map(|e| (e.kind(), e.field().to_string()))
        .collect();
    assert_eq!(
        got,
        [
            (ErrorType::Invalid, "spec.replicas".to_string()),
            (ErrorType::Required, "spec.memory".to_string()),
            (
                ErrorType::Invalid,
                "spec.imagePullSecrets[0].name".to_string()
            ),
            (ErrorType::Invalid, "spec.podLabels".to_string()),
            (
                ErrorType::Invalid,
                "status.conditions[0].reason".to_string()
            ),
        ]
    );
    assert_eq!(
        errs[0].to_string(),
        "spec.replicas: Invalid value: -1: must be greater than or equal to 0"
    );
    assert_eq!(errs[0].origin(), Some("minimum"));
    assert_eq!(
        errs[4].to_string(),
        format!("status.conditions[0].reason: Invalid value: \"Not_Up\": {LABEL}")
    );
}

#[test]
fn metadata_name_and_generate_name() {
    let mut w = web();
    w.metadata.name = Some("Web.1".into());
    assert_eq!(
        render(&w.validate(&Operation::create())),
        [format!("metadata.name: Invalid value: \"Web.1\": {LABEL}")]
    );
    // Not origin-tagged: these are the API server's hand-written checks.
    assert_eq!(w.validate(&Operation::create())[0].origin(), None);

    w.metadata.name = Some("x".repeat(64));
    assert_eq!(
        render(&w.validate(&Operation::create())),
        [format!(
            "metadata.name: Invalid value: \"{}\": must be no more than 63 bytes",
            "x".repeat(64)
        )]
    );

    // Only generateName: the API server generates the name; a valid prefix
    // (a trailing '-' is allowed) is enough.
    w.metadata.name = None;
    w.metadata.generate_name = Some("web-".into());
    assert!(w.validate(&Operation::create()).is_empty());
    w.metadata.generate_name = Some("Web-".into());
    assert_eq!(
        render(&w.validate(&Operation::create())),
        [format!(
            "metadata.generateName: Invalid value: \"Web-\": {LABEL}"
        )]
    );

    w.metadata.generate_name = None;
    assert_eq!(
        render(&w.validate(&Operation::create())),
        ["metadata.name: Required value: name or generateName is required"]
    );
}

#[test]
fn metadata_namespace_and_update() {
    let mut w = web();
    w.metadata.namespace = None;
    assert_eq!(
        render(&w.validate(&Operation::create())),
        ["metadata.namespace: Required value"]
    );
    w.metadata.namespace = Some("Default".into());
    assert_eq!(
        render(&w.validate(&Operation::create())),
        [format!(
            "metadata.namespace: Invalid value: \"Default\": {LABEL}"
        )]
    );

    let old = web();
    let mut new = web();
    new.metadata.name = Some("api".into());
    assert_eq!(
        render(&new.validate_update(&old, &Operation::update())),
        ["metadata.name: Invalid value: \"api\": field is immutable"]
    );
}

#[test]
fn update_ratchets_quantities_and_times() {
    let old = web();
    let mut new = web();
    // Re-spelled, same values: unchanged, so immutable does not fire.
    new.spec.memory = Some(k8s_openapi::apimachinery::pkg::api::resource::Quantity(
        "1024Mi".into(),
    ));
    new.status.as_mut().unwrap().ready_since =
        Some(serde_json::from_value(serde_json::json!("2025-01-01T12:00:00+02:00")).unwrap());
    assert!(new.validate_update(&old, &Operation::update()).is_empty());

    new.spec.memory = Some(k8s_openapi::apimachinery::pkg::api::resource::Quantity(
        "2Gi".into(),
    ));
    new.status.as_mut().unwrap().ready_since =
        Some(serde_json::from_value(serde_json::json!("2025-01-02T10:00:00Z")).unwrap());
    assert_eq!(
        render(&new.validate_update(&old, &Operation::update())),
        [
            "spec.memory: Invalid value: null: field is immutable",
            "status.readySince: Invalid value: null: field is immutable",
        ]
    );
}

#[test]
fn unchanged_invalid_values_ratchet() {
    // Stored before the rule existed: updating something else keeps it.
    let mut old = web();
    old.spec.replicas = Some(-1);
    let mut new = old.clone();
    new.spec.pod_labels.insert("team".into(), "a".into());
    assert!(new.validate_update(&old, &Operation::update()).is_empty());
    new.spec.replicas = Some(-2);
    assert_eq!(
        render(&new.validate_update(&old, &Operation::update())),
        ["spec.replicas: Invalid value: -2: must be greater than or equal to 0"]
    );
}

#[test]
fn the_spec_and_status_validate_alone() {
    let spec = WidgetSpec {
        replicas: Some(-1),
        ..web().spec
    };
    assert_eq!(
        render(&spec.validate(&Operation::create())),
        ["replicas: Invalid value: -1: must be greater than or equal to 0"]
    );
    assert!(WidgetStatus::default()
        .validate(&Operation::create())
        .is_empty());
}
