//! List items: `+k8s:item(key: value)` (upstream `validate/item.go`).
