// Command driver is the Go half of the upstream oracle: it reads cases as
// JSON lines on stdin, validates each with the validators upstream's
// validation-gen generated for package api, and writes upstream's errors as
// JSON lines on stdout, one result line per case, in order.
//
// A case:   {"id":1,"type":"T","object":{...},"oldObject":{...}|null,
//            "operation":"create"|"update","options":["Opt"],"subresource":"/status"}
// A result: {"id":1,"errors":[{"type":"FieldValueInvalid","field":"x","origin":"minimum",
//            "detail":"...","text":"x: Invalid value: ..."}]}
// or, when upstream panics or the case is malformed, {"id":1,"panic":"..."} / {"id":1,"error":"..."}.
//
// With -list it prints the registered type names (with "\tvalidated" after
// those that have a validation function) and exits.
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

	"k8s.io/apimachinery/pkg/util/validation/field"

	_ "oracle/api"
	"oracle/scheme"
)

type oracleCase struct {
	ID          uint64          `json:"id"`
	Type        string          `json:"type"`
	Object      json.RawMessage `json:"object"`
	OldObject   json.RawMessage `json:"oldObject"`
	Operation   string          `json:"operation"`
	Options     []string        `json:"options"`
	Subresource string          `json:"subresource"`
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
	ID     uint64        `json:"id"`
	Errors []oracleError `json:"errors"`
	Panic  string        `json:"panic,omitempty"`
	Error  string        `json:"error,omitempty"`
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "-list" {
		var names []string
		for n := range scheme.Default.Constructors {
			if _, ok := scheme.Default.Validators[n]; ok {
				n += "\tvalidated"
			}
			names = append(names, n)
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
		// Answer at once when nothing else is waiting (interactive use).
		if in.Buffered() == 0 {
			if e := out.Flush(); e != nil {
				os.Exit(2)
			}
		}
	}
}

func run(line []byte) (res oracleResult) {
	var c oracleCase
	if err := json.Unmarshal(line, &c); err != nil {
		return oracleResult{Error: "bad case: " + err.Error()}
	}
	res.ID = c.ID
	ctor, ok := scheme.Default.Constructors[c.Type]
	if !ok {
		res.Error = "unknown type " + c.Type
		return
	}
	obj := ctor()
	if err := json.Unmarshal(c.Object, obj); err != nil {
		res.Error = "object: " + err.Error()
		return
	}
	var old any
	if len(c.OldObject) > 0 && string(c.OldObject) != "null" {
		o := ctor()
		if err := json.Unmarshal(c.OldObject, o); err != nil {
			res.Error = "oldObject: " + err.Error()
			return
		}
		old = o
	}
	var subresources []string
	for _, s := range strings.Split(c.Subresource, "/") {
		if s != "" {
			subresources = append(subresources, s)
		}
	}
	op := newOperation(c.Operation == "update", c.Options, scheme.Default.Options, subresources)
	fn, ok := scheme.Default.Validators[c.Type]
	var errs field.ErrorList
	if ok {
		defer func() {
			if r := recover(); r != nil {
				res.Errors = nil
				res.Panic = fmt.Sprint(r)
				if os.Getenv("ORACLE_STACK") != "" {
					res.Panic += "\n" + string(debug.Stack())
				}
			}
		}()
		errs = fn(context.Background(), op, obj, old)
	}
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
