//go:build !k8s138

package main

// Upstream 1.35 (k8s.io/code-generator v0.35.0, this module's go.mod).

import (
	"k8s.io/code-generator/cmd/validation-gen/validators"
	gengo "k8s.io/gengo/v2"
	"k8s.io/gengo/v2/codetags"
)

func initRegistry() tagRegistry {
	return validators.InitGlobalValidator(nil)
}

// parseSubresourceTag reads `k8s:isSubresource` / `k8s:supportsSubresource`
// as 1.35's generator does: gengo's ExtractFunctionStyleCommentTags (raw
// values).
func parseSubresourceTag(name, tag, line string) (codetags.Tag, error) {
	if _, err := gengo.ExtractFunctionStyleCommentTags("+", []string{name}, []string{line}); err != nil {
		return codetags.Tag{}, err
	}
	return codetags.Parse(tag, codetags.RawValues(true))
}
