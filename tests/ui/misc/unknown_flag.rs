use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct FixtureSpec {
    /// +k8s:optional
    /// +k8s:validateFalse(flags: "ShortCircuit,Quiet")="always fails"
    pub value: String,
}

fn main() {}
