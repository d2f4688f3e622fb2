use k8s_validation::Validate;

/// +k8s:required
#[derive(Validate, PartialEq)]
pub struct StatefulSetSpec {
    /// +k8s:optional
    /// +k8s:minimum=0
    /// +k8s:maxLength=10
    pub replicas: Option<i32>,
    /// +k8s:requried
    pub service_name: String,
    /// +k8s:optional
    /// +k8s:format=k8s-dns
    pub pod_management_policy: String,
}

fn main() {}
