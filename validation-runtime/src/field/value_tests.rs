//! Tests of `value.rs`: bad-value rendering.

use super::*;

/// `to_bad_value` (which borrows where it can) and `write_bad_value`
/// (what errors print) agree for every type the runtime implements.
#[test]
fn to_bad_value_agrees_with_write_bad_value() {
    fn check<T: ToBadValue + ?Sized>(v: &T) {
        assert_eq!(v.to_bad_value(), BadValue::of(v));
        let mut text = String::new();
        let kind = v.write_bad_value(&mut text);
        assert_eq!(v.to_bad_value(), BadValue::from_kind(kind, text.into()));
    }
    check("a\tb");
    check(&String::from("x"));
    check(&true);
    check(&-3i32);
    check(&7u16);
    check(&1.5f64);
    check(&2.5e6f32);
    check(&None::<String>);
    check(&Some(String::from("x")));
    check(&Box::new(String::from("x")));
    check(&vec![1, 2]);
    check(&());
    check(&&"x");
    // The JSON and the plain-string forms differ for a string.
    assert_eq!(BadValue::of("<"), BadValue::String("<".into()));
    assert_eq!(BadValue::json("<"), BadValue::Json(r#""\u003c""#.into()));
}

#[test]
fn integers_render_in_decimal() {
    for n in [
        0i128,
        7,
        -7,
        10,
        99,
        -99,
        100,
        65535,
        -2147483648,
        i128::from(u64::MAX),
        i128::MAX,
        i128::MIN,
    ] {
        let mut out = String::from("x");
        push_int(&mut out, n);
        assert_eq!(out, format!("x{n}"));
    }
}

fn render(v: &BadValue) -> String {
    let mut s = String::new();
    v.write_to(&mut s);
    s
}

#[test]
fn go_quote_matches_strconv() {
    assert_eq!(go_quote("the value"), r#""the value""#);
    assert_eq!(go_quote("a\"b\\c"), r#""a\"b\\c""#);
    assert_eq!(go_quote("\u{1f}"), r#""\x1f""#);
    assert_eq!(go_quote("\u{a0}"), r#""\u00a0""#);
    assert_eq!(go_quote("<&>"), r#""<&>""#);
    assert_eq!(go_quote("héllo 😀"), "\"héllo 😀\"");
    assert_eq!(go_quote("\u{7f}"), r#""\x7f""#);
    assert_eq!(go_quote("\t\n"), r#""\t\n""#);
}

#[test]
fn json_escapes_like_go() {
    let mut s = String::new();
    write_json_string("<a&b>\u{2028}\n\u{1}é", &mut s);
    assert_eq!(s, r#""\u003ca\u0026b\u003e\u2028\n\u0001é""#);
}

#[test]
fn top_level_rendering_follows_go_dynamic_type() {
    assert_eq!(render(&"the value".to_bad_value()), r#""the value""#);
    assert_eq!(
        render(&Some("the value".to_string()).to_bad_value()),
        r#""the value""#
    );
    assert_eq!(render(&(-42i64).to_bad_value()), "-42");
    assert_eq!(render(&true.to_bad_value()), "true");
    assert_eq!(render(&None::<String>.to_bad_value()), "null");
    assert_eq!(
        render(&vec!["one".to_string(), "two".into(), "three".into()].to_bad_value()),
        r#"["one","two","three"]"#
    );
    let m: HashMap<String, i32> = [("one", 1), ("two", 2), ("three", 3)]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    assert_eq!(render(&m.to_bad_value()), r#"{"one":1,"three":3,"two":2}"#);
    assert_eq!(
        render(&Some("<x>".to_string()).to_bad_value()),
        r#""\u003cx\u003e""#
    );
    assert_eq!(render(&"<x>".to_bad_value()), r#""<x>""#);
}

#[test]
fn floats_follow_go() {
    assert_eq!(render(&1.5f64.to_bad_value()), "1.5");
    assert_eq!(render(&1e21f64.to_bad_value()), "1e+21");
    assert_eq!(render(&1e-7f64.to_bad_value()), "1e-07");
    assert_eq!(render(&100000f64.to_bad_value()), "100000");
    assert_eq!(render(&1e6f64.to_bad_value()), "1e+06");
    assert_eq!(render(&1234567f64.to_bad_value()), "1.234567e+06");
    assert_eq!(render(&123456789f64.to_bad_value()), "1.23456789e+08");
    assert_eq!(render(&0.0001f64.to_bad_value()), "0.0001");
    assert_eq!(render(&0.00001f64.to_bad_value()), "1e-05");
    assert_eq!(render(&(-2.5e6f32).to_bad_value()), "-2.5e+06");
    assert_eq!(render(&f64::NAN.to_bad_value()), "NaN");
    let mut s = String::new();
    write_json_float(1e-7, 64, &mut s);
    assert_eq!(s, "1e-7");
    s.clear();
    write_json_float(1e21, 64, &mut s);
    assert_eq!(s, "1e+21");
    s.clear();
    write_json_float(0.5, 64, &mut s);
    assert_eq!(s, "0.5");
}

#[test]
fn members_with_written_keys_match_escaped_ones() {
    let mut by_member = String::new();
    let mut json = JsonObject::new(&mut by_member);
    json.member(",\"name\":", "a<b");
    json.member(",\"containerPort\":", &80);
    json.member(",\"\":", &None::<i32>);
    json.end();
    let mut by_field = String::new();
    let mut json = JsonObject::new(&mut by_field);
    json.field("name", "a<b");
    json.field("containerPort", &80);
    json.field("", &None::<i32>);
    json.end();
    assert_eq!(by_member, by_field);
    assert_eq!(
        by_member,
        r#"{"name":"a\u003cb","containerPort":80,"":null}"#
    );
    // After a member written otherwise, the comma stays.
    let mut out = String::new();
    let mut json = JsonObject::new(&mut out);
    json.null("opaque");
    json.member(",\"x\":", &1);
    json.end();
    assert_eq!(out, r#"{"opaque":null,"x":1}"#);
    assert!(is_member_key(",\"a.b-c_d\":") && is_member_key(",\"é\":"));
    for bad in [
        "\"a\":",
        ",\"a\"",
        ",\"a<\":",
        ",\"\u{2028}\":",
        ",\"a\\\":",
        "",
    ] {
        assert!(!is_member_key(bad), "{bad}");
    }
}

#[test]
fn json_value_renders() {
    let v: serde_json::Value = serde_json::json!({"b": [1, "x"], "a": null});
    assert_eq!(render(&v.to_bad_value()), r#"{"a":null,"b":[1,"x"]}"#);
}
