//! `parse_ip_sloppy` (`k8s.io/utils/net.ParseIPSloppy`, Go 1.16's
//! `net.ParseIP`) and the `+k8s:format=k8s-ip` validator: the body of the
//! `ip` fuzz target, run by libFuzzer (`fuzz_targets/ip.rs`) and by the
//! stable replay test over the committed corpus
//! (`tests/tests/fuzz_corpora.rs`). The runtime has no CIDR parser.
//!
//! Properties, for any input:
//!
//! * the parser never panics;
//! * what `std::net` parses (strict: no leading zeros in IPv4), the sloppy
//!   parser parses to the same address (a dotted quad to IPv4, anything
//!   with a `:` to IPv6);
//! * it reads what `std::net` reads once the leading zeros of every digit
//!   run are stripped (`010.1.2.3` as `10.1.2.3`, `::0001` as `::1`), and
//!   nothing else;
//! * a parsed address prints (`std`'s `Display`) a string that both
//!   parsers read back as the same address;
//! * the validator reports exactly one error (origin `format=k8s-ip`) when
//!   the parser refuses the value, and none otherwise.

use std::net::IpAddr;

use k8s_validation::field::Path;
use k8s_validation::validate::content::parse_ip_sloppy;
use k8s_validation::{validate, ErrorList, Operation};

pub fn run(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let sloppy = parse_ip_sloppy(text);
    if let Ok(strict) = text.parse::<IpAddr>() {
        assert_eq!(sloppy, Some(strict), "{text:?}: std reads {strict}");
    }
    let stripped = strip_leading_zeros(text);
    assert_eq!(
        sloppy,
        stripped.parse::<IpAddr>().ok(),
        "{text:?}: std reads {stripped:?} differently"
    );
    if let Some(ip) = sloppy {
        let v4_text = !text.contains(':');
        assert_eq!(ip.is_ipv4(), v4_text, "{text:?} -> {ip:?}");
        let printed = ip.to_string();
        assert_eq!(
            parse_ip_sloppy(&printed),
            Some(ip),
            "{text:?} prints {printed:?}"
        );
        assert_eq!(
            printed.parse::<IpAddr>().ok(),
            Some(ip),
            "{text:?} prints {printed:?}"
        );
    }
    let path = Path::new("ip");
    let errs = ErrorList::from_fn(|e| {
        validate::ip(e, &Operation::create(), &path, Some(text), None);
    });
    match sloppy {
        Some(_) => assert!(errs.is_empty(), "{text:?}: {errs:?}"),
        None => {
            assert_eq!(errs.len(), 1, "{text:?}: {errs:?}");
            assert_eq!(errs[0].origin(), Some("format=k8s-ip"), "{text:?}");
        }
    }
}

/// The text with the leading zeros of every run of hexadecimal digits
/// removed (a run of zeros keeps one), so that `std::net` reads what the
/// sloppy parser should (the oracle of `validation-runtime/tests/format_oracle.rs`).
fn strip_leading_zeros(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
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
