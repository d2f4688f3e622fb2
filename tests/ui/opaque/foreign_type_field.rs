use k8s_validation::Validate;

/// A timestamp from another crate: it has no declarative validation.
#[derive(PartialEq, Debug)]
pub struct Time {
    pub seconds: i64,
}

#[derive(Validate, PartialEq)]
pub struct ObjectMeta {
    /// +k8s:optional
    pub creation_timestamp: Time,
}

fn main() {}
