//! `+k8s:format=<name>` validators and their content checks.
//!
//! Cases are ported from upstream (`k8s.io/apimachinery`):
//! `pkg/api/validate/strfmt_test.go` and `pkg/api/validate/content/*_test.go`
//! at v0.35.0 (v0.36.0 for `TestPathSegmentName` / `TestIsPathSegment*`,
//! main for `TestPrefixedLabelKey` / `TestIsPrefixedLabelKey`), the IP cases
//! from `pkg/util/validation/ip_test.go` (`TestIsValidIP`, legacy mode) and
//! `k8s.io/utils` (`TestParseIP`, `TestParseIPSloppy`). Upstream's matchers
//! compare type, field and origin (and sometimes a detail substring); here
//! every error's full text, kind, field and origin are asserted, in order.

use std::cell::Cell;
use std::net::{IpAddr, Ipv6Addr};

use k8s_validation::field::{write_json_string, Path, ToBadValue};
use k8s_validation::validate::{self, content};
use k8s_validation::{ErrorList, ErrorType, Operation};

// ---------------------------------------------------------------------------
// Allocation counting (per thread, so parallel tests do not interfere).

struct CountingAlloc;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl std::alloc::GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        unsafe { std::alloc::System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        unsafe { std::alloc::System.realloc(ptr, layout, size) }
    }
}

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

fn allocations_in<R>(f: impl FnOnce() -> R) -> (usize, R) {
    let before = ALLOCATIONS.with(Cell::get);
    let r = f();
    (ALLOCATIONS.with(Cell::get) - before, r)
}

// ---------------------------------------------------------------------------
// Helpers.

type Format = fn(&mut ErrorList, &Operation, &Path<'_>, Option<&String>, Option<&String>);

const SHORT_NAME: Format = validate::short_name::<String>;
const LONG_NAME: Format = validate::long_name::<String>;
const LONG_NAME_CASELESS: Format = validate::long_name_caseless::<String>;
const LABEL_KEY: Format = validate::label_key::<String>;
const PREFIXED_LABEL_KEY: Format = validate::prefixed_label_key::<String>;
const LABEL_VALUE: Format = validate::label_value::<String>;
const UUID: Format = validate::uuid::<String>;
const PATH_SEGMENT_NAME: Format = validate::path_segment_name::<String>;
const EXTENDED_RESOURCE_NAME: Format = validate::extended_resource_name::<String>;
const RESOURCE_FULLY_QUALIFIED_NAME: Format = validate::resource_fully_qualified_name::<String>;
const RESOURCE_POOL_NAME: Format = validate::resource_pool_name::<String>;
const IP: Format = validate::ip::<String>;
const CONDITION_REASON: Format = validate::condition_reason::<String>;
const RESOURCE_FULLY_QUALIFIED_NAME_ONE_SLASH: Format =
    validate::resource_fully_qualified_name_one_slash::<String>;

const ALL: &[(&str, Format)] = &[
    ("k8s-condition-reason", CONDITION_REASON),
    ("k8s-extended-resource-name", EXTENDED_RESOURCE_NAME),
    ("k8s-ip", IP),
    ("k8s-label-key", LABEL_KEY),
    ("k8s-label-value", LABEL_VALUE),
    ("k8s-long-name", LONG_NAME),
    ("k8s-long-name-caseless", LONG_NAME_CASELESS),
    ("k8s-path-segment-name", PATH_SEGMENT_NAME),
    ("k8s-prefixed-label-key", PREFIXED_LABEL_KEY),
    (
        "k8s-resource-fully-qualified-name",
        RESOURCE_FULLY_QUALIFIED_NAME,
    ),
    ("k8s-resource-pool-name", RESOURCE_POOL_NAME),
    ("k8s-short-name", SHORT_NAME),
    ("k8s-uuid", UUID),
];

fn run(f: Format, input: &str) -> ErrorList {
    let path = Path::new("test");
    ErrorList::from_fn(|e| {
        f(
            e,
            &Operation::create(),
            &path,
            Some(&input.to_owned()),
            None,
        )
    })
}

/// `test: Invalid value: "<v>": <detail>` (`v` is printed inside plain
/// quotes: only for values without characters Go would escape).
fn inv(v: &str, detail: &str) -> (ErrorType, String) {
    (
        ErrorType::Invalid,
        format!("test: Invalid value: \"{v}\": {detail}"),
    )
}

fn too_long(max: usize) -> (ErrorType, String) {
    (
        ErrorType::TooLong,
        format!("test: Too long: may not be more than {max} bytes"),
    )
}

#[track_caller]
fn check(f: Format, origin: &str, input: &str, want: &[(ErrorType, String)]) {
    let errs = run(f, input);
    let got: Vec<(ErrorType, String)> = errs.iter().map(|e| (e.kind(), e.to_string())).collect();
    assert_eq!(got, want, "input {input:?}");
    for e in &errs {
        assert_eq!(e.field(), "test", "input {input:?}");
        assert_eq!(e.origin(), Some(origin), "input {input:?}");
    }
}

#[track_caller]
fn check_valid(f: Format, input: &str) {
    let errs = run(f, input);
    assert!(errs.is_empty(), "input {input:?}: {errs}");
}

fn rep(s: &str, n: usize) -> String {
    s.repeat(n)
}

// Upstream's composed messages, copied from the reference (not from the
// implementation), so a wrong constant fails here.
const LABEL_MSG: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const SUBDOMAIN_MSG: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const CASELESS_MSG: &str = "an RFC 1123 subdomain must consist of alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'Example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const NAME_PART_MSG: &str = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_KEY_MSG: &str = "a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')";
const LABEL_VALUE_MSG: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const C_ID_MSG: &str = "a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName', regex used for validation is '[A-Za-z_][A-Za-z0-9_]*')";
const UUID_MSG: &str = "must be a lowercase UUID in 8-4-4-4-12 format";
const IP_MSG: &str = "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)";

/// A named string type: upstream prints its bad value as JSON.
#[derive(Debug, PartialEq)]
struct Name(String);

/// As `#[derive(Validate)]` does for a tuple newtype.
impl k8s_validation::Newtype for Name {
    type Inner = String;
    fn inner(&self) -> &String {
        &self.0
    }
}

impl ToBadValue for Name {
    fn write_json(&self, out: &mut String) {
        write_json_string(&self.0, out)
    }
}

// ---------------------------------------------------------------------------
// Registry.

#[test]
fn format_names_cover_every_validator() {
    let names: Vec<&str> = ALL.iter().map(|(n, _)| *n).collect();
    assert_eq!(validate::FORMAT_NAMES, names.as_slice());
    let mapped: Vec<&str> = validate::format::FORMAT_VALIDATORS
        .iter()
        .map(|(n, _)| *n)
        .collect();
    assert_eq!(mapped, names);
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, names, "alphabetized");
}

#[test]
fn unset_values_are_valid() {
    let path = Path::new("test");
    for (name, f) in ALL {
        assert!(
            ErrorList::from_fn(|e| f(e, &Operation::create(), &path, None, None)).is_empty(),
            "{name}"
        );
    }
}

#[test]
fn old_value_and_operation_are_ignored() {
    // Format checks do not ratchet by themselves (generated code does).
    let path = Path::new("test");
    let bad = "Not Valid/%".to_owned();
    for (name, f) in ALL {
        let create = ErrorList::from_fn(|e| f(e, &Operation::create(), &path, Some(&bad), None));
        let update =
            ErrorList::from_fn(|e| f(e, &Operation::update(), &path, Some(&bad), Some(&bad)));
        assert!(!create.is_empty(), "{name}");
        assert_eq!(create, update, "{name}");
    }
}

// ---------------------------------------------------------------------------
// strfmt_test.go

const SHORT: &str = "format=k8s-short-name";

#[test]
fn short_name_upstream() {
    // TestShortName
    check_valid(SHORT_NAME, "abc-123");
    check(SHORT_NAME, SHORT, "", &[inv("", LABEL_MSG)]);
    let long = "01234567890123456789012345678901234567890123456789012345678901234";
    check(
        SHORT_NAME,
        SHORT,
        long,
        &[inv(long, "must be no more than 63 bytes")],
    );
    for v in ["-abc-123", "abc-123-", "ABC-123", "abc_123"] {
        check(SHORT_NAME, SHORT, v, &[inv(v, LABEL_MSG)]);
    }
}

#[test]
fn short_name_messages_and_boundaries() {
    check_valid(SHORT_NAME, &rep("a", 63));
    let a64 = rep("a", 64);
    check(
        SHORT_NAME,
        SHORT,
        &a64,
        &[inv(&a64, "must be no more than 63 bytes")],
    );
    // A subdomain that is not a label: dots.
    check(
        SHORT_NAME,
        SHORT,
        "a.b",
        &[inv("a.b", "must not contain dots")],
    );
    // Too long and dotted: both messages.
    let dotted = format!("{}aa", rep("a.", 31));
    assert_eq!(dotted.len(), 64);
    check(
        SHORT_NAME,
        SHORT,
        &dotted,
        &[
            inv(&dotted, "must be no more than 63 bytes"),
            inv(&dotted, "must not contain dots"),
        ],
    );
    // Too long and not a subdomain either.
    let bad = format!("{}-", rep("a", 63));
    check(
        SHORT_NAME,
        SHORT,
        &bad,
        &[
            inv(&bad, "must be no more than 63 bytes"),
            inv(&bad, LABEL_MSG),
        ],
    );
    check(SHORT_NAME, SHORT, "a..b", &[inv("a..b", LABEL_MSG)]);
}

#[test]
fn short_name_bad_value_rendering() {
    let path = Path::new("test");
    // A plain string prints Go-quoted, a named string type as JSON.
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        validate::short_name(e, &Operation::create(), &path, Some("a<b"), None)
    });
    assert_eq!(
        errs[0].to_string(),
        format!("test: Invalid value: \"a<b\": {LABEL_MSG}")
    );
    let named = Name("a<b".into());
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        validate::short_name(e, &Operation::create(), &path, Some(&named), None)
    });
    assert_eq!(
        errs[0].to_string(),
        format!("test: Invalid value: \"a\\u003cb\": {LABEL_MSG}")
    );
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        validate::short_name(e, &Operation::create(), &path, Some("tab\there"), None)
    });
    assert_eq!(
        errs[0].to_string(),
        format!("test: Invalid value: \"tab\\there\": {LABEL_MSG}")
    );
    assert!(k8s_validation::ErrorList::from_fn(|e| validate::short_name(
        e,
        &Operation::create(),
        &path,
        Some(&Name("ok".into())),
        None
    ))
    .is_empty());
}

const LONG: &str = "format=k8s-long-name";

#[test]
fn long_name_upstream() {
    // TestLongName
    check_valid(LONG_NAME, "a.b.c");
    check(LONG_NAME, LONG, "", &[inv("", SUBDOMAIN_MSG)]);
    let a254 = rep("a", 254);
    check(
        LONG_NAME,
        LONG,
        &a254,
        &[inv(&a254, "must be no more than 253 bytes")],
    );
    for v in ["-a.b.c", "a.b.c-", "A.b.c", "a_b.c"] {
        check(LONG_NAME, LONG, v, &[inv(v, SUBDOMAIN_MSG)]);
    }
}

#[test]
fn long_name_boundaries_and_several_messages() {
    check_valid(LONG_NAME, &rep("a", 253));
    let labels = format!(
        "{}.{}.{}.{}",
        rep("a", 63),
        rep("b", 63),
        rep("c", 63),
        rep("d", 61)
    );
    assert_eq!(labels.len(), 253);
    check_valid(LONG_NAME, &labels);
    let upper = rep("A", 254);
    check(
        LONG_NAME,
        LONG,
        &upper,
        &[
            inv(&upper, "must be no more than 253 bytes"),
            inv(&upper, SUBDOMAIN_MSG),
        ],
    );
    for v in ["a..b", ".a", "a.", "a.-b", "a-.b", "a b"] {
        check(LONG_NAME, LONG, v, &[inv(v, SUBDOMAIN_MSG)]);
    }
}

const CASELESS: &str = "format=k8s-long-name-caseless";

#[test]
fn long_name_caseless_upstream() {
    // TestLongNameCaseless
    check_valid(LONG_NAME_CASELESS, "A.b.C");
    check(LONG_NAME_CASELESS, CASELESS, "", &[inv("", CASELESS_MSG)]);
    let a254 = rep("a", 254);
    check(
        LONG_NAME_CASELESS,
        CASELESS,
        &a254,
        &[inv(&a254, "must be no more than 253 bytes")],
    );
    for v in ["-A.b.C", "A.b.C-", "A_b.C"] {
        check(LONG_NAME_CASELESS, CASELESS, v, &[inv(v, CASELESS_MSG)]);
    }
}

#[test]
fn long_name_caseless_follows_re2_case_folding() {
    // Upstream's pattern is `(?i)[a-z0-9]...`; RE2 folds U+212A (KELVIN
    // SIGN) to `k` and U+017F (LONG S) to `s`, so both are accepted.
    check_valid(LONG_NAME_CASELESS, "\u{212A}ube.example");
    check_valid(LONG_NAME_CASELESS, "\u{17F}\u{212A}");
    check(
        LONG_NAME_CASELESS,
        CASELESS,
        "\u{212A}-",
        &[inv("\u{212A}-", CASELESS_MSG)],
    );
    // Other non-ASCII letters are not.
    check(LONG_NAME_CASELESS, CASELESS, "é", &[inv("é", CASELESS_MSG)]);
    // The strict formats never fold.
    check(
        LONG_NAME,
        LONG,
        "\u{212A}",
        &[inv("\u{212A}", SUBDOMAIN_MSG)],
    );
    // Lengths are bytes: 84 three-byte Kelvin signs are 252 bytes, 85 are 255.
    check_valid(LONG_NAME_CASELESS, &rep("\u{212A}", 84));
    let k85 = rep("\u{212A}", 85);
    check(
        LONG_NAME_CASELESS,
        CASELESS,
        &k85,
        &[inv(&k85, "must be no more than 253 bytes")],
    );
}

const KEY: &str = "format=k8s-label-key";

#[test]
fn label_key_upstream() {
    // TestLabelKey
    for v in [
        "app",
        "app-name",
        "app.name",
        "app_name",
        "example.com/app",
        &format!(
            "{}.{}.{}.{}/app",
            rep("a", 63),
            rep("b", 63),
            rep("c", 63),
            rep("d", 55)
        ),
    ] {
        check_valid(LABEL_KEY, v);
    }
    check(
        LABEL_KEY,
        KEY,
        "",
        &[
            inv("", "name part must be non-empty"),
            inv("", NAME_PART_MSG),
        ],
    );
    for v in ["-app", "app-", "app^"] {
        check(LABEL_KEY, KEY, v, &[inv(v, NAME_PART_MSG)]);
    }
    let a64 = rep("a", 64);
    check(
        LABEL_KEY,
        KEY,
        &a64,
        &[inv(&a64, "name part must be no more than 63 bytes")],
    );
    let long_prefix = format!("{}/app", rep("a", 254));
    check(
        LABEL_KEY,
        KEY,
        &long_prefix,
        &[inv(
            &long_prefix,
            "prefix part must be no more than 253 bytes",
        )],
    );
    check(
        LABEL_KEY,
        KEY,
        "example-.com/app",
        &[inv(
            "example-.com/app",
            &format!("prefix part {SUBDOMAIN_MSG}"),
        )],
    );
    // "nil value"
    let path = Path::new("test");
    assert!(
        k8s_validation::ErrorList::from_fn(|e| validate::label_key::<String>(
            e,
            &Operation::create(),
            &path,
            None,
            None
        ))
        .is_empty()
    );
}

#[test]
fn label_key_messages_and_boundaries() {
    check_valid(LABEL_KEY, &format!("{}/{}", rep("a", 253), rep("b", 63)));
    let both_long = format!("{}/{}", rep("a", 254), rep("b", 64));
    check(
        LABEL_KEY,
        KEY,
        &both_long,
        &[
            inv(&both_long, "prefix part must be no more than 253 bytes"),
            inv(&both_long, "name part must be no more than 63 bytes"),
        ],
    );
    check(
        LABEL_KEY,
        KEY,
        "/",
        &[
            inv("/", "prefix part must be non-empty"),
            inv("/", "name part must be non-empty"),
            inv("/", NAME_PART_MSG),
        ],
    );
    // More than one slash: a single message, nothing else checked.
    check(LABEL_KEY, KEY, "a/b/c", &[inv("a/b/c", LABEL_KEY_MSG)]);
    check(LABEL_KEY, KEY, "//", &[inv("//", LABEL_KEY_MSG)]);
    // Every prefix message gets `prefix part `.
    let bad_prefix = format!("{}/x_", rep("A", 254));
    check(
        LABEL_KEY,
        KEY,
        &bad_prefix,
        &[
            inv(&bad_prefix, "prefix part must be no more than 253 bytes"),
            inv(&bad_prefix, &format!("prefix part {SUBDOMAIN_MSG}")),
            inv(&bad_prefix, NAME_PART_MSG),
        ],
    );
}

const PREFIXED: &str = "format=k8s-prefixed-label-key";

#[test]
fn prefixed_label_key_upstream() {
    // TestPrefixedLabelKey (apimachinery main)
    let need_prefix = "must include a prefix (e.g. 'example.com/key')";
    for v in ["app", "app-name", "app.name", "app_name"] {
        check(PREFIXED_LABEL_KEY, PREFIXED, v, &[inv(v, need_prefix)]);
    }
    check_valid(PREFIXED_LABEL_KEY, "example.com/app");
    check_valid(
        PREFIXED_LABEL_KEY,
        &format!(
            "{}.{}.{}.{}/app",
            rep("a", 63),
            rep("b", 63),
            rep("c", 63),
            rep("d", 55)
        ),
    );
    // Invalid label keys report the label key messages only.
    check(
        PREFIXED_LABEL_KEY,
        PREFIXED,
        "",
        &[
            inv("", "name part must be non-empty"),
            inv("", NAME_PART_MSG),
        ],
    );
    for v in ["-app", "app-", "app^"] {
        check(PREFIXED_LABEL_KEY, PREFIXED, v, &[inv(v, NAME_PART_MSG)]);
    }
    let a64 = rep("a", 64);
    check(
        PREFIXED_LABEL_KEY,
        PREFIXED,
        &a64,
        &[inv(&a64, "name part must be no more than 63 bytes")],
    );
    let long_prefix = format!("{}/app", rep("a", 254));
    check(
        PREFIXED_LABEL_KEY,
        PREFIXED,
        &long_prefix,
        &[inv(
            &long_prefix,
            "prefix part must be no more than 253 bytes",
        )],
    );
    check(
        PREFIXED_LABEL_KEY,
        PREFIXED,
        "example-.com/app",
        &[inv(
            "example-.com/app",
            &format!("prefix part {SUBDOMAIN_MSG}"),
        )],
    );
    check(
        PREFIXED_LABEL_KEY,
        PREFIXED,
        "a/b/c",
        &[inv("a/b/c", LABEL_KEY_MSG)],
    );
}

const UUID_ORIGIN: &str = "format=k8s-uuid";

#[test]
fn uuid_upstream() {
    // TestK8sUUID
    check_valid(UUID, "123e4567-e89b-12d3-a456-426614174000");
    for v in [
        "123E4567-E89B-12D3-A456-426614174000",
        "urn:uuid:123e4567-e89b-12d3-a456-426614174000",
        "123e4567e89b12d3a456426614174000",
        "123e4567-e89b-12d3-a456-42661417400",
        "123e4567-e89b-12d3-a456-42661417400g",
        "123e4567-e89b-12d3-a4564-26614174000",
        "",
        "not-a-uuid",
    ] {
        check(UUID, UUID_ORIGIN, v, &[inv(v, UUID_MSG)]);
    }
}

#[test]
fn uuid_bad_value_is_a_plain_string() {
    // Upstream converts to `string` before reporting: no JSON even for a
    // named type.
    let path = Path::new("test");
    let named = Name("<uuid>".into());
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        validate::uuid(e, &Operation::create(), &path, Some(&named), None)
    });
    assert_eq!(errs.len(), 1);
    assert_eq!(
        errs[0].to_string(),
        format!("test: Invalid value: \"<uuid>\": {UUID_MSG}")
    );
    assert!(k8s_validation::ErrorList::from_fn(|e| validate::uuid(
        e,
        &Operation::create(),
        &path,
        Some(&Name("00000000-0000-0000-0000-000000000000".into())),
        None
    ))
    .is_empty());
    // 36 bytes of multi-byte characters never panic or pass.
    let wide = rep("é", 18);
    assert_eq!(wide.len(), 36);
    check(UUID, UUID_ORIGIN, &wide, &[inv(&wide, UUID_MSG)]);
}

const VALUE: &str = "format=k8s-label-value";

#[test]
fn label_value_upstream() {
    // TestLabelValue
    for v in [
        "valid-value",
        "valid.value",
        "valid_value",
        "a",
        "123-abc",
        "Valid-Value",
        "",
    ] {
        check_valid(LABEL_VALUE, v);
    }
    check_valid(LABEL_VALUE, &format!("a{}c", rep("b", 61)));
    for v in [
        "-invalid-value",
        "invalid-value-",
        ".invalid.value",
        "invalid.value.",
        "_invalid_value",
        "invalid_value_",
        "invalid@value",
    ] {
        check(LABEL_VALUE, VALUE, v, &[inv(v, LABEL_VALUE_MSG)]);
    }
    let v64 = format!("a{}c", rep("b", 62));
    check(
        LABEL_VALUE,
        VALUE,
        &v64,
        &[inv(&v64, "must be no more than 63 bytes")],
    );
    let both = format!("{}-", rep("a", 63));
    check(
        LABEL_VALUE,
        VALUE,
        &both,
        &[
            inv(&both, "must be no more than 63 bytes"),
            inv(&both, LABEL_VALUE_MSG),
        ],
    );
}

const PATH_SEG: &str = "format=k8s-path-segment-name";

#[test]
fn path_segment_name_upstream() {
    // TestPathSegmentName (v0.36.0)
    for v in [
        "valid-name",
        "foo.bar.baz",
        "MyResource",
        "resource123",
        "my_resource",
        "sha256:ABCDEF012345@ABCDEF012345",
        "Iñtërnâtiônàlizætiøn",
        ".test",
        "..test",
        "",
    ] {
        check_valid(PATH_SEGMENT_NAME, v);
    }
    check(
        PATH_SEGMENT_NAME,
        PATH_SEG,
        ".",
        &[inv(".", "may not be '.'")],
    );
    check(
        PATH_SEGMENT_NAME,
        PATH_SEG,
        "..",
        &[inv("..", "may not be '..'")],
    );
    check(
        PATH_SEGMENT_NAME,
        PATH_SEG,
        "foo/bar",
        &[inv("foo/bar", "may not contain '/'")],
    );
    check(
        PATH_SEGMENT_NAME,
        PATH_SEG,
        "foo%bar",
        &[inv("foo%bar", "may not contain '%'")],
    );
    check(
        PATH_SEGMENT_NAME,
        PATH_SEG,
        "foo/bar%baz",
        &[
            inv("foo/bar%baz", "may not contain '/'"),
            inv("foo/bar%baz", "may not contain '%'"),
        ],
    );
    // No length limit.
    check_valid(PATH_SEGMENT_NAME, &rep("x", 10_000));
}

const POOL: &str = "format=k8s-resource-pool-name";

#[test]
fn resource_pool_name_upstream() {
    // TestResourcePoolName
    for v in [
        "a.valid.long-name",
        "a.valid.long-name/another.one",
        "a/b/c.d.e",
        "1.2.3/4.5.6",
    ] {
        check_valid(RESOURCE_POOL_NAME, v);
    }
    check(
        RESOURCE_POOL_NAME,
        POOL,
        "",
        &[inv("", "segment 0: must not be empty")],
    );
    check(
        RESOURCE_POOL_NAME,
        POOL,
        "/a.b.c",
        &[inv("/a.b.c", "segment 0: must not be empty")],
    );
    check(
        RESOURCE_POOL_NAME,
        POOL,
        "a.b.c/",
        &[inv("a.b.c/", "segment 1: must not be empty")],
    );
    check(
        RESOURCE_POOL_NAME,
        POOL,
        "a.b.c//d.e.f",
        &[inv("a.b.c//d.e.f", "segment 1: must not be empty")],
    );
    // A bad segment reports the segment, not the whole value.
    check(
        RESOURCE_POOL_NAME,
        POOL,
        "a.valid.name/Not.Valid",
        &[inv("Not.Valid", &format!("segment 1: {SUBDOMAIN_MSG}"))],
    );
    check(
        RESOURCE_POOL_NAME,
        POOL,
        "a.valid.name/-not-valid",
        &[inv("-not-valid", &format!("segment 1: {SUBDOMAIN_MSG}"))],
    );
    check(
        RESOURCE_POOL_NAME,
        POOL,
        "a.valid.name/not_valid",
        &[inv("not_valid", &format!("segment 1: {SUBDOMAIN_MSG}"))],
    );
    check(
        RESOURCE_POOL_NAME,
        POOL,
        &format!("a.valid.name/{}", rep("b", 253)),
        &[too_long(253)],
    );
    let b254 = rep("b", 254);
    check(
        RESOURCE_POOL_NAME,
        POOL,
        &b254,
        &[
            too_long(253),
            inv(&b254, "segment 0: must be no more than 253 bytes"),
        ],
    );
    check(
        RESOURCE_POOL_NAME,
        POOL,
        "Not/Valid/Either",
        &[
            inv("Not", &format!("segment 0: {SUBDOMAIN_MSG}")),
            inv("Valid", &format!("segment 1: {SUBDOMAIN_MSG}")),
            inv("Either", &format!("segment 2: {SUBDOMAIN_MSG}")),
        ],
    );
    check(
        RESOURCE_POOL_NAME,
        POOL,
        "/",
        &[
            inv("/", "segment 0: must not be empty"),
            inv("/", "segment 1: must not be empty"),
        ],
    );
}

#[test]
fn resource_pool_name_boundaries() {
    let at_limit = format!("{}/{}", rep("a", 126), rep("b", 126));
    assert_eq!(at_limit.len(), 253);
    check_valid(RESOURCE_POOL_NAME, &at_limit);
    let over = format!("{}/{}", rep("a", 127), rep("b", 126));
    check(RESOURCE_POOL_NAME, POOL, &over, &[too_long(253)]);
}

const EXT: &str = "format=k8s-extended-resource-name";

#[test]
fn extended_resource_name_upstream() {
    // TestExtendedResourceName
    check_valid(EXTENDED_RESOURCE_NAME, "example-kub.io/foo");
    let no_domain = "a name must be a domain-prefixed path, such as 'example.com/my-prop'";
    let a64 = rep("a", 64);
    check(
        EXTENDED_RESOURCE_NAME,
        EXT,
        &a64,
        &[
            inv(&a64, no_domain),
            inv(&a64, "name part must be no more than 63 bytes"),
        ],
    );
    check(
        EXTENDED_RESOURCE_NAME,
        EXT,
        "",
        &[inv("", no_domain), inv("", NAME_PART_MSG)],
    );
    check(EXTENDED_RESOURCE_NAME, EXT, "foo", &[inv("foo", no_domain)]);
    check(
        EXTENDED_RESOURCE_NAME,
        EXT,
        "/",
        &[
            inv("/", &format!("prefix part {SUBDOMAIN_MSG}")),
            inv("/", "name part must be non-empty"),
            inv("/", NAME_PART_MSG),
        ],
    );
    for v in ["something.kubernetes.io/foo", "kubernetes.io/foo"] {
        check(
            EXTENDED_RESOURCE_NAME,
            EXT,
            v,
            &[inv(v, "must not have \"kubernetes.io/\" domain")],
        );
    }
    check(
        EXTENDED_RESOURCE_NAME,
        EXT,
        "requests.example.com/foo",
        &[inv(
            "requests.example.com/foo",
            "must not have \"requests.\" prefix",
        )],
    );
    let long_name = format!("example.com/{}", rep("a", 64));
    check(
        EXTENDED_RESOURCE_NAME,
        EXT,
        &long_name,
        &[inv(&long_name, "name part must be no more than 63 bytes")],
    );
}

#[test]
fn extended_resource_name_more() {
    // Both the domain and the prefix rule.
    check(
        EXTENDED_RESOURCE_NAME,
        EXT,
        "requests.kubernetes.io/x",
        &[
            inv(
                "requests.kubernetes.io/x",
                "must not have \"kubernetes.io/\" domain",
            ),
            inv(
                "requests.kubernetes.io/x",
                "must not have \"requests.\" prefix",
            ),
        ],
    );
    // `requests.` + a 244-byte domain is a 253-byte prefix: the limit.
    let at_limit = format!("{}/{}", rep("a", 244), rep("b", 63));
    check_valid(EXTENDED_RESOURCE_NAME, &at_limit);
    let over = format!("{}/{}", rep("a", 245), rep("b", 63));
    check(
        EXTENDED_RESOURCE_NAME,
        EXT,
        &over,
        &[inv(&over, "prefix part must be no more than 253 bytes")],
    );
    // Several slashes: the label key message.
    check(
        EXTENDED_RESOURCE_NAME,
        EXT,
        "a.com/b/c",
        &[inv("a.com/b/c", LABEL_KEY_MSG)],
    );
    // The bad value is a plain Go string even for a named type.
    let path = Path::new("test");
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        validate::extended_resource_name(
            e,
            &Operation::create(),
            &path,
            Some(&Name("<x>".into())),
            None,
        )
    });
    assert_eq!(
        errs[0].to_string(),
        "test: Invalid value: \"<x>\": a name must be a domain-prefixed path, such as 'example.com/my-prop'"
    );
}

const FQ: &str = "format=k8s-resource-fully-qualified-name";

#[test]
fn resource_fully_qualified_name_upstream() {
    // TestResourceFullyQualifiedName
    check_valid(RESOURCE_FULLY_QUALIFIED_NAME, "prefix.com/name");
    check_valid(
        RESOURCE_FULLY_QUALIFIED_NAME,
        "my-subdomain.example.com/name",
    );
    check(
        RESOURCE_FULLY_QUALIFIED_NAME,
        FQ,
        "prefix.com/name.with.dots",
        &[inv("name.with.dots", C_ID_MSG)],
    );
    check(
        RESOURCE_FULLY_QUALIFIED_NAME,
        FQ,
        "prefix.com/name-with-dashes",
        &[inv("name-with-dashes", C_ID_MSG)],
    );
    let no_slash = "a fully qualified name must be a domain and a name separated by a slash";
    check(
        RESOURCE_FULLY_QUALIFIED_NAME,
        FQ,
        "name",
        &[inv("name", no_slash)],
    );
    check(
        RESOURCE_FULLY_QUALIFIED_NAME,
        FQ,
        "",
        &[inv("", C_ID_MSG), inv("", no_slash)],
    );
    let a254 = rep("a", 254);
    check(
        RESOURCE_FULLY_QUALIFIED_NAME,
        FQ,
        &format!("{a254}/name"),
        &[
            too_long(63),
            inv(&a254, "prefix: must be no more than 253 bytes"),
        ],
    );
    check(
        RESOURCE_FULLY_QUALIFIED_NAME,
        FQ,
        &format!("prefix.com/{}", rep("a", 64)),
        &[too_long(32)],
    );
    check(
        RESOURCE_FULLY_QUALIFIED_NAME,
        FQ,
        "Prefix.com/name",
        &[inv("Prefix.com", &format!("prefix: {SUBDOMAIN_MSG}"))],
    );
    check_valid(RESOURCE_FULLY_QUALIFIED_NAME, "prefix.com/Name");
    // More than one slash is not validated (upstream TODO).
    check_valid(RESOURCE_FULLY_QUALIFIED_NAME, "prefix.com/name/extra");
    check(
        RESOURCE_FULLY_QUALIFIED_NAME,
        FQ,
        "prefix.com/",
        &[inv("", "name must not be empty")],
    );
    check(
        RESOURCE_FULLY_QUALIFIED_NAME,
        FQ,
        "/name",
        &[inv("", "prefix must not be empty")],
    );
}

#[test]
fn resource_fully_qualified_name_boundaries() {
    check_valid(
        RESOURCE_FULLY_QUALIFIED_NAME,
        &format!("{}/{}", rep("a", 63), rep("b", 32)),
    );
    check(
        RESOURCE_FULLY_QUALIFIED_NAME,
        FQ,
        &format!("{}/{}", rep("a", 64), rep("b", 33)),
        &[too_long(63), too_long(32)],
    );
    // A name-only value gets the name checks, then the slash message.
    let long_bad = format!("{}-", rep("x", 32));
    check(
        RESOURCE_FULLY_QUALIFIED_NAME,
        FQ,
        &long_bad,
        &[
            too_long(32),
            inv(&long_bad, C_ID_MSG),
            inv(
                &long_bad,
                "a fully qualified name must be a domain and a name separated by a slash",
            ),
        ],
    );
    check(
        RESOURCE_FULLY_QUALIFIED_NAME,
        FQ,
        "/",
        &[
            inv("", "prefix must not be empty"),
            inv("", "name must not be empty"),
        ],
    );
    check(
        RESOURCE_FULLY_QUALIFIED_NAME,
        FQ,
        "a_b/1x",
        &[
            inv("a_b", &format!("prefix: {SUBDOMAIN_MSG}")),
            inv("1x", C_ID_MSG),
        ],
    );
}

const IP_ORIGIN: &str = "format=k8s-ip";

#[test]
fn ip_upstream_legacy_cases() {
    // TestIsValidIP (pkg/util/validation/ip_test.go), legacy non-strict
    // mode, which is ParseIPSloppy.
    for v in [
        "1.2.3.4",
        "0.0.0.0",
        "255.255.255.255",
        "1234::abcd",
        "::",
        "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
        "0:0:0:0:0:0:0:0",
        "0001:002:03:4::",
        "1234::ABCD",
        "1.1.1.01",
        "::ffff:1.1.1.1",
    ] {
        check_valid(IP, v);
    }
    for v in [
        "",
        "aaaaaaa",
        "myhost.mydomain",
        "1.2.3.0/24",
        "1.2.3.400",
        "-1.0.0.0",
        "2001:db8::10005",
        "1.2.3.4:80",
        "[2001:db8::1]",
        "[2001:db8::1]:80",
        "example.com:80",
        "1234::abcd%eth0",
        "169.254.0.0%eth0",
    ] {
        check(IP, IP_ORIGIN, v, &[inv(v, IP_MSG)]);
    }
}

fn as16(ip: IpAddr) -> [u8; 16] {
    match ip {
        IpAddr::V4(v4) => v4.to_ipv6_mapped().octets(),
        IpAddr::V6(v6) => v6.octets(),
    }
}

#[test]
fn parse_ip_sloppy_upstream() {
    // TestParseIP (k8s.io/utils, forked Go net) and TestParseIPSloppy
    // (k8s.io/utils/net, goodTestIPs / badTestIPs).
    let good: &[(&str, &str)] = &[
        ("127.0.1.2", "127.0.1.2"),
        ("127.0.0.1", "127.0.0.1"),
        ("127.001.002.003", "127.1.2.3"),
        ("127.007.008.009", "127.7.8.9"),
        ("127.010.020.030", "127.10.20.30"),
        ("::ffff:127.1.2.3", "127.1.2.3"),
        ("::ffff:127.001.002.003", "127.1.2.3"),
        ("::ffff:127.007.008.009", "127.7.8.9"),
        ("::ffff:127.010.020.030", "127.10.20.30"),
        ("::ffff:7f01:0203", "127.1.2.3"),
        ("0:0:0:0:0000:ffff:127.1.2.3", "127.1.2.3"),
        ("0:0:0:0:000000:ffff:127.1.2.3", "127.1.2.3"),
        ("0:0:0:0::ffff:127.1.2.3", "127.1.2.3"),
        ("2001:4860:0:2001::68", "2001:4860:0:2001::68"),
        (
            "2001:4860:0000:2001:0000:0000:0000:0068",
            "2001:4860:0:2001::68",
        ),
        ("192.168.000.005", "192.168.0.5"),
        ("000.000.000.000", "0.0.0.0"),
        ("2001:0db8::0005", "2001:db8::5"),
        ("2001:DB8::5", "2001:db8::5"),
        ("0::0", "::"),
        ("0000:0000:0000:0000:0000:0000:0000:0001", "::1"),
        ("::ffff:0192.0168.0000.0005", "192.168.0.5"),
    ];
    for (input, want) in good {
        let got = content::parse_ip_sloppy(input);
        let want: IpAddr = want.parse().unwrap();
        assert_eq!(got.map(as16), Some(as16(want)), "{input}");
        check_valid(IP, input);
    }
    // Dotted quads are IPv4, everything else IPv6 (IPv4-mapped too).
    assert!(matches!(
        content::parse_ip_sloppy("1.2.3.4"),
        Some(IpAddr::V4(_))
    ));
    assert_eq!(
        content::parse_ip_sloppy("::ffff:1.2.3.4"),
        Some(IpAddr::V6(Ipv6Addr::new(
            0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304
        )))
    );
    let bad = [
        "-0.0.0.0",
        "0.-1.0.0",
        "0.0.-2.0",
        "0.0.0.-3",
        "127.0.0.256",
        "abc",
        "123:",
        "fe80::1%lo0",
        "fe80::1%911",
        "",
        "a1:a2:a3:a4::b1:b2:b3:b4",
        "bad ip",
        "www.example.com",
        "1.2.3.400",
        "1.2..4",
        "1.2.3",
        "1.2.3.4.5",
        "1:2::12345",
        "1::2::3",
        "1:2:::3",
        "1:2:3",
        "1:2:3:4:5:6:7:8:9",
        "1:2:3:4::6:7:8:9",
        "1.2.3.4:80",
        "[2001:db8::5]",
        "[2001:db8::5]:80",
        "www.example.com:80",
        "169.254.169.254%eth0",
        "fe80::1234%eth0",
        "1.2.3.0/24",
        "2001:db8::/64",
        " 1.2.3.4",
        "1.2.3.4 ",
        " 2001:db8::5",
        "2001:db8::5 ",
    ];
    for input in bad {
        assert_eq!(content::parse_ip_sloppy(input), None, "{input}");
        check(IP, IP_ORIGIN, input, &[inv(input, IP_MSG)]);
    }
}

#[test]
fn ip_edge_cases() {
    for v in [
        "1:2:3:4:5:6:7::",
        "::2:3:4:5:6:7:8",
        "1:2:3:4:5:6:1.2.3.4",
        "1:2:3:4:5::1.2.3.4",
        "::1.2.3.4",
        "64:ff9b::10.0.0.1",
        "00000000000000000001::",
        "0000000010.0.0.1",
        "1::",
        "::1",
    ] {
        assert!(content::is_ip_sloppy(v), "{v}");
    }
    for v in [
        ":",
        ":::",
        ":1::",
        "1:",
        "1::2:",
        "1:2:3:4:5:6:7:8::",
        "::1:2:3:4:5:6:7:8",
        "1:2:3:4:5:6:7:1.2.3.4",
        "1:2:3:4:5:1.2.3.4",
        "1:2:3:4:5:6::1.2.3.4",
        "::1.2.3",
        "::1.2.3.4.5",
        "::1.2.3.4:1",
        "1.2.3.4::",
        "10000::",
        "0x1.2.3.4",
        "1.2.3.4\n",
        "１.2.3.4",
        "::g",
        "1a.2.3.4",
        "::1a.2.3.4",
    ] {
        assert!(!content::is_ip_sloppy(v), "{v}");
    }
    // A named type prints as JSON.
    let path = Path::new("test");
    let errs = k8s_validation::ErrorList::from_fn(|e| {
        validate::ip(
            e,
            &Operation::create(),
            &path,
            Some(&Name("<ip>".into())),
            None,
        )
    });
    assert_eq!(
        errs[0].to_string(),
        format!("test: Invalid value: \"\\u003cip\\u003e\": {IP_MSG}")
    );
    assert_eq!(errs[0].origin(), Some(IP_ORIGIN));
}

// ---------------------------------------------------------------------------
// content/*_test.go

#[test]
fn content_is_dns1123_label() {
    // TestIsDNS1123Label
    let good = [
        "a",
        "ab",
        "abc",
        "a1",
        "a-1",
        "a--1--2--b",
        "0",
        "01",
        "012",
        "1a",
        "1-a",
        "1--a--b--2",
    ];
    for v in good.iter().copied().chain([rep("a", 63).as_str()]) {
        assert!(content::is_dns1123_label(v).is_empty(), "{v}");
        assert!(content::matches_dns1123_label(v), "{v}");
    }
    let bad = [
        "", "A", "ABC", "aBc", "A1", "A-1", "1-A", "-", "a-", "-a", "1-", "-1", "_", "a_", "_a",
        "a_b", "1_", "_1", "1_2", ".", "a.", ".a", "a.b", "1.", ".1", "1.2", " ", "a ", " a",
        "a b", "1 ", " 1", "1 2",
    ];
    for v in bad.iter().copied().chain([rep("a", 64).as_str()]) {
        assert!(!content::is_dns1123_label(v).is_empty(), "{v}");
    }
}

#[test]
fn content_is_dns1123_subdomain() {
    // TestIsDNS1123Subdomain
    let good = [
        "a",
        "ab",
        "abc",
        "a1",
        "a-1",
        "a--1--2--b",
        "0",
        "01",
        "012",
        "1a",
        "1-a",
        "1--a--b--2",
        "a.a",
        "ab.a",
        "abc.a",
        "a1.a",
        "a-1.a",
        "a--1--2--b.a",
        "a.1",
        "ab.1",
        "abc.1",
        "a1.1",
        "a-1.1",
        "a--1--2--b.1",
        "0.a",
        "01.a",
        "012.a",
        "1a.a",
        "1-a.a",
        "1--a--b--2",
        "0.1",
        "01.1",
        "012.1",
        "1a.1",
        "1-a.1",
        "1--a--b--2.1",
        "a.b.c.d.e",
        "aa.bb.cc.dd.ee",
        "1.2.3.4.5",
        "11.22.33.44.55",
    ];
    for v in good.iter().copied().chain([rep("a", 253).as_str()]) {
        assert!(content::is_dns1123_subdomain(v).is_empty(), "{v}");
    }
    let bad = [
        "",
        "A",
        "ABC",
        "aBc",
        "A1",
        "A-1",
        "1-A",
        "-",
        "a-",
        "-a",
        "1-",
        "-1",
        "_",
        "a_",
        "_a",
        "a_b",
        "1_",
        "_1",
        "1_2",
        ".",
        "a.",
        ".a",
        "a..b",
        "1.",
        ".1",
        "1..2",
        " ",
        "a ",
        " a",
        "a b",
        "1 ",
        " 1",
        "1 2",
        "A.a",
        "aB.a",
        "ab.A",
        "A1.a",
        "a1.A",
        "A.1",
        "aB.1",
        "A1.1",
        "1A.1",
        "0.A",
        "01.A",
        "012.A",
        "1A.a",
        "1a.A",
        "A.B.C.D.E",
        "AA.BB.CC.DD.EE",
        "a.B.c.d.e",
        "aa.bB.cc.dd.ee",
        "a@b",
        "a,b",
        "a_b",
        "a;b",
        "a:b",
        "a%b",
        "a?b",
        "a$b",
    ];
    for v in bad.iter().copied().chain([rep("a", 254).as_str()]) {
        assert!(!content::is_dns1123_subdomain(v).is_empty(), "{v}");
    }
}

#[test]
fn content_is_dns1123_subdomain_caseless() {
    // TestIsDNS1123SubdomainCaseless
    let good = [
        "a",
        "ab",
        "abc",
        "a1",
        "a-1",
        "a--1--2--b",
        "0",
        "01",
        "012",
        "1a",
        "1-a",
        "1--a--b--2",
        "a.a",
        "ab.a",
        "abc.a",
        "a1.a",
        "a-1.a",
        "a--1--2--b.a",
        "a.1",
        "ab.1",
        "abc.1",
        "a1.1",
        "a-1.1",
        "a--1--2--b.1",
        "0.a",
        "01.a",
        "012.a",
        "1a.a",
        "1-a.a",
        "1--a--b--2",
        "0.1",
        "01.1",
        "012.1",
        "1a.1",
        "1-a.1",
        "1--a--b--2.1",
        "a.b.c.d.e",
        "aa.bb.cc.dd.ee",
        "1.2.3.4.5",
        "11.22.33.44.55",
        "A",
        "AB",
        "ABC",
        "A1",
        "A-1",
        "A.A",
        "AB.A",
        "ABC.A",
        "A1.A",
        "A-1.A",
        "A.B.C.D.E",
        "AA.BB.CC.DD.EE",
        "a.B.c.d.e",
        "aa.bB.cc.dd.ee",
    ];
    for v in good
        .iter()
        .copied()
        .chain([rep("a", 253).as_str(), rep("A", 253).as_str()])
    {
        assert!(content::is_dns1123_subdomain_caseless(v).is_empty(), "{v}");
    }
    let bad = [
        "", "-", "a-", "-a", "1-", "-1", "_", "a_", "_a", "a_b", "1_", "_1", "1_2", ".", "a.",
        ".a", "a..b", "1.", ".1", "1..2", " ", "a ", " a", "a b", "1 ", " 1", "1 2", "a@b", "a,b",
        "a_b", "a;b", "a:b", "a%b", "a?b", "a$b",
    ];
    for v in bad.iter().copied().chain([rep("a", 254).as_str()]) {
        assert!(!content::is_dns1123_subdomain_caseless(v).is_empty(), "{v}");
    }
}

#[test]
fn content_is_c_identifier() {
    // TestIsCIdentifier
    for v in [
        "a",
        "ab",
        "abc",
        "a1",
        "_a",
        "a_",
        "a_b",
        "a_1",
        "a__1__2__b",
        "__abc_123",
        "A",
        "AB",
        "AbC",
        "A1",
        "_A",
        "A_",
        "A_B",
        "A_1",
        "A__1__2__B",
        "__123_ABC",
    ] {
        assert!(content::is_c_identifier(v).is_empty(), "{v}");
    }
    for v in [
        "", "1", "123", "1a", "-", "a-", "-a", "1-", "-1", "1_", "1_2", ".", "a.", ".a", "a.b",
        "1.", ".1", "1.2", " ", "a ", " a", "a b", "1 ", " 1", "1 2", "#a#",
    ] {
        assert_eq!(content::is_c_identifier(v), vec![C_ID_MSG], "{v}");
    }
}

#[test]
fn content_is_label_key() {
    // TestIsLabelKey
    let good = [
        "simple",
        "now-with-dashes",
        "1-starts-with-num",
        "1234",
        "simple/simple",
        "now-with-dashes/simple",
        "now-with-dashes/now-with-dashes",
        "now.with.dots/simple",
        "now-with.dashes-and.dots/simple",
        "1-num.2-num/3-num",
        "1234/5678",
        "1.2.3.4/5678",
        "Uppercase_Is_OK_123",
        "example.com/Uppercase_Is_OK_123",
        "requests.storage-foo",
    ];
    let long_ok = [rep("a", 63), format!("{}/{}", rep("a", 253), rep("b", 63))];
    for v in good
        .iter()
        .copied()
        .chain(long_ok.iter().map(String::as_str))
    {
        assert!(content::is_label_key(v).is_empty(), "{v}");
    }
    let bad = [
        "nospecialchars%^=@",
        "cantendwithadash-",
        "-cantstartwithadash-",
        "only/one/slash",
        "Example.com/abc",
        "example_com/abc",
        "example.com/",
        "/simple",
    ];
    let long_bad = [rep("a", 64), format!("{}/abc", rep("a", 254))];
    for v in bad
        .iter()
        .copied()
        .chain(long_bad.iter().map(String::as_str))
    {
        assert!(!content::is_label_key(v).is_empty(), "{v}");
    }
}

#[test]
fn content_is_prefixed_label_key() {
    // TestIsPrefixedLabelKey (apimachinery main)
    let good = [
        "simple/simple",
        "now-with-dashes/simple",
        "now-with-dashes/now-with-dashes",
        "now.with.dots/simple",
        "now-with.dashes-and.dots/simple",
        "1-num.2-num/3-num",
        "1234/5678",
        "1.2.3.4/5678",
        "example.com/Uppercase_Is_OK_123",
    ];
    let long_ok = format!("{}/{}", rep("a", 253), rep("b", 63));
    for v in good.iter().copied().chain([long_ok.as_str()]) {
        assert!(content::is_prefixed_label_key(v).is_empty(), "{v}");
    }
    let bad = [
        "simple",
        "now-with-dashes",
        "1-starts-with-num",
        "1234",
        "Uppercase_Is_OK_123",
        "requests.storage-foo",
        "nospecialchars%^=@",
        "cantendwithadash-",
        "-cantstartwithadash-",
        "only/one/slash",
        "Example.com/abc",
        "example_com/abc",
        "example.com/",
        "/simple",
    ];
    let long_bad = [rep("a", 63), rep("a", 64), format!("{}/abc", rep("a", 254))];
    for v in bad
        .iter()
        .copied()
        .chain(long_bad.iter().map(String::as_str))
    {
        assert!(!content::is_prefixed_label_key(v).is_empty(), "{v}");
    }
}

#[test]
fn content_is_label_value() {
    // TestIsLabelValue
    let a63 = rep("a", 63);
    for v in [
        "simple",
        "now-with-dashes",
        "1-starts-with-num",
        "end-with-num-1",
        "1234",
        a63.as_str(),
        "",
    ] {
        assert!(content::is_label_value(v).is_empty(), "{v}");
    }
    let a64 = rep("a", 64);
    for v in [
        "nospecialchars%^=@",
        "Tama-nui-te-rā.is.Māori.sun",
        "\\backslashes\\are\\bad",
        "-starts-with-dash",
        "ends-with-dash-",
        ".starts.with.dot",
        "ends.with.dot.",
        a64.as_str(),
    ] {
        assert!(!content::is_label_value(v).is_empty(), "{v}");
    }
}

#[test]
fn content_is_path_segment() {
    // TestIsPathSegmentPrefix / TestIsPathSegmentName (v0.36.0)
    for v in [
        "",
        "foo",
        "foo.bar.baz",
        "sha256:ABCDEF012345@ABCDEF012345",
        "Iñtërnâtiônàlizætiøn",
        ".",
        ".test",
        "..",
        "..test",
    ] {
        assert!(content::is_path_segment_prefix(v).is_empty(), "{v}");
    }
    assert_eq!(
        content::is_path_segment_prefix("foo/bar"),
        vec!["may not contain '/'"]
    );
    assert_eq!(
        content::is_path_segment_prefix("foo%bar"),
        vec!["may not contain '%'"]
    );
    assert_eq!(content::is_path_segment_name("."), vec!["may not be '.'"]);
    assert_eq!(content::is_path_segment_name(".."), vec!["may not be '..'"]);
    assert!(content::is_path_segment_name("...").is_empty());
    assert_eq!(
        content::is_path_segment_name("%/"),
        vec!["may not contain '/'", "may not contain '%'"]
    );
}

#[test]
fn content_is_decimal_integer() {
    // TestIsDecimalInteger (content/decimal_int_test.go)
    for v in [
        "0",
        "1",
        "9",
        "10",
        "123",
        "-1",
        "-123",
        "9223372036854775807000",
    ] {
        assert!(content::is_decimal_integer(v).is_empty(), "{v}");
    }
    assert_eq!(content::is_decimal_integer(""), vec!["must be non-empty"]);
    for v in [
        "-", "-0", "00", "007", "+1", " 1", "1 ", "1.0", "1e3", "0x1", "--1", "١",
    ] {
        assert_eq!(
            content::is_decimal_integer(v),
            vec!["must be a valid decimal integer in canonical form"],
            "{v}"
        );
    }
}

#[test]
fn content_message_building_blocks() {
    assert_eq!(content::max_len_error(5), "must be no more than 5 bytes");
    assert_eq!(content::EMPTY_ERROR, "must be non-empty");
    assert_eq!(
        content::regex_error("m", "r", &["a", "b", "c"]),
        "m (e.g. 'a',  or 'b',  or 'c', regex used for validation is 'r')"
    );
    assert_eq!(content::DNS1123_LABEL_ERROR, LABEL_MSG);
    assert_eq!(content::DNS1123_SUBDOMAIN_ERROR, SUBDOMAIN_MSG);
    assert_eq!(content::DNS1123_SUBDOMAIN_CASELESS_ERROR, CASELESS_MSG);
    assert_eq!(content::LABEL_KEY_NAME_ERROR, NAME_PART_MSG);
    assert_eq!(content::LABEL_KEY_ERROR, LABEL_KEY_MSG);
    assert_eq!(content::LABEL_VALUE_ERROR, LABEL_VALUE_MSG);
    assert_eq!(content::C_IDENTIFIER_ERROR, C_ID_MSG);
    assert_eq!(content::UUID_ERROR, UUID_MSG);
    assert_eq!(content::IP_ERROR, IP_MSG);
}

// ---------------------------------------------------------------------------
// Allocation-free success path.

#[test]
fn valid_values_do_not_allocate() {
    let valid: &[(&str, &[&str])] = &[
        ("k8s-condition-reason", &["Ready", "ReasonA:ReasonB"]),
        (
            "k8s-extended-resource-name",
            &["example.com/foo", "example-kub.io/foo_bar.1"],
        ),
        (
            "k8s-ip",
            &[
                "10.9.8.7",
                "010.009.008.007",
                "2001:db8::ffff",
                "::ffff:1.2.3.4",
                "::",
            ],
        ),
        ("k8s-label-key", &["app", "example.com/App_1"]),
        ("k8s-label-value", &["", "Valid-Value"]),
        ("k8s-long-name", &["a.b.c", "example.com"]),
        ("k8s-long-name-caseless", &["A.b.C", "\u{212A}.io"]),
        (
            "k8s-path-segment-name",
            &["", "foo", "Iñtërnâtiônàlizætiøn"],
        ),
        ("k8s-prefixed-label-key", &["example.com/app"]),
        (
            "k8s-resource-fully-qualified-name",
            &["prefix.com/name", "a.b/C_1"],
        ),
        ("k8s-resource-pool-name", &["a", "a.b/c/d.e"]),
        ("k8s-short-name", &["abc-123"]),
        ("k8s-uuid", &["123e4567-e89b-12d3-a456-426614174000"]),
    ];
    assert_eq!(valid.len(), ALL.len());
    let path = Path::new("test");
    let op = Operation::create();
    for ((name, values), (all_name, f)) in valid.iter().zip(ALL) {
        assert_eq!(name, all_name);
        for v in *values {
            let owned = (*v).to_owned();
            let (allocs, errs) =
                allocations_in(|| ErrorList::from_fn(|e| f(e, &op, &path, Some(&owned), None)));
            assert!(errs.is_empty(), "{name} {v:?}: {errs}");
            assert_eq!(allocs, 0, "{name} {v:?} allocated");
        }
    }
    // Long valid values too.
    let long_values = [
        (LONG_NAME, rep("a", 253)),
        (
            RESOURCE_POOL_NAME,
            format!("{}/{}", rep("a", 126), rep("b", 126)),
        ),
        (LABEL_KEY, format!("{}/{}", rep("a", 253), rep("b", 63))),
        (
            EXTENDED_RESOURCE_NAME,
            format!("{}/{}", rep("a", 244), rep("b", 63)),
        ),
    ];
    for (f, v) in long_values {
        let (allocs, errs) =
            allocations_in(|| ErrorList::from_fn(|e| f(e, &op, &path, Some(&v), None)));
        assert!(errs.is_empty(), "{v:?}: {errs}");
        assert_eq!(allocs, 0, "{v:?} allocated");
    }
    // The content checks themselves.
    let (allocs, ()) = allocations_in(|| {
        assert!(content::is_dns1123_label("a").is_empty());
        assert!(content::is_dns1123_subdomain("a.b").is_empty());
        assert!(content::is_dns1123_subdomain_caseless("A.b").is_empty());
        assert!(content::is_label_key("a/b").is_empty());
        assert!(content::is_prefixed_label_key("a/b").is_empty());
        assert!(content::is_label_value("").is_empty());
        assert!(content::is_c_identifier("_a").is_empty());
        assert!(content::is_path_segment_name("x").is_empty());
        assert!(content::is_decimal_integer("-1").is_empty());
        assert!(content::matches_uuid(
            "123e4567-e89b-12d3-a456-426614174000"
        ));
        assert!(content::parse_ip_sloppy("1.2.3.4").is_some());
    });
    assert_eq!(allocs, 0);
}

#[test]
fn allocation_counter_works() {
    // Guards the test above: a failure does allocate.
    let path = Path::new("test");
    let bad = "A".to_owned();
    let (allocs, errs) = allocations_in(|| {
        k8s_validation::ErrorList::from_fn(|e| {
            validate::short_name(e, &Operation::create(), &path, Some(&bad), None)
        })
    });
    assert_eq!(errs.len(), 1);
    assert!(allocs > 0);
}

// ---------------------------------------------------------------------------
// Kubernetes 1.38: k8s-condition-reason, the fully-qualified-name slash rule.

/// Upstream 1.38's `conditionReasonErrMsg` composed by `RegexError`, copied
/// from the reference.
const CONDITION_REASON_MSG: &str = "a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName',  or 'ReasonA,ReasonB',  or 'ReasonA:ReasonB', regex used for validation is '[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?')";

#[test]
fn condition_reason_upstream() {
    // The probe's values (v0.38.0-beta.0, `rt/format-reason`).
    for v in [
        "Ready",
        "my_name",
        "ReasonA,ReasonB",
        "ReasonA:ReasonB",
        "a_",
        "a",
    ] {
        check_valid(CONDITION_REASON, v);
    }
    check_valid(CONDITION_REASON, &rep("A", 2000));
    let origin = "format=k8s-condition-reason";
    for v in ["", "1abc", "abc-def", "abc,", "abc:", "a b", "_x"] {
        check(CONDITION_REASON, origin, v, &[inv(v, CONDITION_REASON_MSG)]);
    }
}

#[test]
fn fully_qualified_name_second_slash_1_38() {
    let origin = "format=k8s-resource-fully-qualified-name";
    for v in ["a/b/c", "example.com/foo/bar", "a//b", "a/b/c/d"] {
        // 1.37: unchecked.
        check_valid(RESOURCE_FULLY_QUALIFIED_NAME, v);
        check(
            RESOURCE_FULLY_QUALIFIED_NAME_ONE_SLASH,
            origin,
            v,
            &[inv(v, "must not contain more than one slash")],
        );
    }
    // One slash: as 1.37.
    for v in ["example.com/foo", "/foo", "foo", "example.com/"] {
        let old: Vec<String> = run(RESOURCE_FULLY_QUALIFIED_NAME, v)
            .iter()
            .map(ToString::to_string)
            .collect();
        let new: Vec<String> = run(RESOURCE_FULLY_QUALIFIED_NAME_ONE_SLASH, v)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(old, new, "{v}");
    }
}
