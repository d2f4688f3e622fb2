//! `Quantity` against upstream's own code: `data/quantity_oracle.tsv` holds
//! what k8s.io/apimachinery v0.35.0 `resource.ParseQuantity`, `String()`,
//! `MarshalJSON` and `Cmp` return for every quantity literal in upstream's
//! `quantity_test.go` (`TestQuantityParse`, `TestQuantityString`,
//! `TestQuantityParseEmit`, `TestJSON`, ... tables), their signed variants
//! and extra edge cases (`tests/quantity_oracle/gen.sh` regenerates it).

use std::cmp::Ordering;

use k8s_validation::field::ToBadValue;
use k8s_validation::types::{Format, QuantityError};
use k8s_validation::{Quantity, SemanticEq};

const TABLE: &str = include_str!("data/quantity_oracle.tsv");

fn rows() -> impl Iterator<Item = Vec<&'static str>> {
    TABLE
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').collect())
}

/// Inputs upstream accepts but this port refuses (more than 38 significant
/// digits; documented in docs/semantic-equality.md).
fn too_precise(input: &str) -> bool {
    let digits: String = input
        .split(|c: char| !c.is_ascii_digit() && c != '.')
        .next()
        .unwrap_or("")
        .replace('.', "");
    digits.trim_start_matches('0').trim_end_matches('0').len() > 38
}

#[test]
fn parse_and_string_match_upstream() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for row in rows().filter(|r| r[0] != "CMP") {
        let (input, want) = (row[0], row[1]);
        let got = match Quantity::parse(input) {
            Ok(q) => {
                // MarshalJSON and the error rendering are the quoted String().
                assert_eq!(q.to_bad_value().to_string(), row[2], "json of {input:?}");
                q.to_string()
            }
            Err(QuantityError::TooPrecise) if too_precise(input) => continue,
            Err(e) => format!("ERR:{e}"),
        };
        if got != want {
            failures.push(format!("{input:?}: got {got:?}, upstream {want:?}"));
        }
        checked += 1;
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(checked > 400, "only {checked} rows");
}

#[test]
fn cmp_matches_upstream() {
    let mut checked = 0;
    for row in rows().filter(|r| r[0] == "CMP") {
        let (a, b): (Quantity, Quantity) = (row[1].parse().unwrap(), row[2].parse().unwrap());
        let want = match row[3] {
            "-1" => Ordering::Less,
            "0" => Ordering::Equal,
            _ => Ordering::Greater,
        };
        assert_eq!(a.cmp(&b), want, "Cmp({}, {})", row[1], row[2]);
        assert_eq!(a == b, want == Ordering::Equal, "{} == {}", row[1], row[2]);
        assert_eq!(a.semantic_eq(&b), want == Ordering::Equal);
        checked += 1;
    }
    assert_eq!(checked, 900);
}

#[test]
fn semantic_equality_is_by_value() {
    let q = |s: &str| s.parse::<Quantity>().unwrap();
    assert!(q("1Gi").semantic_eq(&q("1024Mi")));
    assert!(q("1").semantic_eq(&q("1000m")));
    assert!(q("0.5").semantic_eq(&q("500m")));
    assert!(q("1e3").semantic_eq(&q("1k")));
    assert!(!q("1G").semantic_eq(&q("1Gi")));
    // Different spellings keep their own formats.
    assert_eq!(q("1e3").format(), Format::DecimalExponent);
    assert_eq!(q("1k").format(), Format::DecimalSI);
    // Upstream's zero Quantity{} equals "0".
    assert!(Quantity::default().semantic_eq(&q("0")));
    assert!(Quantity::from_i64(1024, Format::BinarySI).semantic_eq(&q("1Ki")));
    assert_eq!(
        Quantity::from_i64(1 << 20, Format::BinarySI).to_string(),
        "1Mi"
    );
    assert_eq!(
        Quantity::from_milli(1500, Format::DecimalSI).to_string(),
        "1500m"
    );
    assert_eq!(q("2Gi").as_i64(), Some(2 << 30));
    assert_eq!(q("1m").as_i64(), None);
}

#[test]
fn json_round_trip() {
    #[derive(serde::Deserialize, serde::Serialize)]
    struct R {
        q: Quantity,
    }
    let parse = |s: &str| serde_json::from_str::<R>(s).map(|r| r.q);
    assert_eq!(parse(r#"{"q":"1024Mi"}"#).unwrap().to_string(), "1Gi");
    // Upstream's UnmarshalJSON trims spaces and accepts bare numbers.
    assert_eq!(parse(r#"{"q":" 1Gi "}"#).unwrap().to_string(), "1Gi");
    assert_eq!(parse(r#"{"q":1000}"#).unwrap().to_string(), "1k");
    assert_eq!(parse(r#"{"q":0.5}"#).unwrap().to_string(), "500m");
    assert_eq!(parse(r#"{"q":-2}"#).unwrap().to_string(), "-2");
    assert!(parse(r#"{"q":null}"#).unwrap().is_zero());
    let err = parse(r#"{"q":"1K"}"#).err().unwrap().to_string();
    assert!(err.contains("unable to parse quantity's suffix"), "{err}");
    let out = serde_json::to_string(&R {
        q: "1.5Gi".parse().unwrap(),
    })
    .unwrap();
    assert_eq!(out, r#"{"q":"1536Mi"}"#);
}
