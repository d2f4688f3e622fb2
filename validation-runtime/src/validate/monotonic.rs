//! Monotonic integers: `+k8s:monotonic`.
