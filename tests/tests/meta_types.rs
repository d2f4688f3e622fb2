//! The shipped meta/v1 types (`k8s_validation::meta::v1_37`, feature
//! `meta`) as field types of a user's struct validated at 1.37: upstream's
//! errors for them (apimachinery v0.37.2 `pkg/apis/meta/v1` tags, and its
//! generated `pkg/apis/meta/v1/validation`), with paths through serde
//! names, origins and alpha marks; and Kubernetes JSON in and out.
//!
//! The real-API oracle (`tests/upstream-oracle/run-realapi --release 1.37`)
//! judges the same types inside every 1.37 API group against upstream on
//! random objects; these cases pin the user-facing behaviour.

use k8s_validation::meta::v1_37::{
    Condition, ConditionStatus, ManagedFieldsEntry, ManagedFieldsOperationType, ObjectMeta,
    OwnerReference,
};
use k8s_validation::{ErrorList, Operation, StabilityLevel, Time, Validate};
use serde::{Deserialize, Serialize};

/// A custom resource as a user writes it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[validate(kubernetes = "1.37")]
#[serde(rename_all = "camelCase")]
pub struct Widget {
    /// Standard object metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The widget's status.
    #[serde(default)]
    pub status: WidgetStatus,
}

/// Its status, with conditions keyed by type as upstream's groups declare them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate)]
#[validate(kubernetes = "1.37")]
#[serde(rename_all = "camelCase")]
pub struct WidgetStatus {
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=type
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}

/// (text, origin, alpha) of each error.
fn seen(errs: &ErrorList) -> Vec<(String, Option<String>, bool)> {
    errs.iter()
        .map(|e| {
            assert_ne!(e.stability_level(), Some(StabilityLevel::Beta));
            (e.to_string(), e.origin().map(str::to_string), e.is_alpha())
        })
        .collect()
}

fn want(items: &[(&str, Option<&str>)]) -> Vec<(String, Option<String>, bool)> {
    // Every rule on the meta types is `+k8s:alpha(since: "1.37")`.
    items
        .iter()
        .map(|(t, o)| (t.to_string(), o.map(str::to_string), true))
        .collect()
}

fn time(s: &str) -> Time {
    serde_json::from_value(serde_json::Value::from(s)).expect("RFC 3339 time")
}

fn good_condition(ty: &str) -> Condition {
    Condition {
        type_: ty.into(),
        status: ConditionStatus(ConditionStatus::ConditionTrue.into()),
        observed_generation: 1,
        last_transition_time: time("2026-01-02T03:04:05Z"),
        reason: "Ready".into(),
        message: String::new(),
    }
}

fn good() -> Widget {
    Widget {
        metadata: ObjectMeta {
            name: "w".into(),
            uid: "1234".into(),
            generation: 1,
            creation_timestamp: time("2026-01-01T00:00:00Z"),
            owner_references: vec![OwnerReference {
                api_version: "v1".into(),
                kind: "ConfigMap".into(),
                name: "owner".into(),
                uid: "abcd".into(),
                controller: Some(true),
                block_owner_deletion: None,
            }],
            managed_fields: vec![ManagedFieldsEntry {
                manager: "kubectl".into(),
                operation: ManagedFieldsOperationType(
                    ManagedFieldsOperationType::ManagedFieldsOperationApply.into(),
                ),
                ..Default::default()
            }],
            ..Default::default()
        },
        status: WidgetStatus {
            conditions: vec![good_condition("Ready"), good_condition("Synced")],
        },
    }
}

#[test]
fn a_valid_object_has_no_errors() {
    assert_eq!(seen(&good().validate(&Operation::create())), vec![]);
    let old = good();
    assert_eq!(
        seen(&good().validate_update(&old, &Operation::update())),
        vec![]
    );
}

#[test]
fn metadata_rules_on_create() {
    let mut w = good();
    w.metadata.generation = -1;
    w.metadata.owner_references[0] = OwnerReference::default();
    w.metadata.managed_fields[0].operation = ManagedFieldsOperationType("Patch".into());
    assert_eq!(
        seen(&w.validate(&Operation::create())),
        want(&[
            (
                "metadata.generation: Invalid value: -1: must be greater than or equal to 0",
                Some("minimum")
            ),
            (
                "metadata.ownerReferences[0].apiVersion: Required value",
                None
            ),
            ("metadata.ownerReferences[0].kind: Required value", None),
            ("metadata.ownerReferences[0].name: Required value", None),
            ("metadata.ownerReferences[0].uid: Required value", None),
            (
                "metadata.managedFields[0].operation: Unsupported value: \"Patch\": supported values: \"Apply\", \"Update\"",
                None
            ),
        ])
    );
}

#[test]
fn condition_rules() {
    let mut w = good();
    w.status.conditions[1] = Condition {
        status: ConditionStatus("Maybe".into()),
        observed_generation: -2,
        reason: "x".repeat(1025),
        ..Default::default()
    };
    assert_eq!(
        seen(&w.validate(&Operation::create())),
        want(&[
            ("status.conditions[1].type: Required value", None),
            (
                "status.conditions[1].status: Unsupported value: \"Maybe\": supported values: \"False\", \"True\", \"Unknown\"",
                None
            ),
            (
                "status.conditions[1].observedGeneration: Invalid value: -2: must be greater than or equal to 0",
                Some("minimum")
            ),
            ("status.conditions[1].lastTransitionTime: Required value", None),
            (
                "status.conditions[1].reason: Too long: may not be more than 1024 bytes",
                Some("maxBytes")
            ),
        ])
    );
}

#[test]
fn duplicate_condition_types() {
    let mut w = good();
    w.status.conditions[1].type_ = "Ready".into();
    assert_eq!(
        seen(&w.validate(&Operation::create())),
        vec![(
            // Upstream prints the whole item.
            "status.conditions[1]: Duplicate value: {\"type\":\"Ready\",\"status\":\"True\",\"observedGeneration\":1,\"lastTransitionTime\":\"2026-01-02T03:04:05Z\",\"reason\":\"Ready\",\"message\":\"\"}".to_string(),
            None,
            false
        )]
    );
}

#[test]
fn immutable_metadata_on_update() {
    let old = good();
    let mut w = good();
    w.metadata.uid = "other".into();
    w.metadata.creation_timestamp = time("2026-06-01T00:00:00Z");
    w.metadata.deletion_grace_period_seconds = Some(30);
    // Unchanged by value: the same instant in another offset.
    w.status.conditions[0].last_transition_time = time("2026-01-02T04:04:05+01:00");
    // Upstream's `Immutable` reports no value (`null`).
    assert_eq!(
        seen(&w.validate_update(&old, &Operation::update())),
        want(&[
            (
                "metadata.uid: Invalid value: null: field is immutable",
                Some("immutable")
            ),
            (
                "metadata.creationTimestamp: Invalid value: null: field is immutable",
                Some("immutable")
            ),
            (
                "metadata.deletionGracePeriodSeconds: Invalid value: null: field is immutable",
                Some("immutable")
            ),
        ])
    );
}

#[test]
fn kubernetes_json() {
    let json = serde_json::json!({
        "metadata": {
            "name": "w",
            "uid": "1234",
            "generation": 1,
            "creationTimestamp": null,
            "labels": null,
            "ownerReferences": [
                {"apiVersion": "v1", "kind": "ConfigMap", "name": "o", "uid": "u", "controller": true}
            ],
            "managedFields": [
                {"manager": "m", "operation": "Update", "time": "2026-01-01T00:00:00Z",
                 "fieldsType": "FieldsV1", "fieldsV1": {"f:metadata": {}}}
            ]
        },
        "status": {
            "conditions": [
                {"type": "Ready", "status": "True", "lastTransitionTime": "2026-01-02T03:04:05Z",
                 "reason": "Ready", "message": ""}
            ]
        }
    });
    let w: Widget = serde_json::from_value(json).expect("Kubernetes JSON");
    assert_eq!(w.metadata.owner_references[0].controller, Some(true));
    assert!(w.metadata.creation_timestamp.is_zero());
    assert_eq!(seen(&w.validate(&Operation::create())), vec![]);
    // Out: omitempty as upstream (a zero Time is null, as Go prints it).
    let out = serde_json::to_value(&w).expect("serialize");
    assert_eq!(
        out["metadata"],
        serde_json::json!({
            "name": "w",
            "uid": "1234",
            "generation": 1,
            "creationTimestamp": null,
            "ownerReferences": [
                {"apiVersion": "v1", "kind": "ConfigMap", "name": "o", "uid": "u", "controller": true}
            ],
            "managedFields": [
                {"manager": "m", "operation": "Update", "time": "2026-01-01T00:00:00Z",
                 "fieldsType": "FieldsV1", "fieldsV1": {"f:metadata": {}}}
            ]
        })
    );
    assert_eq!(
        out["status"]["conditions"][0],
        serde_json::json!({"type": "Ready", "status": "True",
            "lastTransitionTime": "2026-01-02T03:04:05Z", "reason": "Ready", "message": ""})
    );
}
