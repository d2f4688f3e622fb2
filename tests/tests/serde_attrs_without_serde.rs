//! serde's helper attributes work with `#[derive(Validate)]` alone (issue 11
//! item 5): this file does not derive `Serialize`/`Deserialize`, so it only
//! compiles because the derive declares `serde` as a helper attribute, and
//! the error paths follow the attributes.

use k8s_validation::{ErrorType, Operation, Validate};

#[derive(Validate)]
#[serde(rename_all = "camelCase")]
pub struct Spec {
    /// +k8s:minimum=1
    pub replica_count: i32,
    /// +k8s:maxLength=3
    #[serde(rename = "displayName")]
    pub title: String,
    /// +k8s:required
    #[serde(skip)]
    pub cache: String,
}

#[test]
fn serde_names_without_serde_derive() {
    let spec = Spec {
        replica_count: 0,
        title: "long".into(),
        cache: String::new(),
    };
    let errs = spec.validate(&Operation::create());
    let got: Vec<(String, ErrorType)> = errs
        .iter()
        .map(|e| (e.field().to_string(), e.kind()))
        .collect();
    assert_eq!(
        got,
        vec![
            ("replicaCount".to_string(), ErrorType::Invalid),
            ("displayName".to_string(), ErrorType::TooLong),
        ]
    );
}
