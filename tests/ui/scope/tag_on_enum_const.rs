use k8s_validation::Validate;

/// +k8s:enum
#[derive(Validate, PartialEq)]
pub struct Protocol(pub String);

#[k8s_validation::enum_values]
impl Protocol {
    pub const TCP: &'static str = "TCP";
    /// +k8s:maxLength=4
    pub const UDP: &'static str = "UDP";
}

fn main() {}
