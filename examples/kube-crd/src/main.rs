//! Validates a few `Widget` custom resources, as an admission webhook or a
//! CLI would, and prints the API server's errors.

use example_kube_crd::{Gauge, Widget};
use k8s_validation::{Operation, Validate};
use kube::CustomResourceExt;

fn show(what: &str, errs: k8s_validation::ErrorList) {
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

    // kube's client-side CEL (kube-cel) on the rules the Gauge's CRD
    // carries, beside the derive: the exported `+k8s:immutable` compares
    // quantities by value in both.
    let gauge = |memory: &str| -> Gauge {
        serde_json::from_value(serde_json::json!({
            "apiVersion": "example.dev/v1",
            "kind": "Gauge",
            "metadata": {"name": "g", "namespace": "default"},
            "spec": {"className": "web", "memory": memory},
        }))
        .expect("a Gauge")
    };
    let (old, same, bigger) = (gauge("1Gi"), gauge("1024Mi"), gauge("2Gi"));
    for (what, new) in [("1Gi -> 1024Mi", &same), ("1Gi -> 2Gi", &bigger)] {
        show(
            &format!("Gauge update memory {what} (derive)"),
            new.validate_update(&old, &Operation::update()),
        );
        match new.validate_cel_update(&old) {
            Ok(()) => println!("Gauge update memory {what} (kube-cel):\n  valid"),
            Err(errs) => {
                println!("Gauge update memory {what} (kube-cel):");
                for e in errs.iter() {
                    println!("  {e}");
                }
            }
        }
    }
}
