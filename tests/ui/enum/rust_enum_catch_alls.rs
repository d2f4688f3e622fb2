use serde::{Deserialize, Serialize};
use k8s_validation::Validate;

/// Two catch-alls, a tagged one, and one that does not hold a string.
/// +k8s:enum
#[derive(Validate, Serialize, Deserialize)]
pub enum Phase {
    Pending,
    Tagged(String),
    #[serde(untagged)]
    Unknown(String),
    #[serde(untagged)]
    Other(String),
}

/// +k8s:enum
#[derive(Validate, Serialize, Deserialize)]
pub enum Level {
    Low,
    #[serde(untagged)]
    Unknown(i32),
}

fn main() {}
