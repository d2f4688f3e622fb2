//! Typed decoding from a tape (`k8s_validation_manifest::decode::Decode`,
//! as the API server's JSON decoder fills Go values): the body of the
//! `tape_decode` fuzz target, run by libFuzzer (`fuzz_targets/tape_decode.rs`)
//! and by the stable replay test over the committed corpus
//! (`tests/tests/fuzz_corpora.rs`).
//!
//! The input is one document, read as YAML and, when it parses as JSON, as
//! JSON too. Every value of the tape (up to a bound) is decoded into
//! `String`, `i32`, `Vec<String>`, `BTreeMap<String, i64>`, `Option<bool>`,
//! `Quantity`, `Time`, `MicroTime` and `Duration`. Properties:
//!
//! * nothing panics;
//! * a value decodes exactly when Go's decoder takes it, into what Go would
//!   hold: a string from a string (`null` the zero value), an `i32` from an
//!   integer in range equal to it, a `[]string` from an array of strings, a
//!   `map[string]int64` from an object of integers, a `*bool` from a
//!   boolean, a `Quantity` from what `ParseQuantity` reads of a string's
//!   text or of a number, a `Time` from what `time.Parse` reads of a string;
//! * every error is Go's: `json: cannot unmarshal <what> into Go value of
//!   type <type>` (for a number that does not fit, `number <text>`), or the
//!   runtime type's own (`ParseQuantity`'s, `time.Parse`'s); `Quantity`'s
//!   `UnmarshalJSON` parses the raw text of any other value, so a boolean,
//!   array or object is its format error; `Time`'s unmarshals a string, so
//!   anything else is `json: cannot unmarshal <what> into Go value of type
//!   string`.

use std::collections::BTreeMap;

use k8s_validation::{Duration, MicroTime, Quantity, Time};
use k8s_validation_manifest::decode::{Context, Decode};
use k8s_validation_manifest::{parse_document, Format, Kind, Node, Tape};

/// The values of one document checked at most.
const MAX_NODES: usize = 2_000;

pub fn run(data: &[u8]) {
    let mut tape = Tape::new();
    for format in [Format::Yaml, Format::Json] {
        if let Ok(true) = parse_document(format, data, &mut tape) {
            let mut stack = vec![tape.root().expect("a value")];
            let mut seen = 0;
            while let Some(node) = stack.pop() {
                seen += 1;
                if seen > MAX_NODES {
                    break;
                }
                check(node);
                match node.kind() {
                    Kind::Array(items) => stack.extend(items),
                    Kind::Object(entries) => stack.extend(entries.map(|(_, v)| v)),
                    _ => {}
                }
            }
        }
    }
}

/// Go's name for a JSON value in its type errors.
fn what(node: Node<'_>) -> &'static str {
    match node.kind() {
        Kind::Null => "null",
        Kind::Bool(_) => "bool",
        Kind::Int(_) | Kind::Uint(_) | Kind::Float(_) => "number",
        Kind::Str(_) => "string",
        Kind::Array(_) => "array",
        Kind::Object(_) => "object",
    }
}

fn decode<T: Decode>(node: Node<'_>) -> Result<T, String> {
    T::decode(node, &mut Context::new()).map_err(|e| e.message().to_owned())
}

fn type_error(node: Node<'_>, go_type: &str) -> String {
    format!(
        "json: cannot unmarshal {} into Go value of type {go_type}",
        what(node)
    )
}

/// The text Go's `UnmarshalJSON` sees of a number (kubectl's JSON).
fn is_number(node: Node<'_>) -> bool {
    matches!(node.kind(), Kind::Int(_) | Kind::Uint(_) | Kind::Float(_))
}

fn check(node: Node<'_>) {
    let kind = node.kind();
    let at = || format!("{node:?}");

    // string
    match (decode::<String>(node), kind) {
        (Ok(s), Kind::Str(t)) => assert_eq!(s, t),
        (Ok(s), Kind::Null) => assert_eq!(s, ""),
        (Ok(s), _) => panic!("{} decoded as the string {s:?}", at()),
        (Err(e), _) => assert_eq!(e, type_error(node, "string"), "{}", at()),
    }

    // int32
    match (decode::<i32>(node), kind) {
        (Ok(v), Kind::Int(i)) => assert_eq!(i64::from(v), i, "an int32 is the integer"),
        (Ok(v), Kind::Null) => assert_eq!(v, 0),
        (Ok(v), _) => panic!("{} decoded as the int32 {v}", at()),
        (Err(e), Kind::Int(i)) => {
            assert!(i32::try_from(i).is_err(), "{i} fits an int32: {e}");
            assert_eq!(
                e,
                format!("json: cannot unmarshal number {i} into Go value of type int32")
            );
        }
        (Err(e), Kind::Uint(_) | Kind::Float(_)) => assert!(
            e.starts_with("json: cannot unmarshal number ")
                && e.ends_with(" into Go value of type int32"),
            "{e}"
        ),
        (Err(e), _) => assert_eq!(e, type_error(node, "int32"), "{}", at()),
    }

    // []string: an error is the first item's that is not a string.
    match (decode::<Vec<String>>(node), kind) {
        (Ok(v), Kind::Array(items)) => {
            assert_eq!(v.len(), items.len());
            for (s, item) in v.iter().zip(items) {
                assert_eq!(
                    Some(s.as_str()),
                    item.as_str().or(item.is_null().then_some(""))
                );
            }
        }
        (Ok(v), Kind::Null) => assert!(v.is_empty()),
        (Ok(_), _) => panic!("{} decoded as a []string", at()),
        (Err(e), Kind::Array(mut items)) => {
            let bad = items
                .find(|i| !matches!(i.kind(), Kind::Str(_) | Kind::Null))
                .unwrap_or_else(|| panic!("{} is a []string: {e}", at()));
            assert_eq!(e, type_error(bad, "string"));
        }
        (Err(e), _) => assert_eq!(e, type_error(node, "[]string"), "{}", at()),
    }

    // map[string]int64: keys are unique in a tape.
    match (decode::<BTreeMap<String, i64>>(node), kind) {
        (Ok(m), Kind::Object(entries)) => {
            assert_eq!(m.len(), entries.len(), "one entry per key");
            for (k, v) in entries {
                let want = match v.kind() {
                    Kind::Int(i) => i,
                    Kind::Null => 0,
                    _ => panic!("{v:?} decoded as an int64"),
                };
                assert_eq!(m.get(k), Some(&want));
            }
        }
        (Ok(m), Kind::Null) => assert!(m.is_empty()),
        (Ok(_), _) => panic!("{} decoded as a map", at()),
        (Err(e), Kind::Object(_)) => assert!(
            e.starts_with("json: cannot unmarshal ") && e.ends_with(" into Go value of type int64"),
            "{e}"
        ),
        (Err(e), _) => assert_eq!(e, type_error(node, "map[string]int64"), "{}", at()),
    }

    // *bool
    match (decode::<Option<bool>>(node), kind) {
        (Ok(v), Kind::Bool(b)) => assert_eq!(v, Some(b)),
        (Ok(v), Kind::Null) => assert_eq!(v, None),
        (Ok(v), _) => panic!("{} decoded as {v:?}", at()),
        (Err(e), _) => assert_eq!(e, type_error(node, "bool"), "{}", at()),
    }

    // resource.Quantity: ParseQuantity of a string's trimmed text or of a
    // number; the format error for anything else.
    let quantity = decode::<Quantity>(node);
    match kind {
        Kind::Null => assert_eq!(quantity, Ok(Quantity::default())),
        Kind::Str(s) => assert_eq!(
            quantity.map(|q| q.to_string()),
            Quantity::parse(s.trim())
                .map(|q| q.to_string())
                .map_err(|e| e.to_string()),
            "{}",
            at()
        ),
        _ if is_number(node) => {
            if let Err(e) = &quantity {
                assert!(
                    e.starts_with("quantit") || e.starts_with("unable to parse"),
                    "a number's quantity error is ParseQuantity's: {e}"
                );
            }
        }
        _ => assert_eq!(
            quantity.map(|q| q.to_string()),
            Err(k8s_validation::types::QuantityError::FormatWrong.to_string()),
            "{}",
            at()
        ),
    }

    // metav1.Time and MicroTime: time.Parse of a string; a string's type
    // error for anything else.
    let time = decode::<Time>(node);
    let micro = decode::<MicroTime>(node);
    match kind {
        Kind::Null => {
            assert_eq!(time, Ok(Time::default()));
            assert_eq!(micro, Ok(MicroTime::default()));
        }
        Kind::Str(s) => {
            assert_eq!(time, Time::parse(s).map_err(|e| e.to_string()));
            assert_eq!(micro, MicroTime::parse(s).map_err(|e| e.to_string()));
        }
        _ => {
            assert_eq!(time, Err(type_error(node, "string")), "{}", at());
            assert_eq!(micro, Err(type_error(node, "string")), "{}", at());
        }
    }

    // time.Duration: an int64 of nanoseconds.
    match (decode::<Duration>(node), kind) {
        (Ok(d), Kind::Int(i)) => assert_eq!(d, Duration::from_nanos(i)),
        (Ok(d), Kind::Null) => assert_eq!(d, Duration::from_nanos(0)),
        (Ok(d), _) => panic!("{} decoded as {d:?}", at()),
        (Err(e), Kind::Uint(_) | Kind::Float(_)) => assert!(
            e.starts_with("json: cannot unmarshal number ")
                && e.ends_with(" into Go value of type time.Duration"),
            "{e}"
        ),
        (Err(e), _) => assert_eq!(e, type_error(node, "time.Duration"), "{}", at()),
    }
}
