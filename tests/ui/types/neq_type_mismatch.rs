use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct HorizontalScalerSpec {
    /// +k8s:optional
    /// +k8s:neq="zero"
    pub min_replicas: i32,
}

fn main() {}
