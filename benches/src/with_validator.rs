//! The workload validated with the `validator` crate (the same rules, as its
//! users write them: `length`, `range`, `regex`, `nested`, `custom` and
//! struct-level `schema` functions).
//!
//! What `validator` cannot express, and how it is done here:
//! * list-map uniqueness: a `custom` function with a hash set (one error per
//!   list: errors are keyed by field name, not by item);
//! * enum membership of a string type: a `custom` function;
//! * unions: a struct-level `schema` function;
//! * map keys and values (label formats): a `custom` function over the whole
//!   map, so all label violations are one error (`validator` keys errors by
//!   `&'static str` field names and list indices, never by map key);
//! * `+k8s:required` short-circuiting: every rule runs;
//! * updates: no old object, so an update validates the new object in full.
#![allow(missing_docs)]

use std::borrow::Cow;
use std::collections::{BTreeMap, HashSet};
use std::sync::LazyLock;

use regex::Regex;
use validator::{Validate, ValidationError, ValidationErrors, ValidationErrorsKind};

use crate::workload as w;

static DNS_LABEL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$").unwrap());
static DNS_SUBDOMAIN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$").unwrap()
});
static LABEL_NAME: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$").unwrap());

#[derive(Validate, serde::Serialize)]
pub struct Deployment {
    #[validate(nested)]
    pub metadata: ObjectMeta,
    #[validate(nested)]
    pub spec: DeploymentSpec,
}

#[derive(Validate, serde::Serialize)]
pub struct ObjectMeta {
    #[validate(length(min = 1, max = 253), regex(path = *DNS_SUBDOMAIN))]
    pub name: String,
    #[validate(custom(function = "labels"))]
    pub labels: BTreeMap<String, String>,
}

fn label_key_ok(key: &str) -> bool {
    let (prefix, name) = match key.split_once('/') {
        Some((p, n)) => (Some(p), n),
        None => (None, key),
    };
    prefix.is_none_or(|p| p.len() <= 253 && DNS_SUBDOMAIN.is_match(p))
        && name.len() <= 63
        && LABEL_NAME.is_match(name)
}

fn labels(labels: &BTreeMap<String, String>) -> Result<(), ValidationError> {
    let bad = labels.iter().filter(|(k, v)| {
        !label_key_ok(k) || !(v.is_empty() || v.len() <= 63 && LABEL_NAME.is_match(v))
    });
    if bad.count() == 0 {
        Ok(())
    } else {
        Err(ValidationError::new("labels").with_message(Cow::Borrowed("invalid labels")))
    }
}

#[derive(Validate, serde::Serialize)]
pub struct DeploymentSpec {
    #[validate(range(min = 0))]
    pub replicas: Option<i32>,
    #[validate(range(min = 0))]
    pub min_ready_seconds: Option<i32>,
    #[validate(
        length(min = 1, max = 20),
        custom(function = "unique_container_names"),
        nested
    )]
    pub containers: Vec<Container>,
    #[validate(nested)]
    pub strategy: Option<DeploymentStrategy>,
}

fn first_duplicate<K: std::hash::Hash + Eq>(keys: impl Iterator<Item = K>) -> Option<usize> {
    let mut seen = HashSet::new();
    keys.enumerate()
        .find_map(|(i, k)| (!seen.insert(k)).then_some(i))
}

fn unique_container_names(containers: &[Container]) -> Result<(), ValidationError> {
    match first_duplicate(containers.iter().map(|c| c.name.as_str())) {
        Some(_) => Err(ValidationError::new("duplicate")),
        None => Ok(()),
    }
}

#[derive(Validate, serde::Serialize)]
pub struct Container {
    #[validate(length(min = 1, max = 63), regex(path = *DNS_LABEL))]
    pub name: String,
    #[validate(length(min = 1, max = 512))]
    pub image: String,
    #[validate(length(max = 10), custom(function = "unique_ports"), nested)]
    pub ports: Vec<ContainerPort>,
}

fn unique_ports(ports: &[ContainerPort]) -> Result<(), ValidationError> {
    match first_duplicate(
        ports
            .iter()
            .map(|p| (p.container_port, p.protocol.as_str())),
    ) {
        Some(_) => Err(ValidationError::new("duplicate")),
        None => Ok(()),
    }
}

fn protocol(p: &str) -> Result<(), ValidationError> {
    match p {
        "TCP" | "UDP" | "SCTP" => Ok(()),
        _ => Err(ValidationError::new("not_supported")),
    }
}

#[derive(Validate, serde::Serialize)]
pub struct ContainerPort {
    #[validate(range(min = 1, max = 65535))]
    pub container_port: i32,
    #[validate(custom(function = "protocol"))]
    pub protocol: String,
}

#[derive(Validate, serde::Serialize)]
#[validate(schema(function = "exactly_one_strategy", skip_on_field_errors = false))]
pub struct DeploymentStrategy {
    pub recreate: Option<()>,
    #[validate(nested)]
    pub rolling_update: Option<RollingUpdate>,
}

fn exactly_one_strategy(s: &DeploymentStrategy) -> Result<(), ValidationError> {
    match (s.recreate.is_some(), s.rolling_update.is_some()) {
        (true, false) | (false, true) => Ok(()),
        _ => Err(ValidationError::new("union")),
    }
}

#[derive(Validate, serde::Serialize)]
pub struct RollingUpdate {
    #[validate(range(min = 0))]
    pub max_surge: Option<i32>,
    #[validate(range(min = 0))]
    pub max_unavailable: Option<i32>,
}

#[derive(Validate, serde::Serialize)]
pub struct PortList {
    #[validate(custom(function = "unique_port_names"), nested)]
    pub ports: Vec<ServicePort>,
}

fn unique_port_names(ports: &[ServicePort]) -> Result<(), ValidationError> {
    match first_duplicate(ports.iter().map(|p| p.name.as_str())) {
        Some(_) => Err(ValidationError::new("duplicate")),
        None => Ok(()),
    }
}

#[derive(Validate, serde::Serialize)]
pub struct ServicePort {
    #[validate(length(min = 1, max = 63), regex(path = *DNS_LABEL))]
    pub name: String,
    #[validate(range(min = 1))]
    pub port: i32,
    #[validate(custom(function = "protocol"))]
    pub protocol: String,
}

/// The number of leaf errors of a validation.
pub fn error_count(result: &Result<(), ValidationErrors>) -> usize {
    fn count(errs: &ValidationErrors) -> usize {
        errs.errors()
            .values()
            .map(|kind| match kind {
                ValidationErrorsKind::Field(v) => v.len(),
                ValidationErrorsKind::Struct(s) => count(s),
                ValidationErrorsKind::List(l) => l.values().map(|e| count(e)).sum(),
            })
            .sum()
    }
    match result {
        Ok(()) => 0,
        Err(e) => count(e),
    }
}

impl From<&w::Deployment> for Deployment {
    fn from(d: &w::Deployment) -> Self {
        Deployment {
            metadata: ObjectMeta {
                name: d.metadata.name.clone(),
                labels: d.metadata.labels.clone(),
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
