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
