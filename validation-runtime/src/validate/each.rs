//! Iteration: `+k8s:eachVal`, `+k8s:eachKey` with old-value correlation (upstream `validate/each.go`).
