use validation_runtime::Validate;

#[derive(Validate, PartialEq)]
pub struct ScheduleSpec {
    /// +k8s:discriminator
    /// +k8s:required
    pub mode: String,
}

fn main() {}
