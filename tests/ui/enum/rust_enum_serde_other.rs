use serde::{Deserialize, Serialize};
use k8s_validation::Validate;

/// +k8s:enum
#[derive(Validate, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum Phase {
    Pending,
    #[serde(other)]
    Unknown,
}

fn main() {}
