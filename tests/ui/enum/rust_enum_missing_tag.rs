use serde::{Deserialize, Serialize};
use k8s_validation::Validate;

/// The phase of a task.
#[derive(Validate, Serialize, Deserialize, PartialEq)]
pub enum Phase {
    Pending,
    Running,
    #[serde(untagged)]
    Unknown(String),
}

/// Only the missing tag is reported: the enum's helpers are still there.
#[derive(Validate, PartialEq)]
pub struct Task {
    /// +k8s:required
    /// +k8s:maxLength=10
    pub phase: Phase,
}

fn main() {}
