//! The hand-written functions that `+k8s:customValidation` calls in the
//! Kubernetes 1.37 mirror's `core_v1` (`EvictionResponder`); the one of
//! `lifecycle_v1alpha1` is in `k8s-validation-api-v1-37`'s `src/custom.rs`.
//! Upstream calls `ValidateCustom_<Type>_<Field>` from the package its
//! validators are generated in; these are the same rules (kubernetes/kubernetes
//! v1.37 `pkg/apis/core/v1`), as the Go driver's copies in
//! `tests/upstream-oracle/go/realapi-1.37/custom/` are. The meta/v1 one
//! (`Condition.lastTransitionTime`) ships with the meta types in
//! `k8s_validation::meta::v1_37`.

use k8s_validation::field::Path;
use k8s_validation::{Error, ErrorList, Operation};
use k8s_validation_api_base::custom::reserved_domain;

use crate::core_v1;

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
