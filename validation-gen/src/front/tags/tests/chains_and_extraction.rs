//! Tests of chains, spans, error spans and extraction: a child of
//! `grammar`, whose helpers it uses.

use super::*;

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
