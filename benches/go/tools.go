//go:build tools

// Pins upstream's validation-gen so that `go run` builds it from the module cache.
package tools

import _ "k8s.io/code-generator/cmd/validation-gen"
