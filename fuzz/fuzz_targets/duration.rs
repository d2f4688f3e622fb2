//! libFuzzer entry point of the `duration` target; the body is
//! `targets/duration.rs`, which the stable replay test runs too.
#![no_main]

#[path = "../targets/duration.rs"]
mod target;

libfuzzer_sys::fuzz_target!(|data: &[u8]| target::run(data));
