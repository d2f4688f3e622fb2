//! libFuzzer entry point of the `time` target; the body is
//! `targets/time.rs`, which the stable replay test runs too.
#![no_main]

#[path = "../targets/time.rs"]
mod target;

libfuzzer_sys::fuzz_target!(|data: &[u8]| target::run(data));
