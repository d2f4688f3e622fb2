use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct Selector {
    /// +k8s:optional
    pub match_labels: std::collections::BTreeMap<String, String>,
}

#[derive(Validate, PartialEq)]
pub struct ReplicaSetSpec {
    /// +k8s:subfield(matchLabels=+k8s:maxProperties=16
    pub selector: Selector,
}

fn main() {}
