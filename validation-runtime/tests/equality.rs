//! Equality: `+k8s:neq`.
//!
//! Upstream has no unit test for `NEQ` at v0.35.0; the cases follow
//! validation-gen's `output_tests/tags/neq/{neqstring,neqint,neqbool}` at
//! v0.35.0 (same fields, disallowed values and origin), with the exact text
//! built from `content.NEQError` (`%q` for strings, `%v` otherwise).

use k8s_validation::field::{BadValue, Path, ToBadValue};
use k8s_validation::validate::{neq, neq_str};
use k8s_validation::{ErrorList, ErrorType, Operation};

use crate::alloc_counter::allocations;

/// Go's `type StringType string`: printed as JSON.
struct StringType(String);

/// As `#[derive(Validate)]` does for a tuple newtype.
impl k8s_validation::Newtype for StringType {
    type Inner = String;
    fn inner(&self) -> &Self::Inner {
        &self.0
    }
}

impl ToBadValue for StringType {
    fn write_json(&self, out: &mut String) {
        self.0.write_json(out)
    }
}

#[track_caller]
fn assert_ok(f: impl FnOnce() -> ErrorList) {
    let (errs, allocs) = allocations(f);
    assert!(errs.is_empty(), "unexpected errors: {errs:?}");
    assert_eq!(allocs, 0, "the success path allocated");
}

#[track_caller]
fn assert_one(errs: &ErrorList, text: &str, field: &str) {
    assert_eq!(errs.len(), 1, "want one error, got {errs:?}");
    let e = &errs[0];
    assert_eq!(e.to_string(), text);
    assert_eq!(e.kind(), ErrorType::Invalid);
    assert_eq!(e.field(), field);
    assert_eq!(e.origin(), Some("neq"));
}

/// `output_tests/tags/neq/neqstring`.
#[test]
fn strings() {
    let op = Operation::create();
    let root = Path::root();
    let f = root.child("stringField");
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            neq_str(
                e,
                &op,
                &f,
                Some("allowed-string"),
                None,
                "disallowed-string",
            )
        })
    });
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            neq_str::<str>(e, &op, &f, None, None, "disallowed-string")
        })
    });
    assert_ok(|| k8s_validation::ErrorList::from_fn(|e| neq_str(e, &op, &f, Some(""), None, "x")));
    assert_ok(|| k8s_validation::ErrorList::from_fn(|e| neq_str(e, &op, &f, Some("X"), None, "x")));
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        neq_str(
            e,
            &op,
            &f,
            Some("disallowed-string"),
            None,
            "disallowed-string",
        )
    });
    assert_one(
        &errs,
        r#"stringField: Invalid value: "disallowed-string": must not be equal to "disallowed-string""#,
        "stringField",
    );
    assert_eq!(
        errs[0].bad_value(),
        BadValue::String("disallowed-string".into())
    );
    let owned = String::from("disallowed-pointer");
    let f = root.child("stringPtrField");
    assert_one(
        &k8s_validation::ErrorList::from_fn(|e| {
            neq_str(e, &op, &f, Some(&owned), Some(&owned), "disallowed-pointer")
        }),
        r#"stringPtrField: Invalid value: "disallowed-pointer": must not be equal to "disallowed-pointer""#,
        "stringPtrField",
    );
    // The empty string can be disallowed too.
    assert_one(
        &k8s_validation::ErrorList::from_fn(|e| neq_str(e, &op, &f, Some(""), None, "")),
        r#"stringPtrField: Invalid value: "": must not be equal to """#,
        "stringPtrField",
    );
}

/// A typedef'd string prints as JSON; the disallowed value is always
/// Go-quoted (`%q`).
#[test]
fn typedef_strings_and_quoting() {
    let op = Operation::create();
    let f = Path::new("stringTypedefField");
    let allowed = StringType("allowed-typedef".into());
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            neq_str(e, &op, &f, Some(&allowed), None, "disallowed-typedef")
        })
    });
    let v = StringType("disallowed-typedef".into());
    assert_one(
        &k8s_validation::ErrorList::from_fn(|e| {
            neq_str(e, &op, &f, Some(&v), None, "disallowed-typedef")
        }),
        r#"stringTypedefField: Invalid value: "disallowed-typedef": must not be equal to "disallowed-typedef""#,
        "stringTypedefField",
    );
    let v = StringType("<a\tb>".into());
    assert_one(
        &k8s_validation::ErrorList::from_fn(|e| neq_str(e, &op, &f, Some(&v), None, "<a\tb>")),
        r#"stringTypedefField: Invalid value: "\u003ca\tb\u003e": must not be equal to "<a\tb>""#,
        "stringTypedefField",
    );
    assert_one(
        &k8s_validation::ErrorList::from_fn(|e| {
            neq_str(e, &op, &f, Some("héllo\u{0}"), None, "héllo\u{0}")
        }),
        r#"stringTypedefField: Invalid value: "héllo\x00": must not be equal to "héllo\x00""#,
        "stringTypedefField",
    );
}

/// `output_tests/tags/neq/neqint`.
#[test]
fn integers() {
    let op = Operation::create();
    let root = Path::root();
    let f = root.child("intField");
    assert_ok(|| k8s_validation::ErrorList::from_fn(|e| neq(e, &op, &f, Some(&1i64), None, &0)));
    assert_ok(|| k8s_validation::ErrorList::from_fn(|e| neq::<i64>(e, &op, &f, None, None, &0)));
    assert_one(
        &k8s_validation::ErrorList::from_fn(|e| neq(e, &op, &f, Some(&0i64), None, &0)),
        "intField: Invalid value: 0: must not be equal to 0",
        "intField",
    );
    let f = root.child("intPtrField");
    assert_ok(|| k8s_validation::ErrorList::from_fn(|e| neq(e, &op, &f, Some(&0i32), None, &-1)));
    assert_one(
        &k8s_validation::ErrorList::from_fn(|e| neq(e, &op, &f, Some(&-1i32), None, &-1)),
        "intPtrField: Invalid value: -1: must not be equal to -1",
        "intPtrField",
    );
    let f = root.child("intTypedefField");
    assert_one(
        &k8s_validation::ErrorList::from_fn(|e| neq(e, &op, &f, Some(&42u8), None, &42)),
        "intTypedefField: Invalid value: 42: must not be equal to 42",
        "intTypedefField",
    );
    assert_one(
        &k8s_validation::ErrorList::from_fn(|e| neq(e, &op, &f, Some(&i64::MIN), None, &i64::MIN)),
        "intTypedefField: Invalid value: -9223372036854775808: must not be equal to -9223372036854775808",
        "intTypedefField",
    );
    assert_one(
        &k8s_validation::ErrorList::from_fn(|e| neq(e, &op, &f, Some(&u64::MAX), None, &u64::MAX)),
        "intTypedefField: Invalid value: 18446744073709551615: must not be equal to 18446744073709551615",
        "intTypedefField",
    );
    assert_eq!(
        k8s_validation::ErrorList::from_fn(|e| neq(e, &op, &f, Some(&5i32), None, &5))[0].detail(),
        "must not be equal to 5"
    );
}

/// `output_tests/tags/neq/neqbool`.
#[test]
fn booleans() {
    let op = Operation::create();
    let root = Path::root();
    let f = root.child("neqTrueField");
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| neq(e, &op, &f, Some(&false), None, &true))
    });
    assert_one(
        &k8s_validation::ErrorList::from_fn(|e| neq(e, &op, &f, Some(&true), None, &true)),
        "neqTrueField: Invalid value: true: must not be equal to true",
        "neqTrueField",
    );
    let f = root.child("neqFalsePtrField");
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| neq::<bool>(e, &op, &f, None, None, &false))
    });
    assert_ok(|| {
        k8s_validation::ErrorList::from_fn(|e| neq(e, &op, &f, Some(&true), None, &false))
    });
    assert_one(
        &k8s_validation::ErrorList::from_fn(|e| neq(e, &op, &f, Some(&false), None, &false)),
        "neqFalsePtrField: Invalid value: false: must not be equal to false",
        "neqFalsePtrField",
    );
}

/// The validator itself does not ratchet: generated code skips it when the
/// value is unchanged.
#[test]
fn old_value_is_ignored() {
    let op = Operation::update();
    let f = Path::new("f");
    assert_eq!(
        k8s_validation::ErrorList::from_fn(|e| neq(e, &op, &f, Some(&1), Some(&1), &1)).len(),
        1
    );
    assert_eq!(
        k8s_validation::ErrorList::from_fn(|e| neq_str(e, &op, &f, Some("a"), Some("a"), "a"))
            .len(),
        1
    );
}
