//! The derive needs no `PartialEq`: it implements `SemanticEq` field by
//! field. A foreign `+k8s:opaqueType` field is compared with its own
//! `PartialEq`; a generic field needs `SemanticEq` like the other traits.
use k8s_validation::{Operation, Quantity, SemanticEq, Time, Validate};

/// From another crate: only `PartialEq`.
#[derive(PartialEq)]
pub struct Foreign(pub u8);

#[derive(Validate)]
pub struct Limits {
    /// +k8s:immutable
    pub memory: Quantity,
    /// +k8s:optional
    pub since: Option<Time>,
    /// +k8s:opaqueType
    /// +k8s:immutable
    pub extra: Foreign,
}

#[derive(Validate)]
pub struct Wrapper<T: Validate + SemanticEq + k8s_validation::field::ToBadValue> {
    /// +k8s:immutable
    pub inner: T,
}

fn main() {
    let a = Limits {
        memory: "1Gi".parse().unwrap(),
        since: None,
        extra: Foreign(1),
    };
    let b = Limits {
        memory: "1024Mi".parse().unwrap(),
        since: None,
        extra: Foreign(1),
    };
    assert!(a.semantic_eq(&b));
    assert!(a.validate_update(&b, &Operation::update()).is_empty());
    let w = Wrapper { inner: a };
    assert!(w.semantic_eq(&Wrapper { inner: b }));
}
