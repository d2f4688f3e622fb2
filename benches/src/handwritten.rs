//! Idiomatic hand-written Rust enforcing the same rules as the generated
//! validators, with the same output (an [`ErrorList`] equal error for error,
//! in the same order): what a careful developer writes without a generator.
//!
//! * Paths are lazy: a linked list of segments on the stack, rendered only
//!   when an error is created.
//! * Formats are hand-written byte scanners; error texts are upstream's.
//! * List-map uniqueness and old-item correlation use hash sets and hash maps
//!   ([`validate`]), as most code does. [`validate_tuned`] is the same code
//!   with a hand-tuned uniqueness check that compares short lists pairwise on
//!   the stack (no allocation), shown for reference.
//! * Updates ratchet like the generated code: unchanged values (by `==`),
//!   unchanged list items (by key) and map entries are not validated again.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::hash::Hash;

use k8s_validation::field::{BadValue, Error, ErrorList, ToBadValue};
use k8s_validation::validate::content::{
    DNS1123_LABEL_DOTS_ERROR, DNS1123_LABEL_ERROR, DNS1123_SUBDOMAIN_ERROR, LABEL_KEY_NAME_ERROR,
    LABEL_VALUE_ERROR,
};

use crate::workload::*;

/// A lazy field path.
#[derive(Clone, Copy)]
enum Path<'a> {
    Root,
    Field(&'a Path<'a>, &'static str),
    Index(&'a Path<'a>, usize),
    Key(&'a Path<'a>, &'a str),
}

impl<'a> Path<'a> {
    fn child(&'a self, name: &'static str) -> Path<'a> {
        Path::Field(self, name)
    }
    fn index(&'a self, i: usize) -> Path<'a> {
        Path::Index(self, i)
    }
    fn key(&'a self, k: &'a str) -> Path<'a> {
        Path::Key(self, k)
    }
    #[cold]
    fn render(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        if out.is_empty() {
            out.push_str("<nil>");
        }
        out
    }
    fn write(&self, out: &mut String) {
        match *self {
            Path::Root => {}
            Path::Field(parent, name) => {
                parent.write(out);
                if !matches!(parent, Path::Root) {
                    out.push('.');
                }
                out.push_str(name);
            }
            Path::Index(parent, i) => {
                parent.write(out);
                let _ = write!(out, "[{i}]");
            }
            Path::Key(parent, k) => {
                parent.write(out);
                out.push('[');
                out.push_str(k);
                out.push(']');
            }
        }
    }
}

// --- errors (cold) -------------------------------------------------------

#[cold]
fn required(path: &Path<'_>) -> Error {
    Error::required(path.render(), "")
}

#[cold]
fn invalid(
    path: &Path<'_>,
    value: BadValue,
    detail: impl Into<Cow<'static, str>>,
    origin: &'static str,
) -> Error {
    Error::invalid(path.render(), value, detail).with_origin(origin)
}

#[cold]
fn minimum(path: &Path<'_>, v: i32, min: i32) -> Error {
    Error::invalid(
        path.render(),
        BadValue::Int(v.into()),
        format!("must be greater than or equal to {min}"),
    )
    .with_origin("minimum")
}

#[cold]
fn maximum(path: &Path<'_>, v: i32, max: i32) -> Error {
    Error::invalid(
        path.render(),
        BadValue::Int(v.into()),
        format!("must be less than or equal to {max}"),
    )
    .with_origin("maximum")
}

#[cold]
fn too_many(path: &Path<'_>, n: usize, max: usize) -> Error {
    Error::too_many(path.render(), n as i64, max as i64).with_origin("maxItems")
}

#[cold]
fn duplicate<T: ToBadValue>(path: &Path<'_>, i: usize, item: &T) -> Error {
    Error::duplicate(path.index(i).render(), BadValue::json(item))
}

// --- format scanners -------------------------------------------------------

/// `[a-z0-9]([-a-z0-9]*[a-z0-9])?`, any length.
fn is_dns_label_pattern(s: &str) -> bool {
    let b = s.as_bytes();
    let alnum = |c: u8| c.is_ascii_lowercase() || c.is_ascii_digit();
    !b.is_empty()
        && alnum(b[0])
        && alnum(b[b.len() - 1])
        && b.iter().all(|&c| alnum(c) || c == b'-')
}

fn is_dns_label(s: &str) -> bool {
    s.len() <= 63 && is_dns_label_pattern(s)
}

/// Dot-separated DNS labels, any length.
fn is_dns_subdomain_pattern(s: &str) -> bool {
    s.split('.').all(is_dns_label_pattern)
}

fn is_dns_subdomain(s: &str) -> bool {
    s.len() <= 253 && is_dns_subdomain_pattern(s)
}

fn is_label_name(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && b[0].is_ascii_alphanumeric()
        && b[b.len() - 1].is_ascii_alphanumeric()
        && b.iter()
            .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
}

/// `k8s-short-name`.
fn check_short_name(path: &Path<'_>, name: &str, errs: &mut ErrorList) {
    if is_dns_label(name) {
        return;
    }
    slow_short_name(path, name, errs);
}

#[cold]
fn slow_short_name(path: &Path<'_>, name: &str, errs: &mut ErrorList) {
    const O: &str = "format=k8s-short-name";
    if name.len() > 63 {
        errs.push(invalid(
            path,
            name.into(),
            "must be no more than 63 bytes",
            O,
        ));
    }
    if !is_dns_label_pattern(name) {
        let msg = if is_dns_subdomain_pattern(name) {
            DNS1123_LABEL_DOTS_ERROR
        } else {
            DNS1123_LABEL_ERROR
        };
        errs.push(invalid(path, name.into(), msg, O));
    }
}

/// `k8s-long-name`.
fn check_long_name(path: &Path<'_>, name: &str, errs: &mut ErrorList) {
    if is_dns_subdomain(name) {
        return;
    }
    const O: &str = "format=k8s-long-name";
    if name.len() > 253 {
        errs.push(invalid(
            path,
            name.into(),
            "must be no more than 253 bytes",
            O,
        ));
    }
    if !is_dns_subdomain_pattern(name) {
        errs.push(invalid(path, name.into(), DNS1123_SUBDOMAIN_ERROR, O));
    }
}

/// `k8s-label-key`: an optional DNS subdomain prefix and `/`, then a name.
fn check_label_key(path: &Path<'_>, key: &str, errs: &mut ErrorList) {
    let (prefix, name) = match key.split_once('/') {
        Some((p, n)) => (Some(p), n),
        None => (None, key),
    };
    if prefix.is_none_or(is_dns_subdomain) && name.len() <= 63 && is_label_name(name) {
        return;
    }
    slow_label_key(path, key, prefix, name, errs);
}

#[cold]
fn slow_label_key(
    path: &Path<'_>,
    key: &str,
    prefix: Option<&str>,
    name: &str,
    errs: &mut ErrorList,
) {
    const O: &str = "format=k8s-label-key";
    let bad = || BadValue::String(key.into());
    if name.contains('/') {
        errs.push(invalid(
            path,
            bad(),
            k8s_validation::validate::content::LABEL_KEY_ERROR,
            O,
        ));
        return;
    }
    if let Some(prefix) = prefix {
        if prefix.is_empty() {
            errs.push(invalid(path, bad(), "prefix part must be non-empty", O));
        } else {
            if prefix.len() > 253 {
                errs.push(invalid(
                    path,
                    bad(),
                    "prefix part must be no more than 253 bytes",
                    O,
                ));
            }
            if !is_dns_subdomain_pattern(prefix) {
                let msg = format!("prefix part {DNS1123_SUBDOMAIN_ERROR}");
                errs.push(invalid(path, bad(), msg, O));
            }
        }
    }
    if name.is_empty() {
        errs.push(invalid(path, bad(), "name part must be non-empty", O));
    } else if name.len() > 63 {
        errs.push(invalid(
            path,
            bad(),
            "name part must be no more than 63 bytes",
            O,
        ));
    }
    if !is_label_name(name) {
        errs.push(invalid(path, bad(), LABEL_KEY_NAME_ERROR, O));
    }
}

/// `k8s-label-value`: empty, or a label name of at most 63 bytes.
fn check_label_value(path: &Path<'_>, value: &str, errs: &mut ErrorList) {
    if value.is_empty() || value.len() <= 63 && is_label_name(value) {
        return;
    }
    const O: &str = "format=k8s-label-value";
    if value.len() > 63 {
        errs.push(invalid(
            path,
            value.into(),
            "must be no more than 63 bytes",
            O,
        ));
    }
    if !is_label_name(value) {
        errs.push(invalid(path, value.into(), LABEL_VALUE_ERROR, O));
    }
}

// --- uniqueness --------------------------------------------------------------

/// Reports every item whose key equals an earlier item's key: with a hash set
/// (`PAIRWISE == false`), or, hand-tuned, pairwise on the stack for lists of
/// up to 32 items.
fn unique_by<'a, const PAIRWISE: bool, T: ToBadValue, K: Hash + Eq>(
    path: &Path<'_>,
    items: &'a [T],
    key: impl Fn(&'a T) -> K,
    errs: &mut ErrorList,
) {
    if PAIRWISE && items.len() <= 32 {
        for (j, item) in items.iter().enumerate().skip(1) {
            let k = key(item);
            if items[..j].iter().any(|earlier| key(earlier) == k) {
                errs.push(duplicate(path, j, item));
            }
        }
        return;
    }
    let mut seen = HashSet::with_capacity(items.len());
    for (j, item) in items.iter().enumerate() {
        if !seen.insert(key(item)) {
            errs.push(duplicate(path, j, item));
        }
    }
}

/// The old item with the same key, for ratcheting list-map items.
fn old_by_key<'a, const PAIRWISE: bool, T, K: Hash + Eq>(
    old: &'a [T],
    key: impl Fn(&'a T) -> K,
) -> impl Fn(&T, K) -> Option<&'a T> {
    let index: Option<HashMap<K, &'a T>> = if PAIRWISE && old.len() <= 32 {
        None
    } else {
        let mut m = HashMap::with_capacity(old.len());
        for o in old {
            m.entry(key(o)).or_insert(o);
        }
        Some(m)
    };
    move |_, k| match &index {
        Some(m) => m.get(&k).copied(),
        None => old.iter().find(|o| key(o) == k),
    }
}

// --- types -------------------------------------------------------------------

fn unchanged<T: PartialEq>(value: &T, old: Option<&T>) -> bool {
    old.is_some_and(|o| o == value)
}

/// Validates a new Deployment (hash sets for uniqueness).
pub fn validate(d: &Deployment) -> ErrorList {
    let mut errs = ErrorList::new();
    deployment::<false>(&Path::Root, d, None, &mut errs);
    errs
}

/// Validates an update of a Deployment (hash sets for uniqueness).
pub fn validate_update(new: &Deployment, old: &Deployment) -> ErrorList {
    let mut errs = ErrorList::new();
    deployment::<false>(&Path::Root, new, Some(old), &mut errs);
    errs
}

/// Validates a new Deployment, hand-tuned uniqueness (no allocation).
pub fn validate_tuned(d: &Deployment) -> ErrorList {
    let mut errs = ErrorList::new();
    deployment::<true>(&Path::Root, d, None, &mut errs);
    errs
}

/// Validates an update, hand-tuned uniqueness.
pub fn validate_update_tuned(new: &Deployment, old: &Deployment) -> ErrorList {
    let mut errs = ErrorList::new();
    deployment::<true>(&Path::Root, new, Some(old), &mut errs);
    errs
}

/// Validates a list-map.
pub fn validate_ports(list: &PortList) -> ErrorList {
    let mut errs = ErrorList::new();
    port_list::<false>(&Path::Root, list, &mut errs);
    errs
}

/// Validates a list-map, hand-tuned uniqueness.
pub fn validate_ports_tuned(list: &PortList) -> ErrorList {
    let mut errs = ErrorList::new();
    port_list::<true>(&Path::Root, list, &mut errs);
    errs
}

fn deployment<const P: bool>(
    path: &Path<'_>,
    d: &Deployment,
    old: Option<&Deployment>,
    errs: &mut ErrorList,
) {
    if !unchanged(&d.metadata, old.map(|o| &o.metadata)) {
        object_meta(
            &path.child("metadata"),
            &d.metadata,
            old.map(|o| &o.metadata),
            errs,
        );
    }
    if !unchanged(&d.spec, old.map(|o| &o.spec)) {
        spec::<P>(&path.child("spec"), &d.spec, old.map(|o| &o.spec), errs);
    }
}

fn object_meta(path: &Path<'_>, m: &ObjectMeta, old: Option<&ObjectMeta>, errs: &mut ErrorList) {
    if !unchanged(&m.name, old.map(|o| &o.name)) {
        let p = path.child("name");
        if m.name.is_empty() {
            errs.push(required(&p));
        } else {
            check_long_name(&p, &m.name, errs);
        }
    }
    let old_labels = old.map(|o| &o.labels);
    if !m.labels.is_empty() && !unchanged(&m.labels, old_labels) {
        let p = path.child("labels");
        // Keys are reported at the map's path (upstream's quirk).
        for k in m.labels.keys() {
            if old_labels.is_none_or(|o| !o.contains_key(k)) {
                check_label_key(&p, k, errs);
            }
        }
        for (k, v) in &m.labels {
            if old_labels.is_none_or(|o| o.get(k) != Some(v)) {
                check_label_value(&p.key(k), v, errs);
            }
        }
    }
}

fn min_opt(
    path: &Path<'_>,
    name: &'static str,
    v: Option<i32>,
    old: Option<Option<i32>>,
    min: i32,
    errs: &mut ErrorList,
) {
    if let Some(v) = v {
        if v < min && old != Some(Some(v)) {
            errs.push(minimum(&path.child(name), v, min));
        }
    }
}

fn spec<const P: bool>(
    path: &Path<'_>,
    s: &DeploymentSpec,
    old: Option<&DeploymentSpec>,
    errs: &mut ErrorList,
) {
    min_opt(
        path,
        "replicas",
        s.replicas,
        old.map(|o| o.replicas),
        0,
        errs,
    );
    min_opt(
        path,
        "minReadySeconds",
        s.min_ready_seconds,
        old.map(|o| o.min_ready_seconds),
        0,
        errs,
    );

    let old_containers = old.map(|o| o.containers.as_slice());
    if !unchanged(&s.containers, old.map(|o| &o.containers)) {
        let p = path.child("containers");
        if s.containers.len() > 20 {
            errs.push(too_many(&p, s.containers.len(), 20));
        } else if s.containers.is_empty() {
            errs.push(required(&p));
        } else {
            unique_by::<P, _, _>(&p, &s.containers, |c| c.name.as_str(), errs);
            let find_old =
                old_by_key::<P, _, _>(old_containers.unwrap_or(&[]), |c| c.name.as_str());
            for (i, c) in s.containers.iter().enumerate() {
                let old_c = find_old(c, c.name.as_str());
                if !unchanged(c, old_c) {
                    container::<P>(&p.index(i), c, old_c, errs);
                }
            }
        }
    }

    if let Some(strategy) = &s.strategy {
        let old_strategy = old.and_then(|o| o.strategy.as_ref());
        if !unchanged(strategy, old_strategy) {
            deployment_strategy(&path.child("strategy"), strategy, old_strategy, errs);
        }
    }
}

fn container<const P: bool>(
    path: &Path<'_>,
    c: &Container,
    old: Option<&Container>,
    errs: &mut ErrorList,
) {
    if !unchanged(&c.name, old.map(|o| &o.name)) {
        let p = path.child("name");
        if c.name.is_empty() {
            errs.push(required(&p));
        } else {
            check_short_name(&p, &c.name, errs);
        }
    }
    if !unchanged(&c.image, old.map(|o| &o.image)) {
        let p = path.child("image");
        if c.image.is_empty() {
            errs.push(required(&p));
        } else if c.image.len() > 512 {
            errs.push(Error::too_long(p.render(), 512).with_origin("maxLength"));
        }
    }
    if !c.ports.is_empty() && !unchanged(&c.ports, old.map(|o| &o.ports)) {
        let p = path.child("ports");
        if c.ports.len() > 10 {
            errs.push(too_many(&p, c.ports.len(), 10));
            return;
        }
        unique_by::<P, _, _>(&p, &c.ports, port_key, errs);
        let find_old = old_by_key::<P, _, _>(old.map_or(&[][..], |o| &o.ports), port_key);
        for (i, port) in c.ports.iter().enumerate() {
            let old_port = find_old(port, port_key(port));
            if !unchanged(port, old_port) {
                container_port(&p.index(i), port, old_port, errs);
            }
        }
    }
}

fn port_key(port: &ContainerPort) -> (i32, &str) {
    (port.container_port, port.protocol.0.as_str())
}

const PROTOCOLS: [&str; 3] = ["SCTP", "TCP", "UDP"];

#[cold]
fn bad_protocol(path: &Path<'_>, protocol: &Protocol) -> Error {
    Error::not_supported(path.render(), BadValue::json(protocol), &PROTOCOLS)
}

fn container_port(
    path: &Path<'_>,
    port: &ContainerPort,
    old: Option<&ContainerPort>,
    errs: &mut ErrorList,
) {
    let v = port.container_port;
    if old.is_none_or(|o| o.container_port != v) {
        let p = path.child("containerPort");
        if v == 0 {
            errs.push(required(&p));
        } else if v > 65535 {
            errs.push(maximum(&p, v, 65535));
        } else if v < 1 {
            errs.push(minimum(&p, v, 1));
        }
    }
    protocol(path, &port.protocol, old.map(|o| &o.protocol), errs);
}

fn protocol(path: &Path<'_>, protocol: &Protocol, old: Option<&Protocol>, errs: &mut ErrorList) {
    if unchanged(protocol, old) {
        return;
    }
    let p = path.child("protocol");
    match protocol.0.as_str() {
        "" => errs.push(required(&p)),
        "TCP" | "UDP" | "SCTP" => {}
        _ => errs.push(bad_protocol(&p, protocol)),
    }
}

fn deployment_strategy(
    path: &Path<'_>,
    s: &DeploymentStrategy,
    old: Option<&DeploymentStrategy>,
    errs: &mut ErrorList,
) {
    let set = [s.recreate.is_some(), s.rolling_update.is_some()];
    let ratchet = old.is_some_and(|o| [o.recreate.is_some(), o.rolling_update.is_some()] == set);
    if !ratchet {
        union_error(path, set, errs);
    }
    if let Some(r) = &s.rolling_update {
        let old_r = old.and_then(|o| o.rolling_update.as_ref());
        if !unchanged(r, old_r) {
            let p = path.child("rollingUpdate");
            min_opt(
                &p,
                "maxSurge",
                r.max_surge,
                old_r.map(|o| o.max_surge),
                0,
                errs,
            );
            min_opt(
                &p,
                "maxUnavailable",
                r.max_unavailable,
                old_r.map(|o| o.max_unavailable),
                0,
                errs,
            );
        }
    }
}

fn union_error(path: &Path<'_>, set: [bool; 2], errs: &mut ErrorList) {
    const ALL: &str = "`recreate`, `rollingUpdate`";
    match set {
        [false, false] => errs.push(Error::invalid(
            path.render(),
            BadValue::String("".into()),
            format!("must specify one of: {ALL}"),
        )),
        [true, true] => errs.push(Error::invalid(
            path.render(),
            BadValue::String("{recreate, rollingUpdate}".into()),
            format!("must specify exactly one of: {ALL}"),
        )),
        _ => {}
    }
}

fn port_list<const P: bool>(path: &Path<'_>, list: &PortList, errs: &mut ErrorList) {
    if list.ports.is_empty() {
        return;
    }
    let p = path.child("ports");
    unique_by::<P, _, _>(&p, &list.ports, |sp| sp.name.as_str(), errs);
    for (i, sp) in list.ports.iter().enumerate() {
        let item = p.index(i);
        let name = item.child("name");
        if sp.name.is_empty() {
            errs.push(required(&name));
        } else {
            check_short_name(&name, &sp.name, errs);
        }
        if sp.port == 0 {
            errs.push(required(&item.child("port")));
        } else if sp.port < 1 {
            errs.push(minimum(&item.child("port"), sp.port, 1));
        }
        protocol(&item, &sp.protocol, None, errs);
    }
}
