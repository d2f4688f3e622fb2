use k8s_validation::Validate;

/// +k8s:enum
#[derive(Validate, PartialEq)]
pub struct PullPolicy(pub String);

const PREFIX: &str = "If";

#[k8s_validation::enum_values]
impl PullPolicy {
    pub const ALWAYS: &'static str = "Always";
    pub const IF_NOT_PRESENT: &'static str = PREFIX;
    pub const NEVER: &'static str = "Never";
}

fn main() {}
