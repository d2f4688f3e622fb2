// The schema oracle: upstream's apiextensions-apiserver v0.35 (Kubernetes
// 1.35) judges the CRD schema that `validation-gen schema --crd` exports.
//
//	oracle <crd.json> < cases.jsonl > verdicts.jsonl
//
// It first validates the CRD as `kubectl apply` of it would
// (ValidateCustomResourceDefinition: the schema is structural, every CEL rule
// compiles within the cost limits); any error is printed and the exit status
// is 1. Then, for each case `{"id": N, "obj": {...}, "old": {...} | null}`,
// it runs the real custom resource strategy (schema validation, list-type
// invariants, CEL rules, ratcheting on update), after what the apiserver's
// decoder does first (pruning unknown fields, dropping nulls of non-nullable
// fields), and prints `{"id": N, "errors": [{"path", "type", "detail"}]}`.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	kjson "k8s.io/apimachinery/pkg/util/json"
	"os"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	crdvalidation "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	structuralpruning "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/pruning"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apiextensions-apiserver/pkg/registry/customresource"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/common"
	"k8s.io/apiserver/pkg/endpoints/request"
)

type verdictError struct {
	Path   string `json:"path"`
	Type   string `json:"type"`
	Detail string `json:"detail"`
}

type verdict struct {
	ID     int            `json:"id"`
	Errors []verdictError `json:"errors"`
	// Blocked: the strategy skipped the CEL rules because of other errors
	// (Required, NotSupported, TooLong, TooMany, TypeInvalid); Cel then
	// holds what the CEL rules report on the same object (what the
	// apiserver reports once those errors are fixed).
	Blocked bool           `json:"blocked"`
	Cel     []verdictError `json:"cel"`
}

type testCase struct {
	ID  int                    `json:"id"`
	Obj map[string]interface{} `json:"obj"`
	Old map[string]interface{} `json:"old"`
}

func fail(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, "schema-oracle: "+format+"\n", args...)
	os.Exit(1)
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: oracle <crd.json> < cases.jsonl")
		os.Exit(2)
	}
	raw, err := os.ReadFile(os.Args[1])
	if err != nil {
		fail("%v", err)
	}
	var v1crd apiextensionsv1.CustomResourceDefinition
	if err := json.Unmarshal(raw, &v1crd); err != nil {
		fail("the CRD does not decode: %v", err)
	}
	apiextensionsv1.SetObjectDefaults_CustomResourceDefinition(&v1crd)
	var crd apiextensions.CustomResourceDefinition
	if err := apiextensionsv1.Convert_v1_CustomResourceDefinition_To_apiextensions_CustomResourceDefinition(&v1crd, &crd, nil); err != nil {
		fail("the CRD does not convert: %v", err)
	}
	ctx := context.Background()
	if errs := crdvalidation.ValidateCustomResourceDefinition(ctx, &crd); len(errs) > 0 {
		for _, e := range errs {
			fmt.Fprintf(os.Stderr, "schema-oracle: CRD rejected: %v\n", e)
		}
		os.Exit(1)
	}
	version := crd.Spec.Versions[0]
	var props *apiextensions.JSONSchemaProps
	if version.Schema != nil {
		props = version.Schema.OpenAPIV3Schema
	} else if crd.Spec.Validation != nil {
		props = crd.Spec.Validation.OpenAPIV3Schema
	}
	if props == nil {
		fail("the CRD has no schema")
	}
	structural, err := structuralschema.NewStructural(props)
	if err != nil {
		fail("not structural: %v", err)
	}
	if errs := structuralschema.ValidateStructural(nil, structural); len(errs) > 0 {
		fail("not structural: %v", errs.ToAggregate())
	}
	validator, _, err := apiservervalidation.NewSchemaValidator(props)
	if err != nil {
		fail("schema validator: %v", err)
	}
	var statusValidator apiservervalidation.SchemaValidator
	var status *apiextensions.CustomResourceSubresourceStatus
	if version.Subresources != nil {
		status = version.Subresources.Status
	} else if crd.Spec.Subresources != nil {
		status = crd.Spec.Subresources.Status
	}
	if status != nil {
		if s, ok := props.Properties["status"]; ok {
			statusValidator, _, err = apiservervalidation.NewSchemaValidator(&s)
			if err != nil {
				fail("status schema validator: %v", err)
			}
		}
	}
	gvk := schema.GroupVersionKind{Group: crd.Spec.Group, Version: version.Name, Kind: crd.Spec.Names.Kind}
	strategy := customresource.NewStrategy(
		unstructuredTyper{}, crd.Spec.Scope == apiextensions.NamespaceScoped, gvk,
		validator, statusValidator, structural, status, nil, nil)
	ctx = request.WithNamespace(ctx, "default")
	celValidator := cel.NewValidator(structural, true, celconfig.PerCallLimit)

	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 64<<20)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	for in.Scan() {
		var c testCase
		if err := kjson.Unmarshal(in.Bytes(), &c); err != nil {
			fail("bad case: %v", err)
		}
		obj := decode(c.Obj, structural)
		var found field.ErrorList
		var old *unstructured.Unstructured
		if c.Old == nil {
			found = strategy.Validate(ctx, obj)
		} else {
			old = decode(c.Old, structural)
			found = strategy.ValidateUpdate(ctx, obj, old)
		}
		var errs, celErrs []verdictError
		blocked := false
		for _, e := range found {
			if e.Field == "<nil>" && e.Type == field.ErrorTypeInvalid && strings.HasPrefix(e.Detail, "some validation rules were not checked") {
				blocked = true
				continue
			}
			errs = append(errs, verdictError{Path: e.Field, Type: string(e.Type), Detail: e.Detail})
		}
		if blocked {
			var opts []cel.Option
			var oldObj interface{}
			if old != nil {
				oldObj = old.Object
				opts = append(opts, cel.WithRatcheting(common.NewCorrelatedObject(obj.Object, old.Object, &model.Structural{Structural: structural})))
			}
			ce, _ := celValidator.Validate(ctx, nil, structural, obj.Object, oldObj, celconfig.RuntimeCELCostBudget, opts...)
			for _, e := range ce {
				celErrs = append(celErrs, verdictError{Path: e.Field, Type: string(e.Type), Detail: e.Detail})
			}
		}
		if celErrs == nil {
			celErrs = []verdictError{}
		}
		if errs == nil {
			errs = []verdictError{}
		}
		if err := enc.Encode(verdict{ID: c.ID, Errors: errs, Blocked: blocked, Cel: celErrs}); err != nil {
			fail("%v", err)
		}
	}
	if err := in.Err(); err != nil {
		fail("%v", err)
	}
}

// decode does what the apiserver's decoder does to a custom resource before
// validation: unknown fields are pruned and nulls of non-nullable fields
// without a default are dropped.
func decode(o map[string]interface{}, s *structuralschema.Structural) *unstructured.Unstructured {
	structuralpruning.Prune(o, s, true)
	structuraldefaulting.PruneNonNullableNullsWithoutDefaults(o, s)
	return &unstructured.Unstructured{Object: o}
}

// unstructuredTyper is the strategy's ObjectTyper: the GVK of an
// unstructured object is in the object.
type unstructuredTyper struct{}

func (unstructuredTyper) ObjectKinds(obj runtime.Object) ([]schema.GroupVersionKind, bool, error) {
	return []schema.GroupVersionKind{obj.GetObjectKind().GroupVersionKind()}, false, nil
}

func (unstructuredTyper) Recognizes(schema.GroupVersionKind) bool { return true }
