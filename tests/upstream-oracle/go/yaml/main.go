// Command yaml reads manifest files as kubectl reads them and prints what
// it made of each document, one JSON line per document:
// {"file": F, "document": N, "json": V} (V as kubectl sends it: numbers that
// are integers as integers) or {"file": F, "document": N, "error": TEXT},
// after which kubectl stops reading the file.
//
// The path is kubectl's: golang.org/x/text's BOMOverride(UTF8 decoder) on
// the file (cli-runtime's FileVisitor), apimachinery's
// YAMLOrJSONDecoder(4096) into a RawExtension (YAML documents through
// sigs.k8s.io/yaml: go-yaml v2 then encoding/json), empty and `null`
// documents skipped (StreamVisitor), the raw JSON decoded with
// apimachinery's util/json (int64 where integral). A directory argument
// stands for its regular files (not its subdirectories), in name order.
//
// It is the Go side of tests/upstream-oracle/run-yaml, which compares the
// Rust reader (k8s-validation-manifest) with it on a corpus of edge cases
// and the fuzzers' corpora.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
	"k8s.io/apimachinery/pkg/runtime"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/yaml"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	var files []string
	for _, a := range os.Args[1:] {
		entries, err := os.ReadDir(a)
		if err != nil {
			files = append(files, a)
			continue
		}
		for _, e := range entries {
			if e.Type().IsRegular() {
				files = append(files, strings.TrimRight(a, "/")+"/"+e.Name())
			}
		}
	}
	for _, f := range files {
		file, err := os.Open(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		r := transform.NewReader(file, unicode.BOMOverride(unicode.UTF8.NewDecoder()))
		d := yaml.NewYAMLOrJSONDecoder(r, 4096)
		n := 0
		for {
			var ext runtime.RawExtension
			err := d.Decode(&ext)
			if err == io.EOF {
				break
			}
			n++
			out := map[string]interface{}{"file": f, "document": n}
			if err != nil {
				out["error"] = err.Error()
				line(w, out)
				break
			}
			raw := bytes.TrimSpace(ext.Raw)
			if len(raw) == 0 || string(raw) == "null" {
				continue
			}
			var v interface{}
			if err := utiljson.Unmarshal(raw, &v); err != nil {
				out["error"] = err.Error()
				line(w, out)
				break
			}
			out["json"] = v
			line(w, out)
		}
		file.Close()
	}
}

func line(w io.Writer, v interface{}) {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(map[string]interface{}{"error": "marshal: " + err.Error()})
	}
	w.Write(b)
	w.Write([]byte("\n"))
}
