//go:build k8s138

package main

// Upstream 1.38 (k8s.io/code-generator v0.38.0-beta.0): built by
// `run --release 1.38` in a module with tests/upstream-oracle/go/v1.38's pins.

import (
	"k8s.io/code-generator/cmd/validation-gen/validators"
	"k8s.io/gengo/v2/codetags"
)

// initRegistry initialises the registry as validation-gen does with its
// default tag prefix (args.DefaultTagPrefix, "k8s:") and no extensions.
func initRegistry() tagRegistry {
	return validators.InitGlobalValidator(nil, nil, "k8s:", nil)
}

// parseSubresourceTag reads `k8s:isSubresource` / `k8s:supportsSubresource`
// as 1.38's generator does (generators/targets.go extractAndParseTag:
// codetags.ParseAll, the tag grammar).
func parseSubresourceTag(_, tag, _ string) (codetags.Tag, error) {
	tags, err := codetags.ParseAll([]string{tag})
	if err != nil {
		return codetags.Tag{}, err
	}
	return tags[0], nil
}
