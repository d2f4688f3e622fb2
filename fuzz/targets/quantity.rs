//! `Quantity::parse` (upstream's `resource.ParseQuantity`): the body of the
//! `quantity` fuzz target, run by libFuzzer (`fuzz_targets/quantity.rs`)
//! and by the stable replay test over the committed corpus
//! (`tests/tests/fuzz_corpora.rs`).
//!
//! The input is one quantity string, or two separated by a newline (then
//! the order of the pair is checked too). Properties:
//!
//! * parsing never panics, and a parsed quantity prints (`String()`) a
//!   string that parses again;
//! * that string is canonical: printing its parse gives it back, except
//!   where upstream's printing is not idempotent (a binary-SI whole number
//!   that is not a multiple of 1024 prints without a suffix, then with a
//!   decimal one: `4562.5Ki`, `4672000`, `4672k`), as in Go;
//! * the reparse has the same value, except where upstream's printing
//!   loses it: a decimal value whose exponent has no SI suffix (above `E`,
//!   10^18) prints without one (`1000E` prints `1`), as upstream does;
//! * the runtime's reading of a JSON string is `parse` of the text with
//!   surrounding spaces trimmed (the runtime's `k8s::parse_quantity`, for
//!   k8s-openapi's `Quantity`, is that same trimmed parse; it needs a
//!   k8s-openapi version feature, so it is not called here);
//! * order, equality and hashing agree, order is antisymmetric, and on
//!   integers it is the integers' order.

use std::cmp::Ordering;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use k8s_validation::types::Format;
use k8s_validation::Quantity;

pub fn run(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (a, b) = match text.split_once('\n') {
        Some((a, b)) => (a, Some(b)),
        None => (text, None),
    };
    let qa = check_one(a);
    if let (Some(qa), Some(qb)) = (qa, b.and_then(check_one)) {
        check_order(&qa, &qb);
    }
}

fn check_one(text: &str) -> Option<Quantity> {
    // The JSON form trims the string first (upstream's `UnmarshalJSON`).
    let json = serde_json::to_string(text).expect("a string serializes");
    let from_json = serde_json::from_str::<Quantity>(&json).ok();
    assert_eq!(
        from_json.as_ref().map(ToString::to_string),
        Quantity::parse(text.trim()).ok().map(|q| q.to_string()),
        "JSON {json} reads as the trimmed text"
    );

    let q = Quantity::parse(text).ok()?;
    let printed = q.to_string();
    let again = Quantity::parse(&printed)
        .unwrap_or_else(|e| panic!("{text:?} prints {printed:?}, which does not parse: {e}"));
    let reprinted = again.to_string();
    if reprinted != printed {
        // Upstream's `String()` is not idempotent in one case, and this
        // runtime prints as it does: a binary-SI whole number of at least
        // 1024 that is not a multiple of 1024 prints without a suffix
        // (`4562.5Ki` prints `4672000`), which reads back as decimal SI and
        // prints with a decimal suffix (`4672k`). From there it is
        // canonical.
        assert!(
            q.format() == Format::BinarySI
                && printed
                    .trim_start_matches('-')
                    .bytes()
                    .all(|c| c.is_ascii_digit()),
            "{text:?} prints {printed:?}, which is not canonical (prints {reprinted:?})"
        );
        let third = Quantity::parse(&reprinted)
            .unwrap_or_else(|e| panic!("{reprinted:?} does not parse: {e}"))
            .to_string();
        assert_eq!(third, reprinted, "{text:?}: {reprinted:?} is not canonical");
    }
    if again != q {
        assert!(
            loses_exponent(&q),
            "{text:?} prints {printed:?}, which reads as another value ({:?} vs {:?})",
            q.raw_parts(),
            again.raw_parts()
        );
    }
    assert_eq!(q.cmp(&q), Ordering::Equal);
    assert_eq!(q.is_zero(), q.sign() == 0, "{text:?}");
    if let Some(v) = q.as_i64() {
        assert_eq!(
            Quantity::from_i64(v, Format::DecimalSI),
            q,
            "{text:?} as_i64 {v}"
        );
    }
    Some(q)
}

/// Whether upstream's `String()` drops the exponent of `q`: a decimal
/// quantity (or a binary one printed in decimal) whose exponent, rounded
/// down to a multiple of 3, has no SI suffix.
fn loses_exponent(q: &Quantity) -> bool {
    let (_, _, exp) = q.raw_parts();
    let e = exp - exp.rem_euclid(3);
    q.format() != Format::DecimalExponent && e > 18
}

fn check_order(a: &Quantity, b: &Quantity) {
    let ab = a.cmp(b);
    assert_eq!(ab, b.cmp(a).reverse(), "{a:?} vs {b:?}");
    assert_eq!(a == b, ab == Ordering::Equal, "{a:?} vs {b:?}");
    if a == b {
        assert_eq!(hash(a), hash(b), "{a:?} == {b:?} but hashes differ");
    }
    if let (Some(x), Some(y)) = (a.as_i64(), b.as_i64()) {
        assert_eq!(ab, x.cmp(&y), "{a:?} vs {b:?}");
    }
}

fn hash(q: &Quantity) -> u64 {
    let mut h = DefaultHasher::new();
    q.hash(&mut h);
    h.finish()
}
