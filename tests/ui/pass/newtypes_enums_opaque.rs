//! Typedef newtypes behind Option<Box<_>>, an enum with an option-gated
//! exclusion, and a foreign type made valid with +k8s:opaqueType. The enum's
//! consts count as used (the generated validation reads them).
#![deny(dead_code)]
use k8s_validation::{Operation, Validate};

/// +k8s:minimum=1
/// +k8s:maximum=65535
#[derive(Validate, PartialEq, Debug)]
pub struct PortNumber(pub i32);

/// +k8s:enum
#[derive(Validate, PartialEq, Debug)]
pub struct Phase(pub String);

#[k8s_validation::enum_values]
impl Phase {
    pub const PENDING: &'static str = "Pending";
    pub const RUNNING: &'static str = "Running";
    /// Deprecated, rejected once the option is on.
    /// +k8s:ifEnabled(NoUnknownPhase)=+k8s:enumExclude
    pub const UNKNOWN: &'static str = "Unknown";
    /// Never a value.
    /// +k8s:enumExclude
    pub const INVALID: &'static str = "Invalid";
}

/// A type from another crate, without `Validate`.
#[derive(PartialEq, Debug)]
pub struct Timestamp(pub i64);

#[derive(Validate, PartialEq, Debug)]
pub struct PodStatus {
    /// +k8s:optional
    pub host_port: Option<Box<PortNumber>>,
    /// +k8s:required
    pub phase: Phase,
    /// +k8s:opaqueType
    pub start_time: Timestamp,
}

fn main() {
    let status = PodStatus {
        host_port: Some(Box::new(PortNumber(0))),
        phase: Phase("Unknown".into()),
        start_time: Timestamp(0),
    };
    assert_eq!(status.start_time.0, 0);
    let fields = |op: &Operation| -> Vec<String> {
        status.validate(op).iter().map(|e| e.field().to_string()).collect()
    };
    assert_eq!(fields(&Operation::create()), ["host_port"]);
    assert_eq!(
        fields(&Operation::create().with_option("NoUnknownPhase")),
        ["host_port", "phase"]
    );
}
