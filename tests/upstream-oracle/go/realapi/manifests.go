package main

// The manifest mode of the real-API driver (`driver -manifests ...`): reads
// a tree of manifest files as kubectl does (k8s.io/apimachinery's
// YAMLReader and YAML-to-JSON conversion, JSON streams, `List` documents
// unwrapped), decodes each object through the runtime.Scheme by its
// apiVersion and kind, validates it with upstream's generated validators of
// the release (Scheme.Validate, or Scheme.ValidateUpdate against the live
// object of the same group, kind, namespace and name under -old), and keeps
// the errors the release's API server returns for a manifest under the
// given gates (upstream's k8s.io/apiserver pkg/registry/rest/validate.go of
// the release: see enforced below). It answers with one JSON line per
// object, which tests/upstream-oracle/run-manifests compares with
// `k8s-validate -o json`; with -bench it prints only the time spent
// reading, decoding and validating.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	sjson "sigs.k8s.io/json"
	sigsyaml "sigs.k8s.io/yaml"
)

type manifestObject struct {
	File       string        `json:"file"`
	Document   int           `json:"document"`
	Item       *int          `json:"item"`
	APIVersion string        `json:"apiVersion,omitempty"`
	Kind       string        `json:"kind,omitempty"`
	Name       string        `json:"name,omitempty"`
	Result     string        `json:"result"`
	Reason     string        `json:"reason,omitempty"`
	Errors     []oracleError `json:"errors"`
}

type manifestConfig struct {
	release   string
	validated map[string]bool // k8s.io/api packages: "apps/v1"
	enforced  map[string]bool // 1.36: mirror names of the types with enforcement
	dv        bool
	beta      bool
	takeover  bool
	enabled   []string
	disabled  []string
}

type rawDoc struct {
	file     string
	document int
	item     *int
	json     []byte
	err      error
}

func manifestsMain(args []string) int {
	fs := flag.NewFlagSet("manifests", flag.ExitOnError)
	release := fs.String("release", "1.35", "the Kubernetes release")
	validated := fs.String("validated", "", "comma-separated k8s.io/api packages the API server validates declaratively")
	enforced := fs.String("enforced", "", "1.36: comma-separated mirror names of the types with declarative enforcement")
	dv := fs.Bool("dv", true, "DeclarativeValidation")
	beta := fs.Bool("beta", true, "DeclarativeValidationBeta")
	takeover := fs.Bool("takeover", false, "DeclarativeValidationTakeover (1.35)")
	enable := fs.String("enable", "", "comma-separated enabled validation options")
	disable := fs.String("disable", "", "comma-separated disabled validation options")
	old := fs.String("old", "", "a directory of live objects")
	bench := fs.Bool("bench", false, "print timings instead of results")
	fs.Parse(args)
	cfg := manifestConfig{
		release:   *release,
		validated: set(*validated),
		enforced:  set(*enforced),
		dv:        *dv,
		beta:      *beta,
		takeover:  *takeover,
		enabled:   list(*enable),
		disabled:  list(*disable),
	}
	files, err := manifestFiles(fs.Args())
	if err != nil {
		fmt.Fprintln(os.Stderr, "driver:", err)
		return 2
	}
	live := map[string]runtime.Object{}
	liveBad := map[string]error{}
	if *old != "" {
		oldFiles, err := manifestFiles([]string{*old})
		if err != nil {
			fmt.Fprintln(os.Stderr, "driver:", err)
			return 2
		}
		for _, f := range oldFiles {
			for _, d := range readManifest(f) {
				if d.err != nil {
					continue
				}
				obj, key, err := decodeManifest(d.json)
				if err == nil {
					live[key] = obj
				} else if _, ok := err.(undecodable); ok {
					liveBad[key] = err
				}
			}
		}
	}
	if *bench {
		return benchManifests(files, cfg, live)
	}
	out := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for _, f := range files {
		for _, d := range readManifest(f) {
			if e := enc.Encode(checkManifest(d, cfg, live, liveBad)); e != nil {
				fmt.Fprintln(os.Stderr, "driver: write:", e)
				return 2
			}
		}
	}
	return 0
}

func set(s string) map[string]bool {
	m := map[string]bool{}
	for _, x := range list(s) {
		m[x] = true
	}
	return m
}

func list(s string) []string {
	var out []string
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

// manifestFiles: files as given, directories walked for .yaml, .yml and
// .json files.
func manifestFiles(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, p)
			continue
		}
		err = filepath.Walk(p, func(path string, info os.FileInfo, err error) error {
			if err != nil {
				return err
			}
			switch filepath.Ext(path) {
			case ".yaml", ".yml", ".json":
				if !info.IsDir() {
					out = append(out, path)
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(out)
	return out, nil
}

// readManifest splits a file into documents as kubectl does and converts
// each to JSON, unwrapping lists.
func readManifest(file string) []rawDoc {
	data, err := os.ReadFile(file)
	if err != nil {
		return []rawDoc{{file: file, document: 1, err: err}}
	}
	var docs [][]byte
	if trimmed := bytes.TrimLeft(data, " \t\r\n"); len(trimmed) > 0 && trimmed[0] == '{' {
		dec := json.NewDecoder(bytes.NewReader(data))
		for {
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				if err != io.EOF {
					docs = append(docs, nil)
				}
				break
			}
			docs = append(docs, raw)
		}
	} else {
		r := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
		for {
			doc, err := r.Read()
			if err != nil {
				break
			}
			docs = append(docs, append([]byte(nil), doc...))
		}
	}
	var out []rawDoc
	for i, doc := range docs {
		d := rawDoc{file: file, document: i + 1}
		if doc == nil {
			d.err = fmt.Errorf("error parsing JSON")
			out = append(out, d)
			continue
		}
		j, err := sigsyaml.YAMLToJSON(doc)
		if err != nil {
			d.err = err
			out = append(out, d)
			continue
		}
		if string(bytes.TrimSpace(j)) == "null" {
			continue
		}
		var probe struct {
			Kind  string            `json:"kind"`
			Items []json.RawMessage `json:"items"`
		}
		if json.Unmarshal(j, &probe) == nil && strings.HasSuffix(probe.Kind, "List") && probe.Items != nil {
			for k, item := range probe.Items {
				k := k
				out = append(out, rawDoc{file: file, document: i + 1, item: &k, json: item})
			}
			continue
		}
		d.json = j
		out = append(out, d)
	}
	return out
}

// decodeManifest decodes a manifest's JSON into its type by apiVersion and
// kind, and gives its live-object key (group/kind/namespace/name; a
// namespace or name that is not a string counts as empty). On an
// undecodable error the key and the (partly filled) object are set.
func decodeManifest(data []byte) (runtime.Object, string, error) {
	var tm struct {
		APIVersion string          `json:"apiVersion"`
		Kind       string          `json:"kind"`
		Metadata   json.RawMessage `json:"metadata"`
	}
	if err := json.Unmarshal(data, &tm); err != nil {
		return nil, "", err
	}
	var meta map[string]interface{}
	json.Unmarshal(tm.Metadata, &meta)
	name, _ := meta["name"].(string)
	ns, _ := meta["namespace"].(string)
	if ns == "default" {
		ns = ""
	}
	gv, err := schema.ParseGroupVersion(tm.APIVersion)
	if err != nil {
		return nil, "", err
	}
	key := gv.Group + "/" + tm.Kind + "/" + ns + "/" + name
	obj, err := scheme.New(gv.WithKind(tm.Kind))
	if err != nil {
		return nil, key, err
	}
	// As the API server's JSON serializer: case-sensitive field names.
	if err := sjson.UnmarshalCaseSensitivePreserveInts(data, obj); err != nil {
		return obj, key, undecodable{err}
	}
	return obj, key, nil
}

func checkManifest(d rawDoc, cfg manifestConfig, live map[string]runtime.Object, liveBad map[string]error) (res manifestObject) {
	res = manifestObject{File: d.file, Document: d.document, Item: d.item, Errors: []oracleError{}}
	if d.err != nil {
		res.Result = "bad"
		res.Reason = d.err.Error()
		return
	}
	var tm struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
		Metadata   struct {
			Name string `json:"name"`
		} `json:"metadata"`
	}
	json.Unmarshal(d.json, &tm)
	res.APIVersion, res.Kind, res.Name = tm.APIVersion, tm.Kind, tm.Metadata.Name
	if tm.APIVersion == "" || tm.Kind == "" {
		res.Result = "bad"
		return
	}
	obj, key, err := decodeManifest(d.json)
	_, bad := err.(undecodable)
	if err != nil && !bad {
		res.Result = "not-run"
		res.Reason = err.Error()
		return
	}
	t := mirrorName(reflectType(obj))
	if !validatedType(t) {
		res.Result = "not-run"
		res.Reason = "no-declarative-rules"
		return
	}
	pkg := strings.Replace(strings.SplitN(t, "::", 2)[0], "_", "/", 1)
	if !cfg.validated[pkg] {
		res.Result = "not-run"
		res.Reason = "not-run-by-apiserver"
		return
	}
	if bad {
		res.Result = "undecodable"
		res.Reason = err.Error()
		return
	}
	if e, ok := liveBad[key]; ok {
		res.Result = "undecodable"
		res.Reason = "the live object: " + e.Error()
		return
	}
	old := live[key]
	defer func() {
		if r := recover(); r != nil {
			res.Result = "panic"
			res.Reason = fmt.Sprint(r)
		}
	}()
	errs := validate(context.Background(), cfg.enabled, cfg.disabled, obj, old)
	errs = enforced(cfg, t, errs)
	for _, e := range errs {
		res.Errors = append(res.Errors, oracleError{
			Type: string(e.Type), Field: e.Field, Origin: e.Origin, Detail: e.Detail, Text: e.Error(), Level: level(e),
		})
	}
	if len(errs) == 0 {
		res.Result = "valid"
	} else {
		res.Result = "invalid"
	}
	return
}

// enforced keeps the declarative errors the release's API server returns
// with no hand-written errors, as pkg/registry/rest/validate.go of the
// release decides:
//   - 1.35 (ValidateDeclarativelyWithMigrationChecks): with
//     DeclarativeValidation off nothing runs; the declarative errors are
//     returned only under DeclarativeValidationTakeover;
//   - 1.36: only for the types whose strategy asks for declarative
//     enforcement, filtered as below;
//   - 1.37 and 1.38 (every type; ValidateDeclarativelyForManifest in 1.38):
//     FilterEnforcedDeclarativeErrors: internal errors, beta errors under
//     DeclarativeValidationBeta, and errors without a stability level;
//     alpha errors never.
func enforced(cfg manifestConfig, t string, errs field.ErrorList) field.ErrorList {
	switch cfg.release {
	case "1.35":
		if !cfg.dv || !cfg.takeover {
			return nil
		}
		return errs
	case "1.36":
		if !cfg.enforced[t] {
			return nil
		}
	}
	var out field.ErrorList
	for _, e := range errs {
		switch lv := level(e); {
		case e.Type == field.ErrorTypeInternal:
			out = append(out, e)
		case strings.EqualFold(lv, "beta"):
			if cfg.beta {
				out = append(out, e)
			}
		case strings.EqualFold(lv, "alpha"):
		default:
			out = append(out, e)
		}
	}
	return out
}

var validatedCache = map[string]bool{}

func validatedType(t string) bool {
	v, ok := validatedCache[t]
	if !ok {
		rt, found := types[t]
		v = found && validated(rt)
		validatedCache[t] = v
	}
	return v
}

// benchManifests times reading (files, YAML split and YAML-to-JSON),
// decoding (into the typed objects) and validating, separately, over the
// whole tree, single-threaded; prints one JSON line.
func benchManifests(files []string, cfg manifestConfig, live map[string]runtime.Object) int {
	start := time.Now()
	var docs []rawDoc
	for _, f := range files {
		docs = append(docs, readManifest(f)...)
	}
	read := time.Since(start)
	start = time.Now()
	objs := make([]runtime.Object, 0, len(docs))
	names := make([]string, 0, len(docs))
	for _, d := range docs {
		if d.err != nil {
			continue
		}
		obj, _, err := decodeManifest(d.json)
		if err != nil {
			continue
		}
		objs = append(objs, obj)
		names = append(names, mirrorName(reflectType(obj)))
	}
	decode := time.Since(start)
	start = time.Now()
	invalid := 0
	for i, obj := range objs {
		if !cfg.validated[strings.Replace(strings.SplitN(names[i], "::", 2)[0], "_", "/", 1)] {
			continue
		}
		errs := enforced(cfg, names[i], validate(context.Background(), cfg.enabled, cfg.disabled, obj, nil))
		if len(errs) > 0 {
			invalid++
		}
	}
	val := time.Since(start)
	total := read + decode + val
	fmt.Printf("{\"files\":%d,\"objects\":%d,\"invalid\":%d,\"readSeconds\":%.6f,\"decodeSeconds\":%.6f,\"validateSeconds\":%.6f,\"totalSeconds\":%.6f,\"objectsPerSecond\":%.1f}\n",
		len(files), len(objs), invalid, read.Seconds(), decode.Seconds(), val.Seconds(), total.Seconds(), float64(len(objs))/total.Seconds())
	return 0
}

func reflectType(obj runtime.Object) reflect.Type { return reflect.TypeOf(obj).Elem() }

// undecodable: the object's kind is known but its JSON does not decode into
// the type (the API server answers 400 BadRequest).
type undecodable struct{ err error }

func (u undecodable) Error() string { return u.err.Error() }
