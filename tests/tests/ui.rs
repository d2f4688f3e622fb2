//! Compile-fail (and compile-pass) cases for `#[derive(Validate)]`: each
//! generation-time error class, with the `.stderr` a user sees.
//!
//! Regenerate the expected output with
//! `TRYBUILD=overwrite cargo test -p conformance-tests --test ui`, then read
//! every changed `.stderr`.

/// One topic directory per error family, as serde's test suite groups them.
const COMPILE_FAIL: &[&str] = &[
    "syntax", "unknown", "scope", "types", "lists", "unions", "update", "format", "opaque",
    "shape", "enum", "misc", "limits",
];

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    for topic in COMPILE_FAIL {
        t.compile_fail(format!("ui/{topic}/*.rs"));
    }
    t.pass("ui/pass/*.rs");
}
