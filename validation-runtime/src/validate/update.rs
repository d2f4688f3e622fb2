//! Update constraints: `+k8s:update=NoSet|NoUnset|NoModify|NoAddItem|NoRemoveItem` (upstream `validate/update.go`).
