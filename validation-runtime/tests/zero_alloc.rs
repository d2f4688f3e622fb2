//! A valid object validates without a single heap allocation.
//!
//! A counting global allocator counts the allocations of the current thread
//! (a thread-local counter, so tests running in parallel on other threads
//! do not disturb the count). `Deployment` below implements `Validate` by
//! hand, the way generated code does: a lazy `Path` per field on the stack,
//! the field ratchet (`validate::unchanged`), then the field's validators,
//! then the field type's own validation.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::HashMap;

use k8s_validation::field::{write_json_string, Path, ToBadValue};
use k8s_validation::validate::{self, SMALL_LIST};
use k8s_validation::{Error, ErrorList, ErrorType, Operation, Validate};

struct CountingAllocator;

thread_local! {
    // Const-initialised and without a destructor: safe to touch from the
    // allocator itself.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count_one() {
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count_one();
        System.alloc_zeroed(layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        System.realloc(ptr, layout, new_size)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// Runs `f` and returns how many allocations it made on this thread.
fn allocations<R>(f: impl FnOnce() -> R) -> (usize, R) {
    let before = ALLOCATIONS.with(Cell::get);
    let result = std::hint::black_box(f());
    let after = ALLOCATIONS.with(Cell::get);
    (after - before, result)
}

// ---------------------------------------------------------------------------
// A Deployment-like object and its hand-written "generated" validation.

#[derive(Clone, Debug, PartialEq)]
struct Deployment {
    metadata: ObjectMeta,
    spec: DeploymentSpec,
}

#[derive(Clone, Debug, PartialEq)]
struct ObjectMeta {
    // +k8s:required
    name: String,
    // +k8s:eachKey=<required>
    // +k8s:eachVal=<at most 63 bytes>
    labels: HashMap<String, String>,
}

#[derive(Clone, Debug, PartialEq)]
struct DeploymentSpec {
    // +k8s:minimum=0
    // +k8s:maximum=1000
    replicas: Option<i32>,
    // +k8s:subfield(maxSurge)=+k8s:minimum=0
    // +k8s:subfield(maxUnavailable)=+k8s:minimum=0
    strategy: Strategy,
    // +k8s:listType=map
    // +k8s:listMapKey=name
    // +k8s:item(name: "sidecar")=+k8s:subfield(ports)=<at most 2 items>
    containers: Vec<Container>,
}

#[derive(Clone, Debug, PartialEq)]
struct Strategy {
    max_surge: i32,
    max_unavailable: i32,
}

#[derive(Clone, Debug, PartialEq)]
struct Container {
    name: String,
    image: String,
    // +k8s:listType=map
    // +k8s:listMapKey=containerPort
    // +k8s:listMapKey=protocol
    ports: Vec<ContainerPort>,
}

#[derive(Clone, Debug, PartialEq)]
struct ContainerPort {
    name: String,
    // +k8s:minimum=1
    // +k8s:maximum=65535
    container_port: i32,
    protocol: String,
}

// Hand-written semantic equality: these types' `PartialEq` already has
// upstream's meaning (no quantities, timestamps or nil-vs-empty lists).
k8s_validation::impl_semantic_eq_via_partial_eq!(
    Deployment,
    ObjectMeta,
    DeploymentSpec,
    Strategy,
    Container,
    ContainerPort
);

impl ToBadValue for ContainerPort {
    fn write_json(&self, out: &mut String) {
        out.push_str("{\"name\":");
        write_json_string(&self.name, out);
        out.push_str(&format!(
            ",\"containerPort\":{},\"protocol\":",
            self.container_port
        ));
        write_json_string(&self.protocol, out);
        out.push('}');
    }
}

impl ToBadValue for Container {
    fn write_json(&self, out: &mut String) {
        out.push_str("{\"name\":");
        write_json_string(&self.name, out);
        out.push_str(",\"image\":");
        write_json_string(&self.image, out);
        out.push_str(",\"ports\":");
        self.ports.write_json(out);
        out.push('}');
    }
}

/// A stand-in for `+k8s:required` on a string (another family's validator).
fn required_string(p: &Path<'_>, v: &str) -> ErrorList {
    if v.is_empty() {
        Error::required(p, "").into()
    } else {
        ErrorList::new()
    }
}

impl Validate for Deployment {
    fn validate_into(
        &self,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&Self>,
        errs: &mut ErrorList,
    ) {
        {
            let p = path.child("metadata");
            let o = old.map(|o| &o.metadata);
            if !validate::unchanged(op, &self.metadata, o) {
                self.metadata.validate_into(op, &p, o, errs);
            }
        }
        {
            let p = path.child("spec");
            let o = old.map(|o| &o.spec);
            if !validate::unchanged(op, &self.spec, o) {
                self.spec.validate_into(op, &p, o, errs);
            }
        }
    }
}

impl Validate for ObjectMeta {
    fn validate_into(
        &self,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&Self>,
        errs: &mut ErrorList,
    ) {
        {
            let p = path.child("name");
            let o = old.map(|o| &o.name);
            if !validate::unchanged(op, &self.name, o) {
                errs.append(required_string(&p, &self.name));
            }
        }
        {
            let p = path.child("labels");
            let o = old.map(|o| &o.labels);
            if !validate::unchanged(op, &self.labels, o) {
                validate::each_map_key(errs, op, &p, Some(&self.labels), o, |errs, p, k| {
                    errs.append(required_string(p, k))
                });
                validate::each_map_val(errs, op, &p, Some(&self.labels), o, |errs, p, v, ov| {
                    validate::maximum(
                        errs,
                        op,
                        p,
                        Some(&v.len()),
                        ov.map(String::len).as_ref(),
                        63,
                    )
                });
            }
        }
    }
}

impl Validate for DeploymentSpec {
    fn validate_into(
        &self,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&Self>,
        errs: &mut ErrorList,
    ) {
        {
            let p = path.child("replicas");
            let o = old.map(|o| &o.replicas);
            if !validate::unchanged(op, &self.replicas, o) {
                let (v, ov) = (self.replicas.as_ref(), o.and_then(Option::as_ref));
                validate::minimum(errs, op, &p, v, ov, 0);
                validate::maximum(errs, op, &p, v, ov, 1000);
            }
        }
        {
            let p = path.child("strategy");
            let o = old.map(|o| &o.strategy);
            if !validate::unchanged(op, &self.strategy, o) {
                validate::subfield(
                    errs,
                    op,
                    &p,
                    Some(&self.strategy),
                    o,
                    "maxSurge",
                    |s: &Strategy| Some(&s.max_surge),
                    |errs, p, v, ov| validate::minimum(errs, op, p, v, ov, 0),
                );
                validate::subfield(
                    errs,
                    op,
                    &p,
                    Some(&self.strategy),
                    o,
                    "maxUnavailable",
                    |s: &Strategy| Some(&s.max_unavailable),
                    |errs, p, v, ov| validate::minimum(errs, op, p, v, ov, 0),
                );
            }
        }
        {
            let p = path.child("containers");
            let v = Some(self.containers.as_slice());
            let o = old.map(|o| o.containers.as_slice());
            if !validate::unchanged(op, &self.containers[..], o) {
                validate::unique_map(errs, op, &p, v, o, |c| c.name.as_str());
                validate::slice_item(
                    errs,
                    op,
                    &p,
                    v,
                    o,
                    |c| c.name == "sidecar",
                    |errs, p, c, oc| {
                        validate::subfield(
                            errs,
                            op,
                            p,
                            Some(c),
                            oc,
                            "ports",
                            |c: &Container| Some(&c.ports[..]),
                            |errs, p, ports, old_ports| {
                                let n = ports.map(<[_]>::len);
                                let on = old_ports.map(<[_]>::len);
                                validate::maximum(errs, op, p, n.as_ref(), on.as_ref(), 2)
                            },
                        )
                    },
                );
                validate::each_slice_val_map(
                    errs,
                    op,
                    &p,
                    v,
                    o,
                    |c| c.name.as_str(),
                    |errs, p, c, oc| c.validate_into(op, p, oc, errs),
                );
            }
        }
    }
}

impl Validate for Container {
    fn validate_into(
        &self,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&Self>,
        errs: &mut ErrorList,
    ) {
        let p = path.child("ports");
        let v = Some(self.ports.as_slice());
        let o = old.map(|o| o.ports.as_slice());
        if !validate::unchanged(op, &self.ports[..], o) {
            validate::unique_map(errs, op, &p, v, o, |p| {
                (p.container_port, p.protocol.as_str())
            });
            validate::each_slice_val_map(
                errs,
                op,
                &p,
                v,
                o,
                |p| (p.container_port, p.protocol.as_str()),
                |errs, p, port, old_port| port.validate_into(op, p, old_port, errs),
            );
        }
    }
}

impl Validate for ContainerPort {
    fn validate_into(
        &self,
        op: &Operation,
        path: &Path<'_>,
        old: Option<&Self>,
        errs: &mut ErrorList,
    ) {
        let p = path.child("containerPort");
        let o = old.map(|o| &o.container_port);
        if !validate::unchanged(op, &self.container_port, o) {
            validate::minimum(errs, op, &p, Some(&self.container_port), o, 1);
            validate::maximum(errs, op, &p, Some(&self.container_port), o, 65535);
        }
    }
}

// ---------------------------------------------------------------------------

fn port(name: &str, container_port: i32, protocol: &str) -> ContainerPort {
    ContainerPort {
        name: name.into(),
        container_port,
        protocol: protocol.into(),
    }
}

fn container(i: usize) -> Container {
    let name = if i == 1 {
        "sidecar".to_string()
    } else {
        format!("c{i}")
    };
    Container {
        name,
        image: format!("registry.example/app-{i}:1.0"),
        ports: vec![port("http", 8080, "TCP"), port("dns", 53, "UDP")],
    }
}

fn deployment(containers: usize) -> Deployment {
    let labels = (0..8)
        .map(|i| (format!("app.kubernetes.io/l{i}"), format!("value-{i}")))
        .collect();
    Deployment {
        metadata: ObjectMeta {
            name: "web".into(),
            labels,
        },
        spec: DeploymentSpec {
            replicas: Some(3),
            strategy: Strategy {
                max_surge: 1,
                max_unavailable: 0,
            },
            containers: (0..containers).map(container).collect(),
        },
    }
}

#[test]
fn valid_create_does_not_allocate() {
    let op = Operation::create();
    let d = deployment(10);
    let (n, errs) = allocations(|| d.validate(&op));
    assert!(errs.is_empty(), "{errs}");
    assert_eq!(n, 0, "allocations while validating a valid object");

    // Up to the pairwise threshold the list checks stay on the stack.
    let d = deployment(SMALL_LIST);
    let (n, errs) = allocations(|| d.validate(&op));
    assert!(errs.is_empty(), "{errs}");
    assert_eq!(n, 0);
}

#[test]
fn valid_update_does_not_allocate() {
    let op = Operation::update();
    let old = deployment(10);

    // Equal old object.
    let new = old.clone();
    let (n, errs) = allocations(|| new.validate_update(&old, &op));
    assert!(errs.is_empty(), "{errs}");
    assert_eq!(n, 0);

    // A real change: replicas, a label, a container image, container and
    // port order, a new container. Everything is correlated and revalidated
    // where it changed.
    let mut new = old.clone();
    new.spec.replicas = Some(5);
    new.metadata.labels.insert("tier".into(), "frontend".into());
    new.spec.containers[3].image = "registry.example/app-3:2.0".into();
    new.spec.containers.swap(0, 5);
    new.spec.containers[2].ports.reverse();
    new.spec.containers.push(container(10));
    let (n, errs) = allocations(|| new.validate_update(&old, &op));
    assert!(errs.is_empty(), "{errs}");
    assert_eq!(n, 0);
}

#[test]
fn invalid_object_reports_errors_and_allocates() {
    let op = Operation::create();
    let mut d = deployment(3);
    d.metadata.name.clear();
    d.metadata.labels.insert(String::new(), "x".into());
    d.metadata.labels.insert("app".into(), "a".repeat(70));
    d.spec.replicas = Some(-1);
    d.spec.strategy.max_surge = -1;
    d.spec.containers[0].ports[0].container_port = 0;
    d.spec.containers[1].ports.push(port("again", 8080, "TCP"));
    d.spec.containers[2].name = "c0".into();
    d.spec.containers[2].ports.clear();

    let (n, errs) = allocations(|| d.validate(&op));
    assert!(n > 0, "an invalid object allocates its errors");
    let texts: Vec<String> = errs.iter().map(ToString::to_string).collect();
    assert_eq!(
        texts,
        [
            "metadata.name: Required value",
            "metadata.labels: Required value",
            "metadata.labels[app]: Invalid value: 70: must be less than or equal to 63",
            "spec.replicas: Invalid value: -1: must be greater than or equal to 0",
            "spec.strategy.maxSurge: Invalid value: -1: must be greater than or equal to 0",
            r#"spec.containers[2]: Duplicate value: {"name":"c0","image":"registry.example/app-2:1.0","ports":[]}"#,
            "spec.containers[1].ports: Invalid value: 3: must be less than or equal to 2",
            "spec.containers[0].ports[0].containerPort: Invalid value: 0: must be greater than or equal to 1",
            r#"spec.containers[1].ports[2]: Duplicate value: {"name":"again","containerPort":8080,"protocol":"TCP"}"#,
        ]
    );
    let kinds: Vec<ErrorType> = errs.iter().map(|e| e.kind()).collect();
    assert_eq!(
        kinds,
        [
            ErrorType::Required,
            ErrorType::Required,
            ErrorType::Invalid,
            ErrorType::Invalid,
            ErrorType::Invalid,
            ErrorType::Duplicate,
            ErrorType::Invalid,
            ErrorType::Invalid,
            ErrorType::Duplicate,
        ]
    );
    let origins: Vec<Option<&str>> = errs.iter().map(|e| e.origin()).collect();
    assert_eq!(
        origins,
        [
            None,
            None,
            Some("maximum"),
            Some("minimum"),
            Some("minimum"),
            None,
            Some("maximum"),
            Some("minimum"),
            None,
        ]
    );

    // On update against the valid object, only what changed is reported:
    // the sidecar's ports, and a port whose key changed (a new list-map
    // entry, validated with no old value).
    let old = deployment(3);
    let mut new = old.clone();
    new.spec.containers[1]
        .ports
        .push(port("again", 8080, "TCP"));
    new.spec.containers[2].ports[1].container_port = 70000;
    let (n, errs) = allocations(|| new.validate_update(&old, &Operation::update()));
    assert!(n > 0);
    let texts: Vec<String> = errs.iter().map(ToString::to_string).collect();
    assert_eq!(
        texts,
        [
            "spec.containers[1].ports: Invalid value: 3: must be less than or equal to 2",
            r#"spec.containers[1].ports[2]: Duplicate value: {"name":"again","containerPort":8080,"protocol":"TCP"}"#,
            "spec.containers[2].ports[1].containerPort: Invalid value: 70000: must be less than or equal to 65535",
        ]
    );
}
