use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct DeleteOptions;

fn main() {}
