//! Enumerations: `+k8s:enum` and `+k8s:enumExclude` (upstream `validate/enum.go`).
