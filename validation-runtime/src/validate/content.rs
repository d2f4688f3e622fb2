//! Content checks behind the string formats: the Rust counterpart of upstream
//! `k8s.io/apimachinery/pkg/api/validate/content` (`dns.go`, `kube.go`,
//! `identifier.go`, `path.go`, `decimal_int.go`, `errors.go`), plus the IP
//! parsing of `k8s.io/utils/net.ParseIPSloppy` used by `+k8s:format=k8s-ip`.
//!
//! Upstream matches RE2 regular expressions; here every check is a
//! hand-written byte scanner with the same accept/reject decision (the
//! documented patterns are kept as `*_FMT` constants because the messages
//! quote them). No check allocates when its input is valid: the
//! upstream-shaped checks (`is_*`) return [`Messages`], an empty `Vec` on
//! success, and only build message text on failure.
//!
//! Two families of functions:
//!
//! * `matches_*` return `bool`: the pattern alone (upstream's
//!   `regexp.MatchString`), without length limits.
//! * `is_*` mirror upstream's `IsXxx` helpers: every message upstream
//!   returns, in upstream's order, with upstream's exact text. Lengths are
//!   byte lengths, as upstream's `len(string)`.
//!
//! Hand-written validation can wrap each message in an
//! [`Error::invalid`](crate::Error::invalid), as upstream code does:
//!
//! ```
//! use k8s_validation::field::{Error, ErrorList, Path};
//! use k8s_validation::validate::content;
//!
//! let name = "my_host";
//! let path = Path::new("hostname");
//! let errs: ErrorList = content::is_dns1123_label(name)
//!     .into_iter()
//!     .map(|msg| Error::invalid(&path, name.to_owned(), msg))
//!     .collect();
//! assert_eq!(
//!     errs[0].to_string(),
//!     "hostname: Invalid value: \"my_host\": a lowercase RFC 1123 label must consist of \
//!      lower case alphanumeric characters or '-', and must start and end with an \
//!      alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation \
//!      is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"
//! );
//! assert!(content::is_dns1123_label("my-host").is_empty());
//! ```

use std::borrow::Cow;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// The messages of a failed check, in upstream's order; empty when the value
/// is valid (an empty `Vec` does not allocate). Most messages are static text.
pub type Messages = Vec<Cow<'static, str>>;

// ---------------------------------------------------------------------------
// Limits and documented patterns.

/// Maximum length in bytes of a DNS (RFC 1123) label: 63.
pub const DNS1123_LABEL_MAX_LENGTH: usize = 63;
/// Maximum length in bytes of a DNS (RFC 1123) subdomain: 253.
pub const DNS1123_SUBDOMAIN_MAX_LENGTH: usize = 253;
/// Maximum length in bytes of the name part of a label key: 63.
pub const LABEL_KEY_NAME_MAX_LENGTH: usize = 63;
/// Maximum length in bytes of a label value: 63.
pub const LABEL_VALUE_MAX_LENGTH: usize = 63;

/// The documented pattern of a DNS label (as quoted in messages).
pub const DNS1123_LABEL_FMT: &str = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
/// The documented pattern of a DNS subdomain (as quoted in messages; the
/// caseless variant quotes it too).
pub const DNS1123_SUBDOMAIN_FMT: &str =
    "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";
/// The documented pattern of the name part of a label key.
pub const LABEL_KEY_FMT: &str = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
/// The documented pattern of a label value (empty allowed).
pub const LABEL_VALUE_FMT: &str = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";
/// The documented pattern of a C identifier.
pub const C_IDENTIFIER_FMT: &str = "[A-Za-z_][A-Za-z0-9_]*";

// ---------------------------------------------------------------------------
// Message building blocks (upstream `content/errors.go`).

/// Upstream's `EmptyError()`: `must be non-empty`.
pub const EMPTY_ERROR: &str = "must be non-empty";

/// Upstream's `MaxLenError(n)`: `must be no more than N bytes`.
pub fn max_len_error(length: usize) -> String {
    format!("must be no more than {length} bytes")
}

/// Upstream's `RegexError(msg, re, examples...)`.
///
/// Without examples: `<msg> (regex used for validation is '<re>')`. With
/// examples, each is quoted and followed by `, `, and ` or ` precedes every
/// example after the first, which yields upstream's well-known double space:
/// `(e.g. 'my-name',  or '123-abc', regex used for validation is '...')`.
pub fn regex_error(msg: &str, re: &str, examples: &[&str]) -> String {
    let mut out = String::with_capacity(msg.len() + re.len() + 48);
    out.push_str(msg);
    if examples.is_empty() {
        out.push_str(" (regex used for validation is '");
    } else {
        out.push_str(" (e.g. ");
        for (i, ex) in examples.iter().enumerate() {
            if i > 0 {
                out.push_str(" or ");
            }
            out.push('\'');
            out.push_str(ex);
            out.push_str("', ");
        }
        out.push_str("regex used for validation is '");
    }
    out.push_str(re);
    out.push_str("')");
    out
}

/// The message of a value that is not a DNS label (`k8s-short-name`).
pub const DNS1123_LABEL_ERROR: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
/// The message of a value that is a DNS subdomain with dots but not a label.
pub const DNS1123_LABEL_DOTS_ERROR: &str = "must not contain dots";
/// The one literal of [`DNS1123_SUBDOMAIN_ERROR`], which the label key's
/// prefix message reuses with `concat!`.
macro_rules! dns1123_subdomain_error {
    () => {
        "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"
    };
}

/// The message of a value that is not a DNS subdomain (`k8s-long-name`).
pub const DNS1123_SUBDOMAIN_ERROR: &str = dns1123_subdomain_error!();
/// The message of a value that is not a caseless DNS subdomain
/// (`k8s-long-name-caseless`). Upstream quotes the lowercase pattern.
pub const DNS1123_SUBDOMAIN_CASELESS_ERROR: &str = "an RFC 1123 subdomain must consist of alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'Example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
/// The message of a label key whose name part does not match [`LABEL_KEY_FMT`].
pub const LABEL_KEY_NAME_ERROR: &str = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
/// The message of a label key with more than one `/`.
pub const LABEL_KEY_ERROR: &str = "a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')";
/// The message of a valid label key without the prefix
/// `k8s-prefixed-label-key` requires.
pub const LABEL_KEY_PREFIX_REQUIRED_ERROR: &str = "must include a prefix (e.g. 'example.com/key')";
/// The message of a value that is not a label value (`k8s-label-value`).
pub const LABEL_VALUE_ERROR: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
/// The message of a value that is not a C identifier.
pub const C_IDENTIFIER_ERROR: &str = "a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName', regex used for validation is '[A-Za-z_][A-Za-z0-9_]*')";
/// The message of a value that is not a lowercase UUID (`k8s-uuid`).
pub const UUID_ERROR: &str = "must be a lowercase UUID in 8-4-4-4-12 format";
/// The message of a value that is not an IP address (`k8s-ip`; upstream's
/// hand-written IP validation says the same).
pub const IP_ERROR: &str = "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)";
/// The message of a value that is not a decimal integer in canonical form.
pub const DECIMAL_INTEGER_ERROR: &str = "must be a valid decimal integer in canonical form";

// ---------------------------------------------------------------------------
// Scanners.

#[inline]
fn is_lower_alnum(b: u8) -> bool {
    b.is_ascii_lowercase() || b.is_ascii_digit()
}

/// What a character is to the DNS patterns.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Dns {
    Alnum,
    Dash,
    Dot,
    Other,
}

/// `label(\.label)*` with `label = alnum([-alnum]*alnum)?`: non-empty, starts
/// and ends with an alphanumeric, a `-` never follows a `.`, a `.` only
/// follows an alphanumeric.
#[inline]
fn dns_subdomain_shape(classes: impl Iterator<Item = Dns>) -> bool {
    let mut prev = Dns::Other; // "nothing yet": neither Alnum nor Dash
    for c in classes {
        let ok = match c {
            Dns::Alnum => true,
            Dns::Dash => matches!(prev, Dns::Alnum | Dns::Dash),
            Dns::Dot => prev == Dns::Alnum,
            Dns::Other => false,
        };
        if !ok {
            return false;
        }
        prev = c;
    }
    prev == Dns::Alnum
}

#[inline]
fn lower_dns_class(b: u8) -> Dns {
    match b {
        b'a'..=b'z' | b'0'..=b'9' => Dns::Alnum,
        b'-' => Dns::Dash,
        b'.' => Dns::Dot,
        _ => Dns::Other,
    }
}

/// Upstream's caseless pattern is `(?i)` + the lowercase one; RE2 folds case
/// with Unicode simple folding, so besides `A-Z` the class `[a-z]` also
/// matches U+017F (LATIN SMALL LETTER LONG S, folds to `s`) and U+212A
/// (KELVIN SIGN, folds to `k`).
#[inline]
fn caseless_dns_class(c: char) -> Dns {
    match c {
        'a'..='z' | 'A'..='Z' | '0'..='9' | '\u{17F}' | '\u{212A}' => Dns::Alnum,
        '-' => Dns::Dash,
        '.' => Dns::Dot,
        _ => Dns::Other,
    }
}

/// Whether `value` matches [`DNS1123_LABEL_FMT`] (length not checked).
#[inline]
pub fn matches_dns1123_label(value: &str) -> bool {
    let b = value.as_bytes();
    match (b.first(), b.last()) {
        (Some(&first), Some(&last)) => {
            is_lower_alnum(first)
                && is_lower_alnum(last)
                && b.iter().all(|&c| is_lower_alnum(c) || c == b'-')
        }
        _ => false,
    }
}

/// Whether `value` matches [`DNS1123_SUBDOMAIN_FMT`] (length not checked).
#[inline]
pub fn matches_dns1123_subdomain(value: &str) -> bool {
    dns_subdomain_shape(value.bytes().map(lower_dns_class))
}

/// Whether `value` matches upstream's caseless subdomain pattern
/// `(?i)`[`DNS1123_SUBDOMAIN_FMT`] (length not checked).
///
/// Like RE2's `(?i)`, letters match in either case, and U+017F (`ſ`) and
/// U+212A (KELVIN SIGN) match as the letters they fold to.
#[inline]
pub fn matches_dns1123_subdomain_caseless(value: &str) -> bool {
    if value.is_ascii() {
        dns_subdomain_shape(value.bytes().map(|b| caseless_dns_class(b as char)))
    } else {
        dns_subdomain_shape(value.chars().map(caseless_dns_class))
    }
}

/// Whether `value` matches [`LABEL_KEY_FMT`], the pattern of a label key's
/// name part (length not checked).
#[inline]
pub fn matches_label_key_name(value: &str) -> bool {
    let b = value.as_bytes();
    match (b.first(), b.last()) {
        (Some(&first), Some(&last)) => {
            first.is_ascii_alphanumeric()
                && last.is_ascii_alphanumeric()
                && b.iter()
                    .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
        }
        _ => false,
    }
}

/// Whether `value` matches [`LABEL_VALUE_FMT`] (empty, or a label key name;
/// length not checked).
#[inline]
pub fn matches_label_value(value: &str) -> bool {
    value.is_empty() || matches_label_key_name(value)
}

/// Whether `value` matches [`C_IDENTIFIER_FMT`] (length not checked).
#[inline]
pub fn matches_c_identifier(value: &str) -> bool {
    match value.as_bytes().split_first() {
        Some((&first, rest)) => {
            (first.is_ascii_alphabetic() || first == b'_')
                && rest.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'_')
        }
        None => false,
    }
}

/// Upstream's `conditionReasonFmt` (Kubernetes 1.38).
pub const CONDITION_REASON_FMT: &str = "[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?";

/// The message of a value that is not a condition reason
/// (`k8s-condition-reason`, Kubernetes 1.38; upstream `IsValidReason`).
pub const CONDITION_REASON_ERROR: &str = "a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName',  or 'ReasonA,ReasonB',  or 'ReasonA:ReasonB', regex used for validation is '[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?')";

/// Whether `value` matches [`CONDITION_REASON_FMT`] (no length limit).
#[inline]
pub fn matches_condition_reason(value: &str) -> bool {
    match value.as_bytes() {
        [] => false,
        [first] => first.is_ascii_alphabetic(),
        [first, middle @ .., last] => {
            first.is_ascii_alphabetic()
                && middle
                    .iter()
                    .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b',' | b':'))
                && (last.is_ascii_alphanumeric() || *last == b'_')
        }
    }
}

/// Whether `value` is a lowercase UUID in 8-4-4-4-12 form: exactly 36 bytes,
/// `-` at offsets 8, 13, 18 and 23, `[0-9a-f]` elsewhere (upstream
/// `validate.UUID`; uppercase is rejected).
#[inline]
pub fn matches_uuid(value: &str) -> bool {
    let b = value.as_bytes();
    b.len() == 36
        && b.iter().enumerate().all(|(i, &c)| match i {
            8 | 13 | 18 | 23 => c == b'-',
            _ => matches!(c, b'0'..=b'9' | b'a'..=b'f'),
        })
}

// ---------------------------------------------------------------------------
// Upstream-shaped checks.

/// Upstream's `IsDNS1123Label` (`k8s-short-name`): a DNS (RFC 1123) label.
///
/// Messages: `must be no more than 63 bytes` when longer than 63 bytes; then,
/// when the pattern does not match, `must not contain dots` if the value is a
/// DNS subdomain, else [`DNS1123_LABEL_ERROR`].
pub fn is_dns1123_label(value: &str) -> Messages {
    collect(dns1123_label_messages(value))
}

/// At most two static messages, packed from the front: the allocation-free
/// form of the checks whose messages are all static text, which the format
/// validators use.
pub(crate) type StaticMessages = [Option<&'static str>; 2];

const MAX_LEN_63: &str = "must be no more than 63 bytes";
/// The one literal of [`MAX_LEN_253`] (see [`dns1123_subdomain_error`]).
macro_rules! max_len_253 {
    () => {
        "must be no more than 253 bytes"
    };
}
const MAX_LEN_253: &str = max_len_253!();

#[inline]
fn pack(first: Option<&'static str>, second: Option<&'static str>) -> StaticMessages {
    if first.is_some() {
        [first, second]
    } else {
        [second, None]
    }
}

fn collect(msgs: StaticMessages) -> Messages {
    msgs.into_iter().flatten().map(Cow::Borrowed).collect()
}

/// [`is_dns1123_label`] without allocating.
pub(crate) fn dns1123_label_messages(value: &str) -> StaticMessages {
    let too_long = value.len() > DNS1123_LABEL_MAX_LENGTH;
    let matches = matches_dns1123_label(value);
    if !too_long && matches {
        return [None, None];
    }
    let pattern = (!matches).then(|| {
        if matches_dns1123_subdomain(value) {
            DNS1123_LABEL_DOTS_ERROR
        } else {
            DNS1123_LABEL_ERROR
        }
    });
    pack(too_long.then_some(MAX_LEN_63), pattern)
}

/// Upstream's `IsDNS1123Subdomain` (`k8s-long-name`): a lowercase DNS
/// (RFC 1123) subdomain.
///
/// Messages: `must be no more than 253 bytes` when longer than 253 bytes;
/// [`DNS1123_SUBDOMAIN_ERROR`] when the pattern does not match.
pub fn is_dns1123_subdomain(value: &str) -> Messages {
    collect(dns1123_subdomain_messages(value))
}

/// [`is_dns1123_subdomain`] without allocating.
pub(crate) fn dns1123_subdomain_messages(value: &str) -> StaticMessages {
    subdomain_messages(
        value,
        matches_dns1123_subdomain(value),
        DNS1123_SUBDOMAIN_ERROR,
    )
}

/// Upstream's deprecated `IsDNS1123SubdomainCaseless`
/// (`k8s-long-name-caseless`): a DNS subdomain that may contain uppercase
/// letters (see [`matches_dns1123_subdomain_caseless`]).
///
/// Messages: `must be no more than 253 bytes` when longer than 253 bytes;
/// [`DNS1123_SUBDOMAIN_CASELESS_ERROR`] when the pattern does not match.
pub fn is_dns1123_subdomain_caseless(value: &str) -> Messages {
    collect(dns1123_subdomain_caseless_messages(value))
}

/// [`is_dns1123_subdomain_caseless`] without allocating.
pub(crate) fn dns1123_subdomain_caseless_messages(value: &str) -> StaticMessages {
    subdomain_messages(
        value,
        matches_dns1123_subdomain_caseless(value),
        DNS1123_SUBDOMAIN_CASELESS_ERROR,
    )
}

#[inline]
fn subdomain_messages(value: &str, matches: bool, error: &'static str) -> StaticMessages {
    let too_long = value.len() > DNS1123_SUBDOMAIN_MAX_LENGTH;
    pack(too_long.then_some(MAX_LEN_253), (!matches).then_some(error))
}

/// Upstream's `IsLabelKey` (`k8s-label-key`; also upstream's
/// `IsQualifiedName`): an optional DNS subdomain prefix and `/`, then a name.
///
/// Messages, in order: more than one `/` gives [`LABEL_KEY_ERROR`] alone.
/// Otherwise, for a prefix: `prefix part must be non-empty`, or each
/// [`is_dns1123_subdomain`] message after `prefix part `; for the name:
/// `name part must be non-empty` or `name part must be no more than 63 bytes`,
/// then [`LABEL_KEY_NAME_ERROR`] when the name does not match
/// [`LABEL_KEY_FMT`] (an empty name gets both).
pub fn is_label_key(value: &str) -> Messages {
    label_key_messages(value)
        .into_iter()
        .flatten()
        .map(Cow::Borrowed)
        .collect()
}

/// The messages of a label key, at most four, packed from the front; all
/// static text.
pub(crate) type LabelKeyMessages = [Option<&'static str>; 4];

/// `prefix part ` + [`MAX_LEN_253`].
const PREFIX_MAX_LEN_253: &str = concat!("prefix part ", max_len_253!());
/// `prefix part ` + [`DNS1123_SUBDOMAIN_ERROR`].
const PREFIX_DNS1123_SUBDOMAIN_ERROR: &str = concat!("prefix part ", dns1123_subdomain_error!());

/// [`is_label_key`] without allocating: one scan for the `/` and one over
/// each part when the key is valid; the messages are worked out only for an
/// invalid key.
#[inline]
pub(crate) fn label_key_messages(value: &str) -> LabelKeyMessages {
    let (prefix, name) = match value.bytes().position(|b| b == b'/') {
        None => (None, value),
        Some(i) => (Some(&value[..i]), &value[i + 1..]),
    };
    // A `/` in the name fails the name's pattern.
    let name_ok = name.len() <= LABEL_KEY_NAME_MAX_LENGTH && matches_label_key_name(name);
    let prefix_ok = prefix
        .is_none_or(|p| p.len() <= DNS1123_SUBDOMAIN_MAX_LENGTH && matches_dns1123_subdomain(p));
    if name_ok && prefix_ok {
        return [None; 4];
    }
    label_key_failure(prefix, name)
}

#[cold]
#[inline(never)]
fn label_key_failure(prefix: Option<&str>, name: &str) -> LabelKeyMessages {
    let mut msgs = [None; 4];
    if name.contains('/') {
        msgs[0] = Some(LABEL_KEY_ERROR);
        return msgs;
    }
    let mut n = 0;
    let mut push = |m: &'static str| {
        msgs[n] = Some(m);
        n += 1;
    };
    if let Some(prefix) = prefix {
        if prefix.is_empty() {
            push("prefix part must be non-empty");
        } else {
            if prefix.len() > DNS1123_SUBDOMAIN_MAX_LENGTH {
                push(PREFIX_MAX_LEN_253);
            }
            if !matches_dns1123_subdomain(prefix) {
                push(PREFIX_DNS1123_SUBDOMAIN_ERROR);
            }
        }
    }
    if name.is_empty() {
        push("name part must be non-empty");
    } else if name.len() > LABEL_KEY_NAME_MAX_LENGTH {
        push("name part must be no more than 63 bytes");
    }
    if !matches_label_key_name(name) {
        push(LABEL_KEY_NAME_ERROR);
    }
    msgs
}

/// Upstream's `IsPrefixedLabelKey` (`k8s-prefixed-label-key`): a label key
/// whose prefix is present.
///
/// Messages: those of [`is_label_key`] if any; else
/// [`LABEL_KEY_PREFIX_REQUIRED_ERROR`] when there is no `/`.
pub fn is_prefixed_label_key(value: &str) -> Messages {
    prefixed_label_key_messages(value)
        .into_iter()
        .flatten()
        .map(Cow::Borrowed)
        .collect()
}

/// [`is_prefixed_label_key`] without allocating.
#[inline]
pub(crate) fn prefixed_label_key_messages(value: &str) -> LabelKeyMessages {
    let msgs = label_key_messages(value);
    if msgs[0].is_none() && !value.contains('/') {
        return [Some(LABEL_KEY_PREFIX_REQUIRED_ERROR), None, None, None];
    }
    msgs
}

/// Upstream's `IsLabelValue` (`k8s-label-value`): empty, or a label key name.
///
/// Messages: `must be no more than 63 bytes` when longer than 63 bytes;
/// [`LABEL_VALUE_ERROR`] when the pattern does not match.
pub fn is_label_value(value: &str) -> Messages {
    collect(label_value_messages(value))
}

/// [`is_label_value`] without allocating.
pub(crate) fn label_value_messages(value: &str) -> StaticMessages {
    let too_long = value.len() > LABEL_VALUE_MAX_LENGTH;
    if !too_long && matches_label_value(value) {
        return [None, None];
    }
    pack(
        too_long.then_some(MAX_LEN_63),
        (!matches_label_value(value)).then_some(LABEL_VALUE_ERROR),
    )
}

/// Upstream's `IsCIdentifier`: [`C_IDENTIFIER_ERROR`] when the value does not
/// match [`C_IDENTIFIER_FMT`]. The length is not checked.
pub fn is_c_identifier(value: &str) -> Messages {
    if matches_c_identifier(value) {
        Vec::new()
    } else {
        vec![Cow::Borrowed(C_IDENTIFIER_ERROR)]
    }
}

/// Upstream's `IsPathSegmentName` (`k8s-path-segment-name`): a name that can
/// be used as one segment of a URL or storage path.
///
/// `.` gives `may not be '.'` and `..` gives `may not be '..'` (alone);
/// otherwise the messages of [`is_path_segment_prefix`]. As upstream, the
/// empty string and the length are not checked.
pub fn is_path_segment_name(value: &str) -> Messages {
    match value {
        "." => vec![Cow::Borrowed("may not be '.'")],
        ".." => vec![Cow::Borrowed("may not be '..'")],
        _ => is_path_segment_prefix(value),
    }
}

/// Upstream's `IsPathSegmentPrefix`: `may not contain '/'` when the value
/// contains `/`, then `may not contain '%'` when it contains `%`.
pub fn is_path_segment_prefix(value: &str) -> Messages {
    let (mut slash, mut percent) = (false, false);
    for &b in value.as_bytes() {
        slash |= b == b'/';
        percent |= b == b'%';
    }
    if !slash && !percent {
        return Vec::new();
    }
    let mut msgs = Vec::with_capacity(2);
    if slash {
        msgs.push(Cow::Borrowed("may not contain '/'"));
    }
    if percent {
        msgs.push(Cow::Borrowed("may not contain '%'"));
    }
    msgs
}

/// Upstream's `IsDecimalInteger`: `0`, or an optional `-` then `[1-9][0-9]*`.
///
/// Messages: [`EMPTY_ERROR`] for the empty string; [`DECIMAL_INTEGER_ERROR`]
/// for anything else that is not canonical (`-`, `-0`, `007`, `+1`, ...).
pub fn is_decimal_integer(value: &str) -> Messages {
    let b = value.as_bytes();
    if b.is_empty() {
        return vec![Cow::Borrowed(EMPTY_ERROR)];
    }
    let digits = b.strip_prefix(b"-").unwrap_or(b);
    let canonical = match digits.split_first() {
        Some((b'0', [])) => digits.len() == b.len(), // "0", not "-0"
        Some((b'1'..=b'9', rest)) => rest.iter().all(u8::is_ascii_digit),
        _ => false,
    };
    if canonical {
        Vec::new()
    } else {
        vec![Cow::Borrowed(DECIMAL_INTEGER_ERROR)]
    }
}

// ---------------------------------------------------------------------------
// IP addresses (`k8s.io/utils/net.ParseIPSloppy`).

/// Parses an IP address the way `k8s.io/utils/net.ParseIPSloppy` does (Go
/// 1.16's `net.ParseIP`), the rule behind `+k8s:format=k8s-ip`.
///
/// * The first `.` or `:` in the value decides: `.` means IPv4, `:` IPv6,
///   neither is invalid.
/// * IPv4 is four dot-separated decimal octets, each at most 255. Octets may
///   have any number of leading zeros, read as decimal (`010.001.0.0255` is
///   `10.1.0.255`), unlike current Go and Rust parsers.
/// * IPv6 (RFC 4291 text form) has hexadecimal groups of value at most
///   `0xffff` (any number of leading zeros again, either case), at most one
///   `::` standing for one or more zero groups, and optionally an IPv4
///   address (same rules) as the last 32 bits (`::ffff:1.2.3.4`,
///   `64:ff9b::10.0.0.1`). No zone (`%eth0`), no brackets, no surrounding
///   spaces.
///
/// Dotted-quad input gives [`IpAddr::V4`]; IPv6 input (IPv4-mapped too)
/// gives [`IpAddr::V6`].
pub fn parse_ip_sloppy(value: &str) -> Option<IpAddr> {
    let b = value.as_bytes();
    match b.iter().find(|&&c| c == b'.' || c == b':') {
        Some(b'.') => parse_ipv4(b).map(|o| IpAddr::V4(Ipv4Addr::from(o))),
        Some(_) => parse_ipv6(b).map(|o| IpAddr::V6(Ipv6Addr::from(o))),
        None => None,
    }
}

/// Whether [`parse_ip_sloppy`] accepts `value`.
#[inline]
pub fn is_ip_sloppy(value: &str) -> bool {
    parse_ip_sloppy(value).is_some()
}

/// A run of decimal digits at the start of `s` with value at most 255:
/// `(value, digits consumed)`.
#[inline]
fn leading_octet(s: &[u8]) -> Option<(u8, usize)> {
    let mut n: u32 = 0;
    let mut used = 0;
    for &c in s {
        if !c.is_ascii_digit() {
            break;
        }
        n = n * 10 + u32::from(c - b'0');
        if n > 0xFF {
            return None;
        }
        used += 1;
    }
    if used == 0 {
        return None;
    }
    Some((n as u8, used))
}

/// A run of hexadecimal digits at the start of `s` with value at most
/// `0xffff`: `(value, digits consumed)`.
#[inline]
fn leading_group(s: &[u8]) -> Option<(u16, usize)> {
    let mut n: u32 = 0;
    let mut used = 0;
    for &c in s {
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            _ => break,
        };
        n = n * 16 + u32::from(d);
        if n > 0xFFFF {
            return None;
        }
        used += 1;
    }
    if used == 0 {
        return None;
    }
    Some((n as u16, used))
}

fn parse_ipv4(s: &[u8]) -> Option<[u8; 4]> {
    let mut out = [0u8; 4];
    let mut rest = s;
    for (i, octet) in out.iter_mut().enumerate() {
        if i > 0 {
            rest = rest.strip_prefix(b".")?;
        }
        let (n, used) = leading_octet(rest)?;
        *octet = n;
        rest = &rest[used..];
    }
    rest.is_empty().then_some(out)
}

fn parse_ipv6(s: &[u8]) -> Option<[u8; 16]> {
    let mut ip = [0u8; 16];
    // Byte offset in `ip` where the `::` stands, if any.
    let mut ellipsis: Option<usize> = None;
    let mut rest = s;
    if let Some(after) = rest.strip_prefix(b"::") {
        ellipsis = Some(0);
        rest = after;
        if rest.is_empty() {
            return Some(ip);
        }
    }
    let mut i = 0;
    while i < 16 {
        let (group, used) = leading_group(rest)?;
        if rest.get(used) == Some(&b'.') {
            // An embedded IPv4 address: it must be the last 32 bits, or
            // somewhere a `::` can still move it there.
            if (ellipsis.is_none() && i != 12) || i + 4 > 16 {
                return None;
            }
            let v4 = parse_ipv4(rest)?;
            ip[i..i + 4].copy_from_slice(&v4);
            rest = &[];
            i += 4;
            break;
        }
        ip[i..i + 2].copy_from_slice(&group.to_be_bytes());
        i += 2;
        rest = &rest[used..];
        if rest.is_empty() {
            break;
        }
        // A group is followed by `:` and more.
        if rest[0] != b':' || rest.len() == 1 {
            return None;
        }
        rest = &rest[1..];
        if rest[0] == b':' {
            if ellipsis.is_some() {
                return None;
            }
            ellipsis = Some(i);
            rest = &rest[1..];
            if rest.is_empty() {
                break;
            }
        }
    }
    if !rest.is_empty() {
        return None;
    }
    match (i < 16, ellipsis) {
        (true, Some(at)) => {
            let zeros = 16 - i;
            ip.copy_within(at..i, at + zeros);
            ip[at..at + zeros].fill(0);
            Some(ip)
        }
        (true, None) => None,
        // `::` must stand for at least one zero group.
        (false, Some(_)) => None,
        (false, None) => Some(ip),
    }
}

#[cfg(test)]
#[path = "content_tests.rs"]
mod tests;
