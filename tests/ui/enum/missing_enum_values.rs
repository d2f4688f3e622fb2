use k8s_validation::Validate;

/// +k8s:enum
#[derive(Validate, PartialEq)]
pub struct PullPolicy(pub String);

impl PullPolicy {
    pub const ALWAYS: &'static str = "Always";
    pub const NEVER: &'static str = "Never";
}

fn main() {}
