use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct MetricTarget {
    /// +k8s:optional
    /// +k8s:neq=0
    pub utilization: f64,
}

fn main() {}
