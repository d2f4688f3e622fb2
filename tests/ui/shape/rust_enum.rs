use validation_runtime::Validate;

/// +k8s:enum
#[derive(Validate, PartialEq)]
pub enum RestartPolicy {
    Always,
    OnFailure,
    Never,
}

fn main() {}
