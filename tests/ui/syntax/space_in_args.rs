use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct PodSpec {
    /// The node the pod is bound to.
    /// +k8s:ifEnabled( NodeNameRequired)=+k8s:required
    pub node_name: String,
}

fn main() {}
