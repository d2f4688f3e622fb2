//! The validator suites as one test binary: each file of this directory is a
//! module here, so they compile and link once (`autotests = false` in
//! `Cargo.toml`). They share one counting global allocator for their
//! zero-allocation assertions (its counts are per thread). `formats`,
//! `format_oracle` and `zero_alloc` keep binaries of their own (each installs
//! its allocator), as does `release_features` (it runs cargo).
//!
//! Run one suite with `cargo test -p k8s-validation --test validators
//! <module>::` (`limits::`, `union::`, ...).

#[path = "support/alloc_counter.rs"]
mod alloc_counter;

#[global_allocator]
static GLOBAL: alloc_counter::Counting = alloc_counter::Counting;

pub mod dependent;
pub mod each;
pub mod enums;
pub mod equality;
pub mod immutable;
pub mod item;
pub mod limits;
pub mod lists;
pub mod monotonic;
pub mod options;
pub mod quantity;
pub mod required;
pub mod subfield;
pub mod testing_tags;
pub mod time;
pub mod union;
pub mod update;

/// A file added to this directory runs only once it is declared above (or
/// given a target of its own in `Cargo.toml`).
#[test]
fn every_test_file_is_a_module() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
    let main = include_str!("main.rs");
    let manifest = include_str!("../Cargo.toml");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let Some(module) = name.strip_suffix(".rs") else {
            continue;
        };
        let own_target = manifest.contains(&format!("path = \"tests/{name}\""));
        if !own_target && !main.contains(&format!("\npub mod {module};\n")) {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "validation-runtime/tests files neither declared in tests/main.rs nor a target of their own (they would not run): {missing:?}"
    );
}
