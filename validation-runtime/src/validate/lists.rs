//! List semantics: uniqueness for `+k8s:listType=set|map` and `+k8s:unique`.
