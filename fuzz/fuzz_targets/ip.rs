//! libFuzzer entry point of the `ip` target; the body is
//! `targets/ip.rs`, which the stable replay test runs too.
#![no_main]

#[path = "../targets/ip.rs"]
mod target;

libfuzzer_sys::fuzz_target!(|data: &[u8]| target::run(data));
