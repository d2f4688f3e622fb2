use k8s_validation::Validate;

/// +k8s:enum
#[derive(Validate, PartialEq)]
pub struct PullPolicy(pub String);

#[k8s_validation::enum_values]
impl PullPolicy {
    pub const ALWAYS: &'static str = "Always";
    /// +k8s:ifEnabled(StrictPull)=+k8s:required
    pub const NEVER: &'static str = "Never";
}

fn main() {}
