use serde::{Deserialize, Serialize};
use k8s_validation::Validate;

/// +k8s:enum
#[derive(Validate, Serialize, Deserialize)]
pub enum Phase {
    /// +k8s:required
    Pending,
    /// +k8s:ifEnabled(Tracing)=+k8s:optional
    Running,
    #[serde(untagged)]
    Unknown(String),
}

fn main() {}
