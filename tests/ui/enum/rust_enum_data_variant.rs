use serde::{Deserialize, Serialize};
use k8s_validation::Validate;

/// +k8s:enum
#[derive(Validate, Serialize, Deserialize)]
pub enum Source {
    Git,
    Image(String),
    Local { path: String },
}

fn main() {}
