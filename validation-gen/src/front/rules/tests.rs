//! Rules asserted as data, not tokens.

use super::*;
use crate::front::tags::Release;

fn rule(text: &str, release: Release) -> Result<Rule, String> {
    let tag = crate::front::tags::parse_tag(text).expect(text);
    read(&tag, crate::front::behaviour::of(release))
}

fn kind(text: &str, release: Release) -> RuleKind {
    rule(text, release).expect(text).kind
}

#[test]
fn limits_are_numbers_read_as_the_release_reads_them() {
    let limit = |text, release| match kind(text, release) {
        RuleKind::Limit { limit, n } => (limit, n),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        limit("k8s:maxLength=63", Release::V1_35),
        (Limit::MaxLength, Ok(63))
    );
    // 1.35's `strconv.Atoi` takes leading zeros; 1.36's `ParseInt` not.
    assert_eq!(
        limit("k8s:minimum=0100", Release::V1_35),
        (Limit::Minimum, Ok(100))
    );
    // The rule reads; the payload's problem waits for the site's type.
    let (_, n) = limit("k8s:minimum=0100", Release::V1_36);
    assert!(n.unwrap_err().contains("\"0100\" is not a valid int value"));
    assert_eq!(
        limit("k8s:maxItems=\"x\"", Release::V1_37).1,
        Err("tag \"k8s:maxItems\" requires an integer value".into())
    );
}

#[test]
fn chains_read_to_nested_rules() {
    let r = rule(
        "k8s:ifEnabled(\"F\")=+k8s:eachVal=+k8s:format=k8s-short-name",
        Release::V1_37,
    )
    .unwrap();
    let RuleKind::Gate {
        option,
        enabled,
        rule,
    } = &r.kind
    else {
        panic!("{r:?}")
    };
    assert_eq!((option.as_str(), *enabled), ("F", true));
    let RuleKind::Each { keys: false, rule } = &rule.kind else {
        panic!("{rule:?}")
    };
    let RuleKind::Format(Ok(f)) = &rule.kind else {
        panic!("{rule:?}")
    };
    assert_eq!(f.name, "k8s-short-name");
    let names: Vec<TagName> = rule_chain(&r).map(|r| r.name).collect();
    assert_eq!(
        names,
        [TagName::IfEnabled, TagName::EachVal, TagName::Format]
    );
}

#[test]
fn a_payload_that_does_not_read_fails_its_whole_chain() {
    let err = rule("k8s:eachVal=+k8s:validateError=\"boom\"", Release::V1_35).unwrap_err();
    assert_eq!(err, "forced error: \"boom\"");
    let nested = "k8s:subfield(\"a\")=+k8s:subfield(\"b\")=+k8s:required";
    let err = rule(nested, Release::V1_37).unwrap_err();
    assert!(err.starts_with("nested +k8s:subfield"), "{err}");
    assert!(rule(nested, Release::V1_36).is_ok());
}

#[test]
fn unknown_formats_are_kept_for_the_emitter_to_report_after_the_type() {
    let RuleKind::Format(Err(why)) = kind("k8s:format=k8s-shortname", Release::V1_35) else {
        panic!()
    };
    assert!(why.contains("did you mean \"k8s-short-name\"?"), "{why}");
}

#[test]
fn neq_keeps_its_value_and_why_the_release_does_not_read_it() {
    // 1.35 reads `0100` as `strconv.Atoi` does, 100 (the tag grammar
    // reads Go's octal 64), and refuses `0x10`.
    assert_eq!(
        kind("k8s:neq=0100", Release::V1_35),
        RuleKind::Compare {
            equal: false,
            value: Some(Value::Int(100)),
            unreadable: None
        }
    );
    let RuleKind::Compare {
        unreadable: Some(why),
        ..
    } = kind("k8s:neq=0x10", Release::V1_35)
    else {
        panic!()
    };
    assert_eq!(
        why,
        "tag \"k8s:neq\": invalid integer value for payload: strconv.Atoi: parsing \"0x10\": invalid syntax"
    );
    let RuleKind::Compare {
        value: Some(Value::Int(_)),
        unreadable: Some(why),
        ..
    } = kind("k8s:neq=0100", Release::V1_36)
    else {
        panic!()
    };
    assert!(why.contains("invalid integer value for payload"), "{why}");
}

#[test]
fn eq_reads_as_neq_does() {
    assert_eq!(
        kind("k8s:eq=\"Always\"", Release::V1_38),
        RuleKind::Compare {
            equal: true,
            value: Some(Value::String("Always".into())),
            unreadable: None
        }
    );
    // A bare word is a string (`validate.EQ(..., "abc")`).
    assert_eq!(
        kind("k8s:eq=abc", Release::V1_38),
        RuleKind::Compare {
            equal: true,
            value: Some(Value::String("abc".into())),
            unreadable: None
        }
    );
}

#[test]
fn update_constraints_follow_the_release() {
    assert_eq!(
        kind("k8s:update=NoAddItem", Release::V1_37),
        RuleKind::Update(Constraint::NoAddItem)
    );
    let err = rule("k8s:update=NoAddItem", Release::V1_36).unwrap_err();
    assert_eq!(
        err,
        "unknown +k8s:update constraint: NoAddItem (want one of NoSet, NoUnset, NoModify)"
    );
}

#[test]
fn levels_arrive_in_1_36_and_check_their_version() {
    assert!(rule("k8s:alpha=+k8s:required", Release::V1_35)
        .unwrap_err()
        .contains("is not part of Kubernetes 1.35"));
    assert!(rule("k8s:alpha(since: \"2.1\")=+k8s:required", Release::V1_36).is_err());
    assert_eq!(
        kind("k8s:beta(since: \"2.1\")=+k8s:required", Release::V1_37),
        RuleKind::Level {
            level: Level::Beta,
            rule: Box::new(Rule {
                name: TagName::Required,
                kind: RuleKind::Required { message: None },
                text: "k8s:required".into(),
            })
        }
    );
}

#[test]
fn item_criteria_are_named_and_distinct() {
    let criteria = |text, release| match kind(text, release) {
        RuleKind::Item { criteria, .. } => criteria,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        criteria("k8s:item(type: \"A\", n: 1)=+k8s:required", Release::V1_37),
        Ok(vec![
            ("type".into(), Value::String("A".into())),
            ("n".into(), Value::Int(1))
        ])
    );
    assert_eq!(
        criteria("k8s:item(a: 1, a: 2)=+k8s:required", Release::V1_35),
        Err("duplicate argument: \"a\"".into())
    );
    assert!(criteria("k8s:item(n: 01)=+k8s:required", Release::V1_36)
        .unwrap_err()
        .contains("invalid value for argument \"n\""));
    assert_eq!(
        criteria("k8s:item=+k8s:required", Release::V1_35),
        Err("no selection criteria was specified".into())
    );
}

#[test]
fn minor_versions() {
    for ok in ["1.36", "1.0", "1.100"] {
        assert!(is_minor_version(ok), "{ok}");
    }
    for bad in ["1.", "v1.36", "2.1", "1.36.0", "1.x", ""] {
        assert!(!is_minor_version(bad), "{bad}");
    }
    assert!(is_version("2.1") && is_version("1.37"));
    for bad in ["1.", ".1", "v1.37", "1.37.0", ""] {
        assert!(!is_version(bad), "{bad}");
    }
}
