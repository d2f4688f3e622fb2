package v1alpha1

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	corev1 "oracle/apis/core/v1"
)

// ValidateCustom_EvictionRequestSpec_Requester is the hand-written function
// that +k8s:customValidation on EvictionRequestSpec.Requester calls, as
// kubernetes/kubernetes v1.37 defines it (unchanged in k8s.io/api v0.38.0-beta.0) in pkg/apis/lifecycle/v1alpha1: the
// requester's domain must not be one of the reserved ones.
func ValidateCustom_EvictionRequestSpec_Requester(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *string) field.ErrorList {
	if value == nil {
		return nil
	}
	return corev1.ValidateForbiddenReservedDomainSuffixes(fldPath, *value, []string{".k8s.io", ".kubernetes.io"})
}
