use k8s_validation::Validate;

/// The OpenAPI generator's `+enum` alone: 1.38's lint wants `+k8s:enum` too.
///
/// +enum
#[derive(Validate, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct Protocol(pub String);

fn main() {}
