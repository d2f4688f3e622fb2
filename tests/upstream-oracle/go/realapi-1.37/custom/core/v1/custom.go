package v1

import (
	"context"
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// The hand-written functions that +k8s:customValidation calls in core/v1, as
// kubernetes/kubernetes v1.37 defines them in pkg/apis/core/v1 (the Rust
// mirror has the same rules in validation-api/v1_37_core/src/custom.rs).

// ValidateCustom_EvictionResponder_Name: the name's domain must not be one
// of the reserved ones.
func ValidateCustom_EvictionResponder_Name(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *string) field.ErrorList {
	if value == nil {
		return nil
	}
	return ValidateForbiddenReservedDomainSuffixes(fldPath, *value, []string{".k8s.io", ".kubernetes.io"})
}

// ValidateCustom_EvictionResponder_Priority: priorities 0 to 999 are
// reserved.
func ValidateCustom_EvictionResponder_Priority(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *int32) field.ErrorList {
	if value != nil && *value >= 0 && *value < 1000 {
		return field.ErrorList{field.Invalid(fldPath, *value, "priorities 0-999 are reserved for responders with *.k8s.io suffix")}
	}
	return nil
}

// ValidateForbiddenReservedDomainSuffixes reports a value whose domain (the
// part before the first "/", lower-cased, trimmed of spaces and trailing
// dots) ends with one of the suffixes or is one of them without its dot.
func ValidateForbiddenReservedDomainSuffixes(fldPath *field.Path, value string, reservedSuffixes []string) field.ErrorList {
	domain := strings.TrimRight(strings.TrimSpace(strings.ToLower(strings.SplitN(value, "/", 2)[0])), ".")
	for _, suffix := range reservedSuffixes {
		if strings.HasSuffix(domain, suffix) || domain == strings.Trim(suffix, ".") {
			var shown []string
			for _, s := range reservedSuffixes {
				shown = append(shown, "*"+s)
			}
			return field.ErrorList{field.Invalid(fldPath, value, fmt.Sprintf("domain names %s are reserved", strings.Join(shown, ", ")))}
		}
	}
	return nil
}
