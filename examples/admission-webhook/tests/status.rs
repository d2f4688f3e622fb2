//! The runtime's `ErrorList` -> `Status` renderings agree with each other and
//! load into kube's and k8s-openapi's `Status` types.

use k8s_validation::field::{BadValue, Error, ErrorList, InvalidObject};
use kube_core::Status;

fn errors() -> ErrorList {
    let mut errs = ErrorList::new();
    errs.push(Error::invalid(
        "spec.replicas",
        BadValue::Int(-1),
        "must be greater than or equal to 0",
    ));
    errs.push(Error::required(
        "spec.template.spec.containers[0].image",
        "",
    ));
    errs
}

const OBJECT: InvalidObject<'static> = InvalidObject::new("apps", "Deployment", "web");

#[test]
fn kube_status_carries_every_cause() {
    let status: Status = serde_json::from_value(errors().to_status(OBJECT)).expect("a kube Status");
    assert_eq!(status.code, 422);
    assert_eq!(status.reason, "Invalid");
    assert_eq!(
        status.message,
        "Deployment.apps \"web\" is invalid: [spec.replicas: Invalid value: -1: must be greater than or equal to 0, spec.template.spec.containers[0].image: Required value]"
    );
    let details = status.details.expect("details");
    assert_eq!(
        (
            details.group.as_str(),
            details.kind.as_str(),
            details.name.as_str()
        ),
        ("apps", "Deployment", "web")
    );
    let causes: Vec<_> = details
        .causes
        .iter()
        .map(|c| (c.reason.as_str(), c.message.as_str(), c.field.as_str()))
        .collect();
    assert_eq!(
        causes,
        [
            (
                "FieldValueInvalid",
                "Invalid value: -1: must be greater than or equal to 0",
                "spec.replicas"
            ),
            (
                "FieldValueRequired",
                "Required value",
                "spec.template.spec.containers[0].image"
            ),
        ]
    );
}

#[test]
fn k8s_openapi_status_is_the_same_json() {
    let typed = serde_json::to_value(errors().to_k8s_status(OBJECT)).expect("serialize");
    let mut rendered = errors().to_status(OBJECT);
    // k8s-openapi writes an empty `metadata` only when set; the apiserver
    // always writes `{}`.
    rendered
        .as_object_mut()
        .expect("an object")
        .remove("metadata");
    let mut typed = typed;
    typed.as_object_mut().expect("an object").remove("metadata");
    assert_eq!(typed, rendered);
}

#[test]
fn an_empty_list_has_no_causes() {
    let status = ErrorList::new().to_status(InvalidObject::new("", "Pod", "p"));
    assert_eq!(status["message"], "Pod \"p\" is invalid");
    assert_eq!(
        status["details"],
        serde_json::json!({"name": "p", "kind": "Pod"})
    );
}
