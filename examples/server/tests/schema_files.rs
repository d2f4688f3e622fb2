//! The committed schema files, `schema/api-<release>.json`, are what
//! `validation-gen schema` exports from `src/api` today (the server reads
//! them at build time: see `src/schema.rs`).
//!
//! The test runs the workspace's `validation-gen` binary with `--check`: the
//! one `$VALIDATION_GEN` names, else `target/debug/validation-gen` next to
//! this test (`cargo test --workspace` builds it for validation-gen's own
//! tests; `cargo build -p k8s-validation-gen` builds it alone). Outside CI it
//! skips, with a message, when that binary is missing or older than the
//! generator's sources; with `CI=true` it fails instead. `.ci/run` runs the
//! same check as a step of its own.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

/// The releases the server serves a schema for (`--kubernetes-version`).
const RELEASES: [&str; 4] = ["1.35", "1.36", "1.37", "1.38"];

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The newest modification time of the files under `dir`.
fn newest(dir: &Path) -> Option<SystemTime> {
    let mut latest = None;
    for entry in std::fs::read_dir(dir).ok()?.flatten() {
        let path = entry.path();
        let t = if path.is_dir() {
            newest(&path)
        } else {
            entry.metadata().ok().and_then(|m| m.modified().ok())
        };
        latest = latest.max(t);
    }
    latest
}

/// The `validation-gen` binary to run, or why there is none.
fn k8s_validation_gen() -> Result<PathBuf, String> {
    if let Some(p) = std::env::var_os("VALIDATION_GEN") {
        return Ok(PathBuf::from(p));
    }
    // target/debug/deps/schema_files-<hash> -> target/debug/validation-gen
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let bin = exe
        .parent()
        .and_then(Path::parent)
        .map(|d| d.join(format!("validation-gen{}", std::env::consts::EXE_SUFFIX)))
        .ok_or("no target directory above the test binary")?;
    let built = std::fs::metadata(&bin)
        .and_then(|m| m.modified())
        .map_err(|_| format!("{} is not built", bin.display()))?;
    // The binary's workspace sources: validation-gen and k8s-validation-spec.
    let root = manifest_dir().join("../..");
    let sources = ["validation-gen/src", "validation-spec/src"]
        .iter()
        .filter_map(|d| newest(&root.join(d)))
        .max();
    if sources.is_some_and(|s| s > built) {
        return Err(format!(
            "{} is older than the generator's sources",
            bin.display()
        ));
    }
    Ok(bin)
}

#[test]
fn committed_schemas_are_current() {
    let bin = match k8s_validation_gen() {
        Ok(bin) => bin,
        Err(why) if common::in_ci() => panic!("{why}, and CI=true: the schema check must run"),
        Err(why) => {
            eprintln!(
                "SKIPPED: {why}; `cargo build -p k8s-validation-gen` (or cargo test --workspace) builds it"
            );
            return;
        }
    };
    for release in RELEASES {
        let file = format!("schema/api-{release}.json");
        let out = Command::new(&bin)
            .current_dir(manifest_dir())
            .args(["schema", "--kubernetes-version", release, "--check", "-o"])
            .args([file.as_str(), "src/api"])
            .output()
            .unwrap_or_else(|e| panic!("{}: {e}", bin.display()));
        assert!(
            out.status.success(),
            "examples/server/{file} is stale; regenerate it from the workspace root with\n  \
             cargo run -q -p k8s-validation-gen -- schema --kubernetes-version {release} \
             -o examples/server/{file} examples/server/src/api\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
