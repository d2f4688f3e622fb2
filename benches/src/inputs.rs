//! The benchmark inputs: a valid object, an invalid one, an update, and
//! list-maps of every size. Every contender validates exactly these values;
//! `benches/compare` also writes them as JSON for the Go benchmark.

use std::collections::BTreeMap;

use crate::workload::*;

/// The list-map sizes of the uniqueness benchmark.
pub const UNIQUE_SIZES: [usize; 4] = [10, 100, 1_000, 10_000];

fn port(container_port: i32, protocol: &str) -> ContainerPort {
    ContainerPort {
        container_port,
        protocol: Protocol(protocol.to_owned()),
    }
}

fn container(name: &str, image: &str, ports: Vec<ContainerPort>) -> Container {
    Container {
        name: name.to_owned(),
        image: image.to_owned(),
        ports,
    }
}

/// A valid Deployment: 10 labels, 10 containers with 5 ports each, a
/// rolling-update strategy.
pub fn valid() -> Deployment {
    let labels: BTreeMap<String, String> = [
        ("app.kubernetes.io/name", "web-frontend"),
        ("app.kubernetes.io/instance", "web-frontend-prod"),
        ("app.kubernetes.io/version", "1.27.3"),
        ("app.kubernetes.io/component", "frontend"),
        ("app.kubernetes.io/part-of", "shop"),
        ("app.kubernetes.io/managed-by", "helm"),
        ("team", "storefront"),
        ("tier", "web"),
        ("environment", "production"),
        ("version", "v1"),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v.to_owned()))
    .collect();
    let names = [
        "nginx",
        "app",
        "sidecar-proxy",
        "log-shipper",
        "metrics-exporter",
        "config-reloader",
        "cache",
        "auth-proxy",
        "tracing-agent",
        "health-checker",
    ];
    let containers = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let base = 8000 + 10 * i as i32;
            container(
                name,
                &format!("registry.example.com/shop/{name}:1.{i}.0"),
                vec![
                    port(base, "TCP"),
                    port(base + 1, "TCP"),
                    port(base + 2, "UDP"),
                    port(base + 3, "TCP"),
                    port(base + 4, "SCTP"),
                ],
            )
        })
        .collect();
    Deployment {
        metadata: ObjectMeta {
            name: "web-frontend.shop.example.com".to_owned(),
            labels,
        },
        spec: DeploymentSpec {
            replicas: Some(3),
            min_ready_seconds: Some(10),
            containers,
            strategy: Some(DeploymentStrategy {
                recreate: None,
                rolling_update: Some(RollingUpdate {
                    max_surge: Some(1),
                    max_unavailable: Some(0),
                }),
            }),
        },
    }
}

/// An invalid Deployment: 21 violations, most of them in the nested lists.
pub fn invalid() -> Deployment {
    let mut d = valid();
    d.metadata.name = "Web_Frontend".to_owned();
    let labels = &mut d.metadata.labels;
    labels.insert("app.kubernetes.io/name".into(), "web frontend".into());
    labels.insert("-bad-key".into(), "x".into());
    labels.insert("example.com/".into(), "v".into());
    labels.insert("tier".into(), "front end!".into());
    d.spec.replicas = Some(-1);
    d.spec.min_ready_seconds = Some(-5);
    let c = &mut d.spec.containers;
    // Duplicate port key, a port above the maximum, a zero (unset) port, an
    // unknown protocol.
    c[0].ports = vec![
        port(80, "TCP"),
        port(80, "TCP"),
        port(70000, "TCP"),
        port(0, "UDP"),
        port(443, "HTTP"),
    ];
    // A duplicate container name, a missing image.
    c[1].name = c[0].name.clone();
    c[1].image = String::new();
    c[2].name = "Sidecar_1".into();
    c[2].ports[0].protocol = Protocol("tcp".into());
    c[3].name = "metrics.exporter".into();
    c[5].name = String::new();
    d.spec.strategy = Some(DeploymentStrategy {
        recreate: Some(RecreateStrategy {}),
        rolling_update: Some(RollingUpdate {
            max_surge: Some(-1),
            max_unavailable: Some(-2),
        }),
    });
    d
}

/// The number of violations in [`invalid`].
pub const INVALID_VIOLATIONS: usize = 21;

/// An update of [`valid`] that changes a few fields (replicas, one image, one
/// label value): `(new, old)`. The result is valid.
pub fn update() -> (Deployment, Deployment) {
    let old = valid();
    let mut new = old.clone();
    new.spec.replicas = Some(5);
    new.spec.containers[3].image = "registry.example.com/shop/log-shipper:2.0.0".into();
    new.metadata.labels.insert("version".into(), "v2".into());
    (new, old)
}

/// A valid list-map of `n` items with distinct keys.
pub fn port_list(n: usize) -> PortList {
    PortList {
        ports: (0..n)
            .map(|i| ServicePort {
                name: format!("port-{i}"),
                port: 1 + (i % 65535) as i32,
                protocol: Protocol(if i % 2 == 0 { "TCP" } else { "UDP" }.into()),
            })
            .collect(),
    }
}
