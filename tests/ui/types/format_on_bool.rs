use k8s_validation::Validate;

#[derive(Validate, PartialEq)]
pub struct ServiceAccountSpec {
    /// +k8s:optional
    /// +k8s:format=k8s-short-name
    pub automount_token: bool,
}

fn main() {}
