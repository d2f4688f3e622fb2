package v1

import (
	"context"
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// The hand-written functions that +k8s:customValidation calls in core/v1 of
// k8s.io/api v0.38.0-beta.0: EvictionResponder's two as kubernetes/kubernetes
// v1.37 defines them in pkg/apis/core/v1; SecurityProfileOCI.Ref and
// SecurityProfileOCIBase.LocalhostProfile (new in 1.38) with the rules their
// doc comments state, as kubernetes/kubernetes v1.38's functions are not
// available here. The Rust mirror has the same rules in
// validation-api/v1_38_core/src/custom.rs.

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

// ociRef: a digest-pinned reference in canonical form,
// registry/repository@<algorithm>:<digest>, with the registry spelled out (a
// first path segment with a dot or a colon, or localhost) and a lower-case hex
// sha256, sha384 or sha512 digest.
func ociRef(v string) bool {
	at := strings.LastIndex(v, "@")
	if at < 0 {
		return false
	}
	name, digest := v[:at], v[at+1:]
	registry, repository, ok := strings.Cut(name, "/")
	if !ok || repository == "" || !(strings.ContainsAny(registry, ".:") || registry == "localhost") {
		return false
	}
	algorithm, hex, _ := strings.Cut(digest, ":")
	want := map[string]int{"sha256": 64, "sha384": 96, "sha512": 128}[algorithm]
	if want == 0 || len(hex) != want {
		return false
	}
	for _, c := range hex {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// ValidateCustom_SecurityProfileOCI_Ref: the reference must be digest-pinned
// and canonical.
func ValidateCustom_SecurityProfileOCI_Ref(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *string) field.ErrorList {
	if value == nil || *value == "" || ociRef(*value) {
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath, *value, "must be a digest-pinned reference registry/repository@<algorithm>:<digest> (sha256, sha384 or sha512)")}
}

// ValidateCustom_SecurityProfileOCIBase_LocalhostProfile: a non-empty
// descending path (not absolute, no ".." segment).
func ValidateCustom_SecurityProfileOCIBase_LocalhostProfile(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *string) field.ErrorList {
	if value == nil {
		return nil
	}
	v := *value
	if v == "" || strings.HasPrefix(v, "/") || v == ".." || strings.HasPrefix(v, "../") || strings.HasSuffix(v, "/..") || strings.Contains(v, "/../") {
		return field.ErrorList{field.Invalid(fldPath, v, "must be a non-empty descending path")}
	}
	return nil
}
