//go:build manifest

package main

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/registry/rest"
)

// validateManifest calls 1.38's rest.ValidateDeclarativelyForManifest.
func validateManifest(ctx context.Context, scheme *runtime.Scheme, gv schema.GroupVersion, obj runtime.Object, errs field.ErrorList, config rest.DeclarativeValidationConfig) (field.ErrorList, bool) {
	return rest.ValidateDeclarativelyForManifest(ctx, scheme, gv, obj, errs, config), true
}
