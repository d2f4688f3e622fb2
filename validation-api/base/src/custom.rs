//! Helpers of the hand-written functions that `+k8s:customValidation` calls
//! in the 1.37 and 1.38 mirrors (each mirror crate's `src/custom.rs`).

use k8s_validation::field::Path;
use k8s_validation::{Error, ErrorList};

/// Reports a value whose domain (the part before the first `/`, lower-cased,
/// trimmed of spaces and trailing dots) ends with one of `reserved` or is one
/// of them without its leading dot (`ValidateForbiddenReservedDomainSuffixes`).
fn forbid_reserved_domain_suffixes(path: &Path<'_>, value: &str, reserved: &[&str]) -> ErrorList {
    let first = value.split('/').next().unwrap_or("");
    let domain = first.to_lowercase();
    let domain = domain.trim().trim_end_matches('.');
    if reserved
        .iter()
        .any(|s| domain.ends_with(s) || domain == s.trim_matches('.'))
    {
        let shown: Vec<String> = reserved.iter().map(|s| format!("*{s}")).collect();
        return Error::invalid(
            path,
            value,
            format!("domain names {} are reserved", shown.join(", ")),
        )
        .into();
    }
    ErrorList::new()
}

const RESERVED: &[&str] = &[".k8s.io", ".kubernetes.io"];

/// A set name must not end in a domain reserved for Kubernetes (1.37's and
/// 1.38's `EvictionResponder.name` and `EvictionRequestSpec.requester`).
pub fn reserved_domain(path: &Path<'_>, value: Option<&String>) -> ErrorList {
    match value {
        Some(v) => forbid_reserved_domain_suffixes(path, v, RESERVED),
        None => ErrorList::new(),
    }
}
