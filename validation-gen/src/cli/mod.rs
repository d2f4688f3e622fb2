//! The `validation-gen` command line: generate, or `--check` that committed
//! generated files are up to date.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::module::{
    generate_module, has_types, include_line, output_path, stated_release, stays_inside,
    walk_module_files, FileDiagnostic,
};
use crate::Options;

mod args;
mod schema;

use args::Args;

use crate::module::DEFAULT_OUTPUT;

const HELP: &str = "\
validation-gen: generate Rust validators from Kubernetes +k8s: declarative validation tags

USAGE:
    validation-gen [OPTIONS] <DIR>...
    validation-gen schema [--type <Name>] [--crd <group>/<version>/<Kind>]... <DIR>...

Reads every .rs module file under each DIR and writes, for each module that
defines types, a generated file (the same code #[derive(Validate)] produces)
which the module includes:

    src/api/mod.rs   ->  src/api/zz_generated_validations.rs   include!(\"zz_generated_validations.rs\");
    src/api/apps.rs  ->  src/api/apps/zz_generated_validations.rs

OPTIONS:
    --check                 Do not write; exit 1 and print a diff if a generated file is stale
    --output-file <NAME>    Name of the generated file [default: zz_generated_validations.rs]
    --runtime-path <PATH>   Path of the runtime crate in generated code, for a crate that
                            re-exports it [default: ::k8s_validation]
    --kubernetes-version <RELEASE>
                            Kubernetes release whose tags and behaviour the generated code
                            follows: 1.35, 1.36, 1.37 or 1.38 [default: 1.35]; a type with
                            #[validate(kubernetes = \"...\")] keeps its own
    -q, --quiet             Print nothing but errors
    -h, --help              Print this help
    -V, --version           Print the version

`validation-gen schema --help` describes the schema export.

EXIT STATUS:
    0  generated (or, with --check, up to date)
    1  a tag error, an unreadable file, or (with --check) a stale generated file
    2  a usage error
";

struct Flags {
    check: bool,
    quiet: bool,
    output_file: String,
    options: Options,
    dirs: Vec<PathBuf>,
}

fn parse_args(raw: &[String]) -> Result<Option<Flags>, String> {
    let mut flags = Flags {
        check: false,
        quiet: false,
        output_file: DEFAULT_OUTPUT.into(),
        options: Options::new(),
        dirs: Vec::new(),
    };
    let mut args = Args::new(raw);
    while let Some(a) = args.next_arg() {
        if let Some(v) = args.value(a, "--output-file", "--output-file needs a file name") {
            flags.output_file = v?;
            continue;
        }
        if let Some(v) = args.value(a, "--runtime-path", "--runtime-path needs a path") {
            let p = v?;
            flags.options = flags.options.runtime_path(&p).map_err(|_| {
                format!("--runtime-path {p:?} is not a Rust path (such as ::my_crate::validation)")
            })?;
            continue;
        }
        if let Some(release) = args.release(a) {
            flags.options = flags.options.kubernetes_version(release?);
            continue;
        }
        match a {
            "-h" | "--help" => return Ok(None),
            "-V" | "--version" => {
                println!("validation-gen {}", env!("CARGO_PKG_VERSION"));
                return Err(String::new());
            }
            "--check" => flags.check = true,
            "-q" | "--quiet" => flags.quiet = true,
            s if s.starts_with('-') => return Err(format!("unknown option `{s}`")),
            s => flags.dirs.push(PathBuf::from(s)),
        }
    }
    if flags.output_file.is_empty() || flags.output_file.contains('/') {
        return Err("--output-file must be a plain, non-empty file name".into());
    }
    if flags.dirs.is_empty() {
        return Err("no input directory given".into());
    }
    Ok(Some(flags))
}

/// Runs the CLI with `args` (without the program name); returns the exit code.
pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    if args.first().map(String::as_str) == Some("schema") {
        return schema::run(&args[1..], out, err);
    }
    let opts = match parse_args(args) {
        Ok(Some(o)) => o,
        Ok(None) => {
            let _ = write!(out, "{HELP}");
            return 0;
        }
        Err(e) if e.is_empty() => return 0,
        Err(e) => {
            let _ = writeln!(err, "error: {e}\n\nUsage: validation-gen [OPTIONS] <DIR>...\nFor more information, try '--help'.");
            return 2;
        }
    };
    let mut failed = false;
    // Canonical paths of the files read, so that overlapping DIRs read a
    // file once.
    let mut seen = std::collections::HashSet::new();
    let mut stale = 0usize;
    let mut written = 0usize;
    for dir in &opts.dirs {
        if !dir.is_dir() {
            let _ = writeln!(err, "error: {} is not a directory", dir.display());
            return 2;
        }
        let walk = match walk_module_files(dir, &opts.output_file, &mut seen) {
            Ok(w) => w,
            Err(e) => {
                let _ = writeln!(err, "error: cannot read {}: {e}", dir.display());
                failed = true;
                continue;
            }
        };
        for w in &walk.warnings {
            if !opts.quiet {
                let _ = writeln!(err, "warning: {w}");
            }
        }
        for e in &walk.errors {
            let _ = writeln!(err, "error: {e}");
            failed = true;
        }
        for file in walk.files {
            let source = match read_source(&file) {
                Ok(s) => s,
                Err(e) => {
                    let _ = writeln!(err, "{e}");
                    failed = true;
                    continue;
                }
            };
            if !has_types(&source) {
                continue;
            }
            let generated = match generate_module(&file, &source, &opts.options) {
                Ok(g) => g,
                Err(diags) => {
                    report(err, &diags);
                    failed = true;
                    continue;
                }
            };
            let target = output_path(&file, &opts.output_file);
            if !stays_inside(&walk.root, &target) {
                let _ = writeln!(
                    err,
                    "error: {} leads outside {} (through a symlink); not writing it",
                    target.display(),
                    dir.display()
                );
                failed = true;
                continue;
            }
            let current = std::fs::read_to_string(&target).ok();
            if opts.check {
                if current.as_deref() != Some(generated.as_str()) {
                    stale += 1;
                    let _ = writeln!(
                        err,
                        "error: {} is stale; run validation-gen to regenerate it",
                        target.display()
                    );
                    if let Some(was) = current.as_deref().and_then(stated_release) {
                        if was != opts.options.release() {
                            let _ = writeln!(
                                err,
                                "note: it was generated for Kubernetes {was}, checked against {} \
                                 (--kubernetes-version {was} to check it as it was generated)",
                                opts.options.release()
                            );
                        }
                    }
                    let _ = write!(
                        err,
                        "{}",
                        diff(current.as_deref().unwrap_or(""), &generated, &target)
                    );
                }
            } else if current.as_deref() != Some(generated.as_str()) {
                if let Some(parent) = target.parent() {
                    if let Err(e) = std::fs::create_dir_all(parent) {
                        let _ = writeln!(err, "error: cannot create {}: {e}", parent.display());
                        failed = true;
                        continue;
                    }
                }
                if let Err(e) = std::fs::write(&target, &generated) {
                    let _ = writeln!(err, "error: cannot write {}: {e}", target.display());
                    failed = true;
                    continue;
                }
                written += 1;
                if !opts.quiet {
                    let _ = writeln!(out, "wrote {}", target.display());
                }
            }
            let include = include_line(&file, &opts.output_file);
            if !source.contains(&include) && !opts.quiet {
                let _ = writeln!(
                    err,
                    "warning: {} does not include its generated file; add `{include}`",
                    file.display()
                );
            }
        }
    }
    if opts.check && stale == 0 && !failed && !opts.quiet {
        let _ = writeln!(out, "generated files are up to date");
    } else if !opts.check && !failed && written == 0 && !opts.quiet {
        let _ = writeln!(out, "generated files are up to date (nothing written)");
    }
    if failed || stale > 0 {
        1
    } else {
        0
    }
}

/// Reads a module file; the error is a complete message
/// (`<file>: error: cannot read: ...`, or
/// `<file>:<line>:<column>: error: invalid UTF-8 ...`).
fn read_source(file: &Path) -> Result<String, String> {
    match crate::module::read_source(file) {
        Ok(s) => Ok(s),
        Err(crate::module::SourceError::Io(e)) => {
            Err(format!("{}: error: cannot read: {e}", file.display()))
        }
        Err(crate::module::SourceError::Utf8(d)) => Err(d.to_string()),
    }
}

fn report(err: &mut dyn Write, diags: &[FileDiagnostic]) {
    for d in diags {
        let _ = writeln!(err, "{d}");
    }
}

/// A minimal unified-style line diff (longest common subsequence).
pub(crate) fn diff(old: &str, new: &str, path: &Path) -> String {
    let a: Vec<&str> = old.lines().collect();
    let b: Vec<&str> = new.lines().collect();
    let (n, m) = (a.len(), b.len());
    let mut lcs = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let mut out = format!(
        "--- {} (committed)\n+++ {} (generated)\n",
        path.display(),
        path.display()
    );
    let (mut i, mut j) = (0, 0);
    while i < n || j < m {
        if i < n && j < m && a[i] == b[j] {
            i += 1;
            j += 1;
        } else if i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1]) {
            out.push_str(&format!("{:>5} -{}\n", i + 1, a[i]));
            i += 1;
        } else {
            out.push_str(&format!("{:>5} +{}\n", j + 1, b[j]));
            j += 1;
        }
    }
    out
}
