//! Field dependencies: `+k8s:dependentRequired`, `+k8s:dependentForbidden`.
