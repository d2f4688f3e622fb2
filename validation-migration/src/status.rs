//! The Kubernetes `Status` body of an invalid object.

use k8s_validation::field::{ErrorList, InvalidObject};

/// [`ErrorList::to_status_json`] with the object's group, kind and name as
/// arguments: the JSON body a Kubernetes API server answers an invalid object with
/// (HTTP 422, upstream's `errors.NewInvalid`): `reason: Invalid`, the message
/// `<Kind>[.<group>] "<name>" is invalid: <errors>` (errors deduplicated by
/// text, `[e1, e2]` for several), and one `details.causes[]` entry per error
/// with `reason` = the error type string (`FieldValueInvalid`), `message` =
/// the text after the field, and `field`. Keys in upstream's order; empty
/// fields omitted as upstream's `omitempty` does.
///
/// ```
/// use k8s_validation::field::{BadValue, Error, ErrorList};
/// use k8s_validation_migration::invalid_status_json;
///
/// let errs: ErrorList = Error::invalid("spec.replicas", BadValue::Int(-1), "must be greater than or equal to 0").into();
/// let body = invalid_status_json("example.dev", "Widget", "w1", &errs);
/// assert_eq!(
///     body,
///     r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Widget.example.dev \"w1\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0","reason":"Invalid","details":{"name":"w1","group":"example.dev","kind":"Widget","causes":[{"reason":"FieldValueInvalid","message":"Invalid value: -1: must be greater than or equal to 0","field":"spec.replicas"}]},"code":422}"#
/// );
/// ```
pub fn invalid_status_json(group: &str, kind: &str, name: &str, errs: &ErrorList) -> String {
    errs.to_status_json(InvalidObject::new(group, kind, name))
}
