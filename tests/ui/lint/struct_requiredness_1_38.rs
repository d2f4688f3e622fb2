use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct Options {
    /// +k8s:optional
    pub verbose: Option<bool>,
}

#[derive(Validate, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct Selector {
    /// +k8s:required
    pub name: String,
}

#[derive(Validate, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct Spec {
    /// Nothing makes `Options` required: the tag claims what it is not.
    ///
    /// +k8s:required
    pub options: Options,
    /// `Selector` has a required member: it is required whatever this says.
    ///
    /// +k8s:optional
    pub selector: Selector,
}

/// Not linted.
///
/// +k8s:validation-gen-nolint
#[derive(Validate, PartialEq)]
#[validate(kubernetes = "1.38")]
pub struct Quiet {
    /// +k8s:required
    pub options: Options,
}

fn main() {}
