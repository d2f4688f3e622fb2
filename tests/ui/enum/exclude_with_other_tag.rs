use validation_runtime::Validate;

/// +k8s:enum
#[derive(Validate, PartialEq)]
pub struct PullPolicy(pub String);

#[validation_runtime::enum_values]
impl PullPolicy {
    pub const ALWAYS: &'static str = "Always";
    /// +k8s:ifEnabled(StrictPull)=+k8s:required
    pub const NEVER: &'static str = "Never";
}

fn main() {}
