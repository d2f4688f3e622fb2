//! Subfields: `+k8s:subfield(name)` (upstream `validate/subfield.go`).
