// Package scheme is the oracle's stand-in for a runtime.Scheme: the generated
// RegisterValidations of package api registers one validation function per
// root type here (with upstream's subresource dispatch), and the generated
// types file registers a constructor per type and the validation options the
// fixtures use.
package scheme

import (
	"context"
	"reflect"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// ValidationFunc is the signature validation-gen registers.
type ValidationFunc func(ctx context.Context, op operation.Operation, obj, oldObj interface{}) field.ErrorList

// Registry collects what the api package registers.
type Registry struct {
	// Validators by Go type name.
	Validators map[string]ValidationFunc
	// Constructors by Go type name: a pointer to a new zero value.
	Constructors map[string]func() any
	// Options are the validation option names the fixtures mention.
	Options []string
}

// Default is the registry the api package registers into.
var Default = &Registry{
	Validators:   map[string]ValidationFunc{},
	Constructors: map[string]func() any{},
}

// AddValidationFunc is called by the generated RegisterValidations.
func (r *Registry) AddValidationFunc(obj any, fn func(ctx context.Context, op operation.Operation, obj, oldObj interface{}) field.ErrorList) {
	t := reflect.TypeOf(obj)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	// Nilable types (list and map typedefs) register as (T)(nil).
	r.Validators[t.Name()] = fn
}

// Register runs registration functions (the generated init calls it).
func (r *Registry) Register(funcs ...func(*Registry) error) {
	for _, f := range funcs {
		if err := f(r); err != nil {
			panic(err)
		}
	}
}

// AddType registers a constructor for a type name.
func (r *Registry) AddType(name string, ctor func() any) {
	r.Constructors[name] = ctor
}
