//! libFuzzer entry point of the `manifest` target; the body is
//! `targets/manifest.rs`, which the stable replay test runs too.
#![no_main]

#[path = "../targets/manifest.rs"]
mod target;

libfuzzer_sys::fuzz_target!(|data: &[u8]| target::run(data));
