//! Port of upstream `cmd/validation-gen/output_tests/tags/format/*`
//! (kubernetes/code-generator v0.35.0; `k8s-prefixed-label-key` from the
//! default branch, where it first appears): every `+k8s:format` on a string
//! field, a pointer field and a typedef with the format on its type, with
//! ratcheting of unchanged invalid values.
#![allow(non_snake_case)]

use conformance_tests::{invalid, st, TFO};
use k8s_validation::Validate;

/// Runs one format package's cases: every valid value passes in all three
/// fields; every invalid one fails in all three with the format's origin,
/// and passes as an unchanged update.
fn check<T: Validate>(
    make: impl Fn(&str) -> T,
    fields: [&str; 3],
    origin: &str,
    valid: &[&str],
    bad: &[&str],
) {
    for v in valid {
        st(&make(v)).expect_valid();
    }
    for v in bad {
        let value = make(v);
        let want: Vec<_> = fields.iter().map(|f| invalid(f).origin(origin)).collect();
        st(&value).expect(TFO, &want);
        st(&value).old(&make(v)).expect_valid();
    }
}

/// `tags/format/k8s-extended-resource-name`.
mod k8s_extended_resource_name {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct MyType {
        /// +k8s:optional
        /// +k8s:format=k8s-extended-resource-name
        pub nameField: String,
        /// +k8s:optional
        /// +k8s:format=k8s-extended-resource-name
        pub namePtrField: Option<String>,
        pub nameTypedefField: NameStringType,
    }

    /// +k8s:format=k8s-extended-resource-name
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct NameStringType(pub String);

    fn make(v: &str) -> MyType {
        MyType {
            nameField: v.into(),
            namePtrField: Some(v.into()),
            nameTypedefField: NameStringType(v.into()),
        }
    }

    #[test]
    fn cases() {
        let valid: &[&str] = &["example.com/my-resource", "example.com/my_resource"];
        let bad: &[&str] = &["kubernetes.io/my-resource", "example.com/my-resource-"];
        check(
            make,
            ["nameField", "namePtrField", "nameTypedefField"],
            "format=k8s-extended-resource-name",
            valid,
            bad,
        );
    }

    #[test]
    fn details() {
        // Upstream's output test writes "a qualified name must not be a
        // reserved name" here, but its matcher ignores details; the 1.35
        // runtime (`validate.ExtendedResourceName`) says this:
        let errs = st(&make("kubernetes.io/my-resource")).errors();
        assert_eq!(
            errs.iter().next().unwrap().to_string(),
            r#"nameField: Invalid value: "kubernetes.io/my-resource": must not have "kubernetes.io/" domain"#
        );
        // Likewise upstream's test writes a made-up summary for a bad name
        // part; the runtime reports IsLabelKey's message for
        // "requests." + the value.
        let errs = st(&make("example.com/my-resource-")).errors();
        assert_eq!(
            errs.iter().next().unwrap().detail(),
            "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"
        );
        // Optional: an empty value is not validated.
        let empty = MyType {
            nameField: String::new(),
            namePtrField: None,
            nameTypedefField: NameStringType("example.com/x".into()),
        };
        st(&empty).expect_valid();
    }
}

/// `tags/format/k8s-label-key`.
mod k8s_label_key {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct Struct {
        /// +k8s:format=k8s-label-key
        pub labelKeyField: String,
        /// +k8s:format=k8s-label-key
        pub labelKeyPtrField: Option<String>,
        pub labelKeyTypedefField: LabelKeyStringType,
    }

    /// +k8s:format=k8s-label-key
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct LabelKeyStringType(pub String);

    fn make(v: &str) -> Struct {
        Struct {
            labelKeyField: v.into(),
            labelKeyPtrField: Some(v.into()),
            labelKeyTypedefField: LabelKeyStringType(v.into()),
        }
    }

    #[test]
    fn cases() {
        let valid: &[&str] = &[
            "simple",
            "now-with-dashes",
            "1-starts-with-num",
            "1234",
            "simple.com/simple",
            "now-with-dashes.com/simple",
            "now.with.dots.com/simple",
            "now-with.dashes-and.dots.com/simple",
            "1-num.2-num.com/3-num",
            "1234.com/5678",
            "1.2.3.4/5678",
            "Uppercase_Is_OK_123",
            "example.com/Uppercase_Is_OK_123",
            "requests.storage-foo",
            &"a".repeat(63),
            &format!("{}/{}", "a".repeat(253), "b".repeat(63)),
        ];
        let bad: &[&str] = &[
            "nospecialchars%^=@",
            "cantendwithadash-",
            "-cantstartwithadash-",
            "only/one/slash",
            "Example.com/abc",
            "example_com/abc",
            "example.com/",
            "/simple",
            &"a".repeat(64),
            &format!("{}/abc", "a".repeat(254)),
        ];
        check(
            make,
            ["labelKeyField", "labelKeyPtrField", "labelKeyTypedefField"],
            "format=k8s-label-key",
            valid,
            bad,
        );
    }
}

/// `tags/format/k8s-label-value`.
mod k8s_label_value {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct Struct {
        /// +k8s:format=k8s-label-value
        pub labelValueField: String,
        /// +k8s:format=k8s-label-value
        pub labelValuePtrField: Option<String>,
        pub labelValueTypedefField: LabelValueStringType,
    }

    /// +k8s:format=k8s-label-value
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct LabelValueStringType(pub String);

    fn make(v: &str) -> Struct {
        Struct {
            labelValueField: v.into(),
            labelValuePtrField: Some(v.into()),
            labelValueTypedefField: LabelValueStringType(v.into()),
        }
    }

    #[test]
    fn cases() {
        let valid: &[&str] = &[
            "valid-value",
            "valid.value",
            "valid_value",
            "a",
            "123-abc",
            "Valid-Value",
            &format!("a{}c", "b".repeat(61)),
            "",
        ];
        let bad: &[&str] = &[
            "-invalid-value",
            "invalid-value-",
            ".invalid.value",
            "invalid.value.",
            "_invalid_value",
            "invalid_value_",
            "invalid@value",
            "Not a LabelValue",
            &format!("a{}c", "b".repeat(62)),
        ];
        check(
            make,
            [
                "labelValueField",
                "labelValuePtrField",
                "labelValueTypedefField",
            ],
            "format=k8s-label-value",
            valid,
            bad,
        );
    }
}

/// `tags/format/k8s-long-name-caseless`.
mod k8s_long_name_caseless {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct Struct {
        /// +k8s:format=k8s-long-name-caseless
        pub longNameField: String,
        /// +k8s:format=k8s-long-name-caseless
        pub longNamePtrField: Option<String>,
        pub longNameTypedefField: LongNameStringType,
    }

    /// +k8s:format=k8s-long-name-caseless
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct LongNameStringType(pub String);

    fn make(v: &str) -> Struct {
        Struct {
            longNameField: v.into(),
            longNamePtrField: Some(v.into()),
            longNameTypedefField: LongNameStringType(v.into()),
        }
    }

    #[test]
    fn cases() {
        let valid: &[&str] = &["foo.bar", "1.2.3.4", "Foo.Bar"];
        let bad: &[&str] = &["", "Not a LongName"];
        check(
            make,
            ["longNameField", "longNamePtrField", "longNameTypedefField"],
            "format=k8s-long-name-caseless",
            valid,
            bad,
        );
    }
}

/// `tags/format/k8s-long-name/k8s-long-name`.
mod k8s_long_name {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct Struct {
        /// +k8s:format=k8s-long-name
        pub longNameField: String,
        /// +k8s:format=k8s-long-name
        pub longNamePtrField: Option<String>,
        pub longNameTypedefField: LongNameStringType,
    }

    /// +k8s:format=k8s-long-name
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct LongNameStringType(pub String);

    fn make(v: &str) -> Struct {
        Struct {
            longNameField: v.into(),
            longNamePtrField: Some(v.into()),
            longNameTypedefField: LongNameStringType(v.into()),
        }
    }

    #[test]
    fn cases() {
        let valid: &[&str] = &["foo.bar", "1.2.3.4"];
        let bad: &[&str] = &["", "Not a LongName"];
        check(
            make,
            ["longNameField", "longNamePtrField", "longNameTypedefField"],
            "format=k8s-long-name",
            valid,
            bad,
        );
    }
}

/// `tags/format/k8s-resource-fully-qualified-name`.
mod k8s_resource_fully_qualified_name {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct Struct {
        /// +k8s:format=k8s-resource-fully-qualified-name
        pub fullyQualifiedNameField: String,
        /// +k8s:format=k8s-resource-fully-qualified-name
        pub fullyQualifiedNamePtrField: Option<String>,
        pub fullyQualifiedNameTypedefField: FullyQualifiedNameStringType,
    }

    /// +k8s:format=k8s-resource-fully-qualified-name
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct FullyQualifiedNameStringType(pub String);

    fn make(v: &str) -> Struct {
        Struct {
            fullyQualifiedNameField: v.into(),
            fullyQualifiedNamePtrField: Some(v.into()),
            fullyQualifiedNameTypedefField: FullyQualifiedNameStringType(v.into()),
        }
    }

    #[test]
    fn cases() {
        let valid: &[&str] = &["my-prefix/my_name"];
        let bad: &[&str] = &["my_name"];
        check(
            make,
            [
                "fullyQualifiedNameField",
                "fullyQualifiedNamePtrField",
                "fullyQualifiedNameTypedefField",
            ],
            "format=k8s-resource-fully-qualified-name",
            valid,
            bad,
        );
    }

    #[test]
    fn details() {
        let errs = st(&make("my_name")).errors();
        assert_eq!(
            errs.iter().next().unwrap().to_string(),
            r#"fullyQualifiedNameField: Invalid value: "my_name": a fully qualified name must be a domain and a name separated by a slash"#
        );
    }
}

/// `tags/format/k8s-resource-pool-name`.
mod k8s_resource_pool_name {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct Struct {
        /// +k8s:format=k8s-resource-pool-name
        pub resourcePoolNameField: String,
        /// +k8s:format=k8s-resource-pool-name
        pub resourcePoolNamePtrField: Option<String>,
        pub resourcePoolNameTypedefField: ResourcePoolNameStringType,
    }

    /// +k8s:format=k8s-resource-pool-name
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct ResourcePoolNameStringType(pub String);

    fn make(v: &str) -> Struct {
        Struct {
            resourcePoolNameField: v.into(),
            resourcePoolNamePtrField: Some(v.into()),
            resourcePoolNameTypedefField: ResourcePoolNameStringType(v.into()),
        }
    }

    #[test]
    fn cases() {
        let valid: &[&str] = &["foo.bar", "1.2.3.4"];
        let bad: &[&str] = &["", "Not a ResourcePoolName", "a..b"];
        check(
            make,
            [
                "resourcePoolNameField",
                "resourcePoolNamePtrField",
                "resourcePoolNameTypedefField",
            ],
            "format=k8s-resource-pool-name",
            valid,
            bad,
        );
    }
}

/// `tags/format/k8s-short-name/k8s-short-name`.
mod k8s_short_name {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct Struct {
        /// +k8s:format=k8s-short-name
        pub shortNameField: String,
        /// +k8s:format=k8s-short-name
        pub shortNamePtrField: Option<String>,
        pub shortNameTypedefField: ShortNameStringType,
    }

    /// +k8s:format=k8s-short-name
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct ShortNameStringType(pub String);

    fn make(v: &str) -> Struct {
        Struct {
            shortNameField: v.into(),
            shortNamePtrField: Some(v.into()),
            shortNameTypedefField: ShortNameStringType(v.into()),
        }
    }

    #[test]
    fn cases() {
        let valid: &[&str] = &["foo-bar", "1234"];
        let bad: &[&str] = &["", "Not a DNS label"];
        check(
            make,
            [
                "shortNameField",
                "shortNamePtrField",
                "shortNameTypedefField",
            ],
            "format=k8s-short-name",
            valid,
            bad,
        );
    }
}

/// `tags/format/k8s-uuid`.
mod k8s_uuid {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct MyType {
        /// +k8s:optional
        /// +k8s:format=k8s-uuid
        pub uuidField: String,
        /// +k8s:optional
        /// +k8s:format=k8s-uuid
        pub uuidPtrField: Option<String>,
        pub uuidTypedefField: UUIDStringType,
    }

    /// +k8s:format=k8s-uuid
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct UUIDStringType(pub String);

    fn make(v: &str) -> MyType {
        MyType {
            uuidField: v.into(),
            uuidPtrField: Some(v.into()),
            uuidTypedefField: UUIDStringType(v.into()),
        }
    }

    #[test]
    fn cases() {
        let valid: &[&str] = &["123e4567-e89b-12d3-a456-426614174000"];
        let bad: &[&str] = &["123E4567-E89B-12D3-A456-426614174000", "not-a-uuid"];
        check(
            make,
            ["uuidField", "uuidPtrField", "uuidTypedefField"],
            "format=k8s-uuid",
            valid,
            bad,
        );
    }

    #[test]
    fn optional_empty() {
        let v = MyType {
            uuidField: String::new(),
            uuidPtrField: None,
            uuidTypedefField: UUIDStringType("123e4567-e89b-12d3-a456-426614174000".into()),
        };
        st(&v).expect_valid();
    }
}

/// `tags/format/k8s-prefixed-label-key (default branch)`.
mod k8s_prefixed_label_key {
    use super::*;

    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct Struct {
        /// +k8s:format=k8s-prefixed-label-key
        pub prefixedLabelKeyField: String,
        /// +k8s:format=k8s-prefixed-label-key
        pub prefixedLabelKeyPtrField: Option<String>,
        pub prefixedLabelKeyTypedefField: PrefixedLabelKeyStringType,
    }

    /// +k8s:format=k8s-prefixed-label-key
    #[derive(Validate, PartialEq, Debug, Clone)]
    pub struct PrefixedLabelKeyStringType(pub String);

    fn make(v: &str) -> Struct {
        Struct {
            prefixedLabelKeyField: v.into(),
            prefixedLabelKeyPtrField: Some(v.into()),
            prefixedLabelKeyTypedefField: PrefixedLabelKeyStringType(v.into()),
        }
    }

    #[test]
    fn cases() {
        let valid: &[&str] = &[
            "simple.com/simple",
            "now-with-dashes.com/simple",
            "now.with.dots.com/simple",
            "now-with.dashes-and.dots.com/simple",
            "1-num.2-num.com/3-num",
            "1234.com/5678",
            "1.2.3.4/5678",
            "example.com/Uppercase_Is_OK_123",
            &format!("{}/{}", "a".repeat(253), "b".repeat(63)),
        ];
        let bad: &[&str] = &[
            "simple",
            "now-with-dashes",
            "1-starts-with-num",
            "1234",
            "Uppercase_Is_OK_123",
            "requests.storage-foo",
            &"a".repeat(63),
            "nospecialchars%^=@",
            "cantendwithadash-",
            "-cantstartwithadash-",
            "only/one/slash",
            "Example.com/abc",
            "example_com/abc",
            "example.com/",
            "/simple",
            &"a".repeat(64),
            &format!("{}/abc", "a".repeat(254)),
        ];
        check(
            make,
            [
                "prefixedLabelKeyField",
                "prefixedLabelKeyPtrField",
                "prefixedLabelKeyTypedefField",
            ],
            "format=k8s-prefixed-label-key",
            valid,
            bad,
        );
    }
}
