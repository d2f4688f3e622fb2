//! Finding the module files of an input directory: the walk, its
//! symlink rules and what it reports.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The module files of a directory tree: `lib.rs`, `main.rs`, `mod.rs` and
/// every other `.rs` file except generated ones, sorted. Problems the walk
/// meets are dropped; see [`walk_module_files`] for them.
pub fn module_files(dir: &Path, generated_name: &str) -> std::io::Result<Vec<PathBuf>> {
    walk_module_files(dir, generated_name, &mut HashSet::new()).map(|w| w.files)
}

/// What [`walk_module_files`] found under one input directory.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Walk {
    /// The input directory, canonicalized (symlinks resolved): nothing
    /// outside it is read or written.
    pub root: PathBuf,
    /// The module files, as paths under the input directory as given,
    /// sorted.
    pub files: Vec<PathBuf>,
    /// Entries skipped with a reason the user should see
    /// (`<path>: <reason>`): symlinks leading outside the root, broken
    /// symlinks.
    pub warnings: Vec<String>,
    /// Entries that cannot be read (`<path>: <reason>`): unreadable
    /// directories, `.rs` files whose name is not UTF-8.
    pub errors: Vec<String>,
}

/// Walks `dir` for module files (as [`module_files`]), never leaving it and
/// reading each file once:
///
/// * `dir` is canonicalized first; the walk does not recurse, so any depth
///   of directories is fine;
/// * a symlink (to a file or a directory) is not followed: if it leads
///   inside the root, its target is read under its own path anyway (so
///   `self -> .` or `alias -> real` adds nothing); if it leads outside the
///   root (`up -> ..`) or nowhere, it is skipped with a warning;
/// * a directory reached twice (the same device and inode, as through a
///   bind mount) is read once;
/// * a file already in `seen` (canonical paths, shared across the input
///   directories of one run, so that overlapping `DIR`s read a file once)
///   is skipped;
/// * `target/` and hidden directories are skipped, as are files named
///   `generated_name`;
/// * a `.rs` file whose name is not UTF-8 is an error (a module file name
///   must be a Rust identifier).
///
/// Fails only when `dir` itself cannot be read.
pub fn walk_module_files(
    dir: &Path,
    generated_name: &str,
    seen: &mut HashSet<PathBuf>,
) -> std::io::Result<Walk> {
    let root = std::fs::canonicalize(dir)?;
    let mut walk = Walk {
        root: root.clone(),
        ..Walk::default()
    };
    let mut dirs_seen = HashSet::new();
    // (path as the user sees it, canonical path)
    let mut stack = vec![(dir.to_path_buf(), root.clone())];
    let mut first = true;
    while let Some((shown, real)) = stack.pop() {
        let entries = match std::fs::read_dir(&shown) {
            Ok(e) => e,
            Err(e) if first => return Err(e),
            Err(e) => {
                walk.errors
                    .push(format!("{}: cannot read directory: {e}", shown.display()));
                continue;
            }
        };
        first = false;
        if let Ok(meta) = std::fs::metadata(&shown) {
            if !dirs_seen.insert(dir_identity(&meta, &real)) {
                continue;
            }
        }
        let mut entries: Vec<_> = entries
            .filter_map(|e| match e {
                Ok(e) => Some(e),
                Err(err) => {
                    walk.errors
                        .push(format!("{}: cannot read directory: {err}", shown.display()));
                    None
                }
            })
            .collect();
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let path = entry.path();
            let name = entry.file_name();
            let Ok(kind) = entry.file_type() else {
                walk.errors
                    .push(format!("{}: cannot read file type", path.display()));
                continue;
            };
            if kind.is_symlink() {
                match std::fs::canonicalize(&path) {
                    Err(_) => walk
                        .warnings
                        .push(format!("{}: skipped: a broken symlink", path.display())),
                    Ok(target) if !target.starts_with(&root) => walk.warnings.push(format!(
                        "{}: skipped: a symlink to {}, outside {}",
                        path.display(),
                        target.display(),
                        dir.display()
                    )),
                    // Inside the root: read under its own path.
                    Ok(_) => {}
                }
                continue;
            }
            if kind.is_dir() {
                let name = name.to_string_lossy();
                if name != "target" && !name.starts_with('.') {
                    stack.push((path, real.join(entry.file_name())));
                }
                continue;
            }
            if !kind.is_file()
                || path.extension().is_none_or(|e| e != "rs")
                || name == generated_name
            {
                continue;
            }
            if name.to_str().is_none() {
                walk.errors.push(format!(
                    "{}: file name is not valid UTF-8 (a module file name must be)",
                    path.display()
                ));
                continue;
            }
            if seen.insert(real.join(&name)) {
                walk.files.push(path);
            }
        }
    }
    walk.files.sort();
    Ok(walk)
}

/// What identifies a directory: its device and inode where there are such
/// things, its canonical path elsewhere.
#[cfg(unix)]
fn dir_identity(meta: &std::fs::Metadata, _real: &Path) -> (u64, u64, PathBuf) {
    use std::os::unix::fs::MetadataExt;
    (meta.dev(), meta.ino(), PathBuf::new())
}

#[cfg(not(unix))]
fn dir_identity(_meta: &std::fs::Metadata, real: &Path) -> (u64, u64, PathBuf) {
    (0, 0, real.to_path_buf())
}

/// Whether writing `path` stays inside `root` (a canonical path): its
/// nearest existing ancestor, or the path itself if it exists (a symlink is
/// followed), resolves inside `root`.
pub fn stays_inside(root: &Path, path: &Path) -> bool {
    let mut probe = path;
    loop {
        if let Ok(real) = std::fs::canonicalize(probe) {
            return real.starts_with(root);
        }
        if probe.symlink_metadata().is_ok() {
            // A broken symlink: writing would create its target, anywhere.
            return false;
        }
        match probe.parent() {
            Some(p) if !p.as_os_str().is_empty() => probe = p,
            _ => return std::fs::canonicalize(".").is_ok_and(|cwd| cwd.starts_with(root)),
        }
    }
}
