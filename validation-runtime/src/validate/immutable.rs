//! Immutability: `+k8s:immutable` (upstream `validate/immutable.go`).
