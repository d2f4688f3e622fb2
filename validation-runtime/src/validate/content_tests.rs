//! Tests of `content.rs`.

use super::*;

#[test]
fn composed_messages_follow_regex_error() {
    assert_eq!(
        DNS1123_LABEL_ERROR,
        regex_error(
            "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character",
            DNS1123_LABEL_FMT,
            &["my-name", "123-abc"],
        )
    );
    assert_eq!(
        DNS1123_SUBDOMAIN_ERROR,
        regex_error(
            "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
            DNS1123_SUBDOMAIN_FMT,
            &["example.com"],
        )
    );
    assert_eq!(
        DNS1123_SUBDOMAIN_CASELESS_ERROR,
        regex_error(
            "an RFC 1123 subdomain must consist of alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
            DNS1123_SUBDOMAIN_FMT,
            &["Example.com"],
        )
    );
    let label_key_msg = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
    let key_examples = ["MyName", "my.name", "123-abc"];
    assert_eq!(
        LABEL_KEY_NAME_ERROR,
        format!(
            "name part {}",
            regex_error(label_key_msg, LABEL_KEY_FMT, &key_examples)
        )
    );
    assert_eq!(
        LABEL_KEY_ERROR,
        format!(
            "a valid label key {} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
            regex_error(label_key_msg, LABEL_KEY_FMT, &key_examples)
        )
    );
    assert_eq!(
        LABEL_VALUE_ERROR,
        regex_error(
            "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
            LABEL_VALUE_FMT,
            &["MyValue", "my_value", "12345"],
        )
    );
    assert_eq!(
        C_IDENTIFIER_ERROR,
        regex_error(
            "a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_'",
            C_IDENTIFIER_FMT,
            &["my_name", "MY_NAME", "MyName"],
        )
    );
    assert_eq!(
        regex_error("m", "r", &[]),
        "m (regex used for validation is 'r')"
    );
    assert_eq!(MAX_LEN_63, max_len_error(63));
    assert_eq!(MAX_LEN_253, max_len_error(253));
    assert_eq!(max_len_error(32), "must be no more than 32 bytes");
}

#[test]
fn ipv6_ellipsis_expansion() {
    assert_eq!(
        parse_ip_sloppy("1::2"),
        Some("1::2".parse::<IpAddr>().unwrap())
    );
    assert_eq!(
        parse_ip_sloppy("1:2::7:8"),
        Some("1:2::7:8".parse::<IpAddr>().unwrap())
    );
    assert_eq!(
        parse_ip_sloppy("::ffff:010.1.2.3"),
        Some("::ffff:10.1.2.3".parse::<IpAddr>().unwrap())
    );
    assert_eq!(parse_ip_sloppy("::"), Some("::".parse::<IpAddr>().unwrap()));
}

/// The allocating `is_label_key` as it was written before the static
/// messages, kept as the reference the static version must agree with.
fn label_key_reference(value: &str) -> Vec<String> {
    let (prefix, name) = match value.split_once('/') {
        None => (None, value),
        Some((prefix, name)) if !name.contains('/') => (Some(prefix), name),
        Some(_) => return vec![LABEL_KEY_ERROR.to_string()],
    };
    let mut msgs = Vec::new();
    if let Some(prefix) = prefix {
        if prefix.is_empty() {
            msgs.push("prefix part must be non-empty".to_string());
        } else {
            for m in is_dns1123_subdomain(prefix) {
                msgs.push(format!("prefix part {m}"));
            }
        }
    }
    if name.is_empty() {
        msgs.push("name part must be non-empty".to_string());
    } else if name.len() > LABEL_KEY_NAME_MAX_LENGTH {
        msgs.push("name part must be no more than 63 bytes".to_string());
    }
    if !matches_label_key_name(name) {
        msgs.push(LABEL_KEY_NAME_ERROR.to_string());
    }
    msgs
}

#[test]
fn label_key_messages_match_the_reference() {
    let long_prefix = format!("{}.com", "a".repeat(260));
    let long_bad_prefix = format!("{}_.com", "a".repeat(260));
    let long_name = "n".repeat(64);
    let long_bad_name = format!("-{}", "n".repeat(64));
    let cases: Vec<String> = [
        "",
        "/",
        "//",
        "a/b/c",
        "a//",
        "name",
        "Name.With-dash_1",
        "-bad",
        "bad key!",
        "example.com/name",
        "example.com/",
        "/name",
        "Example.com/name",
        "ex..com/name",
        "example.com/-",
        "a/b",
        "a.b/c.d",
        "é",
        "example.com/é",
        "x/y/",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([
        format!("{long_prefix}/x"),
        format!("{long_bad_prefix}/x"),
        format!("{long_bad_prefix}/{long_bad_name}"),
        format!("{long_bad_prefix}/"),
        long_name.clone(),
        long_bad_name.clone(),
        format!("p/{long_name}"),
        format!("/{long_bad_name}"),
    ])
    .collect();
    for key in &cases {
        let got: Vec<String> = is_label_key(key).into_iter().map(Cow::into_owned).collect();
        assert_eq!(got, label_key_reference(key), "{key:?}");
        let prefixed: Vec<String> = is_prefixed_label_key(key)
            .into_iter()
            .map(Cow::into_owned)
            .collect();
        let want = if got.is_empty() && !key.contains('/') {
            vec![LABEL_KEY_PREFIX_REQUIRED_ERROR.to_string()]
        } else {
            got
        };
        assert_eq!(prefixed, want, "{key:?}");
    }
    assert_eq!(PREFIX_MAX_LEN_253, format!("prefix part {MAX_LEN_253}"));
    assert_eq!(
        PREFIX_DNS1123_SUBDOMAIN_ERROR,
        format!("prefix part {DNS1123_SUBDOMAIN_ERROR}")
    );
}
