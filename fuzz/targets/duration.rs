//! Go's `time.ParseDuration` and `Duration.String()`
//! (`k8s_validation::spec::duration`, and the runtime's `Duration` on top of
//! them): the body of the `duration` fuzz target, run by libFuzzer
//! (`fuzz_targets/duration.rs`) and by the stable replay test over the
//! committed corpus (`tests/tests/fuzz_corpora.rs`).
//!
//! Properties, for any input:
//!
//! * `parse` never panics, and an error is Go's (`time: ...`);
//! * the runtime's `Duration::parse` reads what `spec::duration::parse`
//!   reads;
//! * a parsed duration prints (`format`) a string that parses back to the
//!   same nanoseconds and prints the same again (Go's `String()` is
//!   `ParseDuration`'s inverse);
//! * the same holds for the 8 bytes of the input read as nanoseconds, so
//!   every `i64` is reachable, `i64::MIN` included.

use k8s_validation::spec::duration::{format, parse};
use k8s_validation::Duration;

pub fn run(data: &[u8]) {
    if let Some(bytes) = data.get(..8) {
        let nanos = i64::from_le_bytes(bytes.try_into().expect("8 bytes"));
        round_trip(nanos, "(bytes)");
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = parse(text);
    assert_eq!(
        Duration::parse(text).map(Duration::as_nanos),
        parsed,
        "{text:?}"
    );
    match parsed {
        Ok(nanos) => round_trip(nanos, text),
        Err(e) => assert!(e.starts_with("time: "), "{text:?}: {e}"),
    }
}

fn round_trip(nanos: i64, text: &str) {
    let printed = format(nanos);
    assert_eq!(
        parse(&printed),
        Ok(nanos),
        "{text:?} ({nanos} ns) prints {printed:?}"
    );
    assert_eq!(Duration::from_nanos(nanos).to_string(), printed);
}
