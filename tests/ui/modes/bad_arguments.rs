use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
#[validate(kubernetes = "1.37")]
pub struct Modalities {
    /// +k8s:modeDiscriminator(modality: "1st")
    pub first: String,
    /// +k8s:modeDiscriminator(modality: "default")
    pub second: String,
    /// +k8s:ifMode(modality: "default", mode: "A")=+k8s:required
    pub a: Option<String>,
}

#[derive(Validate, PartialEq)]
#[validate(kubernetes = "1.37")]
pub struct Modes {
    /// +k8s:modeDiscriminator
    pub mode: String,
    /// +k8s:modeDiscriminator
    pub other: String,
    /// +k8s:ifMode(modality: "")=+k8s:required
    pub no_mode: Option<String>,
    /// 1.36's argument name.
    /// +k8s:ifMode(value: "A")=+k8s:required
    pub value: Option<String>,
    /// +k8s:ifMode("A")
    pub no_payload: Option<String>,
}

#[derive(Validate, PartialEq)]
#[validate(kubernetes = "1.37")]
pub struct BoolMode {
    /// +k8s:modeDiscriminator
    pub on: bool,
    /// +k8s:ifMode("yes")=+k8s:required
    pub a: Option<String>,
}

fn main() {}
