use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct GatewaySpec {
    /// +k8s:optional
    /// +k8s:alpha(since: "1.36")=+k8s:maxLength=253
    pub hostname: String,
}

fn main() {}
