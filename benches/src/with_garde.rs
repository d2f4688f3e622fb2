//! The workload validated with `garde` (the same rules, as garde users
//! write them: `length`, `range`, `pattern` with regular expressions, `dive`,
//! and `custom` for what garde has no rule for).
//!
//! What garde cannot express, and how it is done here:
//! * list-map uniqueness: a `custom` rule with a hash set, one error per list
//!   (garde's `custom` returns one error);
//! * enum membership of a string type: a `custom` rule;
//! * unions (exactly one of several fields): a `custom` rule on the parent's
//!   field, since garde has no struct-level rules;
//! * map keys and values (label formats): no rule applies to map keys, and
//!   `inner` does not apply to maps, so `Labels` implements `garde::Validate`
//!   by hand (one error per entry, at garde's path for the entry);
//! * `+k8s:required` short-circuiting: garde runs every rule, so an empty
//!   name fails both `length` and `pattern`;
//! * updates: garde has no old object, so an update validates the new object
//!   in full (no ratcheting).
#![allow(missing_docs)]

use std::collections::{BTreeMap, HashSet};
use std::sync::LazyLock;

use garde::error::Path;
use garde::{Report, Validate};
use regex::Regex;

use crate::workload as w;

static DNS_LABEL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$").unwrap());
static DNS_SUBDOMAIN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$").unwrap()
});
static LABEL_NAME: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$").unwrap());

#[derive(Validate)]
pub struct Deployment {
    #[garde(dive)]
    pub metadata: ObjectMeta,
    #[garde(dive)]
    pub spec: DeploymentSpec,
}

#[derive(Validate)]
pub struct ObjectMeta {
    #[garde(length(min = 1, max = 253), pattern(DNS_SUBDOMAIN))]
    pub name: String,
    #[garde(dive)]
    pub labels: Labels,
}

/// Labels: validated by hand (garde has no rule for map keys).
pub struct Labels(pub BTreeMap<String, String>);

fn label_key_ok(key: &str) -> bool {
    let (prefix, name) = match key.split_once('/') {
        Some((p, n)) => (Some(p), n),
        None => (None, key),
    };
    prefix.is_none_or(|p| p.len() <= 253 && DNS_SUBDOMAIN.is_match(p))
        && name.len() <= 63
        && LABEL_NAME.is_match(name)
}

impl Validate for Labels {
    type Context = ();

    fn validate_into(&self, _: &(), parent: &mut dyn FnMut() -> Path, report: &mut Report) {
        for (k, v) in &self.0 {
            if !label_key_ok(k) {
                report.append(
                    parent(),
                    garde::Error::new(format!("invalid label key {k:?}")),
                );
            }
            if !(v.is_empty() || v.len() <= 63 && LABEL_NAME.is_match(v)) {
                report.append(
                    parent().join(k.as_str()),
                    garde::Error::new("invalid label value"),
                );
            }
        }
    }
}

#[derive(Validate)]
pub struct DeploymentSpec {
    #[garde(range(min = 0))]
    pub replicas: Option<i32>,
    #[garde(range(min = 0))]
    pub min_ready_seconds: Option<i32>,
    #[garde(length(min = 1, max = 20), custom(unique_container_names), dive)]
    pub containers: Vec<Container>,
    #[garde(custom(exactly_one_strategy), dive)]
    pub strategy: Option<DeploymentStrategy>,
}

fn first_duplicate<K: std::hash::Hash + Eq>(keys: impl Iterator<Item = K>) -> Option<usize> {
    let mut seen = HashSet::new();
    keys.enumerate()
        .find_map(|(i, k)| (!seen.insert(k)).then_some(i))
}

fn unique_container_names(containers: &[Container], _: &()) -> garde::Result {
    match first_duplicate(containers.iter().map(|c| c.name.as_str())) {
        Some(i) => Err(garde::Error::new(format!(
            "duplicate container at index {i}"
        ))),
        None => Ok(()),
    }
}

fn exactly_one_strategy(s: &Option<DeploymentStrategy>, _: &()) -> garde::Result {
    let Some(s) = s else { return Ok(()) };
    match (s.recreate.is_some(), s.rolling_update.is_some()) {
        (true, false) | (false, true) => Ok(()),
        _ => Err(garde::Error::new(
            "must specify exactly one of: `recreate`, `rollingUpdate`",
        )),
    }
}

#[derive(Validate)]
pub struct Container {
    #[garde(length(min = 1, max = 63), pattern(DNS_LABEL))]
    pub name: String,
    #[garde(length(min = 1, max = 512))]
    pub image: String,
    #[garde(length(max = 10), custom(unique_ports), dive)]
    pub ports: Vec<ContainerPort>,
}

fn unique_ports(ports: &[ContainerPort], _: &()) -> garde::Result {
    match first_duplicate(
        ports
            .iter()
            .map(|p| (p.container_port, p.protocol.as_str())),
    ) {
        Some(i) => Err(garde::Error::new(format!("duplicate port at index {i}"))),
        None => Ok(()),
    }
}

fn supported_protocol(p: &str, _: &()) -> garde::Result {
    match p {
        "TCP" | "UDP" | "SCTP" => Ok(()),
        _ => Err(garde::Error::new(
            r#"supported values: "SCTP", "TCP", "UDP""#,
        )),
    }
}

#[derive(Validate)]
pub struct ContainerPort {
    #[garde(range(min = 1, max = 65535))]
    pub container_port: i32,
    #[garde(custom(supported_protocol))]
    pub protocol: String,
}

#[derive(Validate)]
pub struct DeploymentStrategy {
    #[garde(skip)]
    pub recreate: Option<()>,
    #[garde(dive)]
    pub rolling_update: Option<RollingUpdate>,
}

#[derive(Validate)]
pub struct RollingUpdate {
    #[garde(range(min = 0))]
    pub max_surge: Option<i32>,
    #[garde(range(min = 0))]
    pub max_unavailable: Option<i32>,
}

#[derive(Validate)]
pub struct PortList {
    #[garde(custom(unique_port_names), dive)]
    pub ports: Vec<ServicePort>,
}

fn unique_port_names(ports: &[ServicePort], _: &()) -> garde::Result {
    match first_duplicate(ports.iter().map(|p| p.name.as_str())) {
        Some(i) => Err(garde::Error::new(format!("duplicate port at index {i}"))),
        None => Ok(()),
    }
}

#[derive(Validate)]
pub struct ServicePort {
    #[garde(length(min = 1, max = 63), pattern(DNS_LABEL))]
    pub name: String,
    #[garde(range(min = 1))]
    pub port: i32,
    #[garde(custom(supported_protocol))]
    pub protocol: String,
}

/// The garde errors of a validation: `(path, message)`.
pub fn errors(result: Result<(), Report>) -> Vec<(String, String)> {
    match result {
        Ok(()) => Vec::new(),
        Err(report) => report
            .iter()
            .map(|(p, e)| (p.to_string(), e.to_string()))
            .collect(),
    }
}

impl From<&w::Deployment> for Deployment {
    fn from(d: &w::Deployment) -> Self {
        Deployment {
            metadata: ObjectMeta {
                name: d.metadata.name.clone(),
                labels: Labels(d.metadata.labels.clone()),
            },
            spec: DeploymentSpec {
                replicas: d.spec.replicas,
                min_ready_seconds: d.spec.min_ready_seconds,
                containers: d
                    .spec
                    .containers
                    .iter()
                    .map(|c| Container {
                        name: c.name.clone(),
                        image: c.image.clone(),
                        ports: c
                            .ports
                            .iter()
                            .map(|p| ContainerPort {
                                container_port: p.container_port,
                                protocol: p.protocol.0.clone(),
                            })
                            .collect(),
                    })
                    .collect(),
                strategy: d.spec.strategy.as_ref().map(|s| DeploymentStrategy {
                    recreate: s.recreate.as_ref().map(|_| ()),
                    rolling_update: s.rolling_update.as_ref().map(|r| RollingUpdate {
                        max_surge: r.max_surge,
                        max_unavailable: r.max_unavailable,
                    }),
                }),
            },
        }
    }
}

impl From<&w::PortList> for PortList {
    fn from(l: &w::PortList) -> Self {
        PortList {
            ports: l
                .ports
                .iter()
                .map(|p| ServicePort {
                    name: p.name.clone(),
                    port: p.port,
                    protocol: p.protocol.0.clone(),
                })
                .collect(),
        }
    }
}
