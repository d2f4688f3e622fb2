//! `Time::parse` and `MicroTime::parse` (upstream's `metav1.Time` and
//! `metav1.MicroTime` `UnmarshalJSON`, Go's `time.Parse` with RFC 3339
//! layouts): the body of the `time` fuzz target, run by libFuzzer
//! (`fuzz_targets/time.rs`) and by the stable replay test over the committed
//! corpus (`tests/tests/fuzz_corpora.rs`).
//!
//! Properties, for any input:
//!
//! * neither parser panics;
//! * what `MicroTime` reads (six fractional digits), `Time` reads as the
//!   same instant;
//! * a parsed timestamp prints in UTC (`Display`, upstream's `MarshalJSON`
//!   without the quotes) a string that parses back: to the same instant for
//!   `MicroTime`, to the same second for `Time` (which does not print its
//!   fraction), and prints the same again. This holds while the instant's
//!   year in UTC has four digits: `0000-01-01T00:00:00+01:00` is in year -1
//!   in UTC, which prints as Go's `Format` prints it (`-0001-12-31T23:00:00Z`)
//!   and which no RFC 3339 layout reads;
//! * the JSON form (a string, `null` for the zero time) reads back the same.

use k8s_validation::{MicroTime, Time};

pub fn run(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let time = Time::parse(text);
    let micro = MicroTime::parse(text);
    if let Ok(m) = &micro {
        let t = time
            .as_ref()
            .unwrap_or_else(|e| panic!("{text:?} is a MicroTime but not a Time: {e}"));
        assert_eq!(
            (t.unix_seconds(), t.subsec_nanos()),
            (m.unix_seconds(), m.subsec_nanos()),
            "{text:?}"
        );
        assert_eq!(
            m.subsec_nanos() % 1000,
            0,
            "{text:?} has sub-microsecond digits"
        );
    }
    if let Ok(t) = time {
        let printed = t.to_string();
        if four_digit_year(&printed) {
            let again = Time::parse(&printed).unwrap_or_else(|e| {
                panic!("{text:?} prints {printed:?}, which does not parse: {e}")
            });
            assert_eq!(
                again,
                Time::from_unix(t.unix_seconds(), 0),
                "{text:?} -> {printed:?}"
            );
            assert_eq!(again.to_string(), printed);
            let json = serde_json::to_string(&t).expect("a Time serializes");
            let back: Time = serde_json::from_str(&json)
                .unwrap_or_else(|e| panic!("{text:?}: JSON {json} does not read back: {e}"));
            assert_eq!(back, again, "{text:?}: JSON {json}");
        }
    }
    if let Ok(m) = micro {
        let printed = m.to_string();
        if four_digit_year(&printed) {
            let again = MicroTime::parse(&printed).unwrap_or_else(|e| {
                panic!("{text:?} prints {printed:?}, which does not parse: {e}")
            });
            assert_eq!(again, m, "{text:?} -> {printed:?}");
            assert_eq!(again.to_string(), printed);
            let json = serde_json::to_string(&m).expect("a MicroTime serializes");
            let back: MicroTime = serde_json::from_str(&json)
                .unwrap_or_else(|e| panic!("{text:?}: JSON {json} does not read back: {e}"));
            assert_eq!(back, m, "{text:?}: JSON {json}");
        }
    }
}

/// Whether an RFC 3339 string starts with a four-digit year (`YYYY-`).
fn four_digit_year(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() > 4 && b[..4].iter().all(u8::is_ascii_digit) && b[4] == b'-'
}
