package v1

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// ValidateCustom_Condition_LastTransitionTime is the hand-written function
// that +k8s:customValidation on Condition.LastTransitionTime calls: the one
// of apimachinery's pkg/apis/meta/v1/validation, where upstream generates
// these validators.
func ValidateCustom_Condition_LastTransitionTime(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *metav1.Time) field.ErrorList {
	return validation.ValidateCustom_Condition_LastTransitionTime(ctx, op, fldPath, value, oldValue)
}
