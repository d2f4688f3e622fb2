//! `validation-gen schema`: print the OpenAPI v3 schema (or a CRD) of the
//! types under the input directories.

use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;

use serde_json::{json, Value};

use super::Fragment;
use crate::ast::doc_lines;
use crate::module::{read_source, walk_module_files, FileDiagnostic, DEFAULT_OUTPUT};

const HELP: &str = "\
validation-gen schema: print the OpenAPI v3 schema that the +k8s: tags of Rust types export

USAGE:
    validation-gen schema [OPTIONS] <DIR>...

Reads every .rs module file under each DIR (as validation-gen does) and prints,
as JSON on standard output, the structural schema of the types, with every
nested type inlined (Kubernetes 1.35 behaviour; see docs/ecosystem.md):

    (no option)           {\"<Type>\": <schema>, ...} for every type
    --type <Name>         the schema of one type
    --crd <g>/<v>/<Kind>  a CustomResourceDefinition (apiextensions.k8s.io/v1) serving
                          the type <Kind> (or --type) as group <g>, version <v>;
                          repeat for several (printed as a v1 List)

Tags that cannot be exported are listed on standard error as warnings.

OPTIONS:
    --type <Name>           The type to print (the root of the CRD with one --crd)
    --crd <g>/<v>/<Kind>    Print a CRD for this group, version and kind
    --kubernetes-version <RELEASE>
                            Kubernetes release whose tags the types follow: 1.35, 1.36
                            or 1.37 [default: 1.35]; a type with
                            #[validate(kubernetes = \"...\")] keeps its own
    -o, --output <FILE>     Write the JSON to FILE instead of standard output
    --check                 With --output: do not write; exit 1 and print a diff if
                            FILE is stale
    -q, --quiet             Print no warnings
    -h, --help              Print this help

EXIT STATUS:
    0  printed (or, with --check, up to date)
    1  a tag error, an unreadable file, an unknown or recursive type, or
       (with --check) a stale FILE
    2  a usage error
";

struct Crd {
    group: String,
    version: String,
    kind: String,
}

struct Options {
    type_name: Option<String>,
    crds: Vec<Crd>,
    release: crate::Release,
    output: Option<PathBuf>,
    check: bool,
    quiet: bool,
    dirs: Vec<PathBuf>,
}

fn parse_args(args: &[String]) -> Result<Option<Options>, String> {
    let mut opts = Options {
        type_name: None,
        crds: Vec::new(),
        release: crate::Release::DEFAULT,
        output: None,
        check: false,
        quiet: false,
        dirs: Vec::new(),
    };
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let mut value = |flag: &str| -> Result<String, String> {
            if let Some(v) = a.strip_prefix(flag).and_then(|r| r.strip_prefix('=')) {
                return Ok(v.to_string());
            }
            i += 1;
            args.get(i).cloned().ok_or(format!("{flag} needs a value"))
        };
        match a {
            "-h" | "--help" => return Ok(None),
            "-q" | "--quiet" => opts.quiet = true,
            "--check" => opts.check = true,
            s if s == "-o" || s == "--output" || s.starts_with("--output=") => {
                let flag = if s == "-o" { "-o" } else { "--output" };
                opts.output = Some(PathBuf::from(value(flag)?));
            }
            s if s == "--type" || s.starts_with("--type=") => {
                let v = value("--type")?;
                if syn::parse_str::<syn::Ident>(&v).is_err() {
                    return Err(format!("--type {v:?} is not a Rust type name"));
                }
                opts.type_name = Some(v);
            }
            s if s == "--crd" || s.starts_with("--crd=") => {
                let v = value("--crd")?;
                let parts: Vec<&str> = v.split('/').collect();
                match parts.as_slice() {
                    [g, v, k] if !g.is_empty() && !v.is_empty() && !k.is_empty() => {
                        opts.crds.push(Crd {
                            group: g.to_string(),
                            version: v.to_string(),
                            kind: k.to_string(),
                        })
                    }
                    _ => {
                        return Err(format!(
                            "--crd {v:?}: expected <group>/<version>/<Kind>, e.g. apps.example.com/v1/Widget"
                        ))
                    }
                }
            }
            s if s == "--kubernetes-version" || s.starts_with("--kubernetes-version=") => {
                let v = value("--kubernetes-version")?;
                opts.release = crate::Release::parse_supported(&v)?;
            }
            s if s.starts_with('-') => return Err(format!("unknown option `{s}`")),
            s => opts.dirs.push(PathBuf::from(s)),
        }
        i += 1;
    }
    if opts.dirs.is_empty() {
        return Err("no input directory given".into());
    }
    if opts.check && opts.output.is_none() {
        return Err("--check needs --output <FILE>: the file to check".into());
    }
    if opts.crds.len() > 1 && opts.type_name.is_some() {
        return Err(
            "--type names the root of one CRD; with several --crd, each Kind is its root".into(),
        );
    }
    Ok(Some(opts))
}

/// Runs `validation-gen schema` with `args` (after `schema`); returns the
/// exit code.
pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let opts = match parse_args(args) {
        Ok(Some(o)) => o,
        Ok(None) => {
            let _ = write!(out, "{HELP}");
            return 0;
        }
        Err(e) => {
            let _ = writeln!(
                err,
                "error: {e}\n\nUsage: validation-gen schema [OPTIONS] <DIR>...\nFor more information, try 'validation-gen schema --help'."
            );
            return 2;
        }
    };
    let mut failed = false;
    let mut fragments: Vec<Fragment> = Vec::new();
    let mut subresources: Vec<(String, Vec<String>)> = Vec::new();
    let mut seen = HashSet::new();
    for dir in &opts.dirs {
        if !dir.is_dir() {
            let _ = writeln!(err, "error: {} is not a directory", dir.display());
            return 2;
        }
        let walk = match walk_module_files(dir, DEFAULT_OUTPUT, &mut seen) {
            Ok(w) => w,
            Err(e) => {
                let _ = writeln!(err, "error: cannot read {}: {e}", dir.display());
                failed = true;
                continue;
            }
        };
        for e in &walk.errors {
            let _ = writeln!(err, "error: {e}");
            failed = true;
        }
        for file in walk.files {
            let source = match read_source(&file) {
                Ok(s) => s,
                Err(crate::module::SourceError::Io(e)) => {
                    let _ = writeln!(err, "{}: error: cannot read: {e}", file.display());
                    failed = true;
                    continue;
                }
                Err(crate::module::SourceError::Utf8(d)) => {
                    let _ = writeln!(err, "{d}");
                    failed = true;
                    continue;
                }
            };
            let result = crate::depth::with_big_stack(|| file_fragments(&source, opts.release));
            match result {
                Ok((frags, subs)) => {
                    fragments.extend(frags);
                    subresources.extend(subs);
                }
                Err(diags) => {
                    for (line, column, message) in diags {
                        let d = FileDiagnostic {
                            file: file.clone(),
                            line,
                            column,
                            message,
                        };
                        let _ = writeln!(err, "{d}");
                    }
                    failed = true;
                }
            }
        }
    }
    if failed {
        return 1;
    }
    let mut notes = Vec::new();
    for (i, f) in fragments.iter().enumerate() {
        notes.extend(f.notes.iter().cloned());
        if fragments[..i].iter().any(|g| g.name == f.name) {
            notes.push(format!(
                "two types are named `{}`; references to it use the first one read",
                f.name
            ));
        }
    }
    let result: Result<Value, super::ResolveError> = (|| {
        if opts.crds.is_empty() {
            return match &opts.type_name {
                Some(t) => super::inline(&fragments, t, &mut notes),
                None => {
                    let mut all = serde_json::Map::new();
                    for f in &fragments {
                        all.insert(
                            f.name.clone(),
                            super::inline(&fragments, &f.name, &mut notes)?,
                        );
                    }
                    Ok(Value::Object(all))
                }
            };
        }
        let mut crds = Vec::new();
        for c in &opts.crds {
            let root = opts.type_name.clone().unwrap_or_else(|| c.kind.clone());
            let schema = super::inline(&fragments, &root, &mut notes)?;
            let subs = subresources
                .iter()
                .find(|(n, _)| *n == root)
                .map(|(_, s)| s.clone())
                .unwrap_or_default();
            crds.push(super::crd(
                schema, &c.group, &c.version, &c.kind, &subs, &mut notes,
            ));
        }
        Ok(if crds.len() == 1 {
            crds.remove(0)
        } else {
            json!({ "apiVersion": "v1", "kind": "List", "items": crds })
        })
    })();
    match result {
        Ok(v) => {
            if !opts.quiet {
                for n in &notes {
                    let _ = writeln!(err, "warning: {n}");
                }
            }
            let text = serde_json::to_string_pretty(&v).unwrap_or_default() + "\n";
            match &opts.output {
                None => {
                    let _ = write!(out, "{text}");
                    0
                }
                Some(file) => write_output(file, &text, opts.check, opts.quiet, out, err),
            }
        }
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            1
        }
    }
}

/// Writes (or, with `check`, compares) the printed JSON to `file`: exit 0,
/// or 1 for a file that cannot be written or (with `check`) is stale.
fn write_output(
    file: &std::path::Path,
    text: &str,
    check: bool,
    quiet: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let current = std::fs::read_to_string(file).ok();
    if current.as_deref() == Some(text) {
        if !quiet {
            let _ = writeln!(out, "{} is up to date", file.display());
        }
        return 0;
    }
    if check {
        let _ = writeln!(
            err,
            "error: {} is stale; run validation-gen schema to regenerate it",
            file.display()
        );
        let _ = write!(
            err,
            "{}",
            crate::cli::diff(current.as_deref().unwrap_or(""), text, file)
        );
        return 1;
    }
    if let Err(e) = std::fs::write(file, text) {
        let _ = writeln!(err, "error: cannot write {}: {e}", file.display());
        return 1;
    }
    if !quiet {
        let _ = writeln!(out, "wrote {}", file.display());
    }
    0
}

type FileResult = (Vec<Fragment>, Vec<(String, Vec<String>)>);

/// The fragments of one module file's types, and the subresources each
/// type declares; errors as (span, message).
fn file_fragments(
    source: &str,
    release: crate::Release,
) -> Result<FileResult, Vec<(usize, usize, String)>> {
    file_fragments_spanned(source, release).map_err(|errors| {
        errors
            .into_iter()
            .map(|(span, m)| (span.start().line.max(1), span.start().column + 1, m))
            .collect()
    })
}

fn file_fragments_spanned(
    source: &str,
    release: crate::Release,
) -> Result<FileResult, Vec<(proc_macro2::Span, String)>> {
    if let Ok(tokens) = source.parse::<proc_macro2::TokenStream>() {
        if let Some(span) = crate::depth::too_deep(tokens, crate::depth::MAX_FILE_NESTING) {
            return Err(vec![(
                span,
                crate::depth::too_deep_message(crate::depth::MAX_FILE_NESTING),
            )]);
        }
    }
    let file = syn::parse_file(source)
        .map_err(|e| vec![(e.span(), format!("cannot parse Rust source: {e}"))])?;
    let module_subs = subresources_of(&doc_lines(&file.attrs));
    // Enum values: the string consts of the impl blocks of each type.
    let mut values: Vec<(String, Vec<String>)> = Vec::new();
    let mut diags = crate::diag::Diagnostics::new();
    for item in &file.items {
        let syn::Item::Impl(imp) = item else { continue };
        if imp.trait_.is_some() {
            continue;
        }
        let syn::Type::Path(p) = &*imp.self_ty else {
            continue;
        };
        let Some(name) = p.path.segments.last().map(|s| s.ident.to_string()) else {
            continue;
        };
        let has_str_consts = imp.items.iter().any(|i| {
            matches!(i, syn::ImplItem::Const(c) if matches!(&c.expr,
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(_), .. })))
        });
        if has_str_consts {
            let mut ignored = crate::diag::Diagnostics::new();
            let v = crate::enum_values::read(imp, &mut ignored);
            values.push((name, super::default_values(v)));
        }
    }
    let mut frags = Vec::new();
    let mut subs = Vec::new();
    for item in &file.items {
        let input: syn::DeriveInput = match item {
            syn::Item::Struct(s) => {
                let api = match &s.fields {
                    syn::Fields::Named(_) => true,
                    syn::Fields::Unnamed(u) => u.unnamed.len() == 1,
                    syn::Fields::Unit => false,
                };
                if !api || opted_out(&s.attrs) {
                    continue;
                }
                let mut s = s.clone();
                // The tags the generator reads, not the other derives'.
                s.attrs.retain(|a| !a.path().is_ident("derive"));
                syn::DeriveInput::from(s)
            }
            syn::Item::Enum(e) => {
                if opted_out(&e.attrs) || !crate::ast::has_enum_tag(&doc_lines(&e.attrs)) {
                    continue;
                }
                syn::DeriveInput::from(e.clone())
            }
            _ => continue,
        };
        let name = input.ident.to_string();
        let own_values = values
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_slice());
        let mut s = subresources_of(&doc_lines(&input.attrs));
        if s.is_empty() {
            s = module_subs.clone();
        }
        subs.push((name, s));
        match super::fragment_for(&input, own_values, release) {
            Ok(f) => frags.push(f),
            Err(d) => diags.extend(d),
        }
    }
    if diags.is_empty() {
        Ok((frags, subs))
    } else {
        Err(diags
            .errors()
            .iter()
            .map(|d| (d.span, d.message.clone()))
            .collect())
    }
}

fn opted_out(attrs: &[syn::Attribute]) -> bool {
    doc_lines(attrs)
        .iter()
        .any(|d| d.text.trim() == "+k8s:validation-gen=false")
}

/// The `+k8s:supportsSubresource` paths of a doc block (`"/status"` and
/// `/status` alike).
fn subresources_of(docs: &[crate::ast::DocLine]) -> Vec<String> {
    let prefix = format!("+{}=", crate::tags::TagName::SupportsSubresource.as_str());
    docs.iter()
        .filter_map(|d| d.text.trim().strip_prefix(prefix.as_str()))
        .map(|v| {
            v.split('#')
                .next()
                .unwrap_or_default()
                .trim()
                .trim_matches('"')
                .to_string()
        })
        .collect()
}
