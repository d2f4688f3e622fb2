//! libFuzzer entry point of the `tape_decode` target; the body is
//! `targets/tape_decode.rs`, which the stable replay test runs too.
#![no_main]

#[path = "../targets/tape_decode.rs"]
mod target;

libfuzzer_sys::fuzz_target!(|data: &[u8]| target::run(data));
