//! `validation-gen schema`: print the OpenAPI v3 schema (or a CRD) of the
//! types under the input directories.

use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;

use serde_json::{json, Value};

use super::Args;
use crate::module::{read_source, walk_module_files, FileDiagnostic, DEFAULT_OUTPUT};
use crate::schema::{self, Fragment};
use crate::Options;

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

struct Flags {
    type_name: Option<String>,
    crds: Vec<Crd>,
    options: Options,
    output: Option<PathBuf>,
    check: bool,
    quiet: bool,
    dirs: Vec<PathBuf>,
}

fn parse_args(raw: &[String]) -> Result<Option<Flags>, String> {
    let mut opts = Flags {
        type_name: None,
        crds: Vec::new(),
        options: Options::new(),
        output: None,
        check: false,
        quiet: false,
        dirs: Vec::new(),
    };
    let mut args = Args::new(raw);
    while let Some(a) = args.next_arg() {
        let output = if a == "-o" { "-o" } else { "--output" };
        if let Some(v) = args.value(a, output, &format!("{output} needs a value")) {
            opts.output = Some(PathBuf::from(v?));
            continue;
        }
        if let Some(v) = args.value(a, "--type", "--type needs a value") {
            let v = v?;
            if syn::parse_str::<syn::Ident>(&v).is_err() {
                return Err(format!("--type {v:?} is not a Rust type name"));
            }
            opts.type_name = Some(v);
            continue;
        }
        if let Some(v) = args.value(a, "--crd", "--crd needs a value") {
            let v = v?;
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
            continue;
        }
        if let Some(release) = args.release(a) {
            opts.options = opts.options.kubernetes_version(release?);
            continue;
        }
        match a {
            "-h" | "--help" => return Ok(None),
            "-q" | "--quiet" => opts.quiet = true,
            "--check" => opts.check = true,
            s if s.starts_with('-') => return Err(format!("unknown option `{s}`")),
            s => opts.dirs.push(PathBuf::from(s)),
        }
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
            let result = file_fragments(&source, &opts.options);
            match result {
                Ok(frags) => fragments.extend(frags),
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
    let result: Result<Value, schema::ResolveError> = (|| {
        if opts.crds.is_empty() {
            return match &opts.type_name {
                Some(t) => schema::inline(&fragments, t, &mut notes),
                None => {
                    let mut all = serde_json::Map::new();
                    for f in &fragments {
                        all.insert(
                            f.name.clone(),
                            schema::inline(&fragments, &f.name, &mut notes)?,
                        );
                    }
                    Ok(Value::Object(all))
                }
            };
        }
        let mut crds = Vec::new();
        for c in &opts.crds {
            let root = opts.type_name.clone().unwrap_or_else(|| c.kind.clone());
            let schema = schema::inline(&fragments, &root, &mut notes)?;
            let subs = fragments
                .iter()
                .find(|f| f.name == root)
                .map(|f| f.subresources.clone())
                .unwrap_or_default();
            crds.push(schema::crd(
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

/// The fragments of one module file's types; errors as (line, column,
/// message).
fn file_fragments(
    source: &str,
    options: &Options,
) -> Result<Vec<Fragment>, Vec<(usize, usize, String)>> {
    schema::fragments(source, options).map_err(|errors| {
        errors
            .into_iter()
            .map(|e| (e.line, e.column, e.message))
            .collect()
    })
}
