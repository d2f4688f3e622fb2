use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct PodSpec {
    /// +k8s:optional
    /// +k8s:eachVal=+k8s:required
    pub image_pull_secrets: Vec<String>,
}

fn main() {}
