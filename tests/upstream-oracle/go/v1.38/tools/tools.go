//go:build tools

// Package tools pins upstream's validation-gen in go.mod, so that
// `go run k8s.io/code-generator/cmd/validation-gen` builds the pinned version.
package tools

import _ "k8s.io/code-generator/cmd/validation-gen"
