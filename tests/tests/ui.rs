//! Compile-fail (and compile-pass) cases for `#[derive(Validate)]`: each
//! generation-time error class, with the `.stderr` a user sees.
//!
//! Regenerate the expected output with
//! `TRYBUILD=overwrite cargo test -p conformance-tests --test ui`, then read
//! every changed `.stderr`. `UI_TOPIC=enum` runs one topic only (trybuild
//! is slow).

/// One topic directory per error family, as serde's test suite groups them.
const COMPILE_FAIL: &[&str] = &[
    "syntax", "unknown", "scope", "types", "lists", "unions", "update", "format", "opaque",
    "shape", "enum", "misc", "limits", "modes", "lint",
];

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    let only = std::env::var("UI_TOPIC").ok();
    for topic in COMPILE_FAIL {
        if only.as_deref().is_none_or(|o| o == *topic) {
            t.compile_fail(format!("ui/{topic}/*.rs"));
        }
    }
    if only.as_deref().is_none_or(|o| o == "pass") {
        t.pass("ui/pass/*.rs");
    }
}
