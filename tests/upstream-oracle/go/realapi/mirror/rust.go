package main

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/tools/go/packages"
)

// SPECIAL maps Go types with custom JSON to their Rust types: the runtime's
// semantic types where it has them (k8s_validation::{Quantity, Time,
// MicroTime}, compared by value as upstream's equality.Semantic), else the
// stand-ins of validation-api/base/src/shim.rs (k8s_validation_api_base::shim,
// imported as crate::shim by every mirror crate).
var SPECIAL = map[string]string{
	"k8s.io/apimachinery/pkg/api/resource.Quantity":   "k8s_validation::Quantity",
	"k8s.io/apimachinery/pkg/apis/meta/v1.Time":       "k8s_validation::Time",
	"k8s.io/apimachinery/pkg/apis/meta/v1.MicroTime":  "k8s_validation::MicroTime",
	"k8s.io/apimachinery/pkg/apis/meta/v1.Duration":   "crate::shim::Duration",
	"k8s.io/apimachinery/pkg/util/intstr.IntOrString": "crate::shim::IntOrString",
	"k8s.io/apimachinery/pkg/runtime.RawExtension":    "crate::shim::RawExtension",
	"k8s.io/apimachinery/pkg/apis/meta/v1.FieldsV1":   "crate::shim::RawExtension",
	// Go's time.Duration (validated with +k8s:minimum="1s" from 1.38): the
	// runtime's Duration, integer nanoseconds in JSON as Go encodes it.
	"time.Duration": "k8s_validation::types::Duration",
}

// derive is the derive line of a type, with the release attribute when the
// release is not the default.
func derive(list string) string {
	d := "#[derive(" + list + ")]\n"
	if *release != "1.35" {
		d += "#[validate(kubernetes = \"" + *release + "\")]\n"
	}
	return d
}

func modName(pkgPath string) string {
	p := strings.TrimPrefix(pkgPath, "k8s.io/api/")
	p = strings.TrimPrefix(p, "k8s.io/apimachinery/pkg/apis/")
	p = strings.TrimPrefix(p, "k8s.io/apimachinery/pkg/")
	return strings.NewReplacer("/", "_", ".", "_").Replace(p)
}

type comments struct {
	types  map[string][]string            // type name -> + lines (second closest block, then doc)
	fields map[string]map[string][]string // type name -> field name -> + lines
	consts map[string][]string            // const name -> + lines
	pos    map[string]token.Pos
	// The same, with the whole doc comment (prose and + lines) as rustdoc
	// (-runtime-meta).
	typeDocs  map[string][]string
	fieldDocs map[string]map[string][]string
	constDocs map[string][]string
}

// rustdocLines renders Go doc comments as rustdoc lines: prose verbatim, "+"
// lines trimmed (as plusLines reads them), indented blocks (Go's code
// blocks) fenced as text so that rustdoc does not compile them.
func rustdocLines(groups ...*ast.CommentGroup) []string {
	var out []string
	fenced := false
	for _, g := range groups {
		if g == nil {
			continue
		}
		for _, c := range g.List {
			t := strings.TrimPrefix(c.Text, "//")
			t = strings.TrimPrefix(t, " ")
			trimmed := strings.TrimLeft(t, " \t")
			code := trimmed != "" && trimmed != t && !strings.HasPrefix(trimmed, "+")
			if code && !fenced {
				out = append(out, "```text")
				fenced = true
			} else if !code && fenced && trimmed != "" {
				out = append(out, "```")
				fenced = false
			}
			switch {
			case strings.HasPrefix(trimmed, "+"):
				out = append(out, trimmed)
			case code:
				out = append(out, strings.ReplaceAll(t, "\t", "    "))
			default:
				out = append(out, strings.TrimRight(t, " \t"))
			}
		}
		if fenced {
			out = append(out, "```")
			fenced = false
		}
	}
	return out
}

func plusLines(groups ...*ast.CommentGroup) []string {
	var out []string
	for _, g := range groups {
		if g == nil {
			continue
		}
		for _, c := range g.List {
			t := strings.TrimPrefix(c.Text, "//")
			t = strings.TrimLeft(t, " \t")
			if strings.HasPrefix(t, "+") {
				out = append(out, t)
			}
		}
	}
	return out
}

func readComments(pkg *packages.Package) *comments {
	cm := &comments{types: map[string][]string{}, fields: map[string]map[string][]string{}, consts: map[string][]string{}, pos: map[string]token.Pos{},
		typeDocs: map[string][]string{}, fieldDocs: map[string]map[string][]string{}, constDocs: map[string][]string{}}
	fset := pkg.Fset
	for _, f := range pkg.Syntax {
		// comment groups by end line
		byEnd := map[int]*ast.CommentGroup{}
		for _, g := range f.Comments {
			byEnd[fset.Position(g.End()).Line] = g
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			switch gd.Tok {
			case token.TYPE:
				for _, s := range gd.Specs {
					ts := s.(*ast.TypeSpec)
					doc := ts.Doc
					if doc == nil && len(gd.Specs) == 1 {
						doc = gd.Doc
					}
					var second *ast.CommentGroup
					if doc != nil {
						second = byEnd[fset.Position(doc.Pos()).Line-2]
					}
					cm.types[ts.Name.Name] = plusLines(second, doc)
					cm.typeDocs[ts.Name.Name] = append(plusLines(second), rustdocLines(doc)...)
					cm.pos[ts.Name.Name] = ts.Pos()
					if st, ok := ts.Type.(*ast.StructType); ok {
						fm := map[string][]string{}
						fd := map[string][]string{}
						for _, fl := range st.Fields.List {
							lines := plusLines(fl.Doc)
							docs := rustdocLines(fl.Doc)
							if len(fl.Names) == 0 {
								fm[embeddedName(fl.Type)] = lines
								fd[embeddedName(fl.Type)] = docs
							}
							for _, n := range fl.Names {
								fm[n.Name] = lines
								fd[n.Name] = docs
							}
						}
						cm.fields[ts.Name.Name] = fm
						cm.fieldDocs[ts.Name.Name] = fd
					}
				}
			case token.CONST:
				for _, s := range gd.Specs {
					vs := s.(*ast.ValueSpec)
					doc := vs.Doc
					if doc == nil && len(gd.Specs) == 1 {
						doc = gd.Doc
					}
					for _, n := range vs.Names {
						cm.consts[n.Name] = plusLines(doc)
						cm.constDocs[n.Name] = rustdocLines(doc)
					}
				}
			}
		}
	}
	return cm
}

func embeddedName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.Ident:
		return t.Name
	case *ast.SelectorExpr:
		return t.Sel.Name
	case *ast.StarExpr:
		return embeddedName(t.X)
	}
	return ""
}

type gen struct {
	pkgs     map[string]*packages.Package
	comments map[string]*comments
	queue    []*types.TypeName
	seen     map[*types.TypeName]bool
	byMod    map[string][]string // module -> rendered items
	// deps: module -> the modules its items name (`super::<module>::`),
	// which decide what a split release's core crate holds (output.go).
	deps map[string]map[string]bool
	errs []string
}

func (g *gen) want(tn *types.TypeName) {
	if !g.seen[tn] {
		g.seen[tn] = true
		g.queue = append(g.queue, tn)
	}
}

func key(tn *types.TypeName) string { return tn.Pkg().Path() + "." + tn.Name() }

// rust renders a Go type as a Rust type, seen from module `from`.
func (g *gen) rust(t types.Type, from string) string {
	switch t := t.(type) {
	case *types.Named:
		tn := t.Obj()
		if tn.Pkg() == nil {
			g.errs = append(g.errs, "unsupported type "+t.String())
			return "()"
		}
		if s, ok := SPECIAL[key(tn)]; ok {
			return s
		}
		g.want(tn)
		m := modName(tn.Pkg().Path())
		if m == from {
			return tn.Name()
		}
		if g.deps[from] == nil {
			g.deps[from] = map[string]bool{}
		}
		g.deps[from][m] = true
		return "super::" + m + "::" + tn.Name()
	case *types.Alias:
		return g.rust(types.Unalias(t), from)
	case *types.Pointer:
		return "Option<" + g.rust(t.Elem(), from) + ">"
	case *types.Slice:
		if b, ok := t.Elem().(*types.Basic); ok && b.Kind() == types.Byte {
			return "crate::shim::Bytes"
		}
		return "Vec<" + g.rust(t.Elem(), from) + ">"
	case *types.Map:
		return "BTreeMap<" + g.rust(t.Key(), from) + ", " + g.rust(t.Elem(), from) + ">"
	case *types.Basic:
		switch t.Kind() {
		case types.String:
			return "String"
		case types.Bool:
			return "bool"
		case types.Int32:
			return "i32"
		case types.Int64, types.Int:
			return "i64"
		case types.Int16:
			return "i16"
		case types.Int8:
			return "i8"
		case types.Uint8:
			return "u8"
		case types.Uint16:
			return "u16"
		case types.Uint32:
			return "u32"
		case types.Uint64, types.Uint:
			return "u64"
		case types.Float64:
			return "f64"
		case types.Float32:
			return "f32"
		}
	case *types.Interface:
		return "serde_json::Value"
	}
	g.errs = append(g.errs, "unsupported type "+t.String())
	return "()"
}

var keywords = map[string]bool{"type": true, "ref": true, "match": true, "mod": true, "use": true, "move": true, "in": true, "fn": true, "impl": true, "loop": true, "where": true, "self": true, "crate": true, "super": true, "static": true, "const": true, "enum": true, "struct": true, "trait": true, "as": true, "box": true, "override": true, "final": true, "macro": true, "async": true, "await": true, "dyn": true, "yield": true, "try": true, "priv": true, "virtual": true, "become": true, "abstract": true, "do": true, "typeof": true, "unsized": true, "extern": true, "pub": true, "return": true, "mut": true, "let": true, "if": true, "else": true, "while": true, "for": true, "break": true, "continue": true, "true": true, "false": true}

func snake(s string) string {
	r := []rune(s)
	var b strings.Builder
	for i, c := range r {
		if unicode.IsUpper(c) {
			if i > 0 && (unicode.IsLower(r[i-1]) || unicode.IsDigit(r[i-1]) || (i+1 < len(r) && unicode.IsLower(r[i+1]))) {
				b.WriteByte('_')
			}
			b.WriteRune(unicode.ToLower(c))
		} else {
			b.WriteRune(c)
		}
	}
	out := b.String()
	if keywords[out] {
		out += "_"
	}
	return out
}

func docLines(lines []string, indent string) string {
	var b strings.Builder
	for _, l := range lines {
		if l == "" {
			b.WriteString(indent + "///\n")
		} else {
			b.WriteString(indent + "/// " + l + "\n")
		}
	}
	return b.String()
}

// docsOr is the rustdoc of an item of the runtime's meta module: its Go doc
// comment, else `fallback`.
func docsOr(lines []string, fallback string) []string {
	for _, l := range lines {
		if l != "" && !strings.HasPrefix(l, "+") {
			return lines
		}
	}
	if len(lines) == 0 {
		return []string{fallback}
	}
	return append([]string{fallback, ""}, lines...)
}

// isCollection: the Go type is a slice or map (nil is null in JSON).
func isOrderable(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsString|types.IsInteger|types.IsBoolean) != 0
}

func (g *gen) emit(tn *types.TypeName) {
	m := modName(tn.Pkg().Path())
	cm := g.comments[tn.Pkg().Path()]
	if cm == nil {
		g.errs = append(g.errs, fmt.Sprintf("%s: package %s is not loaded (add it to PACKAGES)", key(tn), tn.Pkg().Path()))
		return
	}
	// The runtime's meta module (-runtime-meta) documents every item.
	rt := *runtimeMeta != "" && m == "meta_v1"
	var b strings.Builder
	if rt {
		b.WriteString(docLines(docsOr(cm.typeDocs[tn.Name()], fmt.Sprintf("`%s` (Go `metav1.%s`).", tn.Name(), tn.Name())), ""))
	} else {
		b.WriteString(docLines(cm.types[tn.Name()], ""))
	}
	named := tn.Type().(*types.Named)
	switch u := named.Underlying().(type) {
	case *types.Struct:
		b.WriteString(derive("Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate"))
		b.WriteString("pub struct " + tn.Name() + " {\n")
		fc := cm.fields[tn.Name()]
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			tag := reflect.StructTag(u.Tag(i)).Get("json")
			name, opts, _ := strings.Cut(tag, ",")
			if name == "-" && opts == "" {
				continue
			}
			if !f.Exported() {
				continue
			}
			omitempty := strings.Contains(","+opts+",", ",omitempty,")
			inline := strings.Contains(","+opts+",", ",inline,")
			if rt {
				jn := name
				if jn == "" {
					jn = f.Name()
				}
				b.WriteString(docLines(docsOr(cm.fieldDocs[tn.Name()][f.Name()], fmt.Sprintf("`%s` (Go `%s`).", jn, f.Name())), "    "))
			} else {
				b.WriteString(docLines(fc[f.Name()], "    "))
			}
			ty := g.rust(f.Type(), m)
			_, isPtr := f.Type().(*types.Pointer)
			switch {
			case f.Embedded() && (inline || name == ""):
				b.WriteString("    #[serde(flatten)]\n")
			case isPtr:
				if name == "" {
					name = f.Name()
				}
				// A nil pointer without omitempty encodes as null (bad values
				// of whole structs print it).
				skip := ""
				if omitempty {
					skip = ", skip_serializing_if = \"Option::is_none\""
				}
				b.WriteString(fmt.Sprintf("    #[serde(rename = %q, default%s)]\n", name, skip))
			default:
				if name == "" {
					name = f.Name()
				}
				// encoding/json's omitempty never omits a struct (Go prints
				// a zero metav1.Time as null, a zero Quantity as "0").
				skip := ""
				if _, isStruct := f.Type().Underlying().(*types.Struct); omitempty && !isStruct {
					skip = ", skip_serializing_if = \"k8s_validation::IsZero::is_zero\""
				}
				// Go encodes a nil slice or map (without omitempty) as null,
				// and nothing else a field of these types holds: only those
				// fields read null as empty (a named slice or map is a
				// newtype that does so itself). Every deserialize_with
				// costs serde a helper type and its impls: on every field
				// it was two thirds of the mirror's expanded code and most
				// of its compile time. The runtime's meta/v1 types read
				// null into every field, as Go does.
				nullable := rt
				switch f.Type().(type) {
				case *types.Slice, *types.Map:
					nullable = true
				}
				if nullable {
					b.WriteString(fmt.Sprintf("    #[serde(rename = %q, default, deserialize_with = \"crate::shim::nullable\"%s)]\n", name, skip))
				} else {
					b.WriteString(fmt.Sprintf("    #[serde(rename = %q, default%s)]\n", name, skip))
				}
			}
			// A union member's default name is its Go field name, which
			// the derive reads from the Rust name unless told.
			if anyContains(fc[f.Name()], "+k8s:unionMember") && upperCamel(snake(f.Name())) != f.Name() {
				b.WriteString(fmt.Sprintf("    #[validate(go_name = %q)]\n", f.Name()))
			}
			b.WriteString("    pub " + snake(f.Name()) + ": " + ty + ",\n")
		}
		b.WriteString("}\n")
	default:
		list := "Clone, Debug, Default, PartialEq, Serialize, Deserialize, Validate"
		if isOrderable(u) {
			list = "Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Validate"
		}
		b.WriteString(derive(list))
		inner := g.rust(u, m)
		switch u.(type) {
		case *types.Slice, *types.Map:
			// Go encodes a nil slice or map as null, also where no field
			// attribute can say so (a map value, a list element).
			b.WriteString("pub struct " + tn.Name() + "(#[serde(deserialize_with = \"crate::shim::nullable\")] pub " + inner + ");\n")
		default:
			b.WriteString("pub struct " + tn.Name() + "(pub " + inner + ");\n")
		}
		// the constants of the type
		var consts []*types.Const
		scope := tn.Pkg().Scope()
		for _, n := range scope.Names() {
			if c, ok := scope.Lookup(n).(*types.Const); ok && types.Identical(c.Type(), named) && c.Exported() {
				consts = append(consts, c)
			}
		}
		if len(consts) > 0 && isString(u) {
			sort.Slice(consts, func(i, j int) bool { return consts[i].Pos() < consts[j].Pos() })
			b.WriteString("\n#[k8s_validation::enum_values]\nimpl " + tn.Name() + " {\n")
			seen := map[string]bool{}
			for _, c := range consts {
				if rt {
					b.WriteString(docLines(docsOr(cm.constDocs[c.Name()], fmt.Sprintf("`%s`: the value %s.", c.Name(), c.Val().ExactString())), "    "))
				} else {
					b.WriteString(docLines(cm.consts[c.Name()], "    "))
				}
				v := strings.Trim(c.Val().ExactString(), "\"")
				_ = seen
				b.WriteString(fmt.Sprintf("    pub const %s: &'static str = %s;\n", c.Name(), c.Val().ExactString()))
				_ = v
			}
			b.WriteString("}\n")
		}
	}
	g.byMod[m] = append(g.byMod[m], b.String())
}

func isString(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// upperCamel is the derive's default Go name of a Rust field
// (validation-gen's front::model::upper_camel): `replica_count` ->
// `ReplicaCount`.
func upperCamel(rust string) string {
	var out strings.Builder
	upper := true
	for _, c := range rust {
		switch {
		case c == '_':
			upper = true
		case upper:
			out.WriteString(strings.ToUpper(string(c)))
			upper = false
		default:
			out.WriteRune(c)
		}
	}
	return out.String()
}

func anyContains(lines []string, sub string) bool {
	for _, l := range lines {
		if strings.Contains(l, sub) {
			return true
		}
	}
	return false
}
