//! Test tags: `+k8s:validateFalse`, `+k8s:validateTrue` (upstream `validate/testing.go`).
