//! Options: `+k8s:ifEnabled`, `+k8s:ifDisabled` (upstream `validate/options.go`).
