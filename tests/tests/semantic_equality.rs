//! Semantic equality in generated code (upstream's
//! `equality.Semantic.DeepEqual`, Kubernetes 1.35–1.37): a re-spelled
//! `Quantity` (`1Gi` -> `1024Mi`), the same `Time` at another offset, and a
//! nil list that became an empty one are all "unchanged", so ratcheting
//! skips them and `+k8s:immutable` / `+k8s:update=NoModify` do not fire.
//!
//! None of these types derive `PartialEq`: the derive only needs
//! `SemanticEq`, which it implements.

use k8s_validation::{Operation, Quantity, SemanticEq, Time, Validate};

fn q(s: &str) -> Quantity {
    s.parse().unwrap()
}

fn t(s: &str) -> Time {
    s.parse().unwrap()
}

fn texts(errs: &k8s_validation::ErrorList) -> Vec<String> {
    errs.iter().map(|e| e.to_string()).collect()
}

#[derive(Validate, Clone)]
pub struct Resources {
    pub memory: Quantity,
    pub tags: Option<Vec<String>>,
}

/// A list typedef: nil and empty are equal through the newtype too.
#[derive(Validate, Clone)]
pub struct Finalizers(pub Vec<String>);

#[derive(Validate, Clone)]
pub struct Spec {
    /// +k8s:immutable
    pub limit: Quantity,
    /// +k8s:immutable
    pub resources: Resources,
    /// +k8s:immutable
    pub started: Option<Time>,
    /// +k8s:immutable
    pub finalizers: Option<Finalizers>,
    /// +k8s:update=NoModify
    pub request: Option<Quantity>,
    /// +k8s:listType=set
    pub sizes: Vec<Quantity>,
    /// +k8s:listType=set
    pub pool: Vec<Resources>,
}

fn spec() -> Spec {
    Spec {
        limit: q("1Gi"),
        resources: Resources {
            memory: q("512Mi"),
            tags: None,
        },
        started: Some(t("2024-05-01T10:00:00Z")),
        finalizers: None,
        request: Some(q("0.5")),
        sizes: vec![q("1"), q("2")],
        pool: vec![],
    }
}

#[test]
fn respelled_values_are_unchanged() {
    let old = spec();
    let new = Spec {
        limit: q("1024Mi"),
        resources: Resources {
            memory: q("0.5Gi"),
            tags: Some(vec![]),
        },
        started: Some(t("2024-05-01T12:00:00+02:00")),
        finalizers: Some(Finalizers(vec![])),
        request: Some(q("500m")),
        sizes: vec![q("1000m"), q("2e0")],
        pool: vec![],
    };
    assert!(new.semantic_eq(&old));
    assert!(new.validate_update(&old, &Operation::update()).is_empty());
}

#[test]
fn real_changes_still_fail() {
    let old = spec();
    let mut new = spec();
    new.limit = q("1G");
    new.resources.tags = Some(vec!["x".into()]);
    new.started = Some(t("2024-05-01T10:00:00+02:00"));
    new.finalizers = Some(Finalizers(vec!["f".into()]));
    new.request = Some(q("501m"));
    assert!(!new.semantic_eq(&old));
    assert_eq!(
        texts(&new.validate_update(&old, &Operation::update())),
        [
            "limit: Invalid value: null: field is immutable",
            "resources: Invalid value: null: field is immutable",
            "started: Invalid value: null: field is immutable",
            "finalizers: Invalid value: null: field is immutable",
            "request: Invalid value: null: field cannot be modified once set",
        ]
    );
}

#[test]
fn set_duplicates_are_semantic() {
    let mut s = spec();
    s.sizes = vec![q("1Gi"), q("1024Mi"), q("1G")];
    assert_eq!(
        texts(&s.validate(&Operation::create())),
        [r#"sizes[1]: Duplicate value: "1Gi""#]
    );
}

#[test]
fn invalid_but_unchanged_list_ratchets() {
    // Two equal pool entries (one with a nil tag list, one with an empty
    // one, one memory spelled differently): a duplicate on create...
    let a = Resources {
        memory: q("1Gi"),
        tags: None,
    };
    let b = Resources {
        memory: q("1024Mi"),
        tags: Some(vec![]),
    };
    let mut old = spec();
    old.pool = vec![a.clone(), b.clone()];
    assert_eq!(
        texts(&old.validate(&Operation::create())),
        [r#"pool[1]: Duplicate value: {"memory":"1Gi","tags":[]}"#]
    );
    // ...and unchanged on an update that only re-spells it, so it ratchets.
    let mut new = spec();
    new.pool = vec![b, a];
    assert!(new.validate_update(&old, &Operation::update()).is_empty());
    // A real change to the list is validated again.
    new.pool[0].memory = q("1Gi");
    new.pool.push(Resources {
        memory: q("1Gi"),
        tags: None,
    });
    assert_eq!(
        texts(&new.validate_update(&old, &Operation::update())),
        [
            r#"pool[1]: Duplicate value: {"memory":"1Gi","tags":null}"#,
            r#"pool[2]: Duplicate value: {"memory":"1Gi","tags":null}"#
        ]
    );
}

/// A foreign type marked `+k8s:opaqueType`: compared with its `PartialEq`
/// (it has no `SemanticEq`).
#[derive(PartialEq, Clone)]
pub struct Foreign(pub i64);

#[derive(Validate, Clone)]
pub struct WithOpaque {
    /// +k8s:opaqueType
    /// +k8s:immutable
    pub stamp: Foreign,
    pub limit: Quantity,
}

#[test]
fn opaque_fields_fall_back_to_partial_eq() {
    let old = WithOpaque {
        stamp: Foreign(1),
        limit: q("1k"),
    };
    let same = WithOpaque {
        stamp: Foreign(1),
        limit: q("1000"),
    };
    assert!(same.semantic_eq(&old));
    assert!(same.validate_update(&old, &Operation::update()).is_empty());
    let changed = WithOpaque {
        stamp: Foreign(2),
        limit: q("1k"),
    };
    assert!(!changed.semantic_eq(&old));
    assert_eq!(
        texts(&changed.validate_update(&old, &Operation::update())),
        ["stamp: Invalid value: null: field is immutable"]
    );
}
