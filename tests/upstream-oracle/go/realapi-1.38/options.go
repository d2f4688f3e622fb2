package main

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// validate runs Scheme.Validate, or Scheme.ValidateUpdate when old is set.
// From 1.37 the options are a map of the defined options (a tag naming an
// option that is not defined is an internal error): the enabled ones true,
// the disabled ones false.
func validate(ctx context.Context, enabled, disabled []string, obj, old runtime.Object, subresources ...string) field.ErrorList {
	options := map[string]bool{}
	for _, o := range disabled {
		options[o] = false
	}
	for _, o := range enabled {
		options[o] = true
	}
	if old != nil {
		return scheme.ValidateUpdate(ctx, options, obj, old, subresources...)
	}
	return scheme.Validate(ctx, options, obj, subresources...)
}
