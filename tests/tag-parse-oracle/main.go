// Command tag-parse-oracle prints, for every `+k8s:` comment line of the Go
// files under a directory, how upstream validation-gen 1.35
// (k8s.io/code-generator v0.35.0, with the k8s.io/gengo/v2 it pins; or 1.38,
// v0.38.0-beta.0, built with -tags k8s138 in a module with its pins) parses
// it, as one JSON object per line.
//
// Each line is read the way validation-gen reads it:
//
//   - a name registered with its tag registry is parsed with
//     `registry.ExtractTags` (gengo's codetags.ParseAll: the tag grammar);
//   - `k8s:isSubresource` and `k8s:supportsSubresource` are read as the
//     release's generator reads them (release_*.go: 1.35 with gengo's
//     ExtractFunctionStyleCommentTags, codetags raw-value mode; 1.38 with
//     codetags.ParseAll, the tag grammar);
//   - any other name is not validation-gen's ("kind": "other").
//
// Usage: tag-parse-oracle <name>=<dir>... [lines=<file>]
//
// File names in the output are `<name>/<path under dir>`. `lines=<file>`
// also reads the `text` of each JSON line of <file> (comment text after
// `//`, such as random tags from the Rust side) as file `lines`.
package main

import (
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"k8s.io/code-generator/cmd/validation-gen/validators"
	"k8s.io/gengo/v2/codetags"
)

// tagRegistry is what this program uses of validation-gen's tag registry
// (`validators.Validator` in 1.35, `validators.ValidationExtractor` in 1.38).
type tagRegistry interface {
	ExtractTags(context validators.Context, comments []string) ([]codetags.Tag, error)
	Docs() []validators.TagDoc
}

type jsonArg struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	Type  string `json:"type"`
}

type jsonTag struct {
	Name      string    `json:"name"`
	Args      []jsonArg `json:"args"`
	ValueType string    `json:"valueType"`
	Value     string    `json:"value"`
	ValueTag  *jsonTag  `json:"valueTag,omitempty"`
}

type record struct {
	File  string   `json:"file"`
	Line  int      `json:"line"`
	Text  string   `json:"text"`
	Kind  string   `json:"kind"`
	Tag   *jsonTag `json:"tag,omitempty"`
	Error string   `json:"error,omitempty"`
	// For a `k8s:` name that 1.35's validation-gen does not read ("other"):
	// gengo's parse of the line with the tag grammar (codetags.Parse), as
	// later releases that know the name read it.
	GrammarTag   *jsonTag `json:"grammarTag,omitempty"`
	GrammarError string   `json:"grammarError,omitempty"`
	// Every name of the parsed chain is in the release's tag registry: a
	// reading here that calls one of them unknown (or not chainable) is a
	// difference, whatever the Rust side's judge says (it excuses unknown
	// names in chains, which upstream parses and rejects only later).
	AllKnown bool `json:"allKnown,omitempty"`
}

func toJSON(t codetags.Tag) *jsonTag {
	out := &jsonTag{Name: t.Name, Args: []jsonArg{}, ValueType: string(t.ValueType), Value: t.Value}
	for _, a := range t.Args {
		out.Args = append(out.Args, jsonArg{Name: a.Name, Value: a.Value, Type: string(a.Type)})
	}
	if t.ValueTag != nil {
		out.ValueTag = toJSON(*t.ValueTag)
		out.Value = ""
	}
	return out
}

var position = regexp.MustCompile(` at position \d+`)

// cleanError keeps upstream's message without the wrapping of ExtractTags
// and without the ` at position N` suffix (the Rust side reports spans).
func cleanError(err error, line string) string {
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "failed to parse tags: ")
	msg = strings.TrimSuffix(msg, ": ["+line+"]")
	return position.ReplaceAllString(msg, "")
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: tag-parse-oracle <name>=<dir>...")
		os.Exit(2)
	}
	reg := initRegistry()
	known := map[string]bool{}
	for _, d := range reg.Docs() {
		known[d.Tag] = true
	}
	raw := map[string]bool{"k8s:isSubresource": true, "k8s:supportsSubresource": true}

	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	for _, arg := range os.Args[1:] {
		name, root, ok := strings.Cut(arg, "=")
		if !ok {
			fmt.Fprintln(os.Stderr, "usage: tag-parse-oracle <name>=<dir>... [lines=<file>]")
			os.Exit(2)
		}
		if name == "lines" {
			readLines(enc, reg, known, raw, root)
			continue
		}
		walk(enc, reg, known, raw, name, root)
	}
}

func walk(enc *json.Encoder, reg tagRegistry, known, raw map[string]bool, name, root string) {
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	sort.Strings(files)
	fset := token.NewFileSet()
	for _, path := range files {
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		rel, _ := filepath.Rel(root, path)
		rel = name + "/" + filepath.ToSlash(rel)
		for _, group := range f.Comments {
			for _, c := range group.List {
				if !strings.HasPrefix(c.Text, "//") {
					continue // no `+k8s:` tag in k8s.io/api is in a /* */ comment
				}
				text := strings.TrimPrefix(c.Text, "//")
				if !strings.HasPrefix(strings.TrimLeft(text, " \t"), "+k8s:") {
					continue
				}
				rec := parseLine(reg, known, raw, rel, fset.Position(c.Slash).Line, text)
				if err := enc.Encode(rec); err != nil {
					fmt.Fprintln(os.Stderr, err)
					os.Exit(1)
				}
			}
		}
	}
}

// parseLine reads one comment line the way validation-gen does.
func parseLine(reg tagRegistry, known, raw map[string]bool, file string, line int, text string) record {
	rec := record{File: file, Line: line, Text: text}
	names := codetags.Extract("+", []string{text})
	var tagName string
	for n := range names {
		tagName = n
	}
	switch {
	case known[tagName]:
		rec.Kind = "validation"
		tags, err := reg.ExtractTags(validators.Context{}, []string{text})
		if err != nil {
			rec.Error = cleanError(err, names[tagName][0])
		} else {
			rec.Tag = toJSON(tags[0])
			rec.AllKnown = true
			for t := &tags[0]; t != nil; t = t.ValueTag {
				rec.AllKnown = rec.AllKnown && known[t.Name]
			}
		}
	case raw[tagName]:
		rec.Kind = "raw"
		if t, err := parseSubresourceTag(tagName, names[tagName][0], text); err != nil {
			rec.Error = cleanError(err, names[tagName][0])
		} else {
			rec.Tag = toJSON(t)
		}
	default:
		rec.Kind = "other"
		if strings.HasPrefix(tagName, "k8s:") {
			if t, err := codetags.Parse(names[tagName][0]); err != nil {
				rec.GrammarError = cleanError(err, names[tagName][0])
			} else {
				rec.GrammarTag = toJSON(t)
			}
		}
	}
	return rec
}

// readLines parses the `text` of each JSON line of path.
func readLines(enc *json.Encoder, reg tagRegistry, known, raw map[string]bool, path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		var in struct {
			Text string `json:"text"`
		}
		if err := json.Unmarshal([]byte(l), &in); err != nil {
			fmt.Fprintf(os.Stderr, "%s:%d: %v\n", path, i+1, err)
			os.Exit(1)
		}
		if err := enc.Encode(parseLine(reg, known, raw, "lines", i+1, in.Text)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
