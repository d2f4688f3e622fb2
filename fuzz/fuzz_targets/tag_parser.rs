//! libFuzzer entry point of the `tag_parser` target; the body is
//! `targets/tag_parser.rs`, which the stable replay test runs too.
#![no_main]

#[path = "../targets/tag_parser.rs"]
mod target;

libfuzzer_sys::fuzz_target!(|data: &[u8]| target::run(data));
