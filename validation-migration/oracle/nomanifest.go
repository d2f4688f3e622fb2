//go:build !manifest

package main

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/registry/rest"
)

// validateManifest: releases before 1.38 have no rest.ValidateDeclarativelyForManifest.
func validateManifest(context.Context, *runtime.Scheme, schema.GroupVersion, runtime.Object, field.ErrorList, rest.DeclarativeValidationConfig) (field.ErrorList, bool) {
	return nil, false
}
