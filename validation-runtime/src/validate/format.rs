//! String formats: `+k8s:format=<name>` (upstream `validate/strfmt.go`).
//!
//! One validator per format name (see [`FORMAT_NAMES`]); the checks
//! themselves live in [`content`]. Every validator accepts an
//! unset value (`None`), ignores the old value, returns upstream's messages
//! as `Invalid` errors (a few `Too long` ones) and sets the origin
//! `format=<name>` on every error.
//!
//! Bad values follow upstream: the short-name family (`k8s-short-name`,
//! `k8s-long-name`, `k8s-long-name-caseless`, `k8s-label-key`,
//! `k8s-prefixed-label-key`, `k8s-label-value`, `k8s-path-segment-name`)
//! reports the value itself, so a plain `String` prints Go-quoted and a
//! newtype prints as JSON, like a Go named string type; `k8s-ip` does the
//! same. The other formats convert to a plain Go `string` first upstream, so
//! their bad value always prints Go-quoted: the whole value for `k8s-uuid`,
//! `k8s-extended-resource-name` and the "no slash" / "empty segment" errors,
//! the offending part for pool-name segments, fully-qualified-name prefixes
//! and C-identifier names.
//!
//! ```
//! use k8s_validation::field::Path;
//! use k8s_validation::{ErrorList, validate, Operation};
//!
//! let path = Path::new("name");
//! let errs = ErrorList::from_fn(|e| validate::short_name(e, &Operation::create(), &path, Some("a.b"), None));
//! assert_eq!(errs[0].to_string(), "name: Invalid value: \"a.b\": must not contain dots");
//! assert_eq!(errs[0].origin(), Some("format=k8s-short-name"));
//! assert!(ErrorList::from_fn(|e| validate::short_name(e, &Operation::create(), &path, Some("a-b"), None)).is_empty());
//! ```

use std::borrow::Cow;

use super::content::{self, Messages};
use crate::field::{with_bad_value, BadValue, Error, ErrorList, Path};
use crate::{Operation, StrValue};

/// Every `+k8s:format=` payload this module implements, alphabetized (the
/// shared table [`k8s_validation_spec::FORMATS`]).
///
/// `k8s-ip` is documented upstream but disabled in Kubernetes 1.35/1.36; it
/// is implemented here as documented. `k8s-path-segment-name` follows
/// Kubernetes 1.36 and `k8s-prefixed-label-key` upstream's main branch.
pub const FORMAT_NAMES: &[&str] = &k8s_validation_spec::format::NAMES;

/// `(format name, validator function in this module)` for every entry of
/// [`FORMAT_NAMES`], in the same order: what code generation emits for
/// `+k8s:format=<name>` (from [`k8s_validation_spec::FORMATS`], which the
/// generator reads too).
pub const FORMAT_VALIDATORS: &[(&str, &str)] = &k8s_validation_spec::format::PAIRS;

/// The short-name family: run `check`, report the value itself, one
/// `Invalid` error per message. The value is rendered once and moved into the
/// last error; the path is rendered once per error.
#[inline]
fn by_messages<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    path: &Path<'_>,
    value: Option<&S>,
    check: fn(&str) -> Messages,
    origin: &'static str,
) {
    let Some(v) = value else {
        return;
    };
    let msgs = check(v.as_str());
    if !msgs.is_empty() {
        with_bad_value(&v, |bad| invalid_each(errs, path, bad, msgs, origin));
    }
}

/// [`by_messages`] for checks whose messages are all static text (at most
/// `N`, packed from the front): nothing is allocated for the messages.
#[inline]
fn by_static_messages<S: StrValue + ?Sized, const N: usize>(
    errs: &mut ErrorList,
    path: &Path<'_>,
    value: Option<&S>,
    check: fn(&str) -> [Option<&'static str>; N],
    origin: &'static str,
) {
    let Some(v) = value else {
        return;
    };
    let msgs = check(v.as_str());
    if msgs[0].is_some() {
        with_bad_value(&v, |bad| invalid_static(errs, path, bad, &msgs, origin));
    }
}

/// One `Invalid` error per message of `msgs` (packed from the front), all
/// with the same bad value and origin; the value moves into the last.
#[cold]
fn invalid_static(
    errs: &mut ErrorList,
    path: &Path<'_>,
    bad: BadValue,
    msgs: &[Option<&'static str>],
    origin: &'static str,
) {
    let n = msgs.iter().take_while(|m| m.is_some()).count();
    let mut bad = Some(bad);
    for (i, msg) in msgs[..n].iter().flatten().enumerate() {
        let value = if i + 1 == n {
            bad.take().unwrap_or(BadValue::Omitted)
        } else {
            bad.clone().unwrap_or(BadValue::Omitted)
        };
        errs.push(Error::invalid(path, value, *msg).with_origin(origin));
    }
}

/// One `Invalid` error per message, all with the same bad value and origin.
#[cold]
fn invalid_each(
    errs: &mut ErrorList,
    path: &Path<'_>,
    bad: BadValue,
    msgs: Messages,
    origin: &'static str,
) {
    let mut bad = Some(bad);
    let last = msgs.len() - 1;
    for (i, msg) in msgs.into_iter().enumerate() {
        let value = if i == last {
            bad.take().unwrap_or(BadValue::Omitted)
        } else {
            bad.clone().unwrap_or(BadValue::Omitted)
        };
        errs.push(Error::invalid(path, value, msg).with_origin(origin));
    }
}

/// `+k8s:format=k8s-short-name`: a DNS (RFC 1123) label
/// ([`content::is_dns1123_label`]): lowercase alphanumerics and `-`, starting
/// and ending with an alphanumeric, at most 63 bytes.
///
/// Errors: `Invalid` per message (`must be no more than 63 bytes`,
/// `must not contain dots` or the pattern message), origin
/// `format=k8s-short-name`.
#[inline]
pub fn short_name<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    _old: Option<&S>,
) {
    by_static_messages(
        errs,
        path,
        value,
        content::dns1123_label_messages,
        "format=k8s-short-name",
    )
}

/// `+k8s:format=k8s-long-name`: a lowercase DNS (RFC 1123) subdomain
/// ([`content::is_dns1123_subdomain`]): dot-separated DNS labels, at most
/// 253 bytes.
///
/// Errors: `Invalid` per message, origin `format=k8s-long-name`.
#[inline]
pub fn long_name<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    _old: Option<&S>,
) {
    by_static_messages(
        errs,
        path,
        value,
        content::dns1123_subdomain_messages,
        "format=k8s-long-name",
    )
}

/// `+k8s:format=k8s-long-name-caseless` (deprecated upstream): a DNS
/// subdomain that may contain uppercase letters
/// ([`content::is_dns1123_subdomain_caseless`]).
///
/// Errors: `Invalid` per message, origin `format=k8s-long-name-caseless`.
#[inline]
pub fn long_name_caseless<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    _old: Option<&S>,
) {
    by_static_messages(
        errs,
        path,
        value,
        content::dns1123_subdomain_caseless_messages,
        "format=k8s-long-name-caseless",
    )
}

/// `+k8s:format=k8s-label-key`: a label key ([`content::is_label_key`]): an
/// optional DNS subdomain prefix and `/`, then a name of at most 63 bytes of
/// alphanumerics, `-`, `_` and `.`, starting and ending with an alphanumeric.
///
/// Errors: `Invalid` per message, origin `format=k8s-label-key`.
#[inline]
pub fn label_key<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    _old: Option<&S>,
) {
    by_static_messages(
        errs,
        path,
        value,
        content::label_key_messages,
        "format=k8s-label-key",
    )
}

/// `+k8s:format=k8s-prefixed-label-key`: a label key whose prefix is required
/// ([`content::is_prefixed_label_key`]).
///
/// Errors: `Invalid` per message (a valid key without prefix gets
/// `must include a prefix (e.g. 'example.com/key')`), origin
/// `format=k8s-prefixed-label-key`.
#[inline]
pub fn prefixed_label_key<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    _old: Option<&S>,
) {
    by_static_messages(
        errs,
        path,
        value,
        content::prefixed_label_key_messages,
        "format=k8s-prefixed-label-key",
    )
}

/// `+k8s:format=k8s-label-value`: a label value ([`content::is_label_value`]):
/// empty, or at most 63 bytes of alphanumerics, `-`, `_` and `.`, starting and
/// ending with an alphanumeric.
///
/// Errors: `Invalid` per message, origin `format=k8s-label-value`.
#[inline]
pub fn label_value<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    _old: Option<&S>,
) {
    by_static_messages(
        errs,
        path,
        value,
        content::label_value_messages,
        "format=k8s-label-value",
    )
}

/// `+k8s:format=k8s-path-segment-name`: a name usable as a path segment
/// ([`content::is_path_segment_name`]): not `.` or `..`, no `/`, no `%`.
/// Empty values and lengths are not checked (as upstream).
///
/// Errors: `Invalid` per message, origin `format=k8s-path-segment-name`.
#[inline]
pub fn path_segment_name<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    _old: Option<&S>,
) {
    by_messages(
        errs,
        path,
        value,
        content::is_path_segment_name,
        "format=k8s-path-segment-name",
    )
}

/// `+k8s:format=k8s-uuid`: a lowercase UUID in 8-4-4-4-12 form
/// ([`content::matches_uuid`]).
///
/// Error: `Invalid value: "<value>": must be a lowercase UUID in 8-4-4-4-12
/// format`, origin `format=k8s-uuid`; the value prints as a plain Go string.
#[inline]
pub fn uuid<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    _old: Option<&S>,
) {
    match value.map(StrValue::as_str) {
        Some(v) if !content::matches_uuid(v) => {
            errs.push(Error::invalid(path, v, content::UUID_ERROR).with_origin("format=k8s-uuid"))
        }
        _ => {}
    }
}

/// `+k8s:format=k8s-ip`: an IPv4 or IPv6 address; IPv4 octets may have
/// leading zeros ([`content::parse_ip_sloppy`]).
///
/// Error: `Invalid value: <value>: must be a valid IP address, (e.g. 10.9.8.7
/// or 2001:db8::ffff)`, origin `format=k8s-ip`.
#[inline]
pub fn ip<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    _old: Option<&S>,
) {
    match value {
        Some(v) if !content::is_ip_sloppy(v.as_str()) => errs.push(
            with_bad_value(&v, |bad| Error::invalid(path, bad, content::IP_ERROR))
                .with_origin("format=k8s-ip"),
        ),
        _ => {}
    }
}

const POOL_NAME_ORIGIN: &str = "format=k8s-resource-pool-name";

/// `+k8s:format=k8s-resource-pool-name`: one or more DNS subdomains separated
/// by `/`, at most 253 bytes in all.
///
/// Errors, all with origin `format=k8s-resource-pool-name`: `Too long: may not
/// be more than 253 bytes`; then per segment `i` (from 0), `segment <i>: must
/// not be empty` (bad value: the whole value) or each
/// [`content::is_dns1123_subdomain`] message after `segment <i>: ` (bad value:
/// the segment).
pub fn resource_pool_name<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    _old: Option<&S>,
) {
    let Some(v) = value else {
        return;
    };
    let val = v.as_str();
    if val.len() > content::DNS1123_SUBDOMAIN_MAX_LENGTH {
        errs.push(
            Error::too_long(path, content::DNS1123_SUBDOMAIN_MAX_LENGTH as i64)
                .with_origin(POOL_NAME_ORIGIN),
        );
    }
    for (i, segment) in val.split('/').enumerate() {
        if segment.is_empty() {
            errs.push(
                Error::invalid(path, val, format!("segment {i}: must not be empty"))
                    .with_origin(POOL_NAME_ORIGIN),
            );
            continue;
        }
        for msg in content::is_dns1123_subdomain(segment) {
            errs.push(
                Error::invalid(path, segment, format!("segment {i}: {msg}"))
                    .with_origin(POOL_NAME_ORIGIN),
            );
        }
    }
}

const REQUESTS_PREFIX: &str = "requests.";
const EXTENDED_ORIGIN: &str = "format=k8s-extended-resource-name";

/// Whether `requests.<value>` is a label key, without allocating: no label
/// key is longer than a 253-byte prefix, `/` and a 63-byte name, so a longer
/// value fails and a shorter one fits a stack buffer.
fn quota_name_is_label_key(value: &str) -> bool {
    const MAX: usize =
        content::DNS1123_SUBDOMAIN_MAX_LENGTH + 1 + content::LABEL_KEY_NAME_MAX_LENGTH;
    let len = REQUESTS_PREFIX.len() + value.len();
    if len > MAX {
        return false;
    }
    let mut buf = [0u8; MAX];
    buf[..REQUESTS_PREFIX.len()].copy_from_slice(REQUESTS_PREFIX.as_bytes());
    buf[REQUESTS_PREFIX.len()..len].copy_from_slice(value.as_bytes());
    // Two `str`s concatenated are UTF-8.
    std::str::from_utf8(&buf[..len]).is_ok_and(|key| content::label_key_messages(key)[0].is_none())
}

/// `+k8s:format=k8s-extended-resource-name`: a domain-prefixed name
/// (`example.com/my-prop`) that neither contains `kubernetes.io/` nor starts
/// with `requests.`, and that is a label key once `requests.` is prepended
/// (as resource quota does).
///
/// Errors, in order, all `Invalid` with origin
/// `format=k8s-extended-resource-name` and the whole value as a plain Go
/// string: no `/` gives `a name must be a domain-prefixed path, such as
/// 'example.com/my-prop'`, else containing `kubernetes.io/` gives `must not
/// have "kubernetes.io/" domain`; a `requests.` prefix gives `must not have
/// "requests." prefix`; then every [`content::is_label_key`] message for
/// `requests.<value>`.
pub fn extended_resource_name<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    _old: Option<&S>,
) {
    let Some(v) = value else {
        return;
    };
    let val = v.as_str();
    let has_slash = val.contains('/');
    let kubernetes_domain = has_slash && val.contains("kubernetes.io/");
    let requests_prefix = val.starts_with(REQUESTS_PREFIX);
    if has_slash && !kubernetes_domain && !requests_prefix && quota_name_is_label_key(val) {
        return;
    }

    let mut push = |detail: Cow<'static, str>| {
        errs.push(Error::invalid(path, val, detail).with_origin(EXTENDED_ORIGIN));
    };
    if !has_slash {
        push(Cow::Borrowed(
            "a name must be a domain-prefixed path, such as 'example.com/my-prop'",
        ));
    } else if kubernetes_domain {
        push(Cow::Borrowed("must not have \"kubernetes.io/\" domain"));
    }
    if requests_prefix {
        push(Cow::Borrowed("must not have \"requests.\" prefix"));
    }
    for msg in content::is_label_key(&format!("{REQUESTS_PREFIX}{val}")) {
        push(msg);
    }
}

const FQ_NAME_ORIGIN: &str = "format=k8s-resource-fully-qualified-name";
const RESOURCE_NAME_MAX_LENGTH: usize = 32;

/// The name part of a resource name: a C identifier of at most 32 bytes.
fn c_identifier_part(errs: &mut ErrorList, path: &Path<'_>, id: &str) {
    if id.len() > RESOURCE_NAME_MAX_LENGTH {
        errs.push(
            Error::too_long(path, RESOURCE_NAME_MAX_LENGTH as i64).with_origin(FQ_NAME_ORIGIN),
        );
    }
    if !content::matches_c_identifier(id) {
        errs.push(
            Error::invalid(path, id, content::C_IDENTIFIER_ERROR).with_origin(FQ_NAME_ORIGIN),
        );
    }
}

/// `+k8s:format=k8s-resource-fully-qualified-name`: `<prefix>/<name>` where
/// the prefix is a DNS subdomain of at most 63 bytes and the name a C
/// identifier of at most 32 bytes.
///
/// Errors, all with origin `format=k8s-resource-fully-qualified-name`:
/// * no `/`: the name checks on the whole value, then `a fully qualified name
///   must be a domain and a name separated by a slash` (bad value: the value);
/// * one `/`: `prefix must not be empty` (bad value `""`), or `Too long: may
///   not be more than 63 bytes` and each [`content::is_dns1123_subdomain`]
///   message after `prefix: ` (bad value: the prefix); then `name must not be
///   empty` (bad value `""`) or the name checks;
/// * name checks: `Too long: may not be more than 32 bytes`, then
///   [`content::C_IDENTIFIER_ERROR`] (bad value: the name);
/// * more than one `/`: nothing is reported (as upstream through Kubernetes
///   1.37, which marks this a TODO; 1.38 reports it:
///   [`resource_fully_qualified_name_one_slash`]).
pub fn resource_fully_qualified_name<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    _old: Option<&S>,
) {
    if let Some(v) = value {
        fully_qualified_name(errs, path, v.as_str(), false);
    }
}

/// `+k8s:format=k8s-resource-fully-qualified-name` as Kubernetes 1.38 checks
/// it: [`resource_fully_qualified_name`], and a value with more than one `/`
/// is `Invalid value: "<value>": must not contain more than one slash`
/// (origin `format=k8s-resource-fully-qualified-name`), its parts unchecked.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{ErrorList, validate, Operation};
///
/// let path = Path::new("name");
/// let errs = ErrorList::from_fn(|e| validate::resource_fully_qualified_name_one_slash(e, &Operation::create(), &path, Some("a/b/c"), None));
/// assert_eq!(errs[0].to_string(), r#"name: Invalid value: "a/b/c": must not contain more than one slash"#);
/// ```
#[inline]
pub fn resource_fully_qualified_name_one_slash<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    _old: Option<&S>,
) {
    if let Some(v) = value {
        fully_qualified_name(errs, path, v.as_str(), true);
    }
}

fn fully_qualified_name(errs: &mut ErrorList, path: &Path<'_>, s: &str, one_slash: bool) {
    match s.split_once('/') {
        None => {
            c_identifier_part(errs, path, s);
            errs.push(
                Error::invalid(
                    path,
                    s,
                    "a fully qualified name must be a domain and a name separated by a slash",
                )
                .with_origin(FQ_NAME_ORIGIN),
            );
        }
        Some((prefix, name)) if !name.contains('/') => {
            if prefix.is_empty() {
                errs.push(
                    Error::invalid(path, "", "prefix must not be empty")
                        .with_origin(FQ_NAME_ORIGIN),
                );
            } else {
                if prefix.len() > content::DNS1123_LABEL_MAX_LENGTH {
                    errs.push(
                        Error::too_long(path, content::DNS1123_LABEL_MAX_LENGTH as i64)
                            .with_origin(FQ_NAME_ORIGIN),
                    );
                }
                for msg in content::is_dns1123_subdomain(prefix) {
                    errs.push(
                        Error::invalid(path, prefix, format!("prefix: {msg}"))
                            .with_origin(FQ_NAME_ORIGIN),
                    );
                }
            }
            if name.is_empty() {
                errs.push(
                    Error::invalid(path, "", "name must not be empty").with_origin(FQ_NAME_ORIGIN),
                );
            } else {
                c_identifier_part(errs, path, name);
            }
        }
        Some(_) if one_slash => errs.push(
            Error::invalid(path, s, "must not contain more than one slash")
                .with_origin(FQ_NAME_ORIGIN),
        ),
        Some(_) => {}
    }
}

/// `+k8s:format=k8s-condition-reason` (Kubernetes 1.38): a condition's
/// reason, [`content::CONDITION_REASON_FMT`] (any length: the length is
/// `+k8s:maxBytes`'s).
///
/// Error: `Invalid value: "<value>": ` [`content::CONDITION_REASON_ERROR`],
/// origin `format=k8s-condition-reason`.
///
/// ```
/// use k8s_validation::field::Path;
/// use k8s_validation::{ErrorList, validate, Operation};
///
/// let path = Path::new("reason");
/// let op = Operation::create();
/// assert!(ErrorList::from_fn(|e| validate::condition_reason(e, &op, &path, Some("ReasonA:ReasonB"), None)).is_empty());
/// let errs = ErrorList::from_fn(|e| validate::condition_reason(e, &op, &path, Some("abc-def"), None));
/// assert_eq!(errs[0].origin(), Some("format=k8s-condition-reason"));
/// ```
#[inline]
pub fn condition_reason<S: StrValue + ?Sized>(
    errs: &mut ErrorList,
    _op: &Operation,
    path: &Path<'_>,
    value: Option<&S>,
    _old: Option<&S>,
) {
    by_static_messages(
        errs,
        path,
        value,
        |s| [(!content::matches_condition_reason(s)).then_some(content::CONDITION_REASON_ERROR)],
        "format=k8s-condition-reason",
    )
}
