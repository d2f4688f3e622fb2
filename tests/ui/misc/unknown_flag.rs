use validation_runtime::Validate;

#[derive(Validate, PartialEq)]
pub struct FixtureSpec {
    /// +k8s:optional
    /// +k8s:validateFalse(flags: "ShortCircuit,Quiet")="always fails"
    pub value: String,
}

fn main() {}
