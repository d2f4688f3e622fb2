//! The Kubernetes release input: `#[validate(kubernetes = "...")]`,
//! `--kubernetes-version`, `Builder::kubernetes_version`, the generated
//! header, and `--check` against a release.

use std::path::PathBuf;
use std::process::Command;

use k8s_validation_gen::{Options, Release};

fn derive_input(src: &str) -> syn::DeriveInput {
    syn::parse_str(src).expect("valid Rust")
}

fn errors_of(src: &str, release: Release) -> Vec<String> {
    let options = Options::new().kubernetes_version(release);
    match k8s_validation_gen::generate_type(&derive_input(src), &options) {
        Ok(_) => Vec::new(),
        Err(e) => e.into_iter().map(|e| e.to_string()).collect(),
    }
}

#[test]
fn the_attribute_names_a_supported_release() {
    // `+k8s:alpha` arrived in 1.36: the type's attribute, not the default
    // release, decides whether it reads.
    let leveled = "struct T { /// +k8s:alpha=+k8s:minimum=1\n a: i32 }";
    let generate = |attrs: &str| {
        let input = derive_input(&format!("{attrs} {leveled}"));
        k8s_validation_gen::generate_type(&input, &Options::new()).map(|t| t.to_string())
    };
    let code = generate(r#"#[validate(crate = "::my::rt", kubernetes = "1.36")]"#).unwrap();
    assert!(code.contains("use :: my :: rt as __rt"), "{code}");
    assert!(generate(r#"#[validate(kubernetes = "v1.37")]"#).is_ok());
    let err = generate("").unwrap_err().to_string();
    assert!(err.contains("is not part of Kubernetes 1.35"), "{err}");
}

#[test]
fn an_unsupported_release_is_an_error_listing_the_supported_ones() {
    for bad in ["1.34", "1.39", "latest", ""] {
        let src = format!(r#"#[validate(kubernetes = "{bad}")] struct T {{ a: i32 }}"#);
        assert_eq!(
            errors_of(&src, Release::DEFAULT),
            [format!(
                "unsupported Kubernetes release {bad:?}: supported are 1.35, 1.36, 1.37, 1.38"
            )],
            "{bad}"
        );
    }
    let src = r#"#[validate(kubernetes = 136)] struct T { a: i32 }"#;
    assert_eq!(
        errors_of(src, Release::DEFAULT),
        ["expected string literal"]
    );
    let src = r#"#[validate(version = "1.36")] struct T { a: i32 }"#;
    assert_eq!(
        errors_of(src, Release::DEFAULT),
        ["unknown `validate` attribute: expected `crate = \"path\"`, `kubernetes = \"1.36\"`, `bound = \"T: Trait\"` or `metadata_name = \"k8s-short-name\"`"]
    );
}

/// 1.35 reads the subresource tags raw (`=/status`); 1.36 on parse them
/// with the tag grammar, which needs the quotes.
const UNQUOTED: &str = r#"
/// +k8s:supportsSubresource=/status
struct T {
    /// +k8s:minimum=1
    a: i32,
}"#;

#[test]
fn the_attribute_overrides_the_default_release() {
    assert!(errors_of(UNQUOTED, Release::V1_35).is_empty());
    let in_136 = errors_of(UNQUOTED, Release::V1_36);
    assert_eq!(in_136.len(), 1, "{in_136:?}");
    assert!(in_136[0].contains("unexpected character '/'"), "{in_136:?}");
    assert_eq!(errors_of(UNQUOTED, Release::V1_37), in_136);
    let pinned = format!("#[validate(kubernetes = \"1.36\")]{UNQUOTED}");
    assert_eq!(errors_of(&pinned, Release::V1_35), in_136);
    let pinned = format!("#[validate(kubernetes = \"1.35\")]{UNQUOTED}");
    assert!(errors_of(&pinned, Release::V1_37).is_empty());
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "validation-gen-releases-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const API: &str = r#"//! The api module.
pub struct Widget {
    /// +k8s:optional
    /// +k8s:minimum=1
    pub replicas: Option<i32>,
}

include!("zz_generated_validations.rs");
"#;

fn cli(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_validation-gen"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn the_cli_states_and_checks_its_release() {
    let dir = scratch("cli");
    std::fs::write(dir.join("mod.rs"), API).unwrap();
    let d = dir.to_str().unwrap();
    let generated = dir.join("zz_generated_validations.rs");

    let out = cli(&["-q", d]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let code = std::fs::read_to_string(&generated).unwrap();
    assert!(code.contains("// Kubernetes release: 1.35 (--kubernetes-version 1.35).\n"));
    assert_eq!(
        k8s_validation_gen::__private::stated_release(&code),
        Some(Release::V1_35)
    );

    let out = cli(&["-q", "--kubernetes-version", "1.36", d]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let code = std::fs::read_to_string(&generated).unwrap();
    assert!(code.contains("// Kubernetes release: 1.36 (--kubernetes-version 1.36).\n"));

    // Checked against the release it was generated for: up to date.
    let out = cli(&["--check", "--kubernetes-version=1.36", d]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    // Against another: stale, and the note says why.
    let out = cli(&["--check", d]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "note: it was generated for Kubernetes 1.36, checked against 1.35 \
             (--kubernetes-version 1.36 to check it as it was generated)"
        ),
        "{err}"
    );

    let out = cli(&["--kubernetes-version", "1.34", d]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "error: unsupported Kubernetes release \"1.34\": supported are 1.35, 1.36, 1.37, 1.38"
        ),
        "{err}"
    );
    let out = cli(&["--kubernetes-version"]);
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_builder_takes_a_release() {
    let dir = scratch("builder");
    let module = dir.join("types.rs");
    std::fs::write(&module, API).unwrap();
    let written = k8s_validation_gen::Builder::new()
        .module(&module)
        .out_dir(&dir)
        .kubernetes_version(Release::V1_37)
        .generate()
        .unwrap();
    let code = std::fs::read_to_string(&written[0]).unwrap();
    assert_eq!(
        k8s_validation_gen::__private::stated_release(&code),
        Some(Release::V1_37)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

const ALPHA: &str = r#"
struct T {
    /// +k8s:alpha=+k8s:minimum=1
    a: i32,
}"#;

#[test]
fn alpha_and_beta_arrived_in_1_36() {
    let in_135 = errors_of(ALPHA, Release::V1_35);
    assert_eq!(
        in_135,
        [
            "tag \"k8s:alpha\" is not part of Kubernetes 1.35 (it arrived in 1.36); generate for \
          1.36 or later (`#[validate(kubernetes = \"1.36\")]`, the `v1_36` feature, \
          `--kubernetes-version 1.36`) or remove it (in `+k8s:alpha=+k8s:minimum=1`)"
        ]
    );
    assert!(errors_of(ALPHA, Release::V1_36).is_empty());
    assert!(errors_of(&ALPHA.replace("alpha", "beta"), Release::V1_37).is_empty());
    let pinned = format!("#[validate(kubernetes = \"1.36\")]{ALPHA}");
    assert!(errors_of(&pinned, Release::V1_35).is_empty());
    let pinned = format!("#[validate(kubernetes = \"1.35\")]{ALPHA}");
    assert_eq!(errors_of(&pinned, Release::V1_37), in_135);
}

#[test]
fn the_since_argument_is_a_minor_version() {
    let bad = ALPHA.replace("alpha=", "alpha(since: \"v1.36\")=");
    assert_eq!(
        errors_of(&bad, Release::V1_36),
        ["tag \"k8s:alpha\": invalid kubernetes version format, expected 1.<minor version>, got \
          v1.36 (in `+k8s:alpha(since: \"v1.36\")=+k8s:minimum=1`)"]
    );
    let good = ALPHA.replace("alpha=", "beta(since: \"1.36\")=");
    assert!(errors_of(&good, Release::V1_36).is_empty());
}

#[test]
fn limit_payloads_are_strict_from_1_36() {
    for (payload, ok_in_135) in [("0100", true), ("+5", true), ("-0", true), ("100", true)] {
        let src = format!("struct T {{\n    /// +k8s:maxItems={payload}\n    a: Vec<i32>,\n}}");
        assert_eq!(
            errors_of(&src, Release::V1_35).is_empty(),
            ok_in_135,
            "{payload}"
        );
        let in_136 = errors_of(&src, Release::V1_36);
        if payload == "100" {
            assert!(in_136.is_empty());
        } else {
            assert_eq!(
                in_136,
                [format!(
                    "tag \"k8s:maxItems\": failed to parse tag payload as int: {payload:?} is not a \
                     valid int value (from Kubernetes 1.36, without leading zeros or a sign `+`) \
                     (in `+k8s:maxItems={payload}`)"
                )],
                "{payload}"
            );
            assert_eq!(errors_of(&src, Release::V1_37), in_136);
        }
    }
}

#[test]
fn the_since_argument_is_any_major_minor_version_in_1_37() {
    let src = ALPHA.replace("alpha=", "alpha(since: \"2.0\")=");
    assert!(errors_of(&src, Release::V1_37).is_empty());
    assert_eq!(
        errors_of(&src, Release::V1_36),
        ["tag \"k8s:alpha\": invalid kubernetes version format, expected 1.<minor version>, got \
          2.0 (in `+k8s:alpha(since: \"2.0\")=+k8s:minimum=1`)"]
    );
    let bad = ALPHA.replace("alpha=", "alpha(since: \"1.37.1\")=");
    assert_eq!(
        errors_of(&bad, Release::V1_37),
        [
            "tag \"k8s:alpha\": invalid kubernetes version format, expected <major>.<minor>, got \
          1.37.1 (in `+k8s:alpha(since: \"1.37.1\")=+k8s:minimum=1`)"
        ]
    );
}

/// The list-metadata checks (code-generator `validators/list.go`,
/// `listMetadata.check`), run against upstream's generators: 1.35 and 1.36
/// check every list field's metadata; 1.37 only a list with `listType` or
/// `unique` (the check is their deferred callback), so `listMapKey` and
/// `customUnique` without either are accepted there. The checks run in
/// upstream's order: keys without map semantics, map semantics without
/// keys, then the missing `listType`.
#[test]
fn list_metadata_checks_follow_each_release() {
    const LIST_TYPE: &str =
        "listType must be specified - use listType=atomic, listType=set, or listType=map";
    const KEY: &str = "found listMapKey without listType=map or unique=map";
    const NO_KEY: &str = "found listType=map or unique=map without listMapKey";
    let shapes: &[(&str, Option<&str>, Option<&str>)] = &[
        // (tags, 1.35 and 1.36, 1.37)
        ("+k8s:listMapKey=name", Some(KEY), None),
        (
            "+k8s:listType=atomic\n/// +k8s:listMapKey=name",
            Some(KEY),
            Some(KEY),
        ),
        (
            "+k8s:unique=map\n/// +k8s:listMapKey=name",
            Some(LIST_TYPE),
            Some(LIST_TYPE),
        ),
        ("+k8s:customUnique", Some(LIST_TYPE), None),
        ("+k8s:unique=set", Some(LIST_TYPE), Some(LIST_TYPE)),
        ("+k8s:listType=map", Some(NO_KEY), Some(NO_KEY)),
        (
            "+k8s:listMapKey=name\n/// +k8s:customUnique",
            Some(KEY),
            None,
        ),
    ];
    for (tags, before, in_137) in shapes {
        let src = format!("struct T {{\n/// {tags}\nl: Vec<S>,\n}}");
        let first = |release| {
            errors_of(&src, release)
                .first()
                .map(|e| e.split(" (in `").next().unwrap().to_string())
        };
        for release in [Release::V1_35, Release::V1_36] {
            assert_eq!(first(release).as_deref(), *before, "{tags} in {release:?}");
        }
        assert_eq!(first(Release::V1_37).as_deref(), *in_137, "{tags} in 1.37");
    }
    // `listMapKey`'s own check still applies in 1.37.
    let strings = "struct T {\n/// +k8s:listMapKey=name\nl: Vec<String>,\n}";
    assert_eq!(
        errors_of(strings, Release::V1_37),
        ["only lists of structs can be list-maps (in `+k8s:listMapKey=name`)"]
    );
}

#[test]
fn neq_and_item_payloads_are_strict_from_1_36() {
    // `+k8s:neq`: upstream 1.36 reads the payload with `util.ParseInt`.
    for (payload, why) in [
        ("0100", "\"0100\" is not a valid int value"),
        ("+5", "\"+5\" is not a valid int value"),
        ("-0", "\"-0\" is not a valid int value"),
    ] {
        let src = format!("struct T {{\n    /// +k8s:neq={payload}\n    a: i32,\n}}");
        assert!(errors_of(&src, Release::V1_35).is_empty(), "{payload}");
        let want = [format!(
            "tag \"k8s:neq\": invalid integer value for payload: {why} (from Kubernetes 1.36, \
             without leading zeros or a sign `+`) (in `+k8s:neq={payload}`)"
        )];
        assert_eq!(errors_of(&src, Release::V1_36), want, "{payload}");
        assert_eq!(errors_of(&src, Release::V1_37), want, "{payload}");
    }
    let src = "struct T {\n    /// +k8s:neq=100\n    a: i32,\n}";
    assert!(errors_of(src, Release::V1_36).is_empty());
    // `TRUE` is a string to the tag grammar in every release.
    let src = "struct T {\n    /// +k8s:neq=TRUE\n    a: bool,\n}";
    for release in [Release::V1_35, Release::V1_36] {
        assert_eq!(
            errors_of(src, release),
            ["type mismatch: field is a bool, but payload is of type string (in `+k8s:neq=TRUE`)"]
        );
    }

    // `+k8s:item(key: value)`: selector values through `util.ParseInt`.
    let item = |value: &str| {
        format!(
            "struct T {{\n    /// +k8s:listType=map\n    /// +k8s:listMapKey=port\n    \
             /// +k8s:item(port: {value})=+k8s:immutable\n    a: Vec<Item>,\n}}"
        )
    };
    assert_eq!(errors_of(&item("80"), Release::V1_36), Vec::<String>::new());
    for value in ["0100", "+80"] {
        assert_eq!(
            errors_of(&item(value), Release::V1_35),
            Vec::<String>::new()
        );
        assert_eq!(
            errors_of(&item(value), Release::V1_36),
            [format!(
                "tag \"k8s:item\": invalid value for argument \"port\": invalid integer: \
                 {value:?} is not a valid int value (from Kubernetes 1.36, without leading zeros \
                 or a sign `+`) (in `+k8s:item(port: {value})=+k8s:immutable`)"
            )]
        );
    }
}

#[test]
fn modal_tags_are_renamed_in_1_37() {
    let src = "struct T {\n    /// +k8s:discriminator\n    d: String,\n    /// +k8s:member(\"A\")=+k8s:required\n    a: Option<String>,\n}";
    assert_eq!(errors_of(src, Release::V1_35), Vec::<String>::new());
    assert_eq!(errors_of(src, Release::V1_36), Vec::<String>::new());
    assert_eq!(
        errors_of(src, Release::V1_37),
        [
            "unknown validation tag \"k8s:discriminator\", did you mean \"k8s:modeDiscriminator\"? (in `+k8s:discriminator`)",
            "unknown validation tag \"k8s:member\", did you mean \"k8s:ifMode\"? (in `+k8s:member(\"A\")=+k8s:required`)",
        ]
    );
}

/// `+k8s:update` as each release's generator takes it (probed with v0.35.0,
/// v0.36.0 and v0.37.2): 1.35 and 1.36 know three constraints and no lists,
/// maps or list values, also through `+k8s:subfield(x)=` when the subfield's
/// list semantics say it is a list.
#[test]
fn update_constraints_follow_the_release() {
    let on = |tags: &str, ty: &str| format!("pub struct S {{ {tags} pub a: {ty}, }}");
    let set = on(
        "/// +k8s:listType=set\n/// +k8s:update=NoAddItem\n",
        "Vec<String>",
    );
    let no_set = on("/// +k8s:update=NoSet\n", "Vec<String>");
    let each = on(
        "/// +k8s:listType=map\n/// +k8s:listMapKey=name\n/// +k8s:eachVal=+k8s:update=NoModify\n",
        "Vec<Item>",
    );
    let subfield = on(
        "/// +k8s:subfield(set)=+k8s:listType=set\n/// +k8s:subfield(set)=+k8s:update=NoSet\n",
        "Holder",
    );
    for release in [Release::V1_35, Release::V1_36] {
        assert_eq!(
            errors_of(&set, release),
            [
                "unknown +k8s:update constraint: NoAddItem (want one of NoSet, NoUnset, NoModify) \
              (in `+k8s:update=NoAddItem`)"
            ]
        );
        assert_eq!(
            errors_of(&no_set, release),
            ["+k8s:update=NoSet is currently not supported on list or map fields (in `+k8s:update=NoSet`)"]
        );
        assert_eq!(
            errors_of(&each, release),
            ["tag \"k8s:update\" cannot be specified on list values (in `+k8s:eachVal=+k8s:update=NoModify`)"]
        );
        assert_eq!(
            errors_of(&subfield, release),
            [
                "+k8s:update=NoSet is currently not supported on list or map fields \
              (in `+k8s:subfield(set)=+k8s:update=NoSet`)"
            ]
        );
    }
    for src in [&set, &each, &subfield] {
        assert_eq!(
            errors_of(src, Release::V1_37),
            Vec::<String>::new(),
            "{src}"
        );
    }
}

/// `+k8s:eachKey` as each release type-checks it (probed with v0.35.10 and
/// v0.36.6): 1.35 checks the payload against the map's value type, so a
/// string rule on the keys of a map of integers (or lists) fails there, and
/// a rule the values accept still has to fit the keys it runs on. (A value
/// of a named type is not checked: the derive cannot see what it is.)
#[test]
fn each_key_payloads_are_checked_against_the_values_in_1_35() {
    let on = |tag: &str, ty: &str| format!("pub struct S {{ /// {tag}\n pub m: {ty}, }}");
    let max_len_ints = on(
        "+k8s:eachKey=+k8s:maxLength=5",
        "std::collections::BTreeMap<String, i32>",
    );
    let format_structs = on(
        "+k8s:eachKey=+k8s:format=k8s-short-name",
        "std::collections::BTreeMap<String, Vec<String>>",
    );
    let max_len_strings = on(
        "+k8s:eachKey=+k8s:maxLength=5",
        "std::collections::BTreeMap<String, String>",
    );
    let minimum_ints = on(
        "+k8s:eachKey=+k8s:minimum=5",
        "std::collections::BTreeMap<String, i32>",
    );
    assert_eq!(
        errors_of(&max_len_ints, Release::V1_35),
        ["can only be used on string types (int32) (in `+k8s:eachKey=+k8s:maxLength=5`)"]
    );
    assert_eq!(
        errors_of(&format_structs, Release::V1_35),
        ["can only be used on string types (slice) (in `+k8s:eachKey=+k8s:format=k8s-short-name`)"]
    );
    for release in [Release::V1_36, Release::V1_37] {
        for src in [&max_len_ints, &format_structs] {
            assert_eq!(errors_of(src, release), Vec::<String>::new(), "{src}");
        }
    }
    for release in [Release::V1_35, Release::V1_36, Release::V1_37] {
        assert_eq!(errors_of(&max_len_strings, release), Vec::<String>::new());
        // The keys are strings in every release: a minimum on them fails (in
        // 1.35 upstream writes Go that does not compile).
        assert_eq!(errors_of(&minimum_ints, release).len(), 1, "{release:?}");
    }
}

/// `+k8s:ifEnabled(X)=+k8s:item(...)=` (or `ifDisabled`) as each release's
/// generator takes it (probed with v0.35.10, v0.36.6 and v0.37.2): before
/// 1.37 the option runs `item` before the field's list tags have recorded
/// the list-map, so it finds no list metadata; `+k8s:alpha=` (1.36) and 1.37
/// find it.
#[test]
fn an_item_under_an_option_needs_1_37() {
    let on = |wrapper: &str| {
        format!(
            "pub struct S {{ /// +k8s:listType=map\n/// +k8s:listMapKey=name\n\
             /// {wrapper}=+k8s:item(name: \"a\")=+k8s:immutable\n pub l: Vec<Item>, }}"
        )
    };
    let (enabled, disabled, alpha) = (
        on("+k8s:ifEnabled(X)"),
        on("+k8s:ifDisabled(X)"),
        on("+k8s:alpha"),
    );
    for release in [Release::V1_35, Release::V1_36] {
        for (src, wrapper) in [(&enabled, "ifEnabled"), (&disabled, "ifDisabled")] {
            assert_eq!(
                errors_of(src, release),
                [format!(
                    "found items with no list metadata - item tags require listType=map or \
                     unique=map with listMapKey (in `+k8s:{wrapper}(X)=+k8s:item(name: \"a\")=+k8s:immutable`)"
                )]
            );
        }
    }
    for src in [&enabled, &disabled, &alpha] {
        assert_eq!(
            errors_of(src, Release::V1_37),
            Vec::<String>::new(),
            "{src}"
        );
    }
    assert_eq!(errors_of(&alpha, Release::V1_36), Vec::<String>::new());
}

/// Upstream's validators judge the value's type before they parse the
/// payload, and `item` its list's metadata before (1.35, 1.36) or after
/// (1.37) its criteria: a tag with two problems is reported for the first
/// (each expectation generated by v0.35.10, v0.36.6 or v0.37.2).
#[test]
fn a_tag_with_two_problems_is_reported_in_upstreams_order() {
    let on = |tag: &str, ty: &str| format!("pub struct S {{ /// {tag}\n pub f: {ty}, }}");
    let in_line = |message: &str, tag: &str| vec![format!("{message} (in `{tag}`)")];
    // The type, then the payload.
    let tag = "+k8s:maxLength=0100";
    assert_eq!(
        errors_of(&on(tag, "i64"), Release::V1_36),
        in_line("can only be used on string types (int64)", tag)
    );
    let tag = "+k8s:neq=0100";
    assert_eq!(
        errors_of(&on(tag, "String"), Release::V1_36),
        in_line(
            "type mismatch: field is a string, but payload is of type int",
            tag
        )
    );
    assert_eq!(
        errors_of(&on(tag, "Vec<String>"), Release::V1_36),
        in_line(
            "can only be used on comparable types (e.g. string, int, bool), but got slice",
            tag
        )
    );
    // `item`: the list's metadata, then the criteria through 1.36; 1.37
    // reads the criteria first.
    let tag = "+k8s:item(a: 1, a: 2)=+k8s:immutable";
    let list = "Vec<Item>";
    for release in [Release::V1_35, Release::V1_36] {
        assert_eq!(
            errors_of(&on(tag, list), release),
            in_line(
                "found items with no list metadata - item tags require listType=map or unique=map with listMapKey",
                tag
            ),
            "{release}"
        );
    }
    assert_eq!(
        errors_of(&on(tag, list), Release::V1_37),
        in_line("duplicate argument: \"a\"", tag)
    );
}

/// Kubernetes 1.35 reads integer payloads and `item` selector values with
/// `strconv.Atoi`: `0100` is 100 (the tag grammar alone reads Go's octal
/// 64) and `0x10` is an error, worded as v0.35.10 words it.
#[test]
fn integers_read_as_strconv_atoi_in_1_35() {
    let on = |tag: &str, ty: &str| format!("pub struct S {{ /// {tag}\n pub f: {ty}, }}");
    let in_line = |message: &str, tag: &str| vec![format!("{message} (in `{tag}`)")];
    let tag = "+k8s:maxLength=0x10";
    assert_eq!(
        errors_of(&on(tag, "String"), Release::V1_35),
        in_line(
            "tag \"k8s:maxLength\": failed to parse tag payload as int: strconv.Atoi: parsing \"0x10\": invalid syntax",
            tag
        )
    );
    assert_eq!(
        errors_of(&on(tag, "String"), Release::V1_36),
        in_line(
            "tag \"k8s:maxLength\": failed to parse tag payload as int: parsing \"0x10\" as int: strconv.Atoi: parsing \"0x10\": invalid syntax (from Kubernetes 1.36, without leading zeros or a sign `+`)",
            tag
        )
    );
    let tag = "+k8s:neq=0x10";
    assert_eq!(
        errors_of(&on(tag, "i32"), Release::V1_35),
        in_line(
            "tag \"k8s:neq\": invalid integer value for payload: strconv.Atoi: parsing \"0x10\": invalid syntax",
            tag
        )
    );
    let item = "+k8s:item(port: 0x10)=+k8s:immutable";
    let src = format!(
        "pub struct S {{ /// +k8s:listType=map\n /// +k8s:listMapKey=port\n /// {item}\n pub f: Vec<Item>, }}"
    );
    assert_eq!(
        errors_of(&src, Release::V1_35),
        in_line(
            "tag \"k8s:item\": invalid value for argument \"port\": invalid integer: strconv.Atoi: parsing \"0x10\": invalid syntax",
            item
        )
    );
}
