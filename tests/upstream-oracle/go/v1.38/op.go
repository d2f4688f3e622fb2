package main

import "k8s.io/apimachinery/pkg/api/operation"

// newOperation builds a 1.37 operation. Options became a map whose missing
// entries are undefined (an internal error when a validation asks for one);
// every option the fixtures mention is defined, enabled or disabled, which
// gives 1.35's "not enabled means disabled" semantics.
func newOperation(update bool, enabled, known []string, subresources []string) operation.Operation {
	op := operation.Operation{Type: operation.Create, Options: map[string]bool{}}
	if update {
		op.Type = operation.Update
	}
	for _, o := range known {
		op.Options[o] = false
	}
	for _, o := range enabled {
		op.Options[o] = true
	}
	op.Request.Subresources = subresources
	return op
}
