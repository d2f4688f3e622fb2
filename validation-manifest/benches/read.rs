//! Reading throughput: a multi-document YAML stream and the same objects as
//! a JSON stream, split and parsed into tapes (the `k8s-validate` reader's
//! work before decoding), in MB/s.

use std::time::Duration;

use criterion::{Criterion, Throughput};
use k8s_validation_manifest::{RawDocument, Splitter, Tape};

/// A Deployment as manifests are written: block style, labels, a pod
/// template with two containers, ports, env, resources and probes.
fn deployment(i: usize) -> String {
    format!(
        r#"apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-{i}
  namespace: shop
  labels:
    app.kubernetes.io/name: web
    app.kubernetes.io/instance: web-{i}
  annotations:
    deployment.kubernetes.io/revision: "3"
spec:
  replicas: 3
  selector:
    matchLabels:
      app.kubernetes.io/name: web
  strategy:
    type: RollingUpdate
    rollingUpdate: {{maxSurge: 25%, maxUnavailable: 0}}
  template:
    metadata:
      labels:
        app.kubernetes.io/name: web
    spec:
      serviceAccountName: web
      containers:
      - name: web
        image: "registry.example.com/shop/web:1.4.{i}"
        imagePullPolicy: IfNotPresent
        args: ["--port=8080", "--log-level=info"]
        ports:
        - name: http
          containerPort: 8080
          protocol: TCP
        env:
        - name: MODE
          value: production
        - name: POD_NAME
          valueFrom:
            fieldRef: {{fieldPath: metadata.name}}
        resources:
          requests: {{cpu: 100m, memory: 128Mi}}
          limits: {{memory: 256Mi}}
        readinessProbe:
          httpGet: {{path: /healthz, port: http}}
          periodSeconds: 10
      - name: sidecar
        image: registry.example.com/proxy:2.1
        securityContext:
          runAsNonRoot: true
          allowPrivilegeEscalation: false
"#
    )
}

fn read_all(bytes: &[u8]) -> usize {
    let mut splitter = Splitter::new(bytes);
    let mut raw = RawDocument::default();
    let mut tape = Tape::new();
    let mut cells = 0;
    while splitter.next_into(&mut raw).expect("in memory") {
        if raw.parse(&mut tape).expect("valid") {
            cells += tape.root().map_or(0, |r| r.width());
        }
    }
    cells
}

fn main() {
    let docs: Vec<String> = (0..2000).map(deployment).collect();
    let yaml = docs.join("---\n");
    let mut json = String::new();
    for d in &docs {
        let mut tape = Tape::new();
        let mut raw = RawDocument::default();
        Splitter::new(d.as_bytes())
            .next_into(&mut raw)
            .expect("in memory");
        raw.parse(&mut tape).expect("valid");
        json.push_str(&serde_json::to_string_pretty(&tape.to_json()).expect("encodes"));
        json.push('\n');
    }
    let mut c = Criterion::default()
        .configure_from_args()
        .sample_size(20)
        .measurement_time(Duration::from_secs(8));
    let mut g = c.benchmark_group("read");
    g.throughput(Throughput::Bytes(yaml.len() as u64));
    g.bench_function("yaml", |b| b.iter(|| read_all(yaml.as_bytes())));
    g.throughput(Throughput::Bytes(json.len() as u64));
    g.bench_function("json", |b| b.iter(|| read_all(json.as_bytes())));
    g.finish();
    c.final_summary();
}
