//! `Time` and `MicroTime` against upstream's own code:
//! `data/time_oracle.tsv` holds what k8s.io/apimachinery v0.35.0
//! `metav1.Time` / `metav1.MicroTime` `UnmarshalJSON` then `MarshalJSON`
//! give for each input of `tests/quantity_oracle/times.txt` (regenerate with
//! `tests/quantity_oracle/gen_time.sh`).

use k8s_validation::field::ToBadValue;
use k8s_validation::{MicroTime, SemanticEq, Time};

const TABLE: &str = include_str!("data/time_oracle.tsv");

#[test]
fn parse_and_marshal_match_upstream() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in TABLE.lines().filter(|l| !l.starts_with('#')) {
        let row: Vec<&str> = line.split('\t').collect();
        let (kind, input, want) = (row[0], row[1], row[2]);
        let got = if kind == "TIME" {
            match Time::parse(input) {
                Ok(t) => {
                    let json = serde_json::to_string(&t).unwrap();
                    assert_eq!(json, t.to_bad_value().to_string(), "{input}");
                    json
                }
                Err(e) => format!("ERR:{e}"),
            }
        } else {
            match MicroTime::parse(input) {
                Ok(t) => {
                    let json = serde_json::to_string(&t).unwrap();
                    assert_eq!(json, t.to_bad_value().to_string(), "{input}");
                    json
                }
                Err(e) => format!("ERR:{e}"),
            }
        };
        if got != want {
            failures.push(format!("{kind} {input:?}: got {got}, upstream {want}"));
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 80, "{checked}");
}

#[test]
fn equality_is_by_instant() {
    let t = |s: &str| s.parse::<Time>().unwrap();
    assert!(t("2024-05-01T12:00:00+02:00").semantic_eq(&t("2024-05-01T10:00:00Z")));
    assert!(t("2024-05-01T09:30:00-00:30").semantic_eq(&t("2024-05-01T10:00:00Z")));
    assert!(!t("2024-05-01T10:00:01Z").semantic_eq(&t("2024-05-01T10:00:00Z")));
    // The fraction is kept in memory (and compared), as Go does, though JSON
    // drops it.
    assert!(!t("2024-05-01T10:00:00.5Z").semantic_eq(&t("2024-05-01T10:00:00Z")));
    assert!(t("2024-05-01T10:00:00.5Z") > t("2024-05-01T10:00:00Z"));
    let m = |s: &str| s.parse::<MicroTime>().unwrap();
    assert!(m("2024-05-01T12:00:00.000001+02:00").semantic_eq(&m("2024-05-01T10:00:00.000001Z")));
    assert!(!m("2024-05-01T10:00:00.000002Z").semantic_eq(&m("2024-05-01T10:00:00.000001Z")));
}

#[test]
fn zero_time_is_null() {
    assert!(Time::default().is_zero());
    assert_eq!(Time::default().to_bad_value().to_string(), "null");
    assert_eq!(
        serde_json::to_string(&MicroTime::default()).unwrap(),
        "null"
    );
    let t: Time = serde_json::from_str("null").unwrap();
    assert!(t.is_zero());
    let t: Time = serde_json::from_str("\"1970-01-01T00:00:00Z\"").unwrap();
    assert_eq!((t.unix_seconds(), t.subsec_nanos()), (0, 0));
    assert!(!t.is_zero());
    // Not a string: rejected, as upstream's json.Unmarshal into a string.
    assert!(serde_json::from_str::<Time>("0").is_err());
}

#[test]
fn system_time_round_trip() {
    use std::time::{Duration, UNIX_EPOCH};
    for st in [
        UNIX_EPOCH + Duration::new(1_700_000_000, 123_456_789),
        UNIX_EPOCH - Duration::new(5, 250_000_000),
    ] {
        let t = Time::from(st);
        assert_eq!(std::time::SystemTime::from(t), st);
    }
    let t = Time::from(UNIX_EPOCH - Duration::new(5, 250_000_000));
    assert_eq!((t.unix_seconds(), t.subsec_nanos()), (-6, 750_000_000));
    assert_eq!(t.to_string(), "1969-12-31T23:59:54Z");
    let m = MicroTime::from_unix(1_700_000_000, 123_456_789);
    assert_eq!(m.to_string(), "2023-11-14T22:13:20.123456Z");
}
