use k8s_validation::Validate;

#[derive(PartialEq, Debug)]
pub struct Quantity(pub String);

#[derive(Validate, PartialEq)]
pub struct ResourceList {
    /// +k8s:optional
    /// +k8s:maxItems=8
    pub limits: Vec<Option<Quantity>>,
}

fn main() {}
