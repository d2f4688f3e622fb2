use serde::{Deserialize, Serialize};
use validation_runtime::Validate;

/// The phase of a task.
#[derive(Validate, Serialize, Deserialize)]
pub enum Phase {
    Pending,
    Running,
}

fn main() {}
