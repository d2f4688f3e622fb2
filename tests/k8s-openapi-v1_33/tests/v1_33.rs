//! k8s-openapi `v1_33` with the default validation release: the crate
//! builds, the versions read as such, and validation runs.

use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{
    LabelSelector, LabelSelectorRequirement, ObjectMeta,
};
use k8s_openapi_v1_33_check::{Gadget, GadgetSpec};
use k8s_validation::k8s::{K8S_OPENAPI_RELEASE, VALIDATED_RELEASE};
use k8s_validation::{Operation, Release, Validate};

fn gadget(name: &str, spec: GadgetSpec) -> Gadget {
    let mut g = Gadget::new(name, spec);
    g.metadata = ObjectMeta {
        name: Some(name.into()),
        namespace: Some("default".into()),
        ..Default::default()
    };
    g
}

fn spec() -> GadgetSpec {
    GadgetSpec {
        replicas: Some(1),
        memory: Some(Quantity("1Gi".into())),
        selector: None,
        aliases: vec!["a".into()],
    }
}

fn texts(errs: k8s_validation::ErrorList) -> Vec<String> {
    errs.iter().map(|e| e.to_string()).collect()
}

#[test]
fn versions_are_1_33_and_1_35() {
    assert_eq!(K8S_OPENAPI_RELEASE, Some(Release::V1_33));
    assert_eq!(VALIDATED_RELEASE, Release::V1_35);
}

#[test]
fn a_valid_gadget_passes() {
    assert!(gadget("web", spec())
        .validate(&Operation::create())
        .is_empty());
}

#[test]
fn tags_on_own_types_and_k8s_openapi_fields_report() {
    let mut s = spec();
    s.replicas = Some(-1);
    s.memory = None;
    s.selector = Some(LabelSelector {
        match_expressions: Some(vec![
            LabelSelectorRequirement {
                key: "k".into(),
                operator: "Exists".into(),
                values: None,
            };
            3
        ]),
        match_labels: None,
    });
    s.aliases = vec!["A".into()];
    assert_eq!(
        texts(gadget("Bad_Name", s).validate(&Operation::create())),
        [
            "metadata.name: Invalid value: \"Bad_Name\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
            "spec.replicas: Invalid value: -1: must be greater than or equal to 0",
            "spec.memory: Required value",
            "spec.selector.matchExpressions: Too many: 3: must have at most 2 items",
            "spec.aliases[0]: Invalid value: \"A\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
        ]
    );
}

#[test]
fn quantities_compare_by_value_on_update() {
    let old = gadget("web", spec());
    let mut new = old.clone();
    new.spec.memory = Some(Quantity("1024Mi".into()));
    assert!(new.validate_update(&old, &Operation::update()).is_empty());
    new.spec.memory = Some(Quantity("2Gi".into()));
    assert_eq!(
        texts(new.validate_update(&old, &Operation::update())),
        ["spec.memory: Invalid value: null: field is immutable"]
    );
}
