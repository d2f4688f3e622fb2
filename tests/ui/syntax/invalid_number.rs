use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ResourceQuotaSpec {
    /// +k8s:optional
    /// +k8s:maximum=1e6
    pub pods: i64,
}

fn main() {}
