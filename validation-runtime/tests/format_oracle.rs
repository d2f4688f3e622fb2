//! Property tests: the hand-written format scanners against regex oracles.
//!
//! The oracle (`mod oracle`) re-states upstream's content helpers
//! (`k8s.io/apimachinery/pkg/api/validate/content`, `validate/strfmt.go`)
//! with the documented regular expressions, compiled by the `regex` crate
//! (RE2 semantics like Go's `regexp`, including `(?i)` Unicode case folding).
//! IP addresses are checked against a regex built from the RFC 3986
//! `IPv6address` / `IPv4address` grammar with leading zeros allowed, which is
//! what Go 1.16's `net.ParseIP` (`k8s.io/utils/net.ParseIPSloppy`) accepts,
//! and parsed values against `std::net` after stripping the leading zeros.
//!
//! Inputs are biased towards near-valid strings: an alphabet of
//! `a-z A-Z 0-9 - . _ /` plus a few odd characters, lengths around the
//! limits (63/64, 253/254, 317/318), and structured segments.

use std::cell::Cell;
use std::net::IpAddr;

use k8s_validation::field::{go_quote, Path};
use k8s_validation::validate::{self, content};
use k8s_validation::{ErrorList, Operation};
use proptest::prelude::*;
use proptest::sample::{select, Index};

// ---------------------------------------------------------------------------
// Allocation counting (per thread).

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
// The oracle.

mod oracle {
    use regex::Regex;
    use std::sync::LazyLock;

    fn anchored(pattern: &str) -> Regex {
        Regex::new(&format!("^(?:{pattern})$")).unwrap()
    }

    // The documented patterns, restated here (not taken from the crate).
    pub const LABEL_FMT: &str = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
    pub const SUBDOMAIN_FMT: &str =
        "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";
    pub const LABEL_KEY_FMT: &str = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
    pub const LABEL_VALUE_FMT: &str = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";
    pub const C_IDENTIFIER_FMT: &str = "[A-Za-z_][A-Za-z0-9_]*";

    pub static LABEL: LazyLock<Regex> = LazyLock::new(|| anchored(LABEL_FMT));
    pub static SUBDOMAIN: LazyLock<Regex> = LazyLock::new(|| anchored(SUBDOMAIN_FMT));
    pub static SUBDOMAIN_CASELESS: LazyLock<Regex> =
        LazyLock::new(|| anchored(&format!("(?i){SUBDOMAIN_FMT}")));
    pub static LABEL_KEY: LazyLock<Regex> = LazyLock::new(|| anchored(LABEL_KEY_FMT));
    pub static LABEL_VALUE: LazyLock<Regex> = LazyLock::new(|| anchored(LABEL_VALUE_FMT));
    /// Upstream 1.38's `conditionReasonFmt`, written out here (not read from
    /// the runtime) so that the two can disagree.
    pub static CONDITION_REASON: LazyLock<Regex> =
        LazyLock::new(|| anchored("[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?"));
    pub static C_IDENTIFIER: LazyLock<Regex> = LazyLock::new(|| anchored(C_IDENTIFIER_FMT));
    pub static UUID: LazyLock<Regex> =
        LazyLock::new(|| anchored("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"));
    pub static DECIMAL_INTEGER: LazyLock<Regex> = LazyLock::new(|| anchored("0|-?[1-9][0-9]*"));

    /// RFC 3986 `IPv4address` / `IPv6address`, with any number of leading
    /// zeros on decimal octets and hexadecimal groups.
    pub static IP: LazyLock<Regex> = LazyLock::new(|| {
        let h16 = "0*[0-9a-fA-F]{1,4}";
        let dec = "0*(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])";
        let v4 = format!("{dec}\\.{dec}\\.{dec}\\.{dec}");
        let ls32 = format!("(?:{h16}:{h16}|{v4})");
        let v6 = [
            format!("(?:{h16}:){{6}}{ls32}"),
            format!("::(?:{h16}:){{5}}{ls32}"),
            format!("(?:{h16})?::(?:{h16}:){{4}}{ls32}"),
            format!("(?:(?:{h16}:){{0,1}}{h16})?::(?:{h16}:){{3}}{ls32}"),
            format!("(?:(?:{h16}:){{0,2}}{h16})?::(?:{h16}:){{2}}{ls32}"),
            format!("(?:(?:{h16}:){{0,3}}{h16})?::{h16}:{ls32}"),
            format!("(?:(?:{h16}:){{0,4}}{h16})?::{ls32}"),
            format!("(?:(?:{h16}:){{0,5}}{h16})?::{h16}"),
            format!("(?:(?:{h16}:){{0,6}}{h16})?::"),
        ];
        anchored(&format!("{v4}|{}", v6.join("|")))
    });

    pub fn regex_error(msg: &str, re: &str, examples: &[&str]) -> String {
        if examples.is_empty() {
            return format!("{msg} (regex used for validation is '{re}')");
        }
        let mut out = format!("{msg} (e.g. ");
        for (i, ex) in examples.iter().enumerate() {
            if i > 0 {
                out += " or ";
            }
            out += &format!("'{ex}', ");
        }
        out + &format!("regex used for validation is '{re}')")
    }

    fn max_len(n: usize) -> String {
        format!("must be no more than {n} bytes")
    }

    pub fn dns1123_label(v: &str) -> Vec<String> {
        let mut errs = vec![];
        if v.len() > 63 {
            errs.push(max_len(63));
        }
        if !LABEL.is_match(v) {
            if SUBDOMAIN.is_match(v) {
                errs.push("must not contain dots".into());
            } else {
                errs.push(regex_error(
                    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character",
                    LABEL_FMT,
                    &["my-name", "123-abc"],
                ));
            }
        }
        errs
    }

    fn subdomain(v: &str, caseless: bool) -> Vec<String> {
        let mut errs = vec![];
        if v.len() > 253 {
            errs.push(max_len(253));
        }
        let (re, msg, example) = if caseless {
            (&*SUBDOMAIN_CASELESS, "an RFC 1123 subdomain must consist of alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character", "Example.com")
        } else {
            (&*SUBDOMAIN, "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character", "example.com")
        };
        if !re.is_match(v) {
            errs.push(regex_error(msg, SUBDOMAIN_FMT, &[example]));
        }
        errs
    }

    pub fn dns1123_subdomain(v: &str) -> Vec<String> {
        subdomain(v, false)
    }

    pub fn dns1123_subdomain_caseless(v: &str) -> Vec<String> {
        subdomain(v, true)
    }

    const LABEL_KEY_MSG: &str = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
    const LABEL_KEY_EXAMPLES: &[&str] = &["MyName", "my.name", "123-abc"];

    pub fn label_key(v: &str) -> Vec<String> {
        let parts: Vec<&str> = v.split('/').collect();
        let mut errs = vec![];
        let name = match parts.len() {
            1 => parts[0],
            2 => {
                if parts[0].is_empty() {
                    errs.push("prefix part must be non-empty".to_string());
                } else {
                    for m in dns1123_subdomain(parts[0]) {
                        errs.push(format!("prefix part {m}"));
                    }
                }
                parts[1]
            }
            _ => {
                return vec![format!(
                    "a valid label key {} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
                    regex_error(LABEL_KEY_MSG, LABEL_KEY_FMT, LABEL_KEY_EXAMPLES)
                )]
            }
        };
        if name.is_empty() {
            errs.push("name part must be non-empty".into());
        } else if name.len() > 63 {
            errs.push(format!("name part {}", max_len(63)));
        }
        if !LABEL_KEY.is_match(name) {
            errs.push(format!(
                "name part {}",
                regex_error(LABEL_KEY_MSG, LABEL_KEY_FMT, LABEL_KEY_EXAMPLES)
            ));
        }
        errs
    }

    pub fn prefixed_label_key(v: &str) -> Vec<String> {
        let errs = label_key(v);
        if !errs.is_empty() {
            return errs;
        }
        if v.split('/').count() != 2 {
            return vec!["must include a prefix (e.g. 'example.com/key')".into()];
        }
        vec![]
    }

    pub fn label_value(v: &str) -> Vec<String> {
        let mut errs = vec![];
        if v.len() > 63 {
            errs.push(max_len(63));
        }
        if !LABEL_VALUE.is_match(v) {
            errs.push(regex_error(
                "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
                LABEL_VALUE_FMT,
                &["MyValue", "my_value", "12345"],
            ));
        }
        errs
    }

    pub fn c_identifier(v: &str) -> Vec<String> {
        if C_IDENTIFIER.is_match(v) {
            vec![]
        } else {
            vec![regex_error(
                "a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_'",
                C_IDENTIFIER_FMT,
                &["my_name", "MY_NAME", "MyName"],
            )]
        }
    }

    pub fn path_segment_name(v: &str) -> Vec<String> {
        for bad in [".", ".."] {
            if v == bad {
                return vec![format!("may not be '{bad}'")];
            }
        }
        let mut errs = vec![];
        for bad in ["/", "%"] {
            if v.contains(bad) {
                errs.push(format!("may not contain '{bad}'"));
            }
        }
        errs
    }

    pub fn decimal_integer(v: &str) -> Vec<String> {
        if v.is_empty() {
            vec!["must be non-empty".into()]
        } else if DECIMAL_INTEGER.is_match(v) {
            vec![]
        } else {
            vec!["must be a valid decimal integer in canonical form".into()]
        }
    }
}

// ---------------------------------------------------------------------------
// Format-level oracle: the rendered errors each format must produce
// (path `test`), following strfmt.go.

fn invalid(value: &str, detail: &str) -> String {
    format!("test: Invalid value: {}: {detail}", go_quote(value))
}

fn too_long(max: usize) -> String {
    format!("test: Too long: may not be more than {max} bytes")
}

fn oracle_format(name: &str, v: &str) -> Vec<String> {
    let each = |msgs: Vec<String>| msgs.iter().map(|m| invalid(v, m)).collect::<Vec<_>>();
    match name {
        "k8s-short-name" => each(oracle::dns1123_label(v)),
        "k8s-long-name" => each(oracle::dns1123_subdomain(v)),
        "k8s-long-name-caseless" => each(oracle::dns1123_subdomain_caseless(v)),
        "k8s-label-key" => each(oracle::label_key(v)),
        "k8s-prefixed-label-key" => each(oracle::prefixed_label_key(v)),
        "k8s-label-value" => each(oracle::label_value(v)),
        "k8s-path-segment-name" => each(oracle::path_segment_name(v)),
        "k8s-uuid" => {
            if oracle::UUID.is_match(v) {
                vec![]
            } else {
                vec![invalid(v, "must be a lowercase UUID in 8-4-4-4-12 format")]
            }
        }
        "k8s-ip" => {
            if oracle::IP.is_match(v) {
                vec![]
            } else {
                vec![invalid(
                    v,
                    "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)",
                )]
            }
        }
        "k8s-resource-pool-name" => {
            let mut errs = vec![];
            if v.len() > 253 {
                errs.push(too_long(253));
            }
            for (i, part) in v.split('/').enumerate() {
                if part.is_empty() {
                    errs.push(invalid(v, &format!("segment {i}: must not be empty")));
                    continue;
                }
                for m in oracle::dns1123_subdomain(part) {
                    errs.push(invalid(part, &format!("segment {i}: {m}")));
                }
            }
            errs
        }
        "k8s-extended-resource-name" => {
            let mut errs = vec![];
            if !v.contains('/') {
                errs.push(invalid(
                    v,
                    "a name must be a domain-prefixed path, such as 'example.com/my-prop'",
                ));
            } else if v.contains("kubernetes.io/") {
                errs.push(invalid(v, "must not have \"kubernetes.io/\" domain"));
            }
            if v.starts_with("requests.") {
                errs.push(invalid(v, "must not have \"requests.\" prefix"));
            }
            for m in oracle::label_key(&format!("requests.{v}")) {
                errs.push(invalid(v, &m));
            }
            errs
        }
        "k8s-condition-reason" => {
            if oracle::CONDITION_REASON.is_match(v) {
                vec![]
            } else {
                vec![invalid(
                    v,
                    "a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName',  or 'ReasonA,ReasonB',  or 'ReasonA:ReasonB', regex used for validation is '[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?')",
                )]
            }
        }
        // 1.38: `strings.SplitN(s, "/", 3)`, a third part is an error.
        "k8s-resource-fully-qualified-name 1.38" if v.split('/').count() > 2 => {
            vec![invalid(v, "must not contain more than one slash")]
        }
        "k8s-resource-fully-qualified-name" | "k8s-resource-fully-qualified-name 1.38" => {
            let mut errs = vec![];
            let c_identifier = |errs: &mut Vec<String>, id: &str| {
                if id.len() > 32 {
                    errs.push(too_long(32));
                }
                for m in oracle::c_identifier(id) {
                    errs.push(invalid(id, &m));
                }
            };
            let parts: Vec<&str> = v.split('/').collect();
            match parts.len() {
                1 => c_identifier(&mut errs, parts[0]),
                2 => {
                    if parts[0].is_empty() {
                        errs.push(invalid("", "prefix must not be empty"));
                    } else {
                        if parts[0].len() > 63 {
                            errs.push(too_long(63));
                        }
                        for m in oracle::dns1123_subdomain(parts[0]) {
                            errs.push(invalid(parts[0], &format!("prefix: {m}")));
                        }
                    }
                    if parts[1].is_empty() {
                        errs.push(invalid("", "name must not be empty"));
                    } else {
                        c_identifier(&mut errs, parts[1]);
                    }
                }
                _ => {}
            }
            if !v.contains('/') {
                errs.push(invalid(
                    v,
                    "a fully qualified name must be a domain and a name separated by a slash",
                ));
            }
            errs
        }
        other => panic!("no oracle for {other}"),
    }
}

type Format = fn(&mut ErrorList, &Operation, &Path<'_>, Option<&String>, Option<&String>);

const FORMATS: &[(&str, Format)] = &[
    ("k8s-condition-reason", validate::condition_reason::<String>),
    (
        "k8s-extended-resource-name",
        validate::extended_resource_name::<String>,
    ),
    ("k8s-ip", validate::ip::<String>),
    ("k8s-label-key", validate::label_key::<String>),
    ("k8s-label-value", validate::label_value::<String>),
    ("k8s-long-name", validate::long_name::<String>),
    (
        "k8s-long-name-caseless",
        validate::long_name_caseless::<String>,
    ),
    (
        "k8s-path-segment-name",
        validate::path_segment_name::<String>,
    ),
    (
        "k8s-prefixed-label-key",
        validate::prefixed_label_key::<String>,
    ),
    (
        "k8s-resource-fully-qualified-name",
        validate::resource_fully_qualified_name::<String>,
    ),
    (
        "k8s-resource-fully-qualified-name 1.38",
        validate::resource_fully_qualified_name_one_slash::<String>,
    ),
    (
        "k8s-resource-pool-name",
        validate::resource_pool_name::<String>,
    ),
    ("k8s-short-name", validate::short_name::<String>),
    ("k8s-uuid", validate::uuid::<String>),
];

fn strings(msgs: content::Messages) -> Vec<String> {
    msgs.into_iter().map(String::from).collect()
}

// ---------------------------------------------------------------------------
// Strategies.

/// Mostly characters that matter to the patterns, with lowercase
/// alphanumerics weighted up, plus a few odd ones: space, `%`, `:`, `@`,
/// `\n`, non-ASCII letters, and the two characters RE2's `(?i)` folds into
/// ASCII letters (U+017F, U+212A).
const ALPHABET: &[char] = &[
    'a', 'a', 'b', 'c', 'k', 's', 'z', 'a', 'e', 'f', '0', '1', '9', '0', '5', 'A', 'F', 'K', 'S',
    'Z', '-', '-', '.', '.', '_', '/', '/', '%', ' ', ':', '@', '\n', 'é', '\u{17F}', '\u{212A}',
    'ß',
];

fn short_string() -> impl Strategy<Value = String> {
    prop::collection::vec(select(ALPHABET), 0..16).prop_map(String::from_iter)
}

/// A few short words joined by separators: dotted names, slashed keys.
fn segmented() -> impl Strategy<Value = String> {
    let word = prop::collection::vec(select(ALPHABET), 0..8).prop_map(String::from_iter);
    let sep = select(&[".", ".", "/", "/", "-", "", ":"][..]);
    prop::collection::vec((word, sep), 1..6).prop_map(|parts| {
        let mut s = String::new();
        for (w, sep) in parts {
            s.push_str(&w);
            s.push_str(sep);
        }
        s
    })
}

/// A long run of one character around a limit, optionally with dots every
/// few characters (to make subdomains), and a few random edits.
fn near_limit() -> impl Strategy<Value = String> {
    let len = prop_oneof![
        30usize..34,
        60usize..67,
        240usize..246,
        250usize..257,
        314usize..321,
        70usize..400,
    ];
    let fill = select(&['a', 'b', '1', 'A', 'x'][..]);
    let dots = prop::option::of(1usize..70);
    let edits = prop::collection::vec((any::<Index>(), select(ALPHABET)), 0..3);
    (len, fill, dots, edits).prop_map(|(len, fill, dots, edits)| {
        let mut chars: Vec<char> = (0..len)
            .map(|i| match dots {
                Some(every) if (i + 1) % (every + 1) == 0 && i + 1 < len => '.',
                _ => fill,
            })
            .collect();
        for (at, c) in edits {
            let at = at.index(len);
            chars[at] = c;
        }
        chars.into_iter().collect()
    })
}

/// Values generated from the documented patterns, then lightly mutated.
fn from_patterns() -> impl Strategy<Value = String> {
    let base = prop_oneof![
        "[a-z0-9]([-a-z0-9]{0,10}[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]{0,10}[a-z0-9])?){0,3}",
        "([a-z0-9]{1,8}\\.){0,3}[a-z0-9]{1,8}/([A-Za-z0-9][-A-Za-z0-9_.]{0,10})?[A-Za-z0-9]",
        "[A-Za-z_][A-Za-z0-9_]{0,12}",
        "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
        "(requests\\.)?[a-z]{1,6}(\\.kubernetes)?\\.(io|com)/[a-z_.-]{0,6}[a-z]",
    ];
    let edit = prop::option::of((any::<Index>(), select(ALPHABET)));
    (base, edit).prop_map(|(s, edit)| match edit {
        Some((at, c)) if !s.is_empty() => {
            let mut chars: Vec<char> = s.chars().collect();
            let at = at.index(chars.len());
            chars[at] = c;
            chars.into_iter().collect()
        }
        _ => s,
    })
}

fn near_valid() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => short_string(),
        3 => segmented(),
        2 => near_limit(),
        3 => from_patterns(),
    ]
}

/// IP-like strings: dotted quads with leading zeros and out-of-range octets,
/// colon groups with `::`, embedded IPv4 tails, and junk.
fn ip_like() -> impl Strategy<Value = String> {
    let octet = prop_oneof![
        6 => "[0-9]{1,2}",
        2 => "1[0-9][0-9]",
        2 => "0{1,4}[0-9]{1,3}",
        1 => "25[0-9]",
        1 => "2[0-9][0-9]",
        1 => "[3-9][0-9][0-9]",
        1 => Just(String::new()),
        1 => "-1|x|1a",
    ];
    let v4 = prop_oneof![
        3 => prop::collection::vec(octet.clone(), 4..=4),
        1 => prop::collection::vec(octet, 1..6),
    ]
    .prop_map(|o| o.join("."));
    let group = prop_oneof![
        4 => "[0-9a-fA-F]{1,4}",
        2 => "0{1,6}[0-9a-f]{0,4}",
        1 => "[0-9a-f]{5}",
        1 => "[g%: ]",
        1 => Just(String::new()),
    ];
    let sep = prop_oneof![8 => Just(":"), 2 => Just("::"), 1 => Just(":::"), 1 => Just(".")];
    let v6 = (
        prop::option::of(Just("::")),
        prop::collection::vec((group, sep), 0..9),
        prop::option::of(prop_oneof!["[0-9a-fA-F]{1,4}", Just(String::new())]),
        prop::option::of(v4.clone()),
    )
        .prop_map(|(lead, groups, last, tail)| {
            let mut s = lead.unwrap_or("").to_string();
            for (g, sep) in groups {
                s.push_str(&g);
                s.push_str(sep);
            }
            if let Some(last) = last {
                s.push_str(&last);
            }
            if let Some(tail) = tail {
                s.push_str(&tail);
            }
            s
        });
    // Well-formed shapes with a group count around 8: `n` groups, maybe a
    // `::` at some position, maybe an IPv4 tail.
    let structured = (
        prop::collection::vec("0{0,2}[0-9a-fA-F]{1,4}", 0..=9),
        prop::option::of(any::<Index>()),
        prop::option::of(
            prop::collection::vec("0{0,2}[0-9]{1,3}", 4..=4).prop_map(|o| o.join(".")),
        ),
    )
        .prop_map(|(groups, ellipsis, tail)| {
            let mut parts: Vec<String> = groups;
            if let Some(tail) = tail {
                parts.push(tail);
            }
            match ellipsis {
                Some(at) => {
                    let at = at.index(parts.len() + 1);
                    format!("{}::{}", parts[..at].join(":"), parts[at..].join(":"))
                }
                None => parts.join(":"),
            }
        });
    prop_oneof![3 => v4, 4 => v6, 4 => structured, 1 => short_string()]
}

/// Strips the leading zeros of every digit run, so `std::net` accepts what
/// the sloppy parser accepts.
fn strip_leading_zeros(s: &str) -> String {
    let mut out = String::new();
    let mut run = String::new();
    let flush = |run: &mut String, out: &mut String| {
        let trimmed = run.trim_start_matches('0');
        out.push_str(if trimmed.is_empty() && !run.is_empty() {
            "0"
        } else {
            trimmed
        });
        run.clear();
    };
    for c in s.chars() {
        if c.is_ascii_hexdigit() {
            run.push(c);
        } else {
            flush(&mut run, &mut out);
            out.push(c);
        }
    }
    flush(&mut run, &mut out);
    out
}

// ---------------------------------------------------------------------------
// Properties.

proptest! {
    #![proptest_config(ProptestConfig { cases: 2048, ..ProptestConfig::default() })]

    #[test]
    fn pattern_scanners_match_regexes(s in near_valid()) {
        prop_assert_eq!(content::matches_dns1123_label(&s), oracle::LABEL.is_match(&s));
        prop_assert_eq!(content::matches_dns1123_subdomain(&s), oracle::SUBDOMAIN.is_match(&s));
        prop_assert_eq!(
            content::matches_dns1123_subdomain_caseless(&s),
            oracle::SUBDOMAIN_CASELESS.is_match(&s)
        );
        prop_assert_eq!(content::matches_label_key_name(&s), oracle::LABEL_KEY.is_match(&s));
        prop_assert_eq!(content::matches_label_value(&s), oracle::LABEL_VALUE.is_match(&s));
        prop_assert_eq!(content::matches_c_identifier(&s), oracle::C_IDENTIFIER.is_match(&s));
        prop_assert_eq!(content::matches_uuid(&s), oracle::UUID.is_match(&s));
    }

    #[test]
    fn content_checks_match_oracle(s in near_valid()) {
        prop_assert_eq!(strings(content::is_dns1123_label(&s)), oracle::dns1123_label(&s));
        prop_assert_eq!(strings(content::is_dns1123_subdomain(&s)), oracle::dns1123_subdomain(&s));
        prop_assert_eq!(
            strings(content::is_dns1123_subdomain_caseless(&s)),
            oracle::dns1123_subdomain_caseless(&s)
        );
        prop_assert_eq!(strings(content::is_label_key(&s)), oracle::label_key(&s));
        prop_assert_eq!(strings(content::is_prefixed_label_key(&s)), oracle::prefixed_label_key(&s));
        prop_assert_eq!(strings(content::is_label_value(&s)), oracle::label_value(&s));
        prop_assert_eq!(strings(content::is_c_identifier(&s)), oracle::c_identifier(&s));
        prop_assert_eq!(strings(content::is_path_segment_name(&s)), oracle::path_segment_name(&s));
    }

    #[test]
    fn formats_match_oracle(s in near_valid()) {
        let path = Path::new("test");
        let value = s.clone();
        for (name, f) in FORMATS {
            let errs = ErrorList::from_fn(|e| f(e, &Operation::create(), &path, Some(&value), None));
            let got: Vec<String> = errs.iter().map(ToString::to_string).collect();
            prop_assert_eq!(got, oracle_format(name, &s), "format {}", name);
            let origin = format!("format={}", name.split(' ').next().unwrap_or_default());
            for e in &errs {
                prop_assert_eq!(e.origin(), Some(origin.as_str()));
                prop_assert_eq!(e.field(), "test");
            }
        }
    }

    #[test]
    fn valid_values_never_allocate(s in near_valid()) {
        let path = Path::new("test");
        let op = Operation::create();
        for (name, f) in FORMATS {
            let (allocs, errs) = allocations_in(|| ErrorList::from_fn(|e| f(e, &op, &path, Some(&s), None)));
            if errs.is_empty() {
                prop_assert_eq!(allocs, 0, "format {} allocated for {:?}", name, s);
            }
        }
    }

    #[test]
    fn ip_matches_rfc_grammar(s in ip_like()) {
        let parsed = content::parse_ip_sloppy(&s);
        prop_assert_eq!(parsed.is_some(), oracle::IP.is_match(&s), "{:?}", s);
        if let Some(ip) = parsed {
            let std_ip: IpAddr = strip_leading_zeros(&s).parse().unwrap();
            prop_assert_eq!(ip, std_ip, "{:?}", s);
        }
        let errs = ErrorList::from_fn(|e| validate::ip(e, &Operation::create(), &Path::new("test"), Some(&s), None));
        prop_assert_eq!(errs.is_empty(), parsed.is_some());
    }

    #[test]
    fn ip_agrees_with_std_without_leading_zeros(s in ip_like()) {
        // Where no component has a leading zero, std's parser (strict) and
        // the sloppy one agree.
        let has_leading_zero = s
            .split([':', '.'])
            .any(|part| part.len() > 1 && part.starts_with('0'));
        if has_leading_zero {
            return Ok(());
        }
        prop_assert_eq!(content::parse_ip_sloppy(&s), s.parse::<IpAddr>().ok(), "{:?}", s);
    }

    #[test]
    fn decimal_integer_matches_regex(s in prop_oneof!["-?[0-9]{0,4}", "[-+ 0-9a]{0,5}"]) {
        prop_assert_eq!(strings(content::is_decimal_integer(&s)), oracle::decimal_integer(&s));
    }

    #[test]
    fn arbitrary_unicode_never_panics(s in any::<String>()) {
        let path = Path::new("test");
        for (_, f) in FORMATS {
            let _ = ErrorList::from_fn(|e| f(e, &Operation::update(), &path, Some(&s), Some(&s)));
        }
        let _ = content::is_dns1123_label(&s);
        let _ = content::is_dns1123_subdomain(&s);
        let _ = content::is_dns1123_subdomain_caseless(&s);
        let _ = content::is_label_key(&s);
        let _ = content::is_prefixed_label_key(&s);
        let _ = content::is_label_value(&s);
        let _ = content::is_c_identifier(&s);
        let _ = content::is_path_segment_name(&s);
        let _ = content::is_decimal_integer(&s);
        let _ = content::matches_uuid(&s);
        let _ = content::parse_ip_sloppy(&s);
        // And the oracle agrees on arbitrary input too.
        prop_assert_eq!(strings(content::is_label_key(&s)), oracle::label_key(&s));
        prop_assert_eq!(
            content::matches_dns1123_subdomain_caseless(&s),
            oracle::SUBDOMAIN_CASELESS.is_match(&s)
        );
    }

    #[test]
    fn long_unicode_never_panics(
        c in any::<char>(),
        n in 0usize..400,
        slash in prop::option::of(any::<Index>()),
    ) {
        let mut s: String = std::iter::repeat_n(c, n).collect();
        if let Some(at) = slash {
            let at = at.index(s.chars().count() + 1);
            let byte = s.char_indices().nth(at).map_or(s.len(), |(i, _)| i);
            s.insert(byte, '/');
        }
        let path = Path::new("test");
        for (name, f) in FORMATS {
            let errs = ErrorList::from_fn(|e| f(e, &Operation::create(), &path, Some(&s), None));
            let got: Vec<String> = errs.iter().map(ToString::to_string).collect();
            prop_assert_eq!(got, oracle_format(name, &s), "format {}", name);
        }
    }
}

#[test]
fn strategies_hit_both_outcomes() {
    // A sanity check that the near-valid strategy produces valid values for
    // the strict formats, so the properties compare both outcomes.
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = near_valid();
    let (mut labels, mut subdomains, mut keys, mut invalid) = (0, 0, 0, 0);
    for _ in 0..2000 {
        let s = strategy.new_tree(&mut runner).unwrap().current();
        labels += usize::from(content::is_dns1123_label(&s).is_empty());
        subdomains += usize::from(content::is_dns1123_subdomain(&s).is_empty());
        keys += usize::from(content::is_label_key(&s).is_empty() && s.contains('/'));
        invalid += usize::from(!content::is_dns1123_subdomain(&s).is_empty());
    }
    assert!(labels > 100, "labels {labels}");
    assert!(subdomains > 200, "subdomains {subdomains}");
    assert!(keys > 50, "prefixed keys {keys}");
    assert!(invalid > 200, "invalid {invalid}");

    let ips = ip_like();
    let (mut v4, mut v6, mut bad) = (0, 0, 0);
    for _ in 0..2000 {
        let s = ips.new_tree(&mut runner).unwrap().current();
        match content::parse_ip_sloppy(&s) {
            Some(IpAddr::V4(_)) => v4 += 1,
            Some(IpAddr::V6(_)) => v6 += 1,
            None => bad += 1,
        }
    }
    assert!(v4 > 50, "v4 {v4}");
    assert!(v6 > 50, "v6 {v6}");
    assert!(bad > 200, "bad {bad}");
}
