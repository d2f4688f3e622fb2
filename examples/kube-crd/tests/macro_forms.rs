//! The forms `custom_resource!` accepts, on hand-written roots shaped like
//! kube's (`metadata` + `spec` [+ `status`]).

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use k8s_validation::{Operation, Validate};

#[derive(Clone, Debug, Default, Validate)]
pub struct Spec {
    /// +k8s:optional
    /// +k8s:minimum=1
    pub size: Option<i32>,
}

macro_rules! root {
    ($name:ident) => {
        #[derive(Clone, Debug, Default)]
        pub struct $name {
            pub metadata: ObjectMeta,
            pub spec: Spec,
        }
    };
}
root!(Defaults);
root!(ClusterScoped);
root!(LongNameTrailingComma);
root!(MetadataOnly);

k8s_validation::custom_resource!(Defaults { metadata, spec });
k8s_validation::custom_resource!(ClusterScoped { metadata(scope = Cluster), spec, });
k8s_validation::custom_resource!(LongNameTrailingComma {
    metadata(name = "k8s-long-name", scope = Unchecked,),
    spec,
});
k8s_validation::custom_resource!(MetadataOnly { metadata() });

fn meta(name: &str, namespace: Option<&str>) -> ObjectMeta {
    ObjectMeta {
        name: Some(name.into()),
        namespace: namespace.map(Into::into),
        ..Default::default()
    }
}

fn render(errs: k8s_validation::ErrorList) -> Vec<String> {
    errs.iter().map(|e| e.to_string()).collect()
}

#[test]
fn defaults_are_the_api_servers() {
    // A DNS subdomain (dots allowed), namespace unchecked.
    let r = Defaults {
        metadata: meta("a.b", None),
        spec: Spec { size: Some(0) },
    };
    assert_eq!(
        render(r.validate(&Operation::create())),
        ["spec.size: Invalid value: 0: must be greater than or equal to 1"]
    );
}

#[test]
fn cluster_scope_forbids_a_namespace() {
    let r = ClusterScoped {
        metadata: meta("a", Some("default")),
        spec: Spec::default(),
    };
    assert_eq!(
        render(r.validate(&Operation::create())),
        ["metadata.namespace: Forbidden: not allowed on this type"]
    );
}

#[test]
fn other_forms() {
    let r = LongNameTrailingComma {
        metadata: meta("a.b", Some("ns")),
        spec: Spec::default(),
    };
    assert!(r.validate(&Operation::create()).is_empty());
    // Only metadata: the spec is not validated.
    let r = MetadataOnly {
        metadata: meta("", None),
        spec: Spec { size: Some(0) },
    };
    assert_eq!(
        render(r.validate(&Operation::create())),
        ["metadata.name: Required value: name or generateName is required"]
    );
}
