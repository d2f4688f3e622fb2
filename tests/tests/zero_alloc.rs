//! A valid object validates with zero heap allocations: paths are built on
//! the stack and rendered only when an error is created. Allocation counts
//! are deterministic, so this is a plain test (speed is measured in benches).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::BTreeMap;

use k8s_validation::{Operation, Quantity, Time, Validate};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|a| a.set(a.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = ALLOCATIONS.with(Cell::get);
    let out = f();
    (out, ALLOCATIONS.with(Cell::get) - before)
}

/// +k8s:enum
#[derive(Validate, PartialEq, Clone, Debug)]
pub struct Protocol(pub String);

#[k8s_validation::enum_values]
impl Protocol {
    pub const TCP: &'static str = "TCP";
    pub const UDP: &'static str = "UDP";
}

#[derive(Validate, PartialEq, Clone, Debug)]
#[allow(non_snake_case)]
pub struct Port {
    /// +k8s:required
    /// +k8s:minimum=1
    /// +k8s:maximum=65535
    pub containerPort: i32,
    /// +k8s:required
    pub protocol: Protocol,
}

#[derive(Validate, PartialEq, Clone, Debug)]
pub struct Container {
    /// +k8s:required
    /// +k8s:format=k8s-short-name
    pub name: String,
    /// +k8s:optional
    /// +k8s:maxLength=256
    pub image: Option<String>,
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=containerPort
    /// +k8s:listMapKey=protocol
    /// +k8s:maxItems=8
    pub ports: Vec<Port>,
    /// Compared semantically (`512Mi` == `0.5Gi`), without allocating.
    /// +k8s:immutable
    pub memory: Quantity,
    /// +k8s:immutable
    pub started: Option<Time>,
}

#[derive(Validate, PartialEq, Clone, Debug)]
pub struct Spec {
    /// +k8s:optional
    /// +k8s:minimum=0
    pub replicas: Option<i32>,
    /// +k8s:required
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:maxItems=20
    pub containers: Vec<Container>,
    /// +k8s:optional
    /// +k8s:eachKey=+k8s:format=k8s-label-key
    /// +k8s:eachVal=+k8s:format=k8s-label-value
    pub labels: BTreeMap<String, String>,
}

fn valid() -> Spec {
    Spec {
        replicas: Some(3),
        containers: (0..10)
            .map(|i| Container {
                name: format!("c{i}"),
                image: Some("nginx:1.27".into()),
                ports: (0..5)
                    .map(|p| Port {
                        containerPort: 8000 + p,
                        protocol: Protocol("TCP".into()),
                    })
                    .collect(),
                memory: "512Mi".parse().unwrap(),
                started: Some("2024-05-01T10:00:00Z".parse().unwrap()),
            })
            .collect(),
        labels: (0..10)
            .map(|i| (format!("example.com/key{i}"), format!("value-{i}")))
            .collect(),
    }
}

#[test]
fn valid_object_allocates_nothing() {
    let spec = valid();
    let (errs, n) = allocations(|| spec.validate(&Operation::create()));
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(n, 0, "create allocated {n} times");

    let old = spec.clone();
    let (errs, n) = allocations(|| spec.validate_update(&old, &Operation::update()));
    assert!(errs.is_empty());
    assert_eq!(n, 0, "unchanged update allocated {n} times");

    let mut changed = spec.clone();
    changed.replicas = Some(4);
    changed.containers[3].image = Some("nginx:1.28".into());
    // Re-spelled, semantically unchanged: immutable does not fire.
    changed.containers[4].memory = "0.5Gi".parse().unwrap();
    changed.containers[5].started = Some("2024-05-01T12:00:00+02:00".parse().unwrap());
    let (errs, n) = allocations(|| changed.validate_update(&old, &Operation::update()));
    assert!(errs.is_empty());
    assert_eq!(n, 0, "changed update allocated {n} times");
}

#[test]
fn an_invalid_object_does_allocate_and_reports() {
    let mut spec = valid();
    spec.containers[1].ports[2].containerPort = 70000;
    spec.containers[2].name = "Bad_Name".into();
    let (errs, n) = allocations(|| spec.validate(&Operation::create()));
    assert!(n > 0, "the counter must see the error path");
    let texts: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
    assert_eq!(texts.len(), 2, "{texts:#?}");
    assert_eq!(
        texts[0],
        "containers[1].ports[2].containerPort: Invalid value: 70000: must be less than or equal to 65535"
    );
    assert!(texts[1].starts_with(
        "containers[2].name: Invalid value: \"Bad_Name\": a lowercase RFC 1123 label"
    ));
}
