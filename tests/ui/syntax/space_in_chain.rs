use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct NodeSelector {
    /// +k8s:eachVal=+ k8s:minLength=1
    pub values: Vec<String>,
}

fn main() {}
