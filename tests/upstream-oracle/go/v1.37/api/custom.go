package api

// The hand-written halves of +k8s:customValidation: the Go twins of the
// validate_custom* functions of tests/upstream-oracle/rust/src/fixtures/v1_37.rs.

import (
	"context"
	"strings"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// ValidateCustom_Custom: limit may not exceed count.
func ValidateCustom_Custom(_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *Custom) field.ErrorList {
	var errs field.ErrorList
	if value != nil && value.Count != nil && value.Limit > *value.Count {
		errs = append(errs, field.Invalid(fldPath.Child("limit"), value.Limit, "may not exceed count").WithOrigin("custom-limit"))
	}
	return errs
}

// ValidateCustom_Custom_Name: the name may not start with "x", nor change.
func ValidateCustom_Custom_Name(_ context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *string) field.ErrorList {
	var errs field.ErrorList
	if value != nil {
		if strings.HasPrefix(*value, "x") {
			errs = append(errs, field.Invalid(fldPath, *value, "may not start with x").WithOrigin("custom-name"))
		}
		if op.Type == operation.Update && oldValue != nil && *oldValue != *value {
			errs = append(errs, field.Forbidden(fldPath, "name changed"))
		}
	}
	return errs
}

// ValidateCustom_Custom_Count: the count must be even.
func ValidateCustom_Custom_Count(_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *int32) field.ErrorList {
	var errs field.ErrorList
	if value != nil && *value%2 != 0 {
		errs = append(errs, field.Invalid(fldPath, *value, "must be even"))
	}
	return errs
}
