package main

import "k8s.io/apimachinery/pkg/api/operation"

// newOperation builds a 1.35 (or 1.36) operation: Options lists the enabled options;
// every other option is disabled.
func newOperation(update bool, enabled, _ []string, subresources []string) operation.Operation {
	op := operation.Operation{Type: operation.Create, Options: enabled}
	if update {
		op.Type = operation.Update
	}
	op.Request.Subresources = subresources
	return op
}
