//! [`Builder`]: generate validators from `build.rs` into `OUT_DIR`, in the
//! prost-build style.

use std::path::{Path, PathBuf};

use crate::module::{generate_module, FileDiagnostic};
use crate::{Options, Release};

/// Generates validation code for module files from a build script.
///
/// ```no_run
/// // in build.rs, `fn main`:
/// k8s_validation_gen::Builder::new()
///     .module("src/api/types.rs")
///     .generate()
///     .unwrap_or_else(|e| panic!("{e}"));
/// ```
/// and in `src/api/types.rs`:
/// ```ignore
/// include!(concat!(env!("OUT_DIR"), "/types_validations.rs"));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Builder {
    modules: Vec<PathBuf>,
    out_dir: Option<PathBuf>,
    runtime_path: Option<String>,
    release: Option<Release>,
}

/// Why generation failed.
#[derive(Debug)]
pub enum BuildError {
    /// A file could not be read or written.
    Io(PathBuf, std::io::Error),
    /// Tag errors, located in their files.
    Tags(Vec<FileDiagnostic>),
    /// No output directory: not run from a build script and none set.
    NoOutDir,
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildError::Io(p, e) => write!(f, "{}: {e}", p.display()),
            BuildError::Tags(d) => {
                for (i, d) in d.iter().enumerate() {
                    if i > 0 {
                        writeln!(f)?;
                    }
                    write!(f, "{d}")?;
                }
                Ok(())
            }
            BuildError::NoOutDir => f.write_str("OUT_DIR is not set; call Builder::out_dir"),
        }
    }
}

impl std::error::Error for BuildError {}

impl Builder {
    /// A builder with no modules.
    pub fn new() -> Builder {
        Builder::default()
    }

    /// Adds a module file (`src/api/types.rs`).
    pub fn module(mut self, path: impl AsRef<Path>) -> Builder {
        self.modules.push(path.as_ref().to_path_buf());
        self
    }

    /// Sets the output directory (default: `$OUT_DIR`).
    pub fn out_dir(mut self, dir: impl AsRef<Path>) -> Builder {
        self.out_dir = Some(dir.as_ref().to_path_buf());
        self
    }

    /// Sets the path generated code uses for the runtime crate (default
    /// `::k8s_validation`), for a crate that re-exports it, such as
    /// `"::my_api::validation"`. As `#[validate(crate = "...")]` on a type.
    pub fn runtime_path(mut self, path: impl Into<String>) -> Builder {
        self.runtime_path = Some(path.into());
        self
    }

    /// Sets the Kubernetes release the generated code follows (default
    /// [`Release::DEFAULT`], 1.35), as the CLI's `--kubernetes-version`; a
    /// type with `#[validate(kubernetes = "...")]` keeps its own. A build
    /// script does not see `k8s-validation`'s `v1_*` features: pass
    /// the same release here.
    pub fn kubernetes_version(mut self, release: Release) -> Builder {
        self.release = Some(release);
        self
    }

    /// The generator's options: the release and the runtime path.
    fn options(&self) -> Result<Options, String> {
        let mut options = Options::new().kubernetes_version(self.release.unwrap_or_default());
        if let Some(path) = &self.runtime_path {
            options = options.runtime_path(path)?;
        }
        Ok(options)
    }

    /// The file a module's code is written to: `<out_dir>/<stem>_validations.rs`.
    pub fn output_name(module: &Path) -> String {
        let stem = module
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("module");
        format!("{stem}_validations.rs")
    }

    /// Generates every module; writes only files whose content changed, and
    /// tells cargo to rerun when a module changes.
    pub fn generate(self) -> Result<Vec<PathBuf>, BuildError> {
        let out_dir = match self.out_dir.clone() {
            Some(d) => d,
            None => std::env::var_os("OUT_DIR")
                .map(PathBuf::from)
                .ok_or(BuildError::NoOutDir)?,
        };
        let mut written = Vec::new();
        let mut diags = Vec::new();
        for module in &self.modules {
            println!("cargo:rerun-if-changed={}", module.display());
            let source = match crate::module::read_source(module) {
                Ok(s) => s,
                Err(crate::module::SourceError::Io(e)) => {
                    return Err(BuildError::Io(module.clone(), e))
                }
                Err(crate::module::SourceError::Utf8(d)) => {
                    diags.push(d);
                    continue;
                }
            };
            let options = match self.options() {
                Ok(options) => options,
                Err(message) => {
                    diags.push(FileDiagnostic {
                        file: module.clone(),
                        line: 1,
                        column: 1,
                        message,
                    });
                    continue;
                }
            };
            match generate_module(module, &source, &options) {
                Ok(code) => {
                    let target = out_dir.join(Self::output_name(module));
                    if std::fs::read_to_string(&target).ok().as_deref() != Some(code.as_str()) {
                        std::fs::write(&target, code)
                            .map_err(|e| BuildError::Io(target.clone(), e))?;
                    }
                    written.push(target);
                }
                Err(d) => diags.extend(d),
            }
        }
        if diags.is_empty() {
            Ok(written)
        } else {
            Err(BuildError::Tags(diags))
        }
    }
}
