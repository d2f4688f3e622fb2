use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ServiceSpec {
    /// +k8s:optional
    /// +k8s:ifEnabled(DualStack, IPv6)=+k8s:format=k8s-ip
    pub cluster_ip: String,
}

fn main() {}
