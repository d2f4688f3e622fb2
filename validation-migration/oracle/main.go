// The migration oracle: runs upstream k8s.io/apiserver's
// rest.ValidateDeclarativelyWithMigrationChecks (and, from 1.38,
// rest.ValidateDeclarativelyForManifest) on the cases of cases.json and
// prints what it returns, logs and counts, one JSON object per case.
//
// The declarative validation of the registered Widget type is a fixed error
// list per case (or a panic), so only the apiserver's migration logic runs:
// gates, enforcement filter, covered hand-written filter, mismatch
// comparison, logs and metrics. Each case runs in a child process of its
// own (the gates and metrics are process globals).
//
// Usage: oracle CASES.json > expected.json (see README.md and ./run).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"

	"github.com/go-logr/logr"
	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apimachinery/pkg/util/version"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/component-base/featuregate"
	"k8s.io/component-base/metrics/legacyregistry"
	"k8s.io/klog/v2"

	"github.com/prometheus/common/expfmt"
)

// Widget is the registered type; Unregistered is not in the scheme.
type Widget struct {
	metav1.TypeMeta `json:",inline"`
}

func (w *Widget) DeepCopyObject() runtime.Object { c := *w; return &c }

type Unregistered struct {
	metav1.TypeMeta `json:",inline"`
}

func (w *Unregistered) DeepCopyObject() runtime.Object { c := *w; return &c }

var gv = schema.GroupVersion{Group: "example.dev", Version: "v1"}

// Err is an error of a case.
type Err struct {
	Type         string          `json:"type"`
	Field        string          `json:"field"`
	Value        json.RawMessage `json:"value,omitempty"`
	Detail       string          `json:"detail,omitempty"`
	Origin       string          `json:"origin,omitempty"`
	Level        string          `json:"level,omitempty"`
	Covered      bool            `json:"covered,omitempty"`
	ShortCircuit bool            `json:"short_circuit,omitempty"`
	// IfOption: the declarative error is reported only when the operation
	// defines this option enabled.
	IfOption string `json:"if_option,omitempty"`
}

// Case is one call.
type Case struct {
	Name string `json:"name"`
	// Only: the releases that run the case (all when empty).
	Only         []string        `json:"only,omitempty"`
	Gates        string          `json:"gates,omitempty"`
	Emulated     string          `json:"emulated,omitempty"`
	Call         string          `json:"call,omitempty"`
	Subresource  string          `json:"subresource,omitempty"`
	APIVersion   string          `json:"api_version,omitempty"`
	Unregistered bool            `json:"unregistered,omitempty"`
	HV           []Err           `json:"hv,omitempty"`
	DV           []Err           `json:"dv,omitempty"`
	Panic        string          `json:"panic,omitempty"`
	Rules        [][2]string     `json:"rules,omitempty"`
	ShortCircuit bool            `json:"short_circuit_mismatch,omitempty"`
	AllEnforced  bool            `json:"all_enforced,omitempty"`
	Options      map[string]bool `json:"options,omitempty"`
}

// OutErr is a returned error.
type OutErr struct {
	Type           string `json:"type"`
	Field          string `json:"field"`
	Origin         string `json:"origin"`
	Detail         string `json:"detail"`
	Text           string `json:"text"`
	Level          string `json:"level"`
	Covered        bool   `json:"covered"`
	FromImperative bool   `json:"from_imperative"`
	ShortCircuit   bool   `json:"short_circuit"`
}

// Log is one log line of the call.
type Log struct {
	Level string `json:"level"`
	Msg   string `json:"msg"`
}

// Result is what the oracle prints for a case.
type Result struct {
	Name    string          `json:"name"`
	Case    json.RawMessage `json:"case"`
	Gates   string          `json:"gates"`
	Errors  []OutErr        `json:"errors"`
	Logs    []Log           `json:"logs"`
	Metrics string          `json:"metrics"`
	Failure string          `json:"failure,omitempty"`
}

func value(raw json.RawMessage) interface{} {
	if len(raw) == 0 {
		return nil
	}
	var v interface{}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		panic(err)
	}
	if n, ok := v.(json.Number); ok {
		i, err := n.Int64()
		if err != nil {
			panic(fmt.Sprintf("only integer values: %s", n))
		}
		return i
	}
	return v
}

func build(e Err) *field.Error {
	out := &field.Error{
		Type:                 field.ErrorType(e.Type),
		Field:                e.Field,
		BadValue:             value(e.Value),
		Detail:               e.Detail,
		Origin:               e.Origin,
		CoveredByDeclarative: e.Covered,
		ShortCircuit:         e.ShortCircuit,
	}
	switch e.Level {
	case "":
	case "alpha":
		out = out.MarkAlpha()
	case "beta":
		out = out.MarkBeta()
	default:
		panic("unknown level " + e.Level)
	}
	return out
}

// sink records the log lines of the call.
type sink struct{ logs *[]Log }

func (s sink) Init(logr.RuntimeInfo)                  {}
func (s sink) Enabled(int) bool                       { return true }
func (s sink) WithValues(...interface{}) logr.LogSink { return s }
func (s sink) WithName(string) logr.LogSink           { return s }
func (s sink) Info(_ int, msg string, _ ...interface{}) {
	*s.logs = append(*s.logs, Log{Level: "info", Msg: msg})
}
func (s sink) Error(_ error, msg string, _ ...interface{}) {
	*s.logs = append(*s.logs, Log{Level: "error", Msg: msg})
}

func runCase(raw json.RawMessage) (res Result) {
	var c Case
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return Result{Failure: "bad case: " + err.Error()}
	}
	res.Name = c.Name
	res.Case = raw
	defer func() {
		if r := recover(); r != nil {
			res.Failure = fmt.Sprint("oracle panic: ", r)
		}
	}()

	gate := utilfeature.DefaultMutableFeatureGate
	if c.Emulated != "" {
		if err := gate.SetEmulationVersion(version.MustParse(c.Emulated)); err != nil {
			res.Failure = "emulated version: " + err.Error()
			return
		}
	}
	if c.Gates != "" {
		if err := gate.Set(c.Gates); err != nil {
			res.Failure = "gates: " + err.Error()
			return
		}
	}
	var gates []string
	for _, g := range []string{"DeclarativeValidation", "DeclarativeValidationBeta", "DeclarativeValidationTakeover"} {
		gates = append(gates, g+"="+strconv.FormatBool(utilfeature.DefaultFeatureGate.Enabled(featuregate.Feature(g))))
	}
	res.Gates = strings.Join(gates, ",")

	scheme := runtime.NewScheme()
	scheme.AddKnownTypes(gv, &Widget{})
	scheme.AddValidationFunc(&Widget{}, func(ctx context.Context, op operation.Operation, obj, old interface{}) field.ErrorList {
		if c.Panic != "" {
			panic(c.Panic)
		}
		var out field.ErrorList
		for _, e := range c.DV {
			if e.IfOption != "" {
				if enabled, _ := op.HasOption(e.IfOption); !enabled {
					continue
				}
			}
			out = append(out, build(e))
		}
		return out
	})

	var hv field.ErrorList
	for _, e := range c.HV {
		hv = append(hv, build(e))
	}
	config := rest.DeclarativeValidationConfig{Options: c.Options, ShortCircuitMismatch: c.ShortCircuit}
	for _, r := range c.Rules {
		config.NormalizationRules = append(config.NormalizationRules, field.NormalizationRule{Regexp: regexp.MustCompile(r[0]), Replacement: r[1]})
	}

	var logs []Log
	ctx := klog.NewContext(context.Background(), logr.New(sink{&logs}))
	if c.AllEnforced {
		ctx = rest.WithAllDeclarativeEnforcedForTest(ctx)
	}
	var obj, old runtime.Object = &Widget{}, &Widget{}
	if c.Unregistered {
		obj, old = &Unregistered{}, &Unregistered{}
	}
	var errs field.ErrorList
	switch c.Call {
	case "", "create", "update":
		ctx = genericapirequest.WithRequestInfo(ctx, &genericapirequest.RequestInfo{APIGroup: gv.Group, APIVersion: gv.Version, Subresource: c.Subresource})
		op := operation.Create
		if c.Call == "update" {
			op = operation.Update
		} else {
			old = nil
		}
		errs = rest.ValidateDeclarativelyWithMigrationChecks(ctx, scheme, obj, old, hv, op, config)
	case "manifest":
		target := gv
		if c.APIVersion != "" {
			var err error
			if target, err = schema.ParseGroupVersion(c.APIVersion); err != nil {
				panic(err)
			}
		}
		var ok bool
		errs, ok = validateManifest(ctx, scheme, target, obj, hv, config)
		if !ok {
			res.Failure = "ValidateDeclarativelyForManifest does not exist in this release"
			return
		}
	default:
		panic("unknown call " + c.Call)
	}
	res.Logs = logs
	res.Errors = []OutErr{}
	for _, e := range errs {
		res.Errors = append(res.Errors, OutErr{
			Type: string(e.Type), Field: e.Field, Origin: e.Origin, Detail: e.Detail, Text: e.Error(),
			Level: e.ValidationStabilityLevel.String(), Covered: e.CoveredByDeclarative,
			FromImperative: e.FromImperative, ShortCircuit: e.ShortCircuit,
		})
	}
	res.Metrics = metricsText()
	return res
}

// metricsText is the Prometheus text exposition of the apiserver_validation_* families.
func metricsText() string {
	families, err := legacyregistry.DefaultGatherer.Gather()
	if err != nil {
		panic(err)
	}
	var buf bytes.Buffer
	enc := expfmt.NewEncoder(&buf, expfmt.NewFormat(expfmt.TypeTextPlain))
	for _, f := range families {
		if strings.HasPrefix(f.GetName(), "apiserver_validation_") {
			if err := enc.Encode(f); err != nil {
				panic(err)
			}
		}
	}
	return buf.String()
}

func main() {
	if len(os.Args) == 3 && os.Args[1] == "-case" {
		// Child: one case from stdin.
		raw, err := readAll(os.Stdin)
		if err != nil {
			panic(err)
		}
		out, _ := json.Marshal(runCase(raw))
		os.Stdout.Write(out)
		return
	}
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: oracle RELEASE CASES.json")
		os.Exit(2)
	}
	release := os.Args[1]
	data, err := os.ReadFile(os.Args[2])
	if err != nil {
		panic(err)
	}
	var cases []json.RawMessage
	if err := json.Unmarshal(data, &cases); err != nil {
		panic(err)
	}
	var results []json.RawMessage
	for i, raw := range cases {
		var only struct {
			Only []string `json:"only"`
		}
		if err := json.Unmarshal(raw, &only); err != nil {
			panic(err)
		}
		if len(only.Only) > 0 && !contains(only.Only, release) {
			continue
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, raw); err != nil {
			panic(err)
		}
		cmd := exec.Command(os.Args[0], "-case", strconv.Itoa(i))
		cmd.Stdin = bytes.NewReader(compact.Bytes())
		cmd.Stderr = os.Stderr
		out, err := cmd.Output()
		if err != nil {
			fmt.Fprintf(os.Stderr, "case %d: %v\n", i, err)
			os.Exit(1)
		}
		results = append(results, out)
	}
	doc := struct {
		Release   string            `json:"release"`
		Apiserver string            `json:"apiserver"`
		Results   []json.RawMessage `json:"results"`
	}{release, apiserverVersion, results}
	out, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		panic(err)
	}
	os.Stdout.Write(append(out, '\n'))
}

// apiserverVersion is set by ./run (-ldflags -X).
var apiserverVersion = "unknown"

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func readAll(f *os.File) ([]byte, error) {
	var buf bytes.Buffer
	_, err := buf.ReadFrom(f)
	return buf.Bytes(), err
}
