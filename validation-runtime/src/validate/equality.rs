//! Equality: `+k8s:neq` (upstream `validate/equality.go`).
