use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct LabelSelectorRequirement {
    /// +k8s:required
    /// +k8s:maxLength=-1
    pub key: String,
}

fn main() {}
