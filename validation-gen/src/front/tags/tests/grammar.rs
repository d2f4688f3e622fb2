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

#[path = "catalog_checks.rs"]
mod catalog_checks;

#[path = "chains_and_extraction.rs"]
mod chains_and_extraction;
