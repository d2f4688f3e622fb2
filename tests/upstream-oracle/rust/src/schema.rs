//! The fixture schema, read from the fixture sources themselves (with syn):
//! every type with its doc-comment tags, JSON names and Go shape. The Go API
//! types are printed from it (so they mirror the Rust types tag for tag and
//! JSON name for JSON name by construction), and the random objects are
//! generated from it.

use std::collections::BTreeMap;

/// An integer kind, with its Go name and range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntKind {
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
}

impl IntKind {
    fn from_ident(s: &str) -> Option<IntKind> {
        Some(match s {
            "i8" => IntKind::I8,
            "i16" => IntKind::I16,
            "i32" => IntKind::I32,
            "i64" => IntKind::I64,
            "u8" => IntKind::U8,
            "u16" => IntKind::U16,
            "u32" => IntKind::U32,
            "u64" => IntKind::U64,
            _ => return None,
        })
    }

    /// Go's name for the type.
    pub fn go_name(self) -> &'static str {
        match self {
            IntKind::I8 => "int8",
            IntKind::I16 => "int16",
            IntKind::I32 => "int32",
            IntKind::I64 => "int64",
            IntKind::U8 => "uint8",
            IntKind::U16 => "uint16",
            IntKind::U32 => "uint32",
            IntKind::U64 => "uint64",
        }
    }

    /// The inclusive range.
    pub fn range(self) -> (i128, i128) {
        match self {
            IntKind::I8 => (i8::MIN.into(), i8::MAX.into()),
            IntKind::I16 => (i16::MIN.into(), i16::MAX.into()),
            IntKind::I32 => (i32::MIN.into(), i32::MAX.into()),
            IntKind::I64 => (i64::MIN.into(), i64::MAX.into()),
            IntKind::U8 => (0, u8::MAX.into()),
            IntKind::U16 => (0, u16::MAX.into()),
            IntKind::U32 => (0, u32::MAX.into()),
            IntKind::U64 => (0, u64::MAX.into()),
        }
    }
}

/// A field or element type, as Go sees it.
#[derive(Clone, Debug, PartialEq)]
pub enum Ty {
    /// `Option<T>` / `Option<Box<T>>`: `*T`.
    Opt(Box<Ty>),
    /// `Vec<T>`: `[]T`.
    List(Box<Ty>),
    /// `BTreeMap<K, V>`: `map[K]V`.
    Map(Box<Ty>, Box<Ty>),
    Str,
    Bool,
    Int(IntKind),
    /// `f64` / `f32`.
    Float,
    /// A type of the fixture package (in the real-API mirror, qualified by
    /// its module: `rbac_v1::RoleBinding`).
    Named(String),
    /// A stand-in for a Go type with its own JSON encoding (the real-API
    /// mirror's `shim` types: `Quantity`, `Time`, ..., and
    /// `serde_json::Value`).
    Special(String),
}

impl Ty {
    #[cfg(test)]
    fn of(ty: &syn::Type) -> Result<Ty, String> {
        Ty::of_in(ty, "")
    }

    /// The type `ty` as written in module `module` (`""` at the top level,
    /// else `"rbac_v1::"`).
    fn of_in(ty: &syn::Type, module: &str) -> Result<Ty, String> {
        let syn::Type::Path(p) = ty else {
            return Err(format!("unsupported type `{}`", quote_ty(ty)));
        };
        let segs: Vec<String> = p
            .path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect();
        if segs.len() > 1 {
            // The mirror's stand-ins (and, once they exist, the runtime's
            // semantic types it switches to).
            // Go's time.Duration (the runtime's `types::Duration`, integer
            // nanoseconds), not the mirror's `metav1.Duration` stand-in.
            if segs == ["k8s_validation", "types", "Duration"]
                || segs == ["k8s_validation", "Duration"]
            {
                return Ok(Ty::Special("GoDuration".into()));
            }
            if segs.iter().any(|s| s == "shim")
                || segs[0] == "serde_json"
                || segs[0] == "k8s_validation"
            {
                return Ok(Ty::Special(segs.last().unwrap().clone()));
            }
            // The runtime's own meta/v1 types (validation-runtime/src/meta,
            // the 1.37 mirror's meta_v1): `crate::Time`, and `FieldsV1` as
            // the JSON stand-in the mirror's `RawExtension` is.
            if segs[0] == "crate" {
                let last = segs.last().unwrap();
                let special = if last == "FieldsV1" {
                    "RawExtension"
                } else {
                    last
                };
                return Ok(Ty::Special(special.to_string()));
            }
            if segs[0] == "super" {
                return Ok(Ty::Named(segs[1..].join("::")));
            }
        }
        let seg = p.path.segments.last().expect("path has a segment");
        let name = seg.ident.to_string();
        let args: Vec<&syn::Type> = match &seg.arguments {
            syn::PathArguments::AngleBracketed(a) => a
                .args
                .iter()
                .filter_map(|a| match a {
                    syn::GenericArgument::Type(t) => Some(t),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        Ok(match (name.as_str(), args.as_slice()) {
            ("Option", [t]) => Ty::Opt(Box::new(Ty::of_in(t, module)?)),
            ("Box", [t]) => Ty::of_in(t, module)?,
            ("Vec", [t]) => Ty::List(Box::new(Ty::of_in(t, module)?)),
            ("BTreeMap" | "HashMap", [k, v]) => Ty::Map(
                Box::new(Ty::of_in(k, module)?),
                Box::new(Ty::of_in(v, module)?),
            ),
            ("String", []) => Ty::Str,
            ("bool", []) => Ty::Bool,
            ("f64" | "f32", []) => Ty::Float,
            (n, []) => match IntKind::from_ident(n) {
                Some(k) => Ty::Int(k),
                None => Ty::Named(format!("{module}{n}")),
            },
            _ => return Err(format!("unsupported type `{}`", quote_ty(ty))),
        })
    }

    /// The Go spelling.
    pub fn go(&self) -> String {
        match self {
            Ty::Opt(t) => format!("*{}", t.go()),
            Ty::List(t) => format!("[]{}", t.go()),
            Ty::Map(k, v) => format!("map[{}]{}", k.go(), v.go()),
            Ty::Str => "string".into(),
            Ty::Bool => "bool".into(),
            Ty::Int(k) => k.go_name().into(),
            Ty::Float => "float64".into(),
            // In the fixtures' Go mirror (the real-API mirror's stand-ins
            // are not printed as Go).
            Ty::Special(n) if n == "GoDuration" => "time.Duration".into(),
            Ty::Special(n) if n == "Quantity" => "resource.Quantity".into(),
            Ty::Named(n) | Ty::Special(n) => n.clone(),
        }
    }

    /// The Go packages its spelling ([`Ty::go`]) names.
    pub fn go_imports(&self, out: &mut std::collections::BTreeSet<&'static str>) {
        match self {
            Ty::Opt(t) | Ty::List(t) => t.go_imports(out),
            Ty::Map(k, v) => {
                k.go_imports(out);
                v.go_imports(out);
            }
            Ty::Special(n) if n == "GoDuration" => {
                out.insert("time");
            }
            Ty::Special(n) if n == "Quantity" => {
                out.insert("k8s.io/apimachinery/pkg/api/resource");
            }
            _ => {}
        }
    }
}

/// Standard base64 with padding, as Go's JSON writes a `[]byte`.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// A short spelling of a type, for messages.
fn quote_ty(ty: &syn::Type) -> String {
    match ty {
        syn::Type::Path(p) => p
            .path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect::<Vec<_>>()
            .join("::"),
        _ => "<type>".into(),
    }
}

/// A struct field.
#[derive(Clone, Debug)]
pub struct Field {
    /// The Go name: the Rust name in UpperCamelCase (Go's embedded type
    /// name for a flattened field).
    pub go: String,
    /// The JSON name; `None` for a flattened (Go embedded) field.
    pub json: Option<String>,
    pub ty: Ty,
    /// The `+...` lines of the doc comment, without the leading `+`.
    pub tags: Vec<String>,
}

/// A constant of an enum type.
#[derive(Clone, Debug)]
pub struct Const {
    pub rust: String,
    pub value: String,
    pub tags: Vec<String>,
}

/// What a type is.
#[derive(Clone, Debug)]
pub enum Kind {
    /// A struct with named fields (`serde(skip)` fields are left out).
    Struct(Vec<Field>),
    /// A tuple newtype: a Go typedef of the inner type.
    Newtype(Ty),
}

/// A fixture type.
#[derive(Clone, Debug)]
pub struct TypeDef {
    pub name: String,
    pub tags: Vec<String>,
    pub kind: Kind,
    /// The enum constants (from an `#[enum_values]` impl block).
    pub consts: Vec<Const>,
}

/// One fixture package (one Go package, judged by one upstream build).
#[derive(Clone, Debug)]
pub struct Package {
    pub types: Vec<TypeDef>,
    index: BTreeMap<String, usize>,
    /// The root types named by a top-level `ROOTS` constant (the real-API
    /// mirror); without one, every struct is a root.
    root_names: Option<Vec<String>>,
    /// The types whose values contain a validation tag somewhere (their
    /// own, a field's, or a type they reach).
    tagged: std::collections::BTreeSet<String>,
    options: Vec<String>,
    subresources: Vec<String>,
}

impl Package {
    /// Reads a fixture source file.
    pub fn parse(src: &str) -> Result<Package, String> {
        let file = syn::parse_file(src).map_err(|e| format!("parse: {e}"))?;
        let mut types = Vec::new();
        let mut consts: BTreeMap<String, Vec<Const>> = BTreeMap::new();
        let mut root_names = None;
        // A stack, popped in source order.
        let mut items: Vec<(String, &syn::Item)> = file
            .items
            .iter()
            .rev()
            .map(|i| (String::new(), i))
            .collect();
        while let Some((module, item)) = items.pop() {
            match item {
                syn::Item::Mod(m) => {
                    if let Some((_, content)) = &m.content {
                        let module = format!("{module}{}::", m.ident);
                        items.extend(content.iter().rev().map(|i| (module.clone(), i)));
                    }
                }
                syn::Item::Const(c) if c.ident == "ROOTS" && module.is_empty() => {
                    let mut names = Vec::new();
                    if let syn::Expr::Reference(r) = &*c.expr {
                        if let syn::Expr::Array(a) = &*r.expr {
                            for e in &a.elems {
                                if let syn::Expr::Lit(syn::ExprLit {
                                    lit: syn::Lit::Str(s),
                                    ..
                                }) = e
                                {
                                    names.push(s.value());
                                }
                            }
                        }
                    }
                    root_names = Some(names);
                }
                syn::Item::Struct(s) if matches!(s.vis, syn::Visibility::Public(_)) => {
                    types.push(read_struct(s, &module)?);
                }
                syn::Item::Impl(i) if is_enum_values(&i.attrs) => {
                    let syn::Type::Path(p) = &*i.self_ty else {
                        return Err("enum_values on a non-path type".into());
                    };
                    let name = format!("{module}{}", p.path.segments.last().unwrap().ident);
                    for it in &i.items {
                        if let syn::ImplItem::Const(c) = it {
                            let syn::Expr::Lit(syn::ExprLit {
                                lit: syn::Lit::Str(v),
                                ..
                            }) = &c.expr
                            else {
                                return Err(format!("{name}::{}: not a string literal", c.ident));
                            };
                            consts.entry(name.clone()).or_default().push(Const {
                                rust: c.ident.to_string(),
                                value: v.value(),
                                tags: tag_lines(&c.attrs),
                            });
                        }
                    }
                }
                _ => {}
            }
        }
        for t in &mut types {
            if let Some(c) = consts.remove(&t.name) {
                t.consts = c;
            }
        }
        if let Some(name) = consts.keys().next() {
            return Err(format!("enum_values for unknown type {name}"));
        }
        let index = types
            .iter()
            .enumerate()
            .map(|(i, t)| (t.name.clone(), i))
            .collect();
        let mut pkg = Package {
            types,
            index,
            root_names,
            tagged: Default::default(),
            options: Vec::new(),
            subresources: Vec::new(),
        };
        pkg.options = pkg.compute_options();
        pkg.subresources = pkg.compute_subresources();
        if let Some(names) = &pkg.root_names {
            if let Some(n) = names.iter().find(|n| pkg.get(n).is_none()) {
                return Err(format!("ROOTS names an unknown type {n}"));
            }
        }
        pkg.tagged = pkg.compute_tagged();
        Ok(pkg)
    }

    fn compute_tagged(&self) -> std::collections::BTreeSet<String> {
        fn is_validation(l: &str) -> bool {
            l.starts_with("k8s:") && !crate::tagcov::is_foreign(l)
        }
        let mut out = std::collections::BTreeSet::new();
        for t in &self.types {
            let own = t.tags.iter().any(|l| is_validation(l))
                || matches!(&t.kind, Kind::Struct(fs) if fs.iter().any(|f| f.tags.iter().any(|l| is_validation(l))));
            if own {
                out.insert(t.name.clone());
            }
        }
        loop {
            let before = out.len();
            for t in &self.types {
                if out.contains(&t.name) {
                    continue;
                }
                let reaches = match &t.kind {
                    Kind::Struct(fs) => fs.iter().any(|f| self.ty_tagged(&f.ty, &out)),
                    Kind::Newtype(inner) => self.ty_tagged(inner, &out),
                };
                if reaches {
                    out.insert(t.name.clone());
                }
            }
            if out.len() == before {
                return out;
            }
        }
    }

    fn ty_tagged(&self, ty: &Ty, set: &std::collections::BTreeSet<String>) -> bool {
        match ty {
            Ty::Opt(t) | Ty::List(t) => self.ty_tagged(t, set),
            Ty::Map(k, v) => self.ty_tagged(k, set) || self.ty_tagged(v, set),
            Ty::Named(n) => set.contains(n),
            _ => false,
        }
    }

    /// Whether this is the real-API mirror (it names its roots).
    pub fn is_mirror(&self) -> bool {
        self.root_names.is_some()
    }

    /// Whether values of `ty` contain structs.
    pub fn has_structs(&self, ty: &Ty) -> bool {
        match ty {
            Ty::Opt(t) | Ty::List(t) => self.has_structs(t),
            Ty::Map(k, v) => self.has_structs(k) || self.has_structs(v),
            Ty::Named(n) => match self.get(n).map(|t| &t.kind) {
                Some(Kind::Struct(_)) => true,
                Some(Kind::Newtype(inner)) => self.has_structs(inner),
                None => false,
            },
            _ => false,
        }
    }

    /// Whether values of `ty` contain anything a validation tag applies to.
    pub fn has_tags(&self, ty: &Ty) -> bool {
        self.ty_tagged(ty, &self.tagged)
    }

    /// The type called `name`.
    pub fn get(&self, name: &str) -> Option<&TypeDef> {
        self.index.get(name).map(|&i| &self.types[i])
    }

    /// The root types: those named by `ROOTS`, or every struct (the Go
    /// package of the fixtures selects all types).
    pub fn roots(&self) -> impl Iterator<Item = &TypeDef> {
        self.types.iter().filter(|t| match &self.root_names {
            Some(names) => names.contains(&t.name),
            None => matches!(t.kind, Kind::Struct(_)),
        })
    }

    /// The fields of a struct as they appear in its JSON object: flattened
    /// (embedded) structs contribute their own fields.
    pub fn json_fields<'a>(&'a self, fields: &'a [Field]) -> Vec<&'a Field> {
        let mut out = Vec::new();
        for f in fields {
            match (&f.json, &f.ty) {
                (None, Ty::Named(n)) => {
                    if let Some(TypeDef {
                        kind: Kind::Struct(inner),
                        ..
                    }) = self.get(n)
                    {
                        out.extend(self.json_fields(inner));
                    }
                }
                _ => out.push(f),
            }
        }
        out
    }

    /// The JSON Go is given for `v` (a value of `ty`): empty lists and maps
    /// become `null`. A Rust `Vec` or map has no nil/empty distinction, so
    /// an empty one stands for Go's nil (what a client with `omitempty`
    /// sends), never for an explicitly empty `[]` or `{}`.
    pub fn go_view(&self, v: &serde_json::Value, ty: &Ty) -> serde_json::Value {
        use serde_json::Value;
        match (ty, v) {
            (Ty::Opt(inner), v) if !v.is_null() => self.go_view(v, inner),
            (Ty::List(_), Value::Array(a)) if a.is_empty() => Value::Null,
            // Go's []byte reads base64 (serde writes a Vec<u8> as numbers).
            (Ty::List(e), Value::Array(a)) if **e == Ty::Int(IntKind::U8) => {
                let bytes: Vec<u8> = a
                    .iter()
                    .filter_map(|x| x.as_u64())
                    .map(|x| x as u8)
                    .collect();
                Value::String(base64(&bytes))
            }
            (Ty::Map(..), Value::Object(m)) if m.is_empty() => Value::Null,
            (Ty::List(e), Value::Array(a)) => {
                Value::Array(a.iter().map(|x| self.go_view(x, e)).collect())
            }
            (Ty::Map(_, vt), Value::Object(m)) => Value::Object(
                m.iter()
                    .map(|(k, x)| (k.clone(), self.go_view(x, vt)))
                    .collect(),
            ),
            (Ty::Named(n), v) => match self.get(n).map(|t| &t.kind) {
                Some(Kind::Newtype(inner)) => self.go_view(v, inner),
                Some(Kind::Struct(fields)) => match v {
                    Value::Object(m) => {
                        let fields = self.json_fields(fields);
                        let out = m
                            .iter()
                            .map(|(k, x)| {
                                let f = fields.iter().find(|f| f.json.as_ref() == Some(k));
                                let x = match f {
                                    Some(f) => self.go_view(x, &f.ty),
                                    None => x.clone(),
                                };
                                (k.clone(), x)
                            })
                            .collect();
                        Value::Object(out)
                    }
                    other => other.clone(),
                },
                None => v.clone(),
            },
            (_, v) => v.clone(),
        }
    }

    /// Every validation option named by an `ifEnabled`/`ifDisabled` tag.
    pub fn options(&self) -> Vec<String> {
        self.options.clone()
    }

    fn compute_options(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut scan = |line: &str| {
            for key in ["k8s:ifEnabled(", "k8s:ifDisabled("] {
                let mut rest = line;
                while let Some(i) = rest.find(key) {
                    rest = &rest[i + key.len()..];
                    let end = rest.find(')').unwrap_or(rest.len());
                    let name = rest[..end].trim().trim_matches('"').to_string();
                    if !out.contains(&name) {
                        out.push(name);
                    }
                }
            }
        };
        for t in &self.types {
            t.tags.iter().for_each(|l| scan(l));
            t.consts.iter().flat_map(|c| &c.tags).for_each(|l| scan(l));
            if let Kind::Struct(fs) = &t.kind {
                fs.iter().flat_map(|f| &f.tags).for_each(|l| scan(l));
            }
        }
        out.sort();
        out
    }

    /// Every subresource path named by a subresource tag.
    pub fn subresources(&self) -> Vec<String> {
        self.subresources.clone()
    }

    fn compute_subresources(&self) -> Vec<String> {
        let mut out = Vec::new();
        for t in &self.types {
            for l in &t.tags {
                if let Some(v) = l
                    .strip_prefix("k8s:supportsSubresource=")
                    .or_else(|| l.strip_prefix("k8s:isSubresource="))
                {
                    let v = v.trim().trim_matches('"').to_string();
                    if !out.contains(&v) {
                        out.push(v);
                    }
                }
            }
        }
        out.sort();
        out
    }
}

fn is_enum_values(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path()
            .segments
            .last()
            .is_some_and(|s| s.ident == "enum_values")
    })
}

/// The `+...` lines of a doc comment, trimmed, without the `+`.
fn tag_lines(attrs: &[syn::Attribute]) -> Vec<String> {
    let mut out = Vec::new();
    for a in attrs {
        if !a.path().is_ident("doc") {
            continue;
        }
        if let syn::Meta::NameValue(nv) = &a.meta {
            if let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) = &nv.value
            {
                for line in s.value().lines() {
                    let line = line.trim();
                    if let Some(tag) = line.strip_prefix('+') {
                        out.push(tag.to_string());
                    }
                }
            }
        }
    }
    out
}

#[derive(Default)]
struct SerdeAttrs {
    rename: Option<String>,
    rename_all: Option<String>,
    flatten: bool,
    skip: bool,
}

fn serde_attrs(attrs: &[syn::Attribute]) -> Result<SerdeAttrs, String> {
    let mut out = SerdeAttrs::default();
    for a in attrs {
        if !a.path().is_ident("serde") {
            continue;
        }
        a.parse_nested_meta(|m| {
            if m.path.is_ident("rename") {
                let v: syn::LitStr = m.value()?.parse()?;
                out.rename = Some(v.value());
            } else if m.path.is_ident("rename_all") {
                let v: syn::LitStr = m.value()?.parse()?;
                out.rename_all = Some(v.value());
            } else if m.path.is_ident("flatten") {
                out.flatten = true;
            } else if m.path.is_ident("skip") {
                out.skip = true;
            } else if m.input.peek(syn::Token![=]) {
                let _: syn::Expr = m.value()?.parse()?;
            }
            Ok(())
        })
        .map_err(|e| format!("serde attribute: {e}"))?;
    }
    Ok(out)
}

/// serde's `camelCase` rule for a snake_case field name.
pub fn camel(s: &str) -> String {
    let mut out = String::new();
    let mut up = false;
    for (i, c) in s.chars().enumerate() {
        if c == '_' && i > 0 {
            up = true;
        } else if up {
            out.extend(c.to_uppercase());
            up = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// UpperCamelCase of a snake_case name (the Go field name).
pub fn upper_camel(s: &str) -> String {
    let c = camel(s);
    let mut chars = c.chars();
    match chars.next() {
        Some(f) => f.to_uppercase().chain(chars).collect(),
        None => c,
    }
}

fn read_struct(s: &syn::ItemStruct, module: &str) -> Result<TypeDef, String> {
    let name = format!("{module}{}", s.ident);
    let container = serde_attrs(&s.attrs)?;
    let tags = tag_lines(&s.attrs);
    let kind = match &s.fields {
        syn::Fields::Named(named) => {
            let mut fields = Vec::new();
            for f in &named.named {
                let sa = serde_attrs(&f.attrs)?;
                if sa.skip {
                    continue;
                }
                let rust = f.ident.as_ref().unwrap().to_string();
                let rust = rust.strip_prefix("r#").unwrap_or(&rust).to_string();
                let ty = Ty::of_in(&f.ty, module).map_err(|e| format!("{name}.{rust}: {e}"))?;
                let (go, json) = if sa.flatten {
                    let Ty::Named(n) = &ty else {
                        return Err(format!("{name}.{rust}: flatten needs a named struct"));
                    };
                    (n.clone(), None)
                } else {
                    let json = match (&sa.rename, container.rename_all.as_deref()) {
                        (Some(r), _) => r.clone(),
                        (None, Some("camelCase")) => camel(&rust),
                        (None, None) => rust.clone(),
                        (None, Some(other)) => {
                            return Err(format!("{name}: rename_all = {other:?} is not supported"))
                        }
                    };
                    (upper_camel(&rust), Some(json))
                };
                fields.push(Field {
                    go,
                    json,
                    ty,
                    tags: tag_lines(&f.attrs),
                });
            }
            Kind::Struct(fields)
        }
        syn::Fields::Unnamed(u) if u.unnamed.len() == 1 => {
            Kind::Newtype(Ty::of_in(&u.unnamed[0].ty, module).map_err(|e| format!("{name}: {e}"))?)
        }
        _ => Kind::Struct(Vec::new()),
    };
    Ok(TypeDef {
        name,
        tags,
        kind,
        consts: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_modules_roots_and_stand_ins() {
        let p = Package::parse(
            r#"
            pub const ROOTS: &[&str] = &["a_v1::T"];
            pub mod a_v1 {
                /// +k8s:isSubresource="/scale"
                pub struct T {
                    #[serde(flatten)]
                    pub type_meta: super::meta_v1::TypeMeta,
                    #[serde(rename = "spec")]
                    pub spec: Spec,
                    #[serde(rename = "q")]
                    pub q: Option<crate::shim::Quantity>,
                }
                pub struct Spec {
                    /// +k8s:minimum=0
                    #[serde(rename = "n")]
                    pub n: i32,
                }
                pub struct Untagged(pub Vec<String>);
            }
            pub mod meta_v1 {
                pub struct TypeMeta {
                    #[serde(rename = "kind")]
                    pub kind: String,
                }
            }
            "#,
        )
        .unwrap();
        assert!(p.is_mirror());
        let roots: Vec<&str> = p.roots().map(|t| t.name.as_str()).collect();
        assert_eq!(roots, ["a_v1::T"]);
        let Kind::Struct(fs) = &p.get("a_v1::T").unwrap().kind else {
            panic!()
        };
        assert_eq!(fs[0].ty, Ty::Named("meta_v1::TypeMeta".into()));
        assert_eq!(fs[1].ty, Ty::Named("a_v1::Spec".into()));
        assert_eq!(fs[2].ty, Ty::Opt(Box::new(Ty::Special("Quantity".into()))));
        let keys: Vec<&String> = p
            .json_fields(fs)
            .iter()
            .filter_map(|f| f.json.as_ref())
            .collect();
        assert_eq!(keys, ["kind", "spec", "q"]);
        assert!(p.has_tags(&Ty::Named("a_v1::T".into())));
        assert!(!p.has_tags(&Ty::Named("a_v1::Untagged".into())));
        assert!(!p.has_structs(&Ty::Named("a_v1::Untagged".into())));
        assert_eq!(p.subresources(), ["/scale"]);
        assert!(Package::parse("pub const ROOTS: &[&str] = &[\"Nope\"];").is_err());
    }

    #[test]
    fn reads_types_tags_and_json_names() {
        let p = Package::parse(
            r#"
            /// Prose.
            /// +k8s:supportsSubresource="/status"
            #[derive(Validate)]
            #[serde(rename_all = "camelCase")]
            pub struct T {
                /// +k8s:minimum=1
                pub int_field: Option<Box<i32>>,
                #[serde(rename = "x-y")]
                pub list: Vec<E>,
                #[serde(flatten)]
                pub inner: Inner,
                #[serde(skip)]
                pub gone: bool,
            }
            /// +k8s:enum
            pub struct E(pub String);
            #[k8s_validation::enum_values]
            impl E {
                /// +k8s:enumExclude
                pub const A: &'static str = "a";
            }
            pub struct Inner { pub m: BTreeMap<String, u8> }
            "#,
        )
        .unwrap();
        let t = p.get("T").unwrap();
        assert_eq!(t.tags, ["k8s:supportsSubresource=\"/status\""]);
        let Kind::Struct(fs) = &t.kind else { panic!() };
        assert_eq!(fs.len(), 3);
        assert_eq!(fs[0].json.as_deref(), Some("intField"));
        assert_eq!(fs[0].go, "IntField");
        assert_eq!(fs[0].ty.go(), "*int32");
        assert_eq!(fs[0].tags, ["k8s:minimum=1"]);
        assert_eq!(fs[1].json.as_deref(), Some("x-y"));
        assert_eq!(fs[2].json, None);
        assert_eq!(fs[2].go, "Inner");
        assert_eq!(p.get("E").unwrap().consts[0].tags, ["k8s:enumExclude"]);
        assert_eq!(p.json_fields(fs).len(), 3);
        assert_eq!(p.subresources(), ["/status"]);
        assert_eq!(
            Ty::of(&syn::parse_quote!(BTreeMap<String, u8>))
                .unwrap()
                .go(),
            "map[string]uint8"
        );
    }
}
