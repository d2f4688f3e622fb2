//! Validates a few `Widget` custom resources, as an admission webhook or a
//! CLI would, and prints the API server's errors.

use example_kube_crd::Widget;
use kube::CustomResourceExt;
use validation_runtime::{Operation, Validate};

fn show(what: &str, errs: validation_runtime::ErrorList) {
    println!("{what}:");
    if errs.is_empty() {
        println!("  valid");
    }
    for e in errs.iter() {
        println!("  {e}");
    }
}

fn widget(json: serde_json::Value) -> Widget {
    serde_json::from_value(json).expect("a Widget")
}

fn main() {
    let crd = Widget::crd();
    println!(
        "CustomResourceDefinition {}",
        crd.metadata.name.as_deref().unwrap_or_default()
    );

    let good = widget(serde_json::json!({
        "apiVersion": "example.dev/v1",
        "kind": "Widget",
        "metadata": {"name": "web", "namespace": "default"},
        "spec": {"replicas": 2, "memory": "1Gi", "port": 8080},
    }));
    show("create web", good.validate(&Operation::create()));

    let bad = widget(serde_json::json!({
        "apiVersion": "example.dev/v1",
        "kind": "Widget",
        "metadata": {"generateName": "Web_", "namespace": "default"},
        "spec": {"replicas": -1, "port": "http", "imagePullSecrets": [{"name": "Registry"}]},
    }));
    show(
        "create with generateName Web_",
        bad.validate(&Operation::create()),
    );

    let mut resized = good.clone();
    resized.spec.memory = Some(k8s_openapi::apimachinery::pkg::api::resource::Quantity(
        "1024Mi".into(),
    ));
    show(
        "update memory 1Gi -> 1024Mi",
        resized.validate_update(&good, &Operation::update()),
    );
    resized.spec.memory = Some(k8s_openapi::apimachinery::pkg::api::resource::Quantity(
        "2Gi".into(),
    ));
    show(
        "update memory 1Gi -> 2Gi",
        resized.validate_update(&good, &Operation::update()),
    );
}
