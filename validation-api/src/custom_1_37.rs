//! The hand-written functions that `+k8s:customValidation` calls in the
//! Kubernetes 1.37 mirror (`v1_37.rs`). Upstream calls
//! `ValidateCustom_<Type>_<Field>` from the package its validators are
//! generated in; these are the same rules (kubernetes/kubernetes v1.37
//! `pkg/apis/core/v1` and `pkg/apis/lifecycle/v1alpha1`), as the Go driver's
//! copies in `tests/upstream-oracle/go/realapi-1.37/custom/` are. The meta/v1
//! one (`Condition.lastTransitionTime`) ships with the meta types in
//! `k8s_validation::meta::v1_37`.

use k8s_validation::field::Path;
use k8s_validation::{Error, ErrorList, Operation};

use crate::v1_37::{core_v1, lifecycle_v1alpha1};

/// Reports a value whose domain (the part before the first `/`, lower-cased,
/// trimmed of spaces and trailing dots) ends with one of `reserved` or is one
/// of them without its leading dot (`ValidateForbiddenReservedDomainSuffixes`).
fn forbid_reserved_domain_suffixes(path: &Path<'_>, value: &str, reserved: &[&str]) -> ErrorList {
    let first = value.split('/').next().unwrap_or("");
    let domain = first.to_lowercase();
    let domain = domain.trim().trim_end_matches('.');
    if reserved
        .iter()
        .any(|s| domain.ends_with(s) || domain == s.trim_matches('.'))
    {
        let shown: Vec<String> = reserved.iter().map(|s| format!("*{s}")).collect();
        return Error::invalid(
            path,
            value,
            format!("domain names {} are reserved", shown.join(", ")),
        )
        .into();
    }
    ErrorList::new()
}

const RESERVED: &[&str] = &[".k8s.io", ".kubernetes.io"];

/// A set name must not end in a domain reserved for Kubernetes (also the 1.38
/// mirror's, `custom_1_38.rs`).
pub(crate) fn reserved_domain(path: &Path<'_>, value: Option<&String>) -> ErrorList {
    match value {
        Some(v) => forbid_reserved_domain_suffixes(path, v, RESERVED),
        None => ErrorList::new(),
    }
}

impl core_v1::EvictionResponder {
    /// `ValidateCustom_EvictionResponder_Name`.
    pub fn validate_custom_name(
        _op: &Operation,
        path: &Path<'_>,
        value: Option<&String>,
        _old: Option<&String>,
    ) -> ErrorList {
        reserved_domain(path, value)
    }

    /// `ValidateCustom_EvictionResponder_Priority`: 0 to 999 are reserved.
    pub fn validate_custom_priority(
        _op: &Operation,
        path: &Path<'_>,
        value: Option<&Option<i32>>,
        _old: Option<&Option<i32>>,
    ) -> ErrorList {
        match value {
            Some(Some(v)) if (0..1000).contains(v) => Error::invalid(
                path,
                i64::from(*v),
                "priorities 0-999 are reserved for responders with *.k8s.io suffix",
            )
            .into(),
            _ => ErrorList::new(),
        }
    }
}

impl lifecycle_v1alpha1::EvictionRequestSpec {
    /// `ValidateCustom_EvictionRequestSpec_Requester`.
    pub fn validate_custom_requester(
        _op: &Operation,
        path: &Path<'_>,
        value: Option<&String>,
        _old: Option<&String>,
    ) -> ErrorList {
        reserved_domain(path, value)
    }
}
