use k8s_validation::{Operation, Validate};

/// A Rust enum without serde attributes: the values are the variant names.
/// +k8s:enum
#[derive(Validate, PartialEq)]
pub enum RestartPolicy {
    Always,
    OnFailure,
    Never,
}

#[derive(Validate, PartialEq)]
pub struct PodSpec {
    /// +k8s:optional
    pub restart_policy: Option<RestartPolicy>,
}

fn main() {
    let spec = PodSpec {
        restart_policy: Some(RestartPolicy::Never),
    };
    assert!(spec.validate(&Operation::create()).is_empty());
}
