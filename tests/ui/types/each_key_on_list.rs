use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct PodSpec {
    /// +k8s:optional
    /// +k8s:eachKey=+k8s:format=k8s-label-key
    pub node_selector: Vec<String>,
}

fn main() {}
