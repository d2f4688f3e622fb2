//! The migration suites as one test binary: each file of this directory is a
//! module here, so they compile and link once (`autotests = false` in
//! `Cargo.toml`).
//!
//! Run one suite with `cargo test -p k8s-validation-migration --test migration
//! <module>::` (`migration_lifecycle::`, ...).

mod migration_support;

pub mod migration_gates;
pub mod migration_gates_releases;
pub mod migration_lifecycle;
pub mod migration_manifest;
pub mod migration_matching;
pub mod migration_metrics;
pub mod migration_mode;
pub mod migration_options;
pub mod migration_panic;
pub mod migration_registry;
pub mod migration_replay;
pub mod migration_upstream;

/// A file added to this directory runs only once it is declared above.
#[test]
fn every_test_file_is_a_module() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
    let main = include_str!("main.rs");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let Some(module) = name.strip_suffix(".rs") else {
            continue;
        };
        if module != "main" && !main.contains(&format!("\npub mod {module};\n")) {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "validation-migration/tests files not declared in tests/main.rs (they would not run): {missing:?}"
    );
}
