use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct TolerationList {
    /// +k8s:optional
    /// +k8s:MaxItems=16
    pub tolerations: Vec<String>,
}

fn main() {}
