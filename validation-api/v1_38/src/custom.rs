//! The hand-written function that `+k8s:customValidation` calls in the
//! Kubernetes 1.38 mirror's `lifecycle_v1alpha1` (1.37's rule; the Go
//! driver's copy is in `tests/upstream-oracle/go/realapi-1.38/custom/`); those
//! of `core_v1` are in `k8s-validation-api-v1-38-core`'s `src/custom.rs`.

use k8s_validation::field::Path;
use k8s_validation::{ErrorList, Operation};
use k8s_validation_api_base::custom::reserved_domain;

use crate::lifecycle_v1alpha1;

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
