// Command driver is the Go half of the real-API oracle: it reads cases as
// JSON lines on stdin (the protocol of ../driver), decodes each object
// strictly (unknown, duplicate or case-mismatched fields are an error, as in
// the API server) into its k8s.io/api type (v0.35.0, or v0.36.0 / v0.37.2 with
// run-realapi --release 1.36 / 1.37), validates it through a
// runtime.Scheme with the validators upstream's validation-gen generated
// (Scheme.Validate / Scheme.ValidateUpdate, with the case's options and
// subresource), and answers with upstream's errors and the objects as Go
// re-encodes them (for the round-trip check on the Rust side).
//
// Types are named as the Rust mirror names them: "rbac_v1::RoleBinding".
// With -list it prints the names of the types with registered validations.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"reflect"
	"runtime/debug"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	sjson "sigs.k8s.io/json"
)

type oracleCase struct {
	ID        uint64          `json:"id"`
	Type      string          `json:"type"`
	Object    json.RawMessage `json:"object"`
	OldObject json.RawMessage `json:"oldObject"`
	Operation string          `json:"operation"`
	Options   []string        `json:"options"`
	// The other options the types name, defined as disabled (1.37 on: an
	// option a tag names must be defined).
	Disabled    []string `json:"disabled"`
	Subresource string   `json:"subresource"`
}

type oracleError struct {
	Type   string `json:"type"`
	Field  string `json:"field"`
	Origin string `json:"origin"`
	Detail string `json:"detail"`
	Text   string `json:"text"`
	// The stability level (1.36 on: "alpha", "beta"); empty when unknown.
	Level string `json:"level,omitempty"`
}

// level is e's ValidationStabilityLevel (apimachinery v0.36.0 on; read by
// reflection, as v0.35.0 has no such field), "" when unknown.
func level(e *field.Error) string {
	v := reflect.ValueOf(e).Elem().FieldByName("ValidationStabilityLevel")
	if !v.IsValid() || v.Int() == 0 {
		return ""
	}
	return fmt.Sprint(v.Interface())
}

type oracleResult struct {
	ID           uint64          `json:"id"`
	Errors       []oracleError   `json:"errors"`
	Panic        string          `json:"panic,omitempty"`
	Error        string          `json:"error,omitempty"`
	RoundTrip    json.RawMessage `json:"roundTrip,omitempty"`
	OldRoundTrip json.RawMessage `json:"oldRoundTrip,omitempty"`
}

var scheme = runtime.NewScheme()

// types by mirror name.
var types = map[string]reflect.Type{}

func mirrorName(t reflect.Type) string {
	p := strings.TrimPrefix(t.PkgPath(), "k8s.io/api/")
	return strings.ReplaceAll(p, "/", "_") + "::" + t.Name()
}

func init() {
	for _, add := range addToScheme {
		if err := add(scheme); err != nil {
			panic(err)
		}
	}
	for _, t := range scheme.AllKnownTypes() {
		if strings.HasPrefix(t.PkgPath(), "k8s.io/api/") {
			types[mirrorName(t)] = t
		}
	}
}

// validated reports whether upstream registered a validation function for
// t: a registered function rejects a subresource it does not know.
func validated(t reflect.Type) bool {
	obj := reflect.New(t).Interface().(runtime.Object)
	return len(validate(context.Background(), nil, nil, obj, nil, "oracle-probe")) > 0
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "-manifests" {
		os.Exit(manifestsMain(os.Args[2:]))
	}
	if len(os.Args) > 1 && os.Args[1] == "-list" {
		var names []string
		for n, t := range types {
			if validated(t) {
				names = append(names, n+"\tvalidated")
			}
		}
		sort.Strings(names)
		fmt.Println(strings.Join(names, "\n"))
		return
	}
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for {
		line, err := in.ReadBytes('\n')
		if len(strings.TrimSpace(string(line))) > 0 {
			if e := enc.Encode(run(line)); e != nil {
				fmt.Fprintln(os.Stderr, "driver: write:", e)
				os.Exit(2)
			}
		}
		if err == io.EOF {
			return
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "driver: read:", err)
			os.Exit(2)
		}
		if in.Buffered() == 0 {
			if e := out.Flush(); e != nil {
				os.Exit(2)
			}
		}
	}
}

// decode reads data strictly into a new t and re-encodes it.
func decode(t reflect.Type, data json.RawMessage) (runtime.Object, json.RawMessage, error) {
	obj := reflect.New(t).Interface().(runtime.Object)
	strict, err := sjson.UnmarshalStrict(data, obj)
	if err != nil {
		return nil, nil, err
	}
	if len(strict) > 0 {
		var msgs []string
		for _, e := range strict {
			msgs = append(msgs, e.Error())
		}
		return nil, nil, fmt.Errorf("strict decoding: %s", strings.Join(msgs, "; "))
	}
	back, err := json.Marshal(obj)
	if err != nil {
		return nil, nil, fmt.Errorf("re-encoding: %v", err)
	}
	return obj, back, nil
}

func run(line []byte) (res oracleResult) {
	var c oracleCase
	if err := json.Unmarshal(line, &c); err != nil {
		return oracleResult{Error: "bad case: " + err.Error()}
	}
	res.ID = c.ID
	t, ok := types[c.Type]
	if !ok {
		res.Error = "unknown type " + c.Type
		return
	}
	obj, back, err := decode(t, c.Object)
	if err != nil {
		res.Error = "object: " + err.Error()
		return
	}
	res.RoundTrip = back
	var old runtime.Object
	if len(c.OldObject) > 0 && string(c.OldObject) != "null" {
		o, back, err := decode(t, c.OldObject)
		if err != nil {
			res.Error = "oldObject: " + err.Error()
			return
		}
		old, res.OldRoundTrip = o, back
	}
	var subresources []string
	for _, s := range strings.Split(c.Subresource, "/") {
		if s != "" {
			subresources = append(subresources, s)
		}
	}
	defer func() {
		if r := recover(); r != nil {
			res.Errors = nil
			res.Panic = fmt.Sprint(r)
			if os.Getenv("ORACLE_STACK") != "" {
				res.Panic += "\n" + string(debug.Stack())
			}
		}
	}()
	var errs field.ErrorList
	ctx := context.Background()
	if c.Operation != "update" {
		old = nil
	}
	errs = validate(ctx, c.Options, c.Disabled, obj, old, subresources...)
	res.Errors = make([]oracleError, 0, len(errs))
	for _, e := range errs {
		res.Errors = append(res.Errors, oracleError{
			Type:   string(e.Type),
			Field:  e.Field,
			Origin: e.Origin,
			Detail: e.Detail,
			Text:   e.Error(),
			Level:  level(e),
		})
	}
	return
}
