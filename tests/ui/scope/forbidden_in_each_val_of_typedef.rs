use k8s_validation::Validate;

/// Presence tags apply to fields only, not to list values, even through a
/// typedef's own tags.
///
/// +k8s:eachVal=+k8s:forbidden
#[derive(Validate, PartialEq)]
pub struct Finalizers(pub Vec<String>);

fn main() {}
