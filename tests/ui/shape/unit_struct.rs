use validation_runtime::Validate;

#[derive(Validate, PartialEq)]
pub struct DeleteOptions;

fn main() {}
