//! Tests of the `+k8s:` tag front end: grammar, extraction, catalog, type
//! checking, suggestions and processing order.
//!
//! The parser tables port gengo's codetags tests (kubernetes/gengo
//! `v2/codetags/parser_test.go` `TestParse`, `extractor_test.go`
//! `TestExtract`/`TestExtractAndParse`, commit ec3ebc5). Upstream matches
//! error substrings that include ` at position N`; here messages carry no
//! position (the span does), so they are compared exactly.

use crate::front::tags::catalog::{
    self, ArgDef, ChainScope, PayloadType, Release, Scope, Stability, TagDef, TagKind, TagName,
};
use crate::front::tags::{
    extract, parse_tag, Extracted, ExtractedTag, Line, RawDefault, Span, Tag, TagError, TagValue,
    Value, ValueType,
};
use crate::front::tags::{scopes as check, suggest};

/// Parses and renders in upstream's canonical form, or returns the message.
fn canon(input: &str) -> Result<String, String> {
    parse_tag(input)
        .map(|t| t.to_string())
        .map_err(|e| e.message)
}

fn parse_ok(input: &str) -> Tag {
    parse_tag(input).unwrap_or_else(|e| panic!("{input:?}: {e}"))
}

fn lines<'a>(texts: &[&'a str]) -> Vec<Line<'a>> {
    texts
        .iter()
        .enumerate()
        .map(|(index, text)| Line { text, index })
        .collect()
}

fn extract_tags(texts: &[&str]) -> Vec<ExtractedTag> {
    extract(&lines(texts))
        .into_iter()
        .filter_map(|e| match e {
            Extracted::Tag(t) => Some(t),
            Extracted::Default(_) => None,
        })
        .collect()
}

/// The one tag of a single line, rendered, or its error message.
fn extract_one(text: &str) -> Result<String, String> {
    let mut found = extract_tags(&[text]);
    assert_eq!(found.len(), 1, "{text:?}: {found:?}");
    found
        .remove(0)
        .tag
        .map(|t| t.to_string())
        .map_err(|e| e.message)
}

fn check(input: &str, scope: Scope) -> Result<(), String> {
    check::type_check(&parse_ok(input), scope).map_err(|e| e.message)
}

// ---------------------------------------------------------------------------
// gengo TestParse

#[test]
fn gengo_parse_table_accepted() {
    let cases: &[(&str, &str, &str)] = &[
        // Basic tag name tests
        ("simple name", "name", "name"),
        ("name with comment", "name # comment", "name"),
        (
            "name with comment after extra spaces",
            "name \t # comment",
            "name",
        ),
        ("name with dash", "name-dash", "name-dash"),
        ("name with dot", "name.dot", "name.dot"),
        ("name with colon", "name:colon", "name:colon"),
        // String arguments tests
        ("empty parentheses", "name()", "name"),
        ("single argument", "name(arg)", r#"name("arg")"#),
        ("argument with comment", "name(arg) # comment", r#"name("arg")"#),
        ("uppercase argument", "name(ARG)", r#"name("ARG")"#),
        ("mixed case argument", "name(ArG)", r#"name("ArG")"#),
        ("argument with dash", "name(has-dash)", r#"name("has-dash")"#),
        ("argument with dot", "name(has.dot)", r#"name("has.dot")"#),
        ("lowercase argument", "name(lower)", r#"name("lower")"#),
        ("uppercase argument", "name(CAPITAL)", r#"name("CAPITAL")"#),
        ("underscore in argument", "name(_)", r#"name("_")"#),
        ("quoted argument", r#"name("hasQuotes")"#, r#"name("hasQuotes")"#),
        (
            "raw quoted argument",
            "name(`hasRawQuotes`)",
            r#"name("hasRawQuotes")"#,
        ),
        ("raw string with spaces", "withRaw(`a = b`)", r#"withRaw("a = b")"#),
        (r#""true" string as argument"#, r#"name("true")"#, r#"name("true")"#),
        (
            r#""true" and "false" strings as named arguments"#,
            r#"name(t: "true", f: "false")"#,
            r#"name(t: "true", f: "false")"#,
        ),
        // Named arguments tests
        (
            "quoted named argument",
            r#"quoted(s: "value \" \\")"#,
            r#"quoted(s: "value \" \\")"#,
        ),
        (
            "backtick named argument",
            "backticks(s: `value`)",
            r#"backticks(s: "value")"#,
        ),
        (
            "identifier named argument",
            "ident(k: value)",
            r#"ident(k: "value")"#,
        ),
        // Numeric argument tests
        (
            "numeric arguments",
            "numbers(n1: 2, n2: -5, n3: +5, n4: 0xFF, n5: -0x0000, n6: +0x00FF00, n7: 0o04167, n8: -0o04167, n9: +0o04167, n10: 0b10101, n11: -0b10101, n12: +0b10101)",
            "numbers(n1: 2, n2: -5, n3: +5, n4: 0xFF, n5: -0x0000, n6: +0x00FF00, n7: 0o04167, n8: -0o04167, n9: +0o04167, n10: 0b10101, n11: -0b10101, n12: +0b10101)",
        ),
        // Boolean argument tests
        ("boolean argument", "bools(true)", "bools(true)"),
        (
            "boolean arguments",
            "bools(t: true, f:false)",
            "bools(t: true, f: false)",
        ),
        // Mixed type argument tests
        (
            "mixed type arguments",
            "mixed(s: `value`, i: 2, b: true)",
            r#"mixed(s: "value", i: 2, b: true)"#,
        ),
        // Scalar value tests
        ("integer value", "key=1", "key=1"),
        ("true value", "key=true", "key=true"),
        ("false value", "key=false", "key=false"),
        ("identifier value", "key=ident", r#"key="ident""#),
        ("quoted string value", r#"key="quoted""#, r#"key="quoted""#),
        ("backtick string value", "key=`quoted`", r#"key="quoted""#),
        // Scalar values with comments
        ("integer value with comment", "key=1 # comment", "key=1"),
        ("true value with comment", "key=true # comment", "key=true"),
        ("false value with comment", "key=false # comment", "key=false"),
        (
            "identifier value with comment",
            "key=ident # comment",
            r#"key="ident""#,
        ),
        (
            "quoted string value with comment",
            r#"key="quoted" # comment"#,
            r#"key="quoted""#,
        ),
        (
            "backtick string value with comment",
            "key=`quoted` # comment",
            r#"key="quoted""#,
        ),
        // Tag values
        ("simple tag value", "key=+key2", "key=+key2"),
        ("tag value with empty parentheses", "key=+key2()", "key=+key2"),
        ("tag value with argument", "key=+key2(arg)", r#"key=+key2("arg")"#),
        (
            "tag value with named arguments",
            "key=+key2(k1: v1, k2: v2)",
            r#"key=+key2(k1: "v1", k2: "v2")"#,
        ),
        ("nested tag values", "key=+key2=+key3", "key=+key2=+key3"),
        // Tag values with comments
        (
            "simple tag value with comment",
            "key=+key2 # comment",
            "key=+key2",
        ),
        (
            "tag value with empty parentheses and comment",
            "key=+key2() # comment",
            "key=+key2",
        ),
        (
            "tag value with argument and comment",
            "key=+key2(arg) # comment",
            r#"key=+key2("arg")"#,
        ),
        (
            "tag value with named arguments and comment",
            "key=+key2(k1: v1, k2: v2) # comment",
            r#"key=+key2(k1: "v1", k2: "v2")"#,
        ),
        (
            "3 level nested tag values with comment",
            "key=+key2=+key3 # comment",
            "key=+key2=+key3",
        ),
        (
            "4 level nested tag values with value",
            "key=+key2=+key3=+key4=value",
            r#"key=+key2=+key3=+key4="value""#,
        ),
        (
            "4 level nested tag values with args",
            "key(arg1)=+key2(arg2)=+key3(arg3)=+key4(arg4)",
            r#"key("arg1")=+key2("arg2")=+key3("arg3")=+key4("arg4")"#,
        ),
    ];
    for (name, input, want) in cases {
        let got = canon(input);
        assert_eq!(got.as_deref(), Ok(*want), "case {name:?}: {input:?}");
        // Round trip, as upstream's test does: the canonical form reparses
        // to the same tag.
        let reparsed = canon(want);
        assert_eq!(reparsed.as_deref(), Ok(*want), "round trip of {name:?}");
    }
}

#[test]
fn gengo_parse_table_rejected() {
    let cases: &[(&str, &str, &str)] = &[
        // Error cases for basic tags
        ("empty value", "name=", "unexpected end of input"),
        ("space before =", "name =x", "unexpected character ' '"),
        ("space after =", "name= x", "unexpected character ' '"),
        // Error cases for arguments
        (
            "space in argument",
            "name(has space)",
            "unexpected character ' '",
        ),
        (
            "multiple positional args",
            "name(multiple, args)",
            "multiple arguments must use 'name: value' syntax",
        ),
        (
            "unclosed parenthesis",
            "name(noClosingParen",
            "unexpected end of input",
        ),
        (
            "unclosed raw string",
            "badRaw(missing`)",
            "unexpected character '`'",
        ),
        (
            "nested: comma-separated args",
            "name=+name(arg1, arg2)",
            "multiple arguments must use 'name: value' syntax",
        ),
        (
            "nested: unclosed raw string",
            "name=+badRaw(missing`)",
            "unexpected character '`'",
        ),
        ("space before (", "name ()", "unexpected character ' '"),
        (
            "space between ( and )",
            "name ( )",
            "unexpected character ' '",
        ),
        ("space before arg", "name( x)", "unexpected character ' '"),
        ("space after arg", "name(x )", "unexpected character ' '"),
        ("space before :", "name(k :v)", "unexpected character ' '"),
        (
            "space before value",
            "name(k:v )",
            "unexpected character ' '",
        ),
        (
            "space before ,",
            "name(k:v ,k2:v2)",
            "unexpected character ' '",
        ),
        ("space before =", "name() =x", "unexpected character ' '"),
        ("space after =", "name()= x", "unexpected character ' '"),
        // Error cases for scalar values
        ("space in value", "key=one two", "unexpected character ' '"),
        (
            "unclosed backtick quoted string",
            "key=`unclosed",
            "unterminated string",
        ),
        (
            "unclosed double-quoted string",
            r#"key="unclosed"#,
            "unterminated string",
        ),
        ("illegal identifier", "key=x@y", "unexpected character '@'"),
    ];
    for (name, input, want) in cases {
        assert_eq!(
            canon(input),
            Err(want.to_string()),
            "case {name:?}: {input:?}"
        );
    }
}

#[test]
fn gengo_parse_table_typed_values() {
    // The value types upstream's table asserts through Arg.Type/ValueType.
    let t = parse_ok(
        "numbers(n1: 2, n2: -5, n3: +5, n4: 0xFF, n5: -0x0000, n6: +0x00FF00, n7: 0o04167, n8: -0o04167, n9: +0o04167, n10: 0b10101, n11: -0b10101, n12: +0b10101)",
    );
    let values: Vec<(Option<&str>, &Value, &str)> = t
        .args
        .iter()
        .map(|a| (a.name.as_deref(), &a.value, a.literal.as_str()))
        .collect();
    assert_eq!(
        values,
        vec![
            (Some("n1"), &Value::Int(2), "2"),
            (Some("n2"), &Value::Int(-5), "-5"),
            (Some("n3"), &Value::Int(5), "+5"),
            (Some("n4"), &Value::Int(255), "0xFF"),
            (Some("n5"), &Value::Int(0), "-0x0000"),
            (Some("n6"), &Value::Int(0xFF00), "+0x00FF00"),
            (Some("n7"), &Value::Int(0o4167), "0o04167"),
            (Some("n8"), &Value::Int(-0o4167), "-0o04167"),
            (Some("n9"), &Value::Int(0o4167), "+0o04167"),
            (Some("n10"), &Value::Int(21), "0b10101"),
            (Some("n11"), &Value::Int(-21), "-0b10101"),
            (Some("n12"), &Value::Int(21), "+0b10101"),
        ]
    );

    let t = parse_ok(r#"name(t: "true", f: false)"#);
    assert_eq!(t.args[0].value, Value::String("true".into()));
    assert_eq!(t.args[1].value, Value::Bool(false));
    assert_eq!(parse_ok("bools(true)").args[0].value, Value::Bool(true));
    assert_eq!(parse_ok("bools(true)").args[0].name, None);

    assert_eq!(
        parse_ok("key=ident").scalar(),
        Some(&Value::String("ident".into()))
    );
    assert_eq!(parse_ok("key=true").scalar(), Some(&Value::Bool(true)));
    assert_eq!(
        parse_ok(r#"key="true""#).scalar(),
        Some(&Value::String("true".into()))
    );
    assert_eq!(parse_ok("key=1").scalar(), Some(&Value::Int(1)));
    assert_eq!(parse_ok("key").value, None);
    assert_eq!(parse_ok("key=+key2").value_type(), Some(ValueType::Tag));
}

// ---------------------------------------------------------------------------
// gengo TestExtractAndParse (the "+" prefix cases, parsed one by one)

#[test]
fn gengo_extract_and_parse_positional_and_named() {
    type Args<'a> = Vec<(Option<&'a str>, Value)>;
    let cases: &[(&str, Args)] = &[
        (
            "quoted(\"value\")",
            vec![(None, Value::String("value".into()))],
        ),
        (
            "backticked(`value`)",
            vec![(None, Value::String("value".into()))],
        ),
        ("ident(value)", vec![(None, Value::String("value".into()))]),
        ("integer(2)", vec![(None, Value::Int(2))]),
        ("negative(-5)", vec![(None, Value::Int(-5))]),
        ("hex(0xFF00B3)", vec![(None, Value::Int(0xFF00B3))]),
        ("octal(0o04167)", vec![(None, Value::Int(0o4167))]),
        ("binary(0b10101)", vec![(None, Value::Int(0b10101))]),
        ("true(true)", vec![(None, Value::Bool(true))]),
        ("false(false)", vec![(None, Value::Bool(false))]),
        (
            "strings(q: \"value\", b: `value`, i: value)",
            vec![
                (Some("q"), Value::String("value".into())),
                (Some("b"), Value::String("value".into())),
                (Some("i"), Value::String("value".into())),
            ],
        ),
        (
            "numbers(n1: 2, n2: -5, n3: 0xFF00B3, n4: 0o04167, n5: 0b10101)",
            vec![
                (Some("n1"), Value::Int(2)),
                (Some("n2"), Value::Int(-5)),
                (Some("n3"), Value::Int(0xFF00B3)),
                (Some("n4"), Value::Int(0o4167)),
                (Some("n5"), Value::Int(0b10101)),
            ],
        ),
        (
            "bools(t: true, f:false)",
            vec![
                (Some("t"), Value::Bool(true)),
                (Some("f"), Value::Bool(false)),
            ],
        ),
    ];
    for (input, want) in cases {
        let t = parse_ok(input);
        let got: Vec<(Option<&str>, Value)> = t
            .args
            .iter()
            .map(|a| (a.name.as_deref(), a.value.clone()))
            .collect();
        let want: Vec<(Option<&str>, Value)> = want.clone();
        assert_eq!(got, want, "{input}");
    }
}

// ---------------------------------------------------------------------------
// Grammar details beyond gengo's table

#[test]
fn grammar_edge_cases() {
    let cases: &[(&str, Result<&str, &str>)] = &[
        // Trailing comma is accepted, like upstream.
        ("name(a,)", Ok(r#"name("a")"#)),
        ("name(k: v, )", Ok(r#"name(k: "v")"#)),
        ("name(k:v,k2:v2)", Ok(r#"name(k: "v", k2: "v2")"#)),
        // Comments directly after a value, and after an argument list.
        ("name=x#comment", Ok(r#"name="x""#)),
        ("name(x)#comment", Ok(r#"name("x")"#)),
        ("name=1#comment", Ok("name=1")),
        ("name=\"a # b\"", Ok(r#"name="a # b""#)),
        // Surrounding whitespace is trimmed.
        ("  name=1  ", Ok("name=1")),
        // Chained payload after arguments and a scalar at the end.
        (
            "k8s:ifEnabled(\"F\")=+k8s:eachVal=+k8s:maxLength=0x10",
            Ok(r#"k8s:ifEnabled("F")=+k8s:eachVal=+k8s:maxLength=0x10"#),
        ),
        // `=+` followed by a digit is a signed number, not a chain.
        ("name=+5", Ok("name=+5")),
        ("name=-5", Ok("name=-5")),
        ("name=017", Ok("name=017")),
        // Backtick strings honour \` and \\ too.
        ("name(`a\\`b\\\\c`)", Ok(r#"name("a`b\\c")"#)),
        // Unicode letters are identifier characters.
        ("näme(wert: grün)", Ok(r#"näme(wert: "grün")"#)),
        // Errors.
        ("", Err("unexpected end of input")),
        ("   ", Err("unexpected end of input")),
        ("=x", Err("unexpected character '='")),
        ("1name", Err("unexpected character '1'")),
        ("name)", Err("unexpected character ')'")),
        ("name(a)(b)", Err("unexpected character '('")),
        ("name=x=y", Err("unexpected character '='")),
        ("name=\"a\"b", Err("unexpected character 'b'")),
        ("name(,)", Err("unexpected character ','")),
        ("name(a,,b)", Err("unexpected character ','")),
        ("name(a b)", Err("unexpected character ' '")),
        ("name(\"a\" )", Err("unexpected character ' '")),
        ("name(a\tb)", Err("unexpected character '\\t'")),
        ("name(", Err("unexpected end of input")),
        ("name(k:", Err("unexpected end of input")),
        ("name(k: v", Err("unexpected end of input")),
        ("name=+", Err("invalid number \"+\"")),
        ("name=+\"x\"", Err("invalid number \"+\"")),
        ("name=-", Err("invalid number \"-\"")),
        ("name=0x", Err("invalid number \"0x\"")),
        ("name=08", Err("invalid number \"08\"")),
        ("name=123abc", Err("invalid number \"123abc\"")),
        ("name=1_000", Err("unexpected character '_'")),
        ("name=0X1F", Err("unexpected character 'X'")),
        (
            "name=9223372036854775808",
            Err("invalid number \"9223372036854775808\""),
        ),
        ("name(n: 0b2)", Err("invalid number \"0b2\"")),
        ("name=\"a\\nb\"", Err("unhandled escaped character 'n'")),
        ("name=`a\\\"b`", Err("unhandled escaped character '\"'")),
        ("name=\"a\\'b\"", Err("unhandled escaped character '\\''")),
        ("name=\"a\\", Err("unterminated string")),
        (
            "name(a, k: v)",
            Err("can't mix named and positional arguments"),
        ),
        (
            "name(k: v, a)",
            Err("can't mix named and positional arguments"),
        ),
        (
            "name(a, b, k: v)",
            Err("can't mix named and positional arguments"),
        ),
        (
            "name(a, 1, true)",
            Err("multiple arguments must use 'name: value' syntax"),
        ),
        // Upstream reports the trailing text before the argument problem.
        ("name(a, b)=x y", Err("unexpected character ' '")),
        (
            "name(a, b)=x",
            Err("multiple arguments must use 'name: value' syntax"),
        ),
        // Upstream accepts these three by dropping text; they are errors here.
        ("name()=", Err("unexpected end of input")),
        ("name(k:)", Err("unexpected character ')'")),
        ("name(k: )", Err("unexpected character ')'")),
        ("name(k: v: w)", Err("unexpected character ':'")),
    ];
    for (input, want) in cases {
        let want = want.map(str::to_string).map_err(str::to_string);
        assert_eq!(canon(input), want, "{input:?}");
    }
}

#[test]
fn int_literals_keep_their_text() {
    // Upstream keeps the literal; its limit tags reject non-canonical forms
    // (0100, +5, 0x10) later, so the text must survive.
    let t = parse_ok("k8s:maxLength=0x10");
    assert_eq!(t.scalar(), Some(&Value::Int(16)));
    assert_eq!(t.value_literal.as_deref(), Some("0x10"));
    let t = parse_ok("k8s:minimum=+5 # five");
    assert_eq!(t.scalar(), Some(&Value::Int(5)));
    assert_eq!(t.value_literal.as_deref(), Some("+5"));
    let t = parse_ok("k8s:minimum=0100");
    assert_eq!(t.scalar(), Some(&Value::Int(64)));
    assert_eq!(t.value_literal.as_deref(), Some("0100"));
    let t = parse_ok("k8s:minimum=-9223372036854775808");
    assert_eq!(t.scalar(), Some(&Value::Int(i64::MIN)));
    let t = parse_ok(r#"k8s:format="a\"b""#);
    assert_eq!(t.scalar(), Some(&Value::String("a\"b".into())));
    assert_eq!(t.value_literal.as_deref(), Some(r#""a\"b""#));
    let t = parse_ok("k8s:item(prio: 010)=+k8s:required");
    assert_eq!(t.args[0].value, Value::Int(8));
    assert_eq!(t.args[0].literal, "010");
    assert_eq!(t.value_literal, None);
}

#[test]
fn chains() {
    let t = parse_ok("k8s:eachVal=+k8s:minimum=1");
    assert_eq!(t.name, "k8s:eachVal");
    assert!(t.args.is_empty());
    let inner = t.chained().expect("chained");
    assert_eq!(inner.name, "k8s:minimum");
    assert_eq!(inner.scalar(), Some(&Value::Int(1)));
    assert_eq!(t.scalar(), None);

    let t = parse_ok(r#"k8s:item(type: "Approved")=+k8s:zeroOrOneOfMember"#);
    assert_eq!(
        t.named_arg("type").map(|a| &a.value),
        Some(&Value::String("Approved".into()))
    );
    assert_eq!(t.positional_arg(), None);
    let inner = t.chained().expect("chained");
    assert_eq!(inner.name, "k8s:zeroOrOneOfMember");
    assert_eq!(inner.value, None);

    let t = parse_ok(r#"k8s:ifEnabled("F")=+k8s:required"#);
    assert_eq!(
        t.positional_arg().map(|a| &a.value),
        Some(&Value::String("F".into()))
    );
    assert_eq!(t.chained().map(|c| c.name.as_str()), Some("k8s:required"));

    // Any depth; the final scalar belongs to the innermost tag.
    let t = parse_ok(
        r#"k8s:alpha(since: "1.36")=+k8s:ifEnabled(X)=+k8s:eachVal=+k8s:subfield(name)=+k8s:maxLength=5 # c"#,
    );
    let names: Vec<&str> = t.chain().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "k8s:alpha",
            "k8s:ifEnabled",
            "k8s:eachVal",
            "k8s:subfield",
            "k8s:maxLength"
        ]
    );
    assert_eq!(t.innermost().scalar(), Some(&Value::Int(5)));
    for outer in t.chain().take(4) {
        assert!(outer.scalar().is_none(), "{}", outer.name);
        assert_eq!(outer.value_type(), Some(ValueType::Tag));
    }
}

#[test]
fn spans_within_the_text() {
    let text = r#"k8s:item(type: "Approved", n: 5)=+k8s:maxLength=0x10 # c"#;
    let at = |s: &str| text.find(s).unwrap();
    let t = parse_ok(text);
    assert_eq!(t.span, Span::new(0, 8));
    assert_eq!(t.args[0].span, Span::new(at("type"), at(", n")));
    assert_eq!(t.args[1].span, Span::new(at("n: 5"), at(")=")));
    let inner = t.chained().unwrap();
    assert_eq!(inner.span, Span::new(at("k8s:maxLength"), at("=0x10")));
    match &inner.value {
        Some(TagValue::Scalar(Value::Int(16), span)) => {
            assert_eq!(*span, Span::new(at("0x10"), at(" #")))
        }
        other => panic!("{other:?}"),
    }

    // Leading whitespace (trimmed, as upstream) shifts nothing.
    let t = parse_ok("  k8s:minimum=1");
    assert_eq!(t.span, Span::new(2, 13));
}

#[test]
fn error_spans() {
    let err = |s: &str| parse_tag(s).unwrap_err();
    assert_eq!(
        err("name( x)"),
        TagError::new("unexpected character ' '", Span::new(5, 6))
    );
    assert_eq!(
        err("name=é x"),
        TagError::new("unexpected character ' '", Span::new(7, 8))
    );
    assert_eq!(
        err("name(a"),
        TagError::new("unexpected end of input", Span::new(6, 6))
    );
    assert_eq!(
        err(r#"name="ab\qc""#),
        TagError::new("unhandled escaped character 'q'", Span::new(8, 10))
    );
    assert_eq!(
        err(r#"name(x: "ab"#),
        TagError::new("unterminated string", Span::new(8, 11))
    );
    assert_eq!(
        err("name=0x1g"),
        // `0x1g` lexes as the number `0x1`, then `g` is left over.
        TagError::new("unexpected character 'g'", Span::new(8, 9))
    );
    assert_eq!(
        err("name(a, b)"),
        TagError::new(
            "multiple arguments must use 'name: value' syntax",
            Span::new(5, 9)
        )
    );
    assert_eq!(
        err("name(a, k: v)"),
        TagError::new("can't mix named and positional arguments", Span::new(8, 12))
    );
    assert_eq!(
        err("  name =1"),
        TagError::new("unexpected character ' '", Span::new(6, 7))
    );
}

// ---------------------------------------------------------------------------
// Extraction

#[test]
fn extract_finds_validation_tags_in_order() {
    let texts = [
        " Spec is the desired state.",
        "",
        " +optional",
        " +listType=map",
        " +listMapKey=name",
        " +k8s:optional",
        " +k8s:listType=map",
        "\t+k8s:listMapKey=name # the key",
        " +k8s:eachVal=+k8s:immutable",
        " +k8s:maxItems=16",
        "+k8s:item(name: \"a\")=+k8s:required",
        " not a tag: +k8s:required",
        " +kubebuilder:validation:MaxItems=16",
        " +genclient",
        " + k8s:required",
    ];
    let found = extract_tags(&texts);
    let got: Vec<(usize, String)> = found
        .iter()
        .map(|e| (e.line, e.tag.as_ref().unwrap().to_string()))
        .collect();
    assert_eq!(
        got,
        vec![
            (5, "k8s:optional".to_string()),
            (6, r#"k8s:listType="map""#.to_string()),
            (7, r#"k8s:listMapKey="name""#.to_string()),
            (8, "k8s:eachVal=+k8s:immutable".to_string()),
            (9, "k8s:maxItems=16".to_string()),
            (10, r#"k8s:item(name: "a")=+k8s:required"#.to_string()),
        ]
    );
}

#[test]
fn extract_whitespace_and_spans() {
    // gengo TestExtract "whitespace": leading spaces and tabs before `+`
    // are skipped, trailing whitespace is trimmed before parsing, and
    // whitespace inside the tag is an error.
    let texts = [
        " +k8s:required",
        " \t \t +k8s:required",
        "  +k8s:required",
        " +k8s:required ",
        " +k8s:required  ",
        " +k8s:minimum= 1",
        "  +k8s:minimum = 1",
        " +k8s:minimum =1 ",
    ];
    let found = extract_tags(&texts);
    let got: Vec<Result<String, String>> = found
        .iter()
        .map(|e| e.tag.clone().map(|t| t.to_string()).map_err(|e| e.message))
        .collect();
    let ok = || Ok("k8s:required".to_string());
    let space = || Err("unexpected character ' '".to_string());
    assert_eq!(
        got,
        vec![ok(), ok(), ok(), ok(), ok(), space(), space(), space()]
    );

    // Spans are relative to the line text.
    assert_eq!(found[1].tag.as_ref().unwrap().span, Span::new(6, 18));
    assert_eq!(found[5].tag.as_ref().unwrap_err().span, Span::new(14, 15));
    assert_eq!(found[6].tag.as_ref().unwrap_err().span, Span::new(14, 15));

    let text = r#" +k8s:item(type: "Approved")=+k8s:zeroOrOneOfMember"#;
    let found = extract_tags(&[text]);
    let t = found[0].tag.as_ref().unwrap();
    let at = |s: &str| text.find(s).unwrap();
    assert_eq!(t.span, Span::new(2, 10));
    assert_eq!(t.args[0].span, Span::new(at("type"), at(")=")));
    assert_eq!(
        t.chained().unwrap().span,
        Span::new(at("k8s:zero"), text.len())
    );
}

#[test]
fn extract_reads_default_raw() {
    let texts = [
        r#" +default={"a": 1}"#,
        " +default=5 # five",
        " +default=",
        " +default",
        " +default= \"x\"",
        " +default=this is \\ arbitrary content !!",
        " +default=+key2",
        " +default(x)=1",
        " +default(k: v)=1",
        " +default(1)=1",
        " +default =1",
        " +defaultMode=1",
        " +k8s:default=1",
    ];
    let items = extract(&lines(&texts));
    let defaults: Vec<(usize, Result<RawDefault, TagError>)> = items
        .iter()
        .filter_map(|e| e.as_default().map(|d| (d.line, d.value.clone())))
        .collect();
    let raw = |text: Option<&str>, start: usize, end: usize| {
        Ok(RawDefault {
            text: text.map(str::to_string),
            span: Span::new(start, end),
        })
    };
    assert_eq!(
        defaults,
        vec![
            (0, raw(Some(r#"{"a": 1}"#), 10, 18)),
            // The trailing comment is part of the raw value, as upstream.
            (1, raw(Some("5 # five"), 10, 18)),
            (2, raw(Some(""), 10, 10)),
            (3, raw(None, 2, 9)),
            (4, raw(Some(" \"x\""), 10, 14)),
            (5, raw(Some("this is \\ arbitrary content !!"), 10, 40)),
            (6, raw(Some("+key2"), 10, 15)),
            (7, raw(Some("1"), 13, 14)),
            (
                8,
                Err(TagError::new(
                    "unexpected named argument: \"k\"",
                    Span::new(10, 14)
                ))
            ),
            (
                9,
                Err(TagError::new(
                    "unexpected argument type: int",
                    Span::new(10, 11)
                ))
            ),
            (
                10,
                Err(TagError::new("unexpected character ' '", Span::new(9, 10)))
            ),
        ]
    );
    // `+k8s:default` is not a known validation tag.
    let tags: Vec<&ExtractedTag> = items.iter().filter_map(Extracted::as_tag).collect();
    assert_eq!(tags.len(), 1);
    assert_eq!(tags[0].line, 12);
    assert!(tags[0].tag.is_err());
    assert_eq!(items.iter().map(Extracted::line).collect::<Vec<_>>(), {
        let mut v: Vec<usize> = (0..11).collect();
        v.push(12);
        v
    });
}

#[test]
fn extract_skips_other_generators_tags() {
    // Names seen in kubernetes/api, kubernetes/code-generator and
    // kube-openapi.
    let texts = [
        " +k8s:deepcopy-gen=package",
        " +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object",
        " +k8s:deepcopy-gen:nonpointer-interfaces=true",
        " +k8s:conversion-gen=k8s.io/kubernetes/pkg/apis/core",
        " +k8s:conversion-gen-external-types=k8s.io/api/core/v1",
        " +k8s:conversion-gen:explicit-from=net/url.Values",
        " +k8s:conversion-fn=copy-only",
        " +k8s:defaulter-gen=TypeMeta",
        " +k8s:defaulter-gen-input=k8s.io/api/core/v1",
        " +k8s:openapi-gen=true",
        " +k8s:openapi-gen=x-kubernetes-int-or-string",
        " +k8s:openapi-model-package=io.k8s.api.core.v1",
        " +k8s:protobuf-gen=package",
        " +k8s:register-gen=package",
        " +k8s:client-gen=true",
        " +k8s:applyconfiguration-gen=true",
        " +k8s:informer-gen=true",
        " +k8s:lister-gen=true",
        " +k8s:prerelease-lifecycle-gen=true",
        " +k8s:prerelease-lifecycle-gen:introduced=1.20",
        " +k8s:prerelease-lifecycle-gen:deprecated=1.23",
        " +k8s:prerelease-lifecycle-gen:removed=1.26",
        " +k8s:prerelease-lifecycle-gen:replacement=apps,v1,Deployment",
        " +k8s:validation-gen=TypeMeta",
        " +k8s:validation-gen-input=k8s.io/api/core/v1",
        " +k8s:validation-gen-nolint",
        " +k8s:validation-gen-scheme-registry=k8s.io/apimachinery/pkg/runtime.Scheme",
        " +k8s:validation-gen-test-fixture=validateFalse",
        " +k8s:validation-gen-test-targets",
        " +k8s:validation:maxLength=30",
        " +k8s:validation:cel[0]:rule=\"self > 0\"",
        " +k8s:validation:Required",
        " +k8s:deprecated=configMapRef,protobuf=1",
        " +k8s:apireg-gen:service",
        " +k8s:my-custom-gen=whatever goes here",
    ];
    assert_eq!(extract(&lines(&texts)), vec![]);
    for text in texts {
        let name = text.trim_start().trim_start_matches('+');
        let name = &name[..name.find(['=', ' ']).unwrap_or(name.len())];
        assert!(catalog::is_other_generator_tag(name), "{name}");
    }
    assert!(!catalog::is_other_generator_tag("k8s:minimum"));
    assert!(!catalog::is_other_generator_tag("k8s:setByServer"));
    assert!(!catalog::is_other_generator_tag("deepcopy-gen"));
}

#[test]
fn extract_reports_unknown_tags_with_suggestions() {
    let cases: &[(&str, &str, Span)] = &[
        (
            " +k8s:MaxLength=5",
            r#"unknown validation tag "k8s:MaxLength", did you mean "k8s:maxLength"?"#,
            Span::new(2, 15),
        ),
        (
            " +k8s:maxLenght=5",
            r#"unknown validation tag "k8s:maxLenght", did you mean "k8s:maxLength"?"#,
            Span::new(2, 15),
        ),
        (
            " +k8s:requried",
            r#"unknown validation tag "k8s:requried", did you mean "k8s:required"?"#,
            Span::new(2, 14),
        ),
        (
            " +k8s:setByServer",
            r#"unknown validation tag "k8s:setByServer""#,
            Span::new(2, 17),
        ),
        // The name is checked before the syntax.
        (
            " +k8s:optinal =bad",
            r#"unknown validation tag "k8s:optinal", did you mean "k8s:optional"?"#,
            Span::new(2, 13),
        ),
        // Names in chains are checked too (upstream panics on these).
        (
            " +k8s:eachVal=+k8s:typo",
            r#"tag "k8s:eachVal": unknown validation tag "k8s:typo""#,
            Span::new(15, 23),
        ),
        (
            " +k8s:eachVal=+minimum=1",
            r#"tag "k8s:eachVal": unknown validation tag "minimum", did you mean "k8s:minimum"?"#,
            Span::new(15, 22),
        ),
        (
            " +k8s:ifEnabled(F)=+k8s:eachKey=+k8s:maxlength=3",
            r#"tag "k8s:ifEnabled": tag "k8s:eachKey": unknown validation tag "k8s:maxlength", did you mean "k8s:maxLength"?"#,
            Span::new(33, 46),
        ),
        (
            " +k8s:ifEnabled(F)=+k8s:isSubresource=\"/x\"",
            r#"tag "k8s:ifEnabled": tag "k8s:isSubresource" is not a validation tag and cannot be chained"#,
            Span::new(20, 37),
        ),
    ];
    for (text, message, span) in cases {
        let found = extract_tags(&[text]);
        assert_eq!(found.len(), 1, "{text}");
        assert_eq!(found[0].tag, Err(TagError::new(*message, *span)), "{text}");
    }
}

#[test]
fn extract_subresource_tags() {
    let texts = [
        r#" +k8s:supportsSubresource="/status""#,
        r#" +k8s:supportsSubresource="/scale""#,
        r#" +k8s:isSubresource="/scale""#,
        " +k8s:isSubresource=/scale",
    ];
    let got: Vec<Result<String, String>> = texts.iter().map(|t| extract_one(t)).collect();
    assert_eq!(
        got,
        vec![
            Ok(r#"k8s:supportsSubresource="/status""#.to_string()),
            Ok(r#"k8s:supportsSubresource="/scale""#.to_string()),
            Ok(r#"k8s:isSubresource="/scale""#.to_string()),
            // Raw under 1.35, as k8s.io/api writes it.
            Ok(r#"k8s:isSubresource="/scale""#.to_string()),
        ]
    );
    let t = parse_ok(r#"k8s:isSubresource="/scale""#);
    assert_eq!(check::type_check(&t, Scope::Type), Ok(()));
    assert_eq!(
        check(r#"k8s:isSubresource="/scale""#, Scope::Field),
        Err(r#"tag "k8s:isSubresource" cannot be specified on struct fields"#.into())
    );
    assert_eq!(
        check("k8s:supportsSubresource", Scope::Type),
        Err(r#"tag "k8s:supportsSubresource": missing required tag value of type string"#.into())
    );
}

// ---------------------------------------------------------------------------
// Catalog

const ALL_NAMES: [&str; 50] = [
    "k8s:alpha",
    "k8s:beta",
    "k8s:customUnique",
    "k8s:customValidation",
    "k8s:dependentForbidden",
    "k8s:dependentRequired",
    "k8s:discriminator",
    "k8s:eachKey",
    "k8s:eachVal",
    "k8s:enum",
    "k8s:enumExclude",
    "k8s:eq",
    "k8s:forbidden",
    "k8s:format",
    "k8s:ifDisabled",
    "k8s:ifEnabled",
    "k8s:ifMode",
    "k8s:immutable",
    "k8s:isSubresource",
    "k8s:item",
    "k8s:listMapKey",
    "k8s:listType",
    "k8s:maxBytes",
    "k8s:maxItems",
    "k8s:maxLength",
    "k8s:maxProperties",
    "k8s:maximum",
    "k8s:member",
    "k8s:minItems",
    "k8s:minLength",
    "k8s:minProperties",
    "k8s:minimum",
    "k8s:modeDiscriminator",
    "k8s:monotonic",
    "k8s:neq",
    "k8s:opaqueType",
    "k8s:optional",
    "k8s:required",
    "k8s:subfield",
    "k8s:supportsSubresource",
    "k8s:unionDiscriminator",
    "k8s:unionMember",
    "k8s:unique",
    "k8s:update",
    "k8s:validateError",
    "k8s:validateFalse",
    "k8s:validateTrue",
    "k8s:validateTrueAlpha",
    "k8s:validateTrueBeta",
    "k8s:zeroOrOneOfMember",
];

#[test]
fn catalog_lists_every_tag_in_processing_order() {
    let names: Vec<&str> = catalog::all().iter().map(|d| d.name).collect();
    assert_eq!(names, ALL_NAMES);
    assert_eq!(catalog::validators().count(), 48);
    let metadata: Vec<&str> = catalog::all()
        .iter()
        .filter(|d| d.kind == TagKind::TypeMetadata)
        .map(|d| d.name)
        .collect();
    assert_eq!(metadata, ["k8s:isSubresource", "k8s:supportsSubresource"]);
    for name in ALL_NAMES {
        assert_eq!(catalog::lookup(name).map(|d| d.name), Some(name));
    }
    assert_eq!(catalog::lookup("k8s:MaxLength"), None);
    assert_eq!(catalog::lookup("maxLength"), None);
    assert_eq!(TagName::MaxProperties.as_str(), "k8s:maxProperties");
    assert_eq!(TagName::ZeroOrOneOfMember.as_str(), "k8s:zeroOrOneOfMember");
}

#[test]
fn catalog_releases() {
    let introduced = |release: Release| -> Vec<&str> {
        let mut v: Vec<&str> = catalog::all()
            .iter()
            .filter(|d| d.since == release)
            .map(|d| &d.name[4..])
            .collect();
        v.sort_unstable();
        v
    };
    assert_eq!(
        introduced(Release::V1_33),
        [
            "eachKey",
            "eachVal",
            "forbidden",
            "immutable",
            "listMapKey",
            "listType",
            "minimum",
            "opaqueType",
            "optional",
            "required",
            "subfield",
            "validateError",
            "validateFalse",
            "validateTrue"
        ]
    );
    assert_eq!(
        introduced(Release::V1_34),
        [
            "enum",
            "isSubresource",
            "item",
            "neq",
            "supportsSubresource",
            "unionDiscriminator",
            "unionMember",
            "zeroOrOneOfMember"
        ]
    );
    assert_eq!(
        introduced(Release::V1_35),
        [
            "customUnique",
            "enumExclude",
            "format",
            "ifDisabled",
            "ifEnabled",
            "maxItems",
            "maxLength",
            "unique",
            "update"
        ]
    );
    assert_eq!(
        introduced(Release::V1_36),
        [
            "alpha",
            "beta",
            "discriminator",
            "maxBytes",
            "maximum",
            "member",
            "minItems",
            "minLength",
            "validateTrueAlpha",
            "validateTrueBeta"
        ]
    );
    assert_eq!(
        introduced(Release::V1_37),
        [
            "customValidation",
            "dependentForbidden",
            "dependentRequired",
            "ifMode",
            "maxProperties",
            "minProperties",
            "modeDiscriminator",
            "monotonic"
        ]
    );
    assert_eq!(introduced(Release::V1_38), ["eq"]);
    assert_eq!(Release::V1_35.to_string(), "1.35");
}

#[test]
fn catalog_stability() {
    let with = |level: Stability| -> Vec<&str> {
        catalog::validators()
            .filter(|d| d.stability == level)
            .map(|d| &d.name[4..])
            .collect()
    };
    assert_eq!(
        with(Stability::Alpha),
        [
            "dependentForbidden",
            "dependentRequired",
            "discriminator",
            "enumExclude",
            "eq",
            "member",
            "monotonic",
            "neq",
            "validateError",
            "validateFalse",
            "validateTrue",
            "validateTrueAlpha"
        ]
    );
    assert_eq!(
        with(Stability::Beta),
        [
            "alpha",
            "beta",
            "forbidden",
            "unionDiscriminator",
            "validateTrueBeta"
        ]
    );
    assert_eq!(with(Stability::Stable).len(), 31);
    assert_eq!(Stability::Beta.to_string(), "Beta");
}

#[test]
fn catalog_scopes() {
    use Scope::*;
    let scopes = |name: &str| catalog::lookup(name).unwrap().scopes.to_vec();
    assert_eq!(scopes("k8s:required"), [Field]);
    assert_eq!(scopes("k8s:enum"), [Type]);
    assert_eq!(scopes("k8s:enumExclude"), [Const]);
    assert_eq!(
        scopes("k8s:ifEnabled"),
        [Type, Field, ListVal, MapKey, MapVal, Const]
    );
    assert_eq!(
        scopes("k8s:minimum"),
        [Type, Field, ListVal, MapKey, MapVal]
    );
    assert_eq!(scopes("k8s:immutable"), [Type, Field, ListVal, MapVal]);
    assert_eq!(scopes("k8s:maxItems"), [Type, Field, ListVal, MapVal]);
    assert_eq!(scopes("k8s:maxProperties"), [Type, Field]);
    assert_eq!(scopes("k8s:update"), [Field, ListVal, MapVal]);
    assert_eq!(scopes("k8s:unionMember"), [Field, ListVal]);
    assert_eq!(scopes("k8s:ifMode"), [Field]);
    assert_eq!(scopes("k8s:customValidation"), [Type, Field]);
    let names: Vec<&str> = Scope::ALL.iter().map(|s| s.as_str()).collect();
    assert_eq!(
        names,
        [
            "type definitions",
            "struct fields",
            "list values",
            "map keys",
            "map values",
            "constant values"
        ]
    );
}

#[test]
fn catalog_args_and_payloads() {
    let def = |name: &str| catalog::lookup(name).unwrap();
    let item = def("k8s:item");
    assert!(item.accepts_unknown_args);
    assert_eq!(item.payload, PayloadType::Tag);
    assert!(item.payload_required);
    assert_eq!(item.chain_scope, Some(ChainScope::Fixed(Scope::ListVal)));
    assert_eq!(
        catalog::all()
            .iter()
            .filter(|d| d.accepts_unknown_args)
            .count(),
        1
    );

    let if_mode = def("k8s:ifMode");
    let args: Vec<(Option<&str>, ValueType, bool)> = if_mode
        .args
        .iter()
        .map(|a| (a.name, a.ty, a.required))
        .collect();
    assert_eq!(
        args,
        [
            (None, ValueType::String, false),
            (Some("modality"), ValueType::String, false),
            (Some("mode"), ValueType::String, false)
        ]
    );
    let v = def("k8s:validateFalse");
    let names: Vec<Option<&str>> = v.args.iter().map(|a| a.name).collect();
    assert_eq!(names, [Some("flags"), Some("typeArg"), Some("cohort")]);
    assert_eq!(
        (v.payload, v.payload_required),
        (PayloadType::String, false)
    );
    assert_eq!(def("k8s:neq").payload, PayloadType::Raw);
    assert_eq!(
        (
            def("k8s:update").payload,
            def("k8s:update").payload_required
        ),
        (PayloadType::String, false)
    );
    assert_eq!(def("k8s:minimum").payload, PayloadType::Int);
    assert_eq!(def("k8s:required").payload, PayloadType::None);
    assert!(def("k8s:ifEnabled").args[0].required);
    assert_eq!(
        def("k8s:ifEnabled").arg(None).map(|a| a.ty),
        Some(ValueType::String)
    );

    let chained: Vec<(&str, ChainScope)> = catalog::all()
        .iter()
        .filter_map(|d| d.chain_scope.map(|c| (&d.name[4..], c)))
        .collect();
    assert_eq!(
        chained,
        [
            ("alpha", ChainScope::Inherit),
            ("beta", ChainScope::Inherit),
            ("eachKey", ChainScope::Fixed(Scope::MapKey)),
            ("eachVal", ChainScope::CollectionValue),
            ("ifDisabled", ChainScope::Inherit),
            ("ifEnabled", ChainScope::Inherit),
            ("ifMode", ChainScope::Inherit),
            ("item", ChainScope::Fixed(Scope::ListVal)),
            ("member", ChainScope::Inherit),
            ("subfield", ChainScope::Fixed(Scope::Field)),
        ]
    );
    assert_eq!(
        def("k8s:eachVal").payload_scope(Scope::Field, Scope::MapVal),
        Some(Scope::MapVal)
    );
    assert_eq!(
        def("k8s:ifEnabled").payload_scope(Scope::Const, Scope::ListVal),
        Some(Scope::Const)
    );
    assert_eq!(
        def("k8s:minimum").payload_scope(Scope::Field, Scope::ListVal),
        None
    );
}

// ---------------------------------------------------------------------------
// Type checking

#[test]
fn type_check_accepts_valid_tags() {
    let cases: &[(&str, Scope)] = &[
        ("k8s:required", Scope::Field),
        ("k8s:minimum=-1", Scope::Field),
        ("k8s:format=k8s-short-name", Scope::MapKey),
        (r#"k8s:listType="map""#, Scope::Type),
        ("k8s:update", Scope::Field),
        ("k8s:update=NoModify", Scope::MapVal),
        ("k8s:neq=5", Scope::Field),
        ("k8s:neq=\"x\"", Scope::Field),
        ("k8s:neq=true", Scope::ListVal),
        ("k8s:enum", Scope::Type),
        ("k8s:ifEnabled(Feature)=+k8s:enumExclude", Scope::Const),
        ("k8s:eachVal=+k8s:minimum=1", Scope::Field),
        ("k8s:eachKey=+k8s:format=k8s-label-key", Scope::Field),
        (
            r#"k8s:item(type: "Approved")=+k8s:zeroOrOneOfMember"#,
            Scope::Field,
        ),
        (
            "k8s:item(name: x, prio: 10, on: true)=+k8s:immutable",
            Scope::Type,
        ),
        ("k8s:subfield(name)=+k8s:required", Scope::Field),
        (
            r#"k8s:alpha(since: "1.36")=+k8s:ifMode("A")=+k8s:required"#,
            Scope::Field,
        ),
        ("k8s:beta=+k8s:maxItems=3", Scope::MapVal),
        (
            "k8s:ifMode(mode: A, modality: D)=+k8s:forbidden",
            Scope::Field,
        ),
        ("k8s:modeDiscriminator(modality: D)", Scope::Field),
        ("k8s:unionMember(union: u, memberName: M)", Scope::ListVal),
        ("k8s:dependentRequired(other)", Scope::Field),
        (
            r#"k8s:validateFalse(flags: "ShortCircuit", cohort: c)="msg""#,
            Scope::Type,
        ),
        ("k8s:validateTrue", Scope::MapKey),
        (
            "k8s:ifDisabled(X)=+k8s:ifEnabled(Y)=+k8s:eachVal=+k8s:eachVal=+k8s:opaqueType",
            Scope::Field,
        ),
    ];
    for (input, scope) in cases {
        assert_eq!(check(input, *scope), Ok(()), "{input} on {scope}");
    }
}

#[test]
fn type_check_error_classes() {
    let cases: &[(&str, Scope, &str)] = &[
        // Scope.
        (
            "k8s:required",
            Scope::Type,
            r#"tag "k8s:required" cannot be specified on type definitions"#,
        ),
        (
            "k8s:enum",
            Scope::Field,
            r#"tag "k8s:enum" cannot be specified on struct fields"#,
        ),
        (
            "k8s:maxItems=1",
            Scope::MapKey,
            r#"tag "k8s:maxItems" cannot be specified on map keys"#,
        ),
        (
            "k8s:enumExclude",
            Scope::Type,
            r#"tag "k8s:enumExclude" cannot be specified on type definitions"#,
        ),
        (
            "k8s:minimum=1",
            Scope::Const,
            r#"tag "k8s:minimum" cannot be specified on constant values"#,
        ),
        // The scope comes before the arguments.
        (
            "k8s:required(5)",
            Scope::Type,
            r#"tag "k8s:required" cannot be specified on type definitions"#,
        ),
        // Argument types.
        (
            "k8s:ifEnabled(5)=+k8s:required",
            Scope::Field,
            r#"tag "k8s:ifEnabled": argument "5" has wrong type: got int, want string"#,
        ),
        (
            "k8s:ifEnabled(true)=+k8s:required",
            Scope::Field,
            r#"tag "k8s:ifEnabled": argument "true" has wrong type: got bool, want string"#,
        ),
        (
            "k8s:unionMember(union: 0x5)",
            Scope::Field,
            r#"tag "k8s:unionMember": argument "union: 0x5" has wrong type: got int, want string"#,
        ),
        // Missing arguments.
        (
            "k8s:ifEnabled=+k8s:required",
            Scope::Field,
            r#"tag "k8s:ifEnabled": missing required positional argument of type string"#,
        ),
        (
            "k8s:subfield(name: x)=+k8s:required",
            Scope::Field,
            r#"tag "k8s:subfield": missing required positional argument of type string"#,
        ),
        // Unknown arguments.
        (
            r#"k8s:required(x)"#,
            Scope::Field,
            r#"tag "k8s:required": unrecognized named argument "\"x\"""#,
        ),
        (
            r#"k8s:unionMember(union: "u", member: "m")"#,
            Scope::Field,
            r#"tag "k8s:unionMember": unrecognized named argument "member: \"m\"""#,
        ),
        (
            "k8s:ifMode(mode: A, extra: 1)=+k8s:required",
            Scope::Field,
            r#"tag "k8s:ifMode": unrecognized named argument "extra: 1""#,
        ),
        (
            r#"k8s:alpha("1.36")=+k8s:required"#,
            Scope::Field,
            r#"tag "k8s:alpha": unrecognized named argument "\"1.36\"""#,
        ),
        // Missing payloads.
        (
            "k8s:minimum",
            Scope::Field,
            r#"tag "k8s:minimum": missing required tag value of type int"#,
        ),
        (
            "k8s:eachVal",
            Scope::Field,
            r#"tag "k8s:eachVal": missing required tag value of type tag"#,
        ),
        (
            "k8s:ifEnabled(X)",
            Scope::Field,
            r#"tag "k8s:ifEnabled": missing required tag value of type tag"#,
        ),
        (
            "k8s:neq",
            Scope::Field,
            r#"tag "k8s:neq": missing required tag value of type raw"#,
        ),
        // Payload types.
        (
            r#"k8s:minimum="1""#,
            Scope::Field,
            r#"tag "k8s:minimum": tag value has wrong type: got string, want int"#,
        ),
        (
            "k8s:format=5",
            Scope::Field,
            r#"tag "k8s:format": tag value has wrong type: got int, want string"#,
        ),
        (
            "k8s:maxLength=+k8s:required",
            Scope::Field,
            r#"tag "k8s:maxLength": tag value has wrong type: got tag, want int"#,
        ),
        (
            "k8s:eachVal=5",
            Scope::Field,
            r#"tag "k8s:eachVal": tag value has wrong type: got int, want tag"#,
        ),
        // A tag without payload rejects any value, with upstream's empty
        // "want".
        (
            "k8s:required=true",
            Scope::Field,
            r#"tag "k8s:required": tag value has wrong type: got bool, want "#,
        ),
        (
            "k8s:opaqueType=+k8s:required",
            Scope::Field,
            r#"tag "k8s:opaqueType": tag value has wrong type: got tag, want "#,
        ),
        // Unknown names.
        (
            "k8s:maxlength=5",
            Scope::Field,
            r#"unknown validation tag "k8s:maxlength", did you mean "k8s:maxLength"?"#,
        ),
    ];
    for (input, scope, want) in cases {
        assert_eq!(
            check(input, *scope),
            Err(want.to_string()),
            "{input} on {scope}"
        );
    }
}

#[test]
fn type_check_nested_wrapping_and_payload_scopes() {
    let cases: &[(&str, Scope, &str)] = &[
        (
            r#"k8s:eachVal=+k8s:minimum="x""#,
            Scope::Field,
            r#"tag "k8s:eachVal": tag "k8s:minimum": tag value has wrong type: got string, want int"#,
        ),
        // eachVal: list values by default.
        (
            "k8s:eachVal=+k8s:required",
            Scope::Field,
            r#"tag "k8s:eachVal": tag "k8s:required" cannot be specified on list values"#,
        ),
        // eachKey: map keys.
        (
            "k8s:eachKey=+k8s:immutable",
            Scope::Field,
            r#"tag "k8s:eachKey": tag "k8s:immutable" cannot be specified on map keys"#,
        ),
        // item: list values, even under a field.
        (
            "k8s:item(name: a)=+k8s:optional",
            Scope::Field,
            r#"tag "k8s:item": tag "k8s:optional" cannot be specified on list values"#,
        ),
        // subfield: struct fields, even under a type.
        (
            "k8s:subfield(spec)=+k8s:enum",
            Scope::Type,
            r#"tag "k8s:subfield": tag "k8s:enum" cannot be specified on struct fields"#,
        ),
        // ifEnabled/ifDisabled/alpha/beta/ifMode keep the scope.
        (
            "k8s:ifEnabled(X)=+k8s:required",
            Scope::Type,
            r#"tag "k8s:ifEnabled": tag "k8s:required" cannot be specified on type definitions"#,
        ),
        (
            "k8s:ifDisabled(X)=+k8s:enumExclude",
            Scope::Field,
            r#"tag "k8s:ifDisabled": tag "k8s:enumExclude" cannot be specified on struct fields"#,
        ),
        (
            "k8s:alpha=+k8s:maxProperties=1",
            Scope::MapVal,
            r#"tag "k8s:alpha": tag "k8s:maxProperties" cannot be specified on map values"#,
        ),
        (
            "k8s:ifMode(A)=+k8s:enum",
            Scope::Field,
            r#"tag "k8s:ifMode": tag "k8s:enum" cannot be specified on struct fields"#,
        ),
        // The outer tag's own problems come first.
        (
            "k8s:ifEnabled=+k8s:minimum=x",
            Scope::Field,
            r#"tag "k8s:ifEnabled": missing required positional argument of type string"#,
        ),
        // Deep chains wrap once per level.
        (
            "k8s:beta=+k8s:ifEnabled(F)=+k8s:eachVal=+k8s:subfield(s)=+k8s:maxLength=true",
            Scope::Field,
            r#"tag "k8s:beta": tag "k8s:ifEnabled": tag "k8s:eachVal": tag "k8s:subfield": tag "k8s:maxLength": tag value has wrong type: got bool, want int"#,
        ),
        (
            "k8s:eachVal=+k8s:eachVal=+k8s:ifEnabled=+k8s:required",
            Scope::Field,
            r#"tag "k8s:eachVal": tag "k8s:eachVal": tag "k8s:ifEnabled": missing required positional argument of type string"#,
        ),
        // Unknown and non-validator names in chains.
        (
            "k8s:eachVal=+k8s:minimun=1",
            Scope::Field,
            r#"tag "k8s:eachVal": unknown validation tag "k8s:minimun", did you mean "k8s:minimum"?"#,
        ),
        (
            r#"k8s:ifEnabled(F)=+k8s:supportsSubresource="/status""#,
            Scope::Type,
            r#"tag "k8s:ifEnabled": tag "k8s:supportsSubresource" is not a validation tag and cannot be chained"#,
        ),
    ];
    for (input, scope, want) in cases {
        assert_eq!(
            check(input, *scope),
            Err(want.to_string()),
            "{input} on {scope}"
        );
    }

    // The span points at the innermost problem.
    let text = r#"k8s:eachVal=+k8s:minimum="x""#;
    let err = check::type_check(&parse_ok(text), Scope::Field).unwrap_err();
    assert_eq!(err.span, Span::new(text.find('"').unwrap(), text.len()));
    let text = "k8s:ifEnabled(5)=+k8s:required";
    let err = check::type_check(&parse_ok(text), Scope::Field).unwrap_err();
    assert_eq!(err.span, Span::new(14, 15));
    let err = check::type_check(&parse_ok("k8s:enum"), Scope::Field).unwrap_err();
    assert_eq!(err.span, Span::new(0, 8));
}

#[test]
fn type_check_with_map_values() {
    // Union members are allowed on list values but not on map values: the
    // caller says which one eachVal iterates.
    let t = parse_ok("k8s:eachVal=+k8s:unionMember");
    assert_eq!(check::type_check(&t, Scope::Field), Ok(()));
    let err = check::type_check_with(&t, Scope::Field, |_| Scope::MapVal).unwrap_err();
    assert_eq!(
        err.message,
        r#"tag "k8s:eachVal": tag "k8s:unionMember" cannot be specified on map values"#
    );

    // The resolver sees the chain down to each eachVal, outermost first, so
    // it can follow type changes (here: a map whose values are lists).
    let t = parse_ok("k8s:ifEnabled(F)=+k8s:eachVal=+k8s:eachVal=+k8s:zeroOrOneOfMember");
    let mut seen = Vec::new();
    let res = check::type_check_with(&t, Scope::Field, |chain| {
        seen.push(chain.iter().map(|t| t.name.clone()).collect::<Vec<_>>());
        if chain.len() == 2 {
            Scope::MapVal
        } else {
            Scope::ListVal
        }
    });
    assert_eq!(res, Ok(()));
    assert_eq!(
        seen,
        [
            vec!["k8s:ifEnabled", "k8s:eachVal"],
            vec!["k8s:ifEnabled", "k8s:eachVal", "k8s:eachVal"],
        ]
    );
}

#[test]
fn type_check_against_a_custom_definition() {
    // No catalog tag has a required named argument; upstream's message for
    // it is still reproduced.
    const ARGS: &[ArgDef] = &[
        ArgDef {
            name: Some("key"),
            ty: ValueType::Int,
            required: true,
            description: "a key",
        },
        ArgDef {
            name: Some("flag"),
            ty: ValueType::Bool,
            required: false,
            description: "a flag",
        },
    ];
    let def = TagDef {
        name: "k8s:custom",
        kind: TagKind::Validator,
        stability: Stability::Alpha,
        since: Release::V1_37,
        scopes: &[Scope::Field],
        args: ARGS,
        accepts_unknown_args: false,
        payload: PayloadType::Bool,
        payload_required: false,
        chain_scope: None,
        description: "test",
    };
    let run = |s: &str| {
        def.check_args_and_payload(&parse_ok(s))
            .map_err(|e| e.message)
    };
    assert_eq!(run("k8s:custom(key: 1)"), Ok(()));
    assert_eq!(run("k8s:custom(key: 1, flag: false)=true"), Ok(()));
    assert_eq!(
        run("k8s:custom"),
        Err(r#"missing named argument "key" of type int"#.into())
    );
    assert_eq!(
        run("k8s:custom(flag: true)"),
        Err(r#"missing named argument "key" of type int"#.into())
    );
    assert_eq!(
        run("k8s:custom(key: 1, flag: yes)"),
        Err(r#"argument "flag: \"yes\"" has wrong type: got string, want bool"#.into())
    );
    assert_eq!(
        run("k8s:custom(key: 1)=1"),
        Err("tag value has wrong type: got int, want bool".into())
    );
}

// ---------------------------------------------------------------------------
// Suggestions

#[test]
fn suggestions() {
    let cases: &[(&str, Option<&str>)] = &[
        ("k8s:MaxLength", Some("k8s:maxLength")),
        ("k8s:MAXLENGTH", Some("k8s:maxLength")),
        ("k8s:maxLenght", Some("k8s:maxLength")),
        ("k8s:maxlen", Some("k8s:maxLength")),
        ("k8s:minimun", Some("k8s:minimum")),
        ("k8s:requried", Some("k8s:required")),
        ("k8s:eachValue", Some("k8s:eachVal")),
        ("k8s:eachkey", Some("k8s:eachKey")),
        ("k8s:listMapKeys", Some("k8s:listMapKey")),
        ("k8s:opaquetype", Some("k8s:opaqueType")),
        ("k8s:opaque", None),
        ("k8s:ifenabled", Some("k8s:ifEnabled")),
        ("k8s:unionmember", Some("k8s:unionMember")),
        ("minimum", Some("k8s:minimum")),
        ("maxItems", Some("k8s:maxItems")),
        ("k8s:discriminator", Some("k8s:modeDiscriminator")),
        ("k8s:member", Some("k8s:ifMode")),
        ("k8s:setByServer", None),
        ("k8s:x", None),
        ("k8s:eg", Some("k8s:eq")),
        ("k8s:", None),
        ("k8s:completelyDifferent", None),
    ];
    for (name, want) in cases {
        assert_eq!(suggest::suggest(name), *want, "{name}");
    }
}

// ---------------------------------------------------------------------------
// Processing order

#[test]
fn sort_order_is_bytewise_by_outer_name_and_stable() {
    let texts = [
        "k8s:maximum=10",
        "k8s:validateFalse=\"111\"",
        "k8s:listType=map",
        "k8s:minimum=1",
        "k8s:ifEnabled(Foo)=+k8s:validateFalse=\"333\"",
        "k8s:maxProperties=3",
        "k8s:validateFalse=\"222\"",
        "k8s:listMapKey=name",
        "k8s:minProperties=1",
        "k8s:alpha=+k8s:required",
        "k8s:listMapKey=other",
    ];
    // The generator sorts a block's rules by `TagName` (stably), whose order
    // is the names' bytewise order.
    let mut tags: Vec<Tag> = texts.iter().map(|t| parse_ok(t)).collect();
    tags.sort_by_key(Tag::tag_name);
    let got: Vec<String> = tags.iter().map(Tag::to_string).collect();
    assert_eq!(
        got,
        [
            "k8s:alpha=+k8s:required",
            r#"k8s:ifEnabled("Foo")=+k8s:validateFalse="333""#,
            r#"k8s:listMapKey="name""#,
            r#"k8s:listMapKey="other""#,
            r#"k8s:listType="map""#,
            "k8s:maxProperties=3",
            "k8s:maximum=10",
            "k8s:minProperties=1",
            "k8s:minimum=1",
            r#"k8s:validateFalse="111""#,
            r#"k8s:validateFalse="222""#,
        ]
    );
    assert!(TagName::ListMapKey < TagName::ListType);

    // The catalog itself is in this order.
    let mut by_name: Vec<Tag> = ALL_NAMES.iter().rev().map(|n| parse_ok(n)).collect();
    by_name.sort_by_key(Tag::tag_name);
    let names: Vec<&str> = by_name.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ALL_NAMES);
}

#[test]
fn sort_extracted_items() {
    let texts = [
        " +k8s:optional",
        " +k8s:maximum=5",
        " +k8s:maxProperties=2",
        " +k8s:eachVal=+k8s:minimum=1",
        " +k8s:ifEnabled(X)=+k8s:required",
    ];
    let mut found: Vec<ExtractedTag> = extract_tags(&texts);
    found.sort_by_key(|e| e.tag.as_ref().unwrap().tag_name());
    let lines: Vec<usize> = found.iter().map(|e| e.line).collect();
    assert_eq!(lines, [3, 4, 2, 1, 0]);
}

#[test]
fn sort_is_stable_for_many_tags() {
    // Enough same-name tags that an unstable sort would reorder them.
    let names = [
        "k8s:validateFalse",
        "k8s:maximum",
        "k8s:ifEnabled(X)=+k8s:required",
        "k8s:eachVal=+k8s:minimum",
    ];
    let mut tags: Vec<Tag> = (0..200)
        .map(|i| {
            let outer = names[(i * 7) % names.len()];
            let text = match outer.split_once("=+") {
                Some((outer, inner)) => format!("{outer}=+{inner}={i}"),
                None => format!("{outer}={i}"),
            };
            parse_ok(&text)
        })
        .collect();
    tags.sort_by_key(Tag::tag_name);
    let keyed: Vec<(&str, i64)> = tags
        .iter()
        .map(|t| match t.innermost().scalar() {
            Some(Value::Int(i)) => (t.name.as_str(), *i),
            other => panic!("{other:?}"),
        })
        .collect();
    let mut expected = keyed.clone();
    expected.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()).then(a.1.cmp(&b.1)));
    assert_eq!(keyed, expected);
    assert_eq!(keyed[0].0, "k8s:eachVal");
    assert_eq!(keyed[199].0, "k8s:validateFalse");
}

// ---------------------------------------------------------------------------
// Per-release reading of the subresource tags (issue 9, item 1)

/// A tag's value and raw literal, or the error message.
type RawReading = Result<(Option<Value>, Option<String>), String>;

/// The one tag of a line under `release`: (value, raw literal) or the message.
fn extract_release(text: &str, release: Release) -> RawReading {
    let found = crate::front::tags::extract_with(
        &[Line { text, index: 0 }],
        &crate::front::tags::ParseOptions::for_release(release),
    );
    match found.as_slice() {
        [Extracted::Tag(t)] => t
            .tag
            .as_ref()
            .map(|t| (t.scalar().cloned(), t.value_literal.clone()))
            .map_err(|e| e.message.clone()),
        other => panic!("{text:?}: {other:?}"),
    }
}

#[test]
fn subresource_tags_take_raw_values_through_1_35() {
    let s = |v: &str| Some(Value::String(v.to_string()));
    let lit = |v: &str| Some(v.to_string());
    let cases: &[(&str, RawReading)] = &[
        // k8s.io/api v0.35.0's spelling.
        (
            " +k8s:supportsSubresource=/status",
            Ok((s("/status"), lit("/status"))),
        ),
        (
            " +k8s:isSubresource=/scale",
            Ok((s("/scale"), lit("/scale"))),
        ),
        (
            "+k8s:supportsSubresource=/x/y  ",
            Ok((s("/x/y"), lit("/x/y"))),
        ),
        // Everything after `=` is the value, a `#` too (as upstream).
        (
            " +k8s:supportsSubresource=/status # the status",
            Ok((s("/status # the status"), lit("/status # the status"))),
        ),
        (" +k8s:supportsSubresource=", Ok((s(""), lit("")))),
        (" +k8s:supportsSubresource", Ok((None, None))),
        // A value that is exactly one quoted string is unquoted (upstream
        // 1.35 keeps the quotes; 1.36 on require them).
        (
            r#" +k8s:supportsSubresource="/status""#,
            Ok((s("/status"), lit(r#""/status""#))),
        ),
        (
            " +k8s:isSubresource=`/scale`",
            Ok((s("/scale"), lit("`/scale`"))),
        ),
        (
            r#" +k8s:isSubresource="/a" "/b""#,
            Ok((s(r#""/a" "/b""#), lit(r#""/a" "/b""#))),
        ),
        // gengo's function-style helper: one positional string argument.
        (
            r#" +k8s:supportsSubresource("x")=/s"#,
            Ok((s("/s"), lit("/s"))),
        ),
        (
            " +k8s:supportsSubresource(1)=/s",
            Err("unexpected argument type: int".into()),
        ),
        (
            " +k8s:supportsSubresource(a: \"x\")=/s",
            Err(r#"unexpected named argument: "a""#.into()),
        ),
        (
            " +k8s:supportsSubresource(a: \"x\", b: \"y\")=/s",
            Err(r#"expected one argument, got: [a: "x" b: "y"]"#.into()),
        ),
        (
            " +k8s:supportsSubresource /status",
            Err("unexpected character ' '".into()),
        ),
    ];
    for (text, want) in cases {
        assert_eq!(&extract_release(text, Release::V1_35), want, "{text}");
    }
    // From 1.36 on, the tag grammar: the unquoted path is an error.
    for release in [Release::V1_36, Release::V1_37] {
        assert_eq!(
            extract_release(" +k8s:supportsSubresource=/status", release),
            Err("unexpected character '/'".into())
        );
        assert_eq!(
            extract_release(r#" +k8s:supportsSubresource="/status""#, release),
            Ok((s("/status"), lit(r#""/status""#)))
        );
    }
    // Chained, the tag grammar applies under every release (upstream parses
    // the outer tag with ParseAll).
    assert_eq!(
        extract_release(
            " +k8s:ifEnabled(F)=+k8s:supportsSubresource=/status",
            Release::V1_35
        ),
        Err("unexpected character '/'".into())
    );
}
