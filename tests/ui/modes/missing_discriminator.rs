use k8s_validation::Validate;

// An `+k8s:ifMode` rule needs a `+k8s:modeDiscriminator` of its modality in
// the same struct.
#[derive(Validate, PartialEq)]
#[validate(kubernetes = "1.37")]
pub struct NoDiscriminator {
    /// +k8s:ifMode("A")=+k8s:required
    pub a: Option<String>,
}

#[derive(Validate, PartialEq)]
#[validate(kubernetes = "1.37")]
pub struct OtherModality {
    /// +k8s:modeDiscriminator(modality: "Type")
    pub kind: String,
    /// +k8s:ifMode(modality: "Phase", mode: "Running")=+k8s:required
    pub a: Option<String>,
}

fn main() {}
