//! A list-map keyed by an integer and a renamed string field, with item
//! selectors, per-item immutability and a key named by its JSON name.
use serde::Serialize;
use k8s_validation::{Operation, Validate};

#[derive(Serialize, Validate, PartialEq, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct ServicePort {
    /// +k8s:required
    pub port: i32,
    /// +k8s:required
    #[serde(rename = "proto")]
    pub protocol: String,
    /// +k8s:optional
    /// +k8s:minimum=1
    pub target_port: i32,
}

#[derive(Serialize, Validate, PartialEq, Debug, Clone)]
#[validate(kubernetes = "1.37")]
pub struct ServiceSpec {
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=port
    /// +k8s:listMapKey=proto
    /// +k8s:item(port: 443, proto: "TCP")=+k8s:subfield(targetPort)=+k8s:minimum=1024
    /// +k8s:eachVal=+k8s:update=NoModify
    pub ports: Vec<ServicePort>,
}

fn main() {
    let port = |port, protocol: &str, target_port| ServicePort {
        port,
        protocol: protocol.into(),
        target_port,
    };
    let fields = |new: &ServiceSpec, old: &ServiceSpec| -> Vec<String> {
        let errs = new.validate_update(old, &Operation::update());
        errs.iter().map(|e| e.field().to_string()).collect()
    };
    let old = ServiceSpec { ports: vec![port(80, "TCP", 8080)] };
    // A new item: NoModify has nothing to compare it with.
    let added = ServiceSpec { ports: vec![port(80, "TCP", 8080), port(443, "TCP", 80)] };
    assert_eq!(fields(&added, &old), ["ports[1].targetPort"]);
    // A modified item (same key, other target port).
    let modified = ServiceSpec { ports: vec![port(80, "TCP", 9090)] };
    assert_eq!(fields(&modified, &old), ["ports[0]"]);
    // Another protocol is another item.
    let udp = ServiceSpec { ports: vec![port(80, "TCP", 8080), port(443, "UDP", 80)] };
    assert!(fields(&udp, &old).is_empty());
}
