use std::collections::BTreeSet;
use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct Job {
    /// A foreign type without `Validate`.
    pub started: std::time::Instant,
    /// A set has set semantics already.
    ///
    /// +k8s:listType=set
    pub tags: BTreeSet<String>,
}

fn main() {}
