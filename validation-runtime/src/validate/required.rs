//! Presence: `+k8s:required`, `+k8s:optional`, `+k8s:forbidden` (upstream `validate/required.go`).
