//! Validates a few Deployment objects with the generated validation and
//! prints the errors as a Kubernetes API server would report them.

mod api;

use api::*;
use validation_runtime::{Operation, Validate};

fn main() {
    let bad = Deployment {
        metadata: ObjectMeta {
            name: "Web_Frontend".into(),
            labels: [(
                "app.kubernetes.io/name".to_string(),
                "web frontend".to_string(),
            )]
            .into_iter()
            .collect(),
        },
        spec: DeploymentSpec {
            replicas: Some(-1),
            min_ready_seconds: None,
            containers: vec![
                Container {
                    name: "web".into(),
                    image: "nginx".into(),
                    ports: vec![
                        ContainerPort {
                            container_port: 80,
                            protocol: Protocol("TCP".into()),
                        },
                        ContainerPort {
                            container_port: 80,
                            protocol: Protocol("TCP".into()),
                        },
                        ContainerPort {
                            container_port: 70000,
                            protocol: Protocol("HTTP".into()),
                        },
                    ],
                },
                Container {
                    name: "web".into(),
                    image: "".into(),
                    ports: vec![],
                },
            ],
            strategy: Some(DeploymentStrategy {
                recreate: Some(RecreateStrategy {}),
                rolling_update: Some(RollingUpdate {
                    max_surge: Some(-2),
                }),
            }),
        },
        status: DeploymentStatus::default(),
    };
    let errs = bad.validate(&Operation::create());
    let mut old = bad.clone();
    old.spec.replicas = Some(-5);
    let upd = bad.validate_update(&old, &Operation::update());
    println!("update: {} errors", upd.len());
    for e in &upd {
        println!("  {e}");
    }
    println!("{} errors", errs.len());
    for e in &errs {
        println!("  {e}   [{} origin={:?}]", e.kind().as_str(), e.origin());
    }
}
