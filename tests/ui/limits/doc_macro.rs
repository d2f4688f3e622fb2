use k8s_validation::Validate;

/// A tag built by a macro would be lost: the derive reads doc comments
/// before macros expand, so it is an error (as in the CLI).
#[derive(Validate, PartialEq)]
pub struct Widget {
    #[doc = concat!("+k8s:", "minimum=1")]
    pub replicas: i32,
}

fn main() {}
