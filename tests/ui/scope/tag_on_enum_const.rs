use validation_runtime::Validate;

/// +k8s:enum
#[derive(Validate, PartialEq)]
pub struct Protocol(pub String);

#[validation_runtime::enum_values]
impl Protocol {
    pub const TCP: &'static str = "TCP";
    /// +k8s:maxLength=4
    pub const UDP: &'static str = "UDP";
}

fn main() {}
