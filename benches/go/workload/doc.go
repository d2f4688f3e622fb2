// +k8s:validation-gen=TypeMeta
// +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme

// Package workload holds the benchmark's Deployment-like types, tagged exactly
// like the Rust ones in benches/src/workload.rs. Upstream validation-gen
// (Kubernetes 1.35) generates zz_generated.validations.go from these tags;
// `benches/compare` regenerates it, so it is not committed.
package workload

import "k8s.io/code-generator/cmd/validation-gen/testscheme"

var localSchemeBuilder = testscheme.New()
