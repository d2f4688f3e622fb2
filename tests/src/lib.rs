//! Shared helpers for the conformance tests: assertions that compare error
//! lists with upstream's expectations.

use validation_runtime::{ErrorList, ErrorType};

/// One expected error: type, field, origin (as upstream's
/// `ErrorMatcher{}.ByType().ByField().ByOrigin()`).
pub type Expect<'a> = (ErrorType, &'a str, Option<&'a str>);

/// Asserts that `errs` matches `want` as a multiset on (type, field, origin).
#[track_caller]
pub fn assert_matches(errs: &ErrorList, want: &[Expect<'_>]) {
    let mut got: Vec<(ErrorType, String, Option<String>)> = errs
        .iter()
        .map(|e| {
            (
                e.kind(),
                e.field().to_string(),
                e.origin().map(str::to_string),
            )
        })
        .collect();
    let mut missing = Vec::new();
    for (t, f, o) in want {
        let key = (*t, f.to_string(), o.map(str::to_string));
        match got.iter().position(|g| *g == key) {
            Some(i) => {
                got.remove(i);
            }
            None => missing.push(key),
        }
    }
    assert!(
        missing.is_empty() && got.is_empty(),
        "error mismatch\n  missing: {missing:?}\n  unexpected: {got:?}\n  all: {:#?}",
        errs.iter().map(|e| e.to_string()).collect::<Vec<_>>()
    );
}

/// Asserts the exact rendered error texts, in order.
#[track_caller]
pub fn assert_texts(errs: &ErrorList, want: &[&str]) {
    let got: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
    assert_eq!(got, want);
}
