use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct LabelSelector {
    /// +k8s:optional
    pub match_expression: String,
}

#[derive(Validate, PartialEq)]
pub struct PodAffinityTerm {
    /// +k8s:optional
    pub label_selector: Option<LabelSelector>,
}

#[derive(Validate, PartialEq)]
#[validate(kubernetes = "1.37")]
pub struct Affinity {
    /// +k8s:subfield(label_selector)=+k8s:subfield(match_expression)=+k8s:maxLength=64
    pub pod_affinity: PodAffinityTerm,
}

fn main() {}
