//! criterion bench: `+k8s:enum` as a Rust enum (unit variants plus a
//! `#[serde(untagged)] Unknown(String)` catch-all) against the string-newtype
//! form, on a valid value and on an unknown one (issue 11). Run with
//! `cargo bench -p validation-benches --features bench --bench enums`.

use criterion::{criterion_group, criterion_main, Criterion};
use k8s_validation::{Operation, Validate};
use serde::{Deserialize, Serialize};
use std::hint::black_box;

/// +k8s:enum
#[derive(Validate, Serialize, Deserialize, PartialEq, Clone)]
pub enum Protocol {
    #[serde(rename = "TCP")]
    Tcp,
    #[serde(rename = "UDP")]
    Udp,
    /// +k8s:ifDisabled(SCTPSupport)=+k8s:enumExclude
    #[serde(rename = "SCTP")]
    Sctp,
    #[serde(untagged)]
    Unknown(String),
}

/// +k8s:enum
#[derive(Validate, PartialEq, Clone)]
pub struct ProtocolNewtype(pub String);

#[k8s_validation::enum_values]
impl ProtocolNewtype {
    pub const TCP: &'static str = "TCP";
    pub const UDP: &'static str = "UDP";
    /// +k8s:ifDisabled(SCTPSupport)=+k8s:enumExclude
    pub const SCTP: &'static str = "SCTP";
}

#[derive(Validate, PartialEq, Clone)]
pub struct Port {
    pub protocol: Protocol,
}

#[derive(Validate, PartialEq, Clone)]
pub struct PortNewtype {
    pub protocol: ProtocolNewtype,
}

fn enums(c: &mut Criterion) {
    let op = Operation::create();
    for (name, value) in [("valid", "UDP"), ("unknown", "HTTP")] {
        let rust = Port {
            protocol: serde_json::from_value(serde_json::json!(value)).unwrap(),
        };
        let newtype = PortNewtype {
            protocol: ProtocolNewtype(value.into()),
        };
        let mut group = c.benchmark_group(format!("enum-{name}"));
        group.bench_function("rust-enum", |b| b.iter(|| black_box(&rust).validate(&op)));
        group.bench_function("newtype", |b| b.iter(|| black_box(&newtype).validate(&op)));
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2))
        .sample_size(30);
    targets = enums
}
criterion_main!(benches);
