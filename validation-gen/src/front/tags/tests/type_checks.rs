//! Tests of type checking, suggestions, processing order and per-release
//! readings: a child of `catalog_checks` (and so of `grammar`).

use super::*;

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
