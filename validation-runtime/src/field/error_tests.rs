//! Tests of [`super::Error`]'s construction and text.

use super::*;
use crate::field::detail::int_len;
use crate::field::{ErrorList, Path};

#[test]
fn error_text_matches_upstream() {
    let root = Path::root();
    let p = Path::new("path");
    let p = p.child("to");
    let p = p.child("field");
    assert_eq!(
        Error::too_many(p, 2, 1).to_string(),
        "path.to.field: Too many: 2: must have at most 1 item"
    );
    assert_eq!(
        Error::too_many(p, -1, 1).to_string(),
        "path.to.field: Too many: must have at most 1 item"
    );
    assert_eq!(
        Error::not_supported(p, "the value", &["val1", "val2"]).to_string(),
        r#"path.to.field: Unsupported value: "the value": supported values: "val1", "val2""#
    );
    assert_eq!(
        Error::duplicate(p, "the value").to_string(),
        r#"path.to.field: Duplicate value: "the value""#
    );
    assert_eq!(
        Error::required(root, "").to_string(),
        "<nil>: Required value"
    );
    assert_eq!(
        Error::too_long(p, 10).to_string(),
        "path.to.field: Too long: may not be more than 10 bytes"
    );
    assert_eq!(
        Error::too_long_characters(p, 1).to_string(),
        "path.to.field: Too long: may not be more than 1 character"
    );
    assert_eq!(
        Error::too_long(p, -1).to_string(),
        "path.to.field: Too long: value is too long"
    );
    assert_eq!(
        Error::too_few(p, 0, 1).to_string(),
        "path.to.field: Too few: 0: must have at least 1 item"
    );
    assert_eq!(
        Error::too_short(p, "x", 3).to_string(),
        "path.to.field: Too short: must be at least 3 characters"
    );
    assert_eq!(
        Error::invalid(p, BadValue::Null, "field is immutable").to_string(),
        "path.to.field: Invalid value: null: field is immutable"
    );
    assert_eq!(
        Error::internal(root, "boom").to_string(),
        "<nil>: Internal error: boom"
    );
    assert_eq!(
        Error::forbidden("spec.x", "may not be set").to_string(),
        "spec.x: Forbidden: may not be set"
    );
}

#[test]
fn one_buffer_keeps_each_part() {
    let p = Path::new("spec");
    let p = p.child("name");
    let e = Error::invalid(p, "Bad Name", "must be lower case").with_origin("format");
    assert_eq!(e.field(), "spec.name");
    assert_eq!(e.bad_value(), BadValue::String("Bad Name".into()));
    assert_eq!(e.detail(), "must be lower case");
    // A static detail and the same detail copied into the buffer are equal.
    let owned = Error::invalid(p, "Bad Name", String::from("must be lower case"));
    assert_eq!(owned.detail(), "must be lower case");
    assert_eq!(owned.clone().with_origin("format"), e);
    assert_ne!(owned, e);
    // Numbers and JSON values.
    let e = Error::too_many(p, 3, 2);
    assert_eq!(e.bad_value(), BadValue::Int(3));
    assert_eq!(e.detail(), "must have at most 2 items");
    let e = Error::duplicate(p.index(1), BadValue::json(&vec!["a", "b"]));
    assert_eq!(e.field(), "spec.name[1]");
    assert_eq!(e.bad_value(), BadValue::Json(r#"["a","b"]"#.into()));
    assert_eq!(e.to_string(), r#"spec.name[1]: Duplicate value: ["a","b"]"#);
    // An empty path string, an empty value, an empty detail.
    let e = Error::invalid("", "", "");
    assert_eq!((e.field(), e.detail()), ("", ""));
    assert_eq!(e.bad_value(), BadValue::String("".into()));
}

#[test]
fn prefix_detail_keeps_field_and_value() {
    let p = Path::new("x");
    for e in [
        Error::invalid(p, "v", "static detail"),
        Error::invalid(p, "v", String::from("static detail")),
    ] {
        let e = e.prefix_detail("prefix: ");
        assert_eq!(e.field(), "x");
        assert_eq!(e.bad_value(), BadValue::String("v".into()));
        assert_eq!(e.detail(), "prefix: static detail");
        assert_eq!(
            e.to_string(),
            r#"x: Invalid value: "v": prefix: static detail"#
        );
    }
    let e = Error::not_supported(p, "c", &["a", "b"]).prefix_detail("p ");
    assert_eq!(e.detail(), r#"p supported values: "a", "b""#);
}

#[test]
fn supported_values_are_quoted_like_go() {
    let p = Path::new("x");
    assert_eq!(Error::not_supported(p, "c", &[] as &[&str]).detail(), "");
    assert_eq!(
        Error::not_supported(p, "c", &["a\"b", "é"]).detail(),
        r#"supported values: "a\"b", "é""#
    );
}

#[test]
fn error_types_round_trip() {
    for t in ErrorType::ALL {
        assert_eq!(ErrorType::from_type_str(t.as_str()), Some(t));
    }
    assert_eq!(ErrorType::TypeInvalid.to_string(), "Invalid value");
}

#[test]
fn aggregate_dedups_by_text() {
    let errs: ErrorList = vec![
        Error::required("a", ""),
        Error::required("a", "").with_origin("x"),
        Error::required("b", ""),
    ]
    .into();
    assert_eq!(errs.to_string(), "[a: Required value, b: Required value]");
    let one: ErrorList = Error::required("a", "").into();
    assert_eq!(one.to_string(), "a: Required value");
}

#[test]
fn covered_filters() {
    let errs: ErrorList = vec![
        Error::required("a", "").mark_covered_by_declarative(),
        Error::required("b", ""),
    ]
    .into();
    assert_eq!(errs.extract_covered_by_declarative().len(), 1);
    assert_eq!(errs.remove_covered_by_declarative()[0].field(), "b");
}

#[test]
fn detail_lengths_are_exact() {
    for n in [0i64, 1, 9, 10, 65535, -1, -10, i64::MAX, i64::MIN] {
        let mut out = Text::with_capacity(0);
        let d = Detail::Limit {
            prefix: "must have at most",
            n,
            unit: "item",
        };
        let hint = d.len_hint();
        write_limit(&mut out, "must have at most", n, "item");
        assert_eq!(hint, out.len(), "{n}");
        let d = Detail::Bound {
            prefix: "must be",
            n: i128::from(n),
        };
        let mut out = Text::with_capacity(0);
        out.push_str("must be ");
        super::super::value::push_int(&mut out, i128::from(n));
        assert_eq!(d.len_hint(), out.len(), "{n}");
    }
    assert_eq!(int_len(i128::MIN), i128::MIN.to_string().len());
}

#[test]
fn bad_value_kinds_pack_and_unpack() {
    for k in [
        BadValueKind::Omitted,
        BadValueKind::Null,
        BadValueKind::Bool(true),
        BadValueKind::Bool(false),
        BadValueKind::Int(-5),
        BadValueKind::Int(i64::MIN),
        BadValueKind::Uint(u64::MAX),
        BadValueKind::Float(-1.5),
        BadValueKind::String,
        BadValueKind::Json,
    ] {
        let (tag, bits) = pack_value(k);
        assert_eq!(unpack_value(tag, bits), k);
    }
}

#[test]
fn size_of_error() {
    // Printed for docs/performance.md (`cargo test -p k8s-validation
    // size_of_error -- --nocapture`); a list of errors moves them.
    println!(
        "size_of::<Error>() = {}, Text {}, origin {}",
        std::mem::size_of::<Error>(),
        std::mem::size_of::<Text>(),
        std::mem::size_of::<Option<Cow<'static, str>>>()
    );
    assert!(std::mem::size_of::<Error>() <= 128);
}

#[test]
fn long_texts_move_to_the_heap() {
    let p = Path::new("spec");
    let name = "n".repeat(300);
    let p = p.child(&name);
    let e = Error::invalid(p, "v".repeat(200), "d".repeat(100));
    assert_eq!(e.field(), format!("spec.{name}"));
    assert_eq!(e.bad_value(), BadValue::String("v".repeat(200).into()));
    assert_eq!(e.detail(), "d".repeat(100));
    let e = Error::invalid("x", "v", "static").prefix_detail(&"p".repeat(200));
    assert_eq!(e.field(), "x");
    assert_eq!(e.detail(), format!("{}static", "p".repeat(200)));
    // A string field path, and an implementation of IntoFieldPath that
    // only writes.
    struct Custom;
    impl IntoFieldPath for Custom {
        fn rendered_len(&self) -> usize {
            0
        }
        fn write_field_path(&self, out: &mut String) {
            out.push_str("custom.path");
        }
    }
    let e = Error::required(Custom, "");
    assert_eq!(e.field(), "custom.path");
    let e = Error::required(String::from("s.p"), "");
    assert_eq!(e.field(), "s.p");
}

#[test]
fn paths_of_every_length_around_the_inline_limit() {
    // The path rendered inline in one walk, or measured first when longer;
    // with a value and a detail that fit or not.
    let long = "p".repeat(80);
    for n in 1..long.len() {
        let root = Path::new(&long[..n]);
        let p = root.index(4);
        let want = format!("{}[4]", &long[..n]);
        for (value, detail) in [("", "static"), ("vv", "d"), ("v", "")] {
            let e = Error::invalid(p, value, String::from(detail));
            assert_eq!(e.field(), want);
            assert_eq!(e.bad_value(), BadValue::String(value.into()));
            assert_eq!(e.detail(), detail);
            let e = Error::invalid(p, value, detail);
            assert_eq!(
                e.to_string(),
                format!(
                    "{want}: Invalid value: \"{value}\"{}",
                    if detail.is_empty() {
                        String::new()
                    } else {
                        format!(": {detail}")
                    }
                )
            );
        }
    }
}

#[test]
fn marks_are_independent_and_compared() {
    let plain = Error::required("spec.name", "");
    let marked = plain.clone().mark_short_circuited_in_declarative();
    assert!(!plain.is_short_circuited_in_declarative());
    assert!(marked.is_short_circuited_in_declarative());
    assert!(!marked.is_covered_by_declarative() && !marked.is_short_circuit());
    assert!(!marked.is_from_imperative() && marked.stability_level().is_none());
    assert_ne!(plain, marked);
    assert_eq!(marked.to_string(), plain.to_string());
    let imperative = plain.clone().mark_from_imperative();
    assert!(imperative.is_from_imperative() && !imperative.is_short_circuited_in_declarative());
    assert_ne!(imperative, marked);
}
