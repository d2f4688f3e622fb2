//! String formats: `+k8s:format=<name>` (upstream `validate/strfmt.go`).
