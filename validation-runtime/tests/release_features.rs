//! Two Kubernetes release features are a compile error naming both.
//!
//! The same as running, from the workspace root:
//! `cargo check -p k8s-validation --no-default-features --features v1_35,v1_36`
//! (without the derive, so that only this crate's check fires; with it,
//! `k8s-validation-derive` reports the same pair first). It builds in a
//! target directory of its own (`target/release-features`) so as not to
//! wait on the lock of the one running this test; after the first run it is
//! a few seconds.

use std::process::Command;

#[test]
fn two_release_features_are_a_compile_error() {
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    let target = concat!(env!("CARGO_MANIFEST_DIR"), "/../target/release-features");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["check", "--quiet", "--offline", "--manifest-path", manifest])
        .args(["--no-default-features", "--features", "v1_35,v1_36"])
        .env("CARGO_TARGET_DIR", target)
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(
        stderr.contains(
            "k8s-validation: the Kubernetes release features `v1_35` and `v1_36` are both enabled"
        ),
        "{stderr}"
    );
}
