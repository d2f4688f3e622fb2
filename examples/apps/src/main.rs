//! Validates Deployment objects with the generated validation and prints the
//! errors as a Kubernetes API server reports them.
//!
//! ```text
//! cargo run -p example-apps                     # the built-in bad object
//! cargo run -p example-apps -- deployment.json  # your own object
//! ```

mod api;
mod cli_api;

use k8s_validation::{ErrorList, Operation, Validate};

const BAD_DEPLOYMENT: &str = r#"{
  "metadata": {"name": "Web_Frontend", "labels": {"app.kubernetes.io/name": "web frontend"}},
  "spec": {
    "replicas": -1,
    "containers": [
      {"name": "web", "image": "nginx:1.27", "ports": [
        {"containerPort": 80, "protocol": "TCP"},
        {"containerPort": 80, "protocol": "TCP"},
        {"containerPort": 70000, "protocol": "HTTP"}
      ]},
      {"name": "web", "image": ""}
    ],
    "strategy": {"recreate": {}, "rollingUpdate": {"maxSurge": -2}}
  }
}"#;

/// Prints errors the way `kubectl` shows an API server's `Invalid` status.
fn report(kind: &str, name: &str, errs: &ErrorList) {
    if errs.is_empty() {
        println!("{kind} {name:?} is valid");
        return;
    }
    println!("The {kind} {name:?} is invalid: ");
    for e in errs {
        let origin = e
            .origin()
            .map(|o| format!(", origin {o}"))
            .unwrap_or_default();
        println!("* {e}");
        println!("    ({}{origin})", e.kind().as_str());
    }
}

fn main() {
    let source = match std::env::args().nth(1) {
        Some(path) => match std::fs::read_to_string(&path) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("error: cannot read {path}: {e}");
                std::process::exit(2);
            }
        },
        None => BAD_DEPLOYMENT.to_string(),
    };
    let deployment: api::Deployment = match serde_json::from_str(&source) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: not a Deployment: {e}");
            std::process::exit(2);
        }
    };

    println!("== create, #[derive(Validate)] front end");
    let errs = deployment.validate(&Operation::create());
    report("Deployment.apps", &deployment.metadata.name, &errs);

    println!("\n== create, committed validation-gen output");
    let same: cli_api::Deployment = serde_json::from_str(&source).expect("same schema");
    let cli_errs = same.validate(&Operation::create());
    println!(
        "{} errors, identical to the derive's: {}",
        cli_errs.len(),
        cli_errs.to_string() == errs.to_string()
    );

    println!("\n== update: ratcheting keeps old violations, reports new ones");
    let mut updated = deployment.clone();
    updated.spec.min_ready_seconds = Some(7200);
    let errs = updated.validate_update(&deployment, &Operation::update());
    report("Deployment.apps", &updated.metadata.name, &errs);

    println!("\n== subresources");
    println!(
        "Deployment serves {:?}; Scale serves {:?}",
        api::Deployment::subresources(),
        api::Scale::subresources()
    );
    let status = Operation::update().with_subresource("/status");
    let errs = updated.validate_update(&deployment, &status);
    println!("status update: {} errors", errs.len());
}
