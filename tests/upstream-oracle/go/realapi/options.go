package main

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// validate runs Scheme.Validate, or Scheme.ValidateUpdate when old is set.
// Until 1.36 the options are the list of enabled ones (an option not listed
// is disabled), so disabled is not passed.
func validate(ctx context.Context, enabled, disabled []string, obj, old runtime.Object, subresources ...string) field.ErrorList {
	if old != nil {
		return scheme.ValidateUpdate(ctx, enabled, obj, old, subresources...)
	}
	return scheme.Validate(ctx, enabled, obj, subresources...)
}
