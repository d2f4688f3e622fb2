//! libFuzzer entry point of the `quantity` target; the body is
//! `targets/quantity.rs`, which the stable replay test runs too.
#![no_main]

#[path = "../targets/quantity.rs"]
mod target;

libfuzzer_sys::fuzz_target!(|data: &[u8]| target::run(data));
