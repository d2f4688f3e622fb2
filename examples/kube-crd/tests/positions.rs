//! k8s-openapi types in every tag position, through `#[derive(Validate)]`
//! (feature `k8s-openapi` of k8s-validation, k8s-openapi `latest`).
//!
//! Expected errors are upstream's (Kubernetes 1.35): paths, types, values
//! and messages as `field.ErrorList` prints them.

use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{
    Condition, LabelSelector, LabelSelectorRequirement, MicroTime, ObjectMeta, Time,
};
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;
use k8s_validation::{ErrorList, IsZero, Operation, SemanticEq, Validate};
use serde::{Deserialize, Serialize};

/// Every position, with each k8s-openapi type.
#[derive(Serialize, Deserialize, Clone, Debug, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Holder {
    /// subfield(name) on ObjectMeta (as upstream's DeviceClass).
    ///
    /// +k8s:subfield(name)=+k8s:optional
    /// +k8s:subfield(name)=+k8s:format=k8s-long-name
    /// +k8s:subfield(generation)=+k8s:minimum=1
    #[serde(default)]
    pub metadata: ObjectMeta,

    /// Required and immutable quantity.
    ///
    /// +k8s:required
    /// +k8s:immutable
    pub memory: Option<Quantity>,

    /// A non-pointer quantity: as Go's `resource.Quantity` is a struct,
    /// presence tags are refused on it (upstream: `non-pointer structs
    /// cannot use the "k8s:required" tag`); its value is validated.
    ///
    /// +k8s:immutable
    #[serde(default)]
    pub cpu: Quantity,

    /// +k8s:optional
    /// +k8s:immutable
    pub started: Option<Time>,

    /// +k8s:forbidden
    pub renewed: Option<MicroTime>,

    /// +k8s:required
    pub port: Option<IntOrString>,

    /// +k8s:optional
    /// +k8s:subfield(matchExpressions)=+k8s:maxItems=1
    /// +k8s:subfield(matchLabels)=+k8s:eachKey=+k8s:format=k8s-label-key
    pub selector: Option<LabelSelector>,

    /// List-map keyed by a k8s-openapi field; item and eachVal reach its
    /// fields.
    ///
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=type
    /// +k8s:item(type: "Ready")=+k8s:subfield(reason)=+k8s:required
    /// +k8s:eachVal=+k8s:subfield(reason)=+k8s:format=k8s-short-name
    #[serde(default)]
    pub conditions: Vec<Condition>,

    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:listMapKey=operator
    #[serde(default)]
    pub requirements: Vec<LabelSelectorRequirement>,

    /// Quantities under eachVal: ratcheted per entry by value.
    ///
    /// +k8s:optional
    /// +k8s:eachVal=+k8s:immutable
    #[serde(default)]
    pub limits: BTreeMap<String, Quantity>,

    /// Quantities keyed by a formatted name.
    ///
    /// +k8s:optional
    /// +k8s:eachKey=+k8s:format=k8s-short-name
    #[serde(default)]
    pub requests: BTreeMap<String, Quantity>,

    /// A set of quantities: duplicates by value.
    ///
    /// +k8s:optional
    /// +k8s:listType=set
    #[serde(default)]
    pub sizes: Vec<Quantity>,

    /// Times under eachVal.
    ///
    /// +k8s:optional
    /// +k8s:listType=set
    /// +k8s:eachVal=+k8s:immutable
    #[serde(default)]
    pub checkpoints: Vec<Time>,
}

fn q(s: &str) -> Quantity {
    Quantity(s.into())
}

fn t(s: &str) -> Time {
    serde_json::from_value(serde_json::json!(s)).expect("a time")
}

fn cond(ty: &str, reason: &str) -> Condition {
    Condition {
        type_: ty.into(),
        status: "True".into(),
        reason: reason.into(),
        message: String::new(),
        observed_generation: None,
        last_transition_time: t("2025-01-01T00:00:00Z"),
    }
}

fn valid() -> Holder {
    Holder {
        metadata: ObjectMeta {
            name: Some("web".into()),
            generation: Some(1),
            ..Default::default()
        },
        memory: Some(q("1Gi")),
        cpu: q("500m"),
        started: Some(t("2025-01-01T10:00:00Z")),
        renewed: None,
        port: Some(IntOrString::Int(80)),
        selector: Some(LabelSelector {
            match_labels: Some(BTreeMap::from([("app".into(), "web".into())])),
            match_expressions: None,
        }),
        conditions: vec![cond("Ready", "all-good"), cond("Synced", "done")],
        requirements: vec![LabelSelectorRequirement {
            key: "tier".into(),
            operator: "In".into(),
            values: Some(vec!["a".into()]),
        }],
        limits: BTreeMap::from([("mem".into(), q("2Gi"))]),
        requests: BTreeMap::from([("mem".into(), q("1Gi"))]),
        sizes: vec![q("1Gi"), q("2Gi")],
        checkpoints: vec![t("2025-01-01T00:00:00Z")],
    }
}

fn render(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(|e| e.to_string()).collect()
}

#[test]
fn valid_object_has_no_errors() {
    let h = valid();
    assert_eq!(
        render(&h.validate(&Operation::create())),
        Vec::<String>::new()
    );
    assert_eq!(
        render(&h.validate_update(&h.clone(), &Operation::update())),
        Vec::<String>::new()
    );
}

#[test]
fn required_optional_forbidden() {
    let mut h = valid();
    h.memory = None;
    h.cpu = q("0Mi");
    h.port = None;
    h.renewed =
        Some(serde_json::from_value(serde_json::json!("2025-01-01T00:00:00.000000Z")).unwrap());
    assert_eq!(
        render(&h.validate(&Operation::create())),
        [
            "memory: Required value",
            "renewed: Forbidden",
            "port: Required value",
        ]
    );
    // A string IntOrString is set, even when empty (a Go struct value).
    h.memory = Some(q("1Gi"));
    h.cpu = q("1");
    h.renewed = None;
    h.port = Some(IntOrString::String(String::new()));
    assert!(h.validate(&Operation::create()).is_empty());
}

#[test]
fn subfield_of_object_meta() {
    let mut h = valid();
    h.metadata.name = Some("Web_1".into());
    h.metadata.generation = None; // Go's 0
    assert_eq!(
        render(&h.validate(&Operation::create())),
        [
            "metadata.name: Invalid value: \"Web_1\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
            "metadata.generation: Invalid value: 0: must be greater than or equal to 1",
        ]
    );
    // `+k8s:optional` on a Go string: unset (None) and "" are both absent.
    h.metadata.generation = Some(2);
    for name in [None, Some(String::new())] {
        h.metadata.name = name;
        assert!(h.validate(&Operation::create()).is_empty());
    }
    // Unchanged on update: ratcheted, no error even though invalid.
    h.metadata.name = Some("Web_1".into());
    assert!(h
        .validate_update(&h.clone(), &Operation::update())
        .is_empty());
}

#[test]
fn subfields_of_label_selector() {
    let mut h = valid();
    h.selector = Some(LabelSelector {
        match_labels: Some(BTreeMap::from([("bad key".into(), "x".into())])),
        match_expressions: Some(vec![
            LabelSelectorRequirement {
                key: "a".into(),
                operator: "Exists".into(),
                values: None,
            },
            LabelSelectorRequirement {
                key: "b".into(),
                operator: "Exists".into(),
                values: None,
            },
        ]),
    });
    assert_eq!(
        render(&h.validate(&Operation::create())),
        [
            "selector.matchExpressions: Too many: 2: must have at most 1 item",
            "selector.matchLabels: Invalid value: \"bad key\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
        ]
    );
}

#[test]
fn list_map_keys_item_and_each_val_on_conditions() {
    let mut h = valid();
    h.conditions = vec![
        cond("Ready", ""),
        cond("Synced", "Not_OK"),
        cond("Ready", "x"),
    ];
    h.requirements.push(LabelSelectorRequirement {
        key: "tier".into(),
        operator: "In".into(),
        values: None,
    });
    assert_eq!(
        render(&h.validate(&Operation::create())),
        [
            // eachVal on every item, then the list-map's uniqueness (the
            // whole duplicate item, as Go's JSON), then the item selector.
            "conditions[0].reason: Invalid value: \"\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
            "conditions[1].reason: Invalid value: \"Not_OK\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
            "conditions[2]: Duplicate value: {\"type\":\"Ready\",\"status\":\"True\",\"lastTransitionTime\":\"2025-01-01T00:00:00Z\",\"reason\":\"x\",\"message\":\"\"}",
            "conditions[0].reason: Required value",
            "requirements[1]: Duplicate value: {\"key\":\"tier\",\"operator\":\"In\"}",
        ]
    );
}

#[test]
fn quantity_ratchets_by_value() {
    let old = valid();
    let mut new = old.clone();
    new.memory = Some(q("1024Mi"));
    new.limits.insert("mem".into(), q("2048Mi"));
    new.sizes = vec![q("2048Mi"), q("1Gi")];
    assert!(new.validate_update(&old, &Operation::update()).is_empty());
    assert!(q("1Gi").semantic_eq(&q("1024Mi")));
    assert!(q("0").is_zero() && q("0Gi").is_zero() && !q("1m").is_zero());

    new.memory = Some(q("2Gi"));
    new.limits.insert("mem".into(), q("3Gi"));
    new.limits.insert("cpu".into(), q("1"));
    new.requests.insert("Bad_Key".into(), q("0"));
    assert_eq!(
        render(&new.validate_update(&old, &Operation::update())),
        [
            "memory: Invalid value: null: field is immutable",
            // A new entry has no old value: a change, as upstream.
            "limits[cpu]: Invalid value: null: field is immutable",
            "limits[mem]: Invalid value: null: field is immutable",
            "requests: Invalid value: \"Bad_Key\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
        ]
    );
}

#[test]
fn quantity_set_duplicates_by_value() {
    let mut h = valid();
    h.sizes = vec![q("1Gi"), q("1024Mi")];
    assert_eq!(
        render(&h.validate(&Operation::create())),
        ["sizes[1]: Duplicate value: \"1Gi\""]
    );
}

#[test]
fn time_respelled_at_another_offset_is_unchanged() {
    let old = valid();
    let mut new = old.clone();
    new.started = Some(t("2025-01-01T12:00:00+02:00"));
    new.checkpoints = vec![t("2025-01-01T01:00:00+01:00")];
    assert!(new.started.semantic_eq(&old.started));
    assert!(new.validate_update(&old, &Operation::update()).is_empty());

    new.started = Some(t("2025-01-01T10:00:01Z"));
    assert_eq!(
        render(&new.validate_update(&old, &Operation::update())),
        ["started: Invalid value: null: field is immutable"]
    );
    // Cleared: also a change.
    new.started = None;
    assert_eq!(
        render(&new.validate_update(&old, &Operation::update())),
        ["started: Invalid value: null: field is immutable"]
    );
}

#[test]
fn condition_unchanged_when_only_unset_and_zero_differ() {
    // `observedGeneration` unset (k8s-openapi `None`) is Go's 0.
    let a = cond("Ready", "ok");
    let mut b = a.clone();
    b.observed_generation = Some(0);
    assert!(a.semantic_eq(&b));
    b.observed_generation = Some(1);
    assert!(!a.semantic_eq(&b));
    let m1 = ObjectMeta {
        labels: None,
        ..Default::default()
    };
    let m2 = ObjectMeta {
        labels: Some(BTreeMap::new()),
        name: Some(String::new()),
        ..Default::default()
    };
    assert!(m1.semantic_eq(&m2));
}

#[test]
fn bad_values_print_as_go_json() {
    use k8s_validation::field::ToBadValue;
    let json = |v: &dyn Fn(&mut String)| {
        let mut s = String::new();
        v(&mut s);
        s
    };
    assert_eq!(json(&|s| q("1024Mi").write_json(s)), "\"1Gi\"");
    assert_eq!(json(&|s| IntOrString::Int(8).write_json(s)), "8");
    assert_eq!(
        json(&|s| IntOrString::String("http".into()).write_json(s)),
        "\"http\""
    );
    assert_eq!(
        json(&|s| t("2025-01-01T12:00:00+02:00").write_json(s)),
        "\"2025-01-01T10:00:00Z\""
    );
    // Go's field order and omitempty; a zero creationTimestamp is `null`.
    let meta = ObjectMeta {
        name: Some("web".into()),
        labels: Some(BTreeMap::new()),
        ..Default::default()
    };
    assert_eq!(
        json(&|s| meta.write_json(s)),
        "{\"name\":\"web\",\"creationTimestamp\":null}"
    );
    assert_eq!(
        json(&|s| cond("Ready", "ok").write_json(s)),
        "{\"type\":\"Ready\",\"status\":\"True\",\"lastTransitionTime\":\"2025-01-01T00:00:00Z\",\"reason\":\"ok\",\"message\":\"\"}"
    );
}

/// `core/v1` types under subfield, listMapKey and eachKey.
#[derive(Serialize, Clone, Debug, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct PodBits {
    /// Keyed by two Go value fields that k8s-openapi holds as `Option`.
    ///
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:listMapKey=effect
    pub tolerations: Vec<k8s_openapi::api::core::v1::Toleration>,

    /// +k8s:optional
    /// +k8s:subfield(limits)=+k8s:eachKey=+k8s:format=k8s-short-name
    /// +k8s:subfield(requests)=+k8s:eachVal=+k8s:immutable
    pub resources: Option<k8s_openapi::api::core::v1::ResourceRequirements>,

    /// +k8s:optional
    /// +k8s:subfield(nodeSelectorTerms)=+k8s:maxItems=1
    pub node_selector: Option<k8s_openapi::api::core::v1::NodeSelector>,

    /// +k8s:required
    /// +k8s:subfield(key)=+k8s:required
    /// +k8s:subfield(name)=+k8s:format=k8s-long-name
    pub secret: Option<k8s_openapi::api::core::v1::SecretKeySelector>,
}

#[test]
fn core_v1_types_in_positions() {
    use k8s_openapi::api::core::v1::{
        NodeSelector, NodeSelectorTerm, ResourceRequirements, SecretKeySelector, Toleration,
    };
    let tol = |key: Option<&str>, effect: &str| Toleration {
        key: key.map(Into::into),
        effect: Some(effect.into()),
        ..Default::default()
    };
    let old = PodBits {
        // An unset key is Go's "": the first two are the same key.
        tolerations: vec![tol(None, "NoSchedule"), tol(Some("a"), "NoSchedule")],
        resources: Some(ResourceRequirements {
            limits: Some(BTreeMap::from([("memory".into(), q("1Gi"))])),
            requests: Some(BTreeMap::from([("memory".into(), q("1Gi"))])),
            ..Default::default()
        }),
        node_selector: Some(NodeSelector {
            node_selector_terms: vec![NodeSelectorTerm::default()],
        }),
        secret: Some(SecretKeySelector {
            name: "creds".into(),
            key: "token".into(),
            optional: None,
        }),
    };
    assert!(old.validate(&Operation::create()).is_empty());

    let mut new = old.clone();
    new.tolerations.push(tol(Some(""), "NoSchedule"));
    let resources = new.resources.as_mut().unwrap();
    resources.limits = Some(BTreeMap::from([
        ("memory".into(), q("1Gi")),
        ("Big_Cpu".into(), q("2")),
    ]));
    // Re-spelled: unchanged. A new entry: changed.
    resources.requests = Some(BTreeMap::from([
        ("memory".into(), q("1024Mi")),
        ("cpu".into(), q("1")),
    ]));
    new.node_selector
        .as_mut()
        .unwrap()
        .node_selector_terms
        .push(NodeSelectorTerm::default());
    new.secret = Some(SecretKeySelector {
        name: "Creds".into(),
        key: String::new(),
        optional: None,
    });
    assert_eq!(
        render(&new.validate_update(&old, &Operation::update())),
        [
            "tolerations[2]: Duplicate value: {\"effect\":\"NoSchedule\"}",
            "resources.limits: Invalid value: \"Big_Cpu\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
            "resources.requests[cpu]: Invalid value: null: field is immutable",
            "nodeSelector.nodeSelectorTerms: Too many: 2: must have at most 1 item",
            "secret.key: Required value",
            "secret.name: Invalid value: \"Creds\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
        ]
    );
}
