// Command mirror generates the Rust mirror of real Kubernetes API types: every
// type reachable from the root types named on stdin (one
// "<package path>.<Name>" a line), read from the Go source of the pinned
// modules, with its JSON names and every "+" comment line verbatim as a
// "///" doc line, one module per Go package ("k8s.io/api/rbac/v1" is module
// rbac_v1, "k8s.io/apimachinery/pkg/apis/meta/v1" is meta_v1).
//
// The modules of a release go to its crate, or for the large releases to
// two crates (SPLIT in output.go): -out DIR gets each crate's generated
// source, DIR/<crate folder>/src/mirror.rs, which the crate's hand-written
// lib.rs includes. rust.go renders the types; Go types with their own JSON
// encoding map to the stand-ins of SPECIAL (one place: switch them to
// k8s_validation's types there).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"go/types"
	"os"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// release is the Kubernetes release the mirror is generated for (-release):
// 1.35, 1.36 (every type carries #[validate(kubernetes = "1.36")]), 1.37 or
// 1.38 (likewise).
var release = flag.String("release", "1.35", "the Kubernetes release: 1.35, 1.36, 1.37 or 1.38")

// runtimeMeta (-runtime-meta FILE, from 1.37): the shared meta/v1 types are
// k8s_validation's (k8s_validation::meta::v1_37, v1_38): the mirror's
// meta_v1 module becomes a `pub use` of it, and FILE gets that module as the
// runtime ships it (validation-runtime/src/meta/v1_<minor>.rs): the same items, with the
// Go doc comments as rustdoc and the runtime's own paths.
var runtimeMeta = flag.String("runtime-meta", "", "write the meta/v1 module for k8s_validation::meta to this file")

// out (-out DIR) is where the mirror crates' generated sources go:
// DIR/<crate folder>/src/mirror.rs, the folders under validation-api/
// (output.go).
var out = flag.String("out", "", "write the generated sources of the release's crates under this directory")

// MODULE_VERSIONS are the k8s.io/api and apimachinery versions of each
// release's pin (go/realapi*/go.mod), for the header line.
var MODULE_VERSIONS = map[string]string{"1.35": "v0.35.10", "1.36": "v0.36.6", "1.37": "v0.37.2", "1.38": "v0.38.0-beta.0"}

// PACKAGES are the Go packages whose source is read.
var PACKAGES = []string{
	"k8s.io/apimachinery/pkg/apis/meta/v1",
	"k8s.io/apimachinery/pkg/types",
}

func main() {
	flag.Parse()
	if MODULE_VERSIONS[*release] == "" {
		fmt.Fprintln(os.Stderr, "mirror: -release must be 1.35, 1.36, 1.37 or 1.38")
		os.Exit(2)
	}
	if *out == "" {
		fmt.Fprintln(os.Stderr, "mirror: -out DIR is required")
		os.Exit(2)
	}
	var roots []string
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" {
			roots = append(roots, l)
		}
	}
	sort.Strings(roots)
	pkgSet := map[string]bool{}
	for _, p := range PACKAGES {
		pkgSet[p] = true
	}
	for _, r := range roots {
		i := strings.LastIndex(r, ".")
		pkgSet[r[:i]] = true
	}
	var patterns []string
	for p := range pkgSet {
		patterns = append(patterns, p)
	}
	sort.Strings(patterns)
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedImports | packages.NeedDeps}
	loaded, err := packages.Load(cfg, patterns...)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mirror:", err)
		os.Exit(2)
	}
	g := &gen{pkgs: map[string]*packages.Package{}, comments: map[string]*comments{}, seen: map[*types.TypeName]bool{}, byMod: map[string][]string{}, deps: map[string]map[string]bool{}}
	for _, p := range loaded {
		if len(p.Errors) > 0 {
			fmt.Fprintln(os.Stderr, "mirror:", p.Errors)
			os.Exit(2)
		}
		g.pkgs[p.PkgPath] = p
		g.comments[p.PkgPath] = readComments(p)
	}
	// The packages the roots' types reach outside the list (1.38's
	// authorization/v1alpha1 holds admission/v1's AdmissionRequest, which
	// holds authentication/v1's UserInfo): read from their dependencies'
	// source, which NeedDeps loads with the syntax.
	packages.Visit(loaded, nil, func(p *packages.Package) {
		if g.comments[p.PkgPath] == nil && len(p.Syntax) > 0 && strings.HasPrefix(p.PkgPath, "k8s.io/") {
			g.pkgs[p.PkgPath] = p
			g.comments[p.PkgPath] = readComments(p)
		}
	})
	var rootNames []string
	for _, r := range roots {
		i := strings.LastIndex(r, ".")
		p := g.pkgs[r[:i]]
		obj, ok := p.Types.Scope().Lookup(r[i+1:]).(*types.TypeName)
		if !ok {
			fmt.Fprintln(os.Stderr, "mirror: no type", r)
			os.Exit(2)
		}
		g.want(obj)
		rootNames = append(rootNames, modName(r[:i])+"::"+r[i+1:])
	}
	for len(g.queue) > 0 {
		tn := g.queue[0]
		g.queue = g.queue[1:]
		g.emit(tn)
	}
	if len(g.errs) > 0 {
		for _, e := range g.errs {
			fmt.Fprintln(os.Stderr, "mirror:", e)
		}
		os.Exit(2)
	}
	if err := g.write(rootNames); err != nil {
		fmt.Fprintln(os.Stderr, "mirror:", err)
		os.Exit(2)
	}
}
