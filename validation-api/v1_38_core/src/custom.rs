//! The hand-written functions that `+k8s:customValidation` calls in the
//! Kubernetes 1.38 mirror's `core_v1` (that of `lifecycle_v1alpha1` is in
//! `k8s-validation-api-v1-38`'s `src/custom.rs`), the twins of the Go driver's copies in
//! `tests/upstream-oracle/go/realapi-1.38/custom/`. `EvictionResponder` and
//! `EvictionRequestSpec` keep 1.37's rules; `SecurityProfileOCI.ref` and
//! `SecurityProfileOCIBase.localhostProfile` (new in k8s.io/api
//! v0.38.0-beta.0) check what their doc comments state (kubernetes/kubernetes
//! v1.38's own functions were not available): the oracle judges that the
//! generated code calls them where upstream's does, with the same values. The
//! meta/v1 one (`Condition.lastTransitionTime`) ships with the meta types in
//! `k8s_validation::meta::v1_38`.

use k8s_validation::field::Path;
use k8s_validation::{Error, ErrorList, Operation};

use k8s_validation_api_base::custom::reserved_domain;

use crate::core_v1;

/// A digest-pinned reference in canonical form,
/// `registry/repository@<algorithm>:<digest>`: the registry spelled out (a
/// first segment with a dot or a colon, or `localhost`), a lower-case hex
/// sha256, sha384 or sha512 digest (Go's `ociRef`).
fn oci_ref(v: &str) -> bool {
    let Some((name, digest)) = v.rsplit_once('@') else {
        return false;
    };
    let Some((registry, repository)) = name.split_once('/') else {
        return false;
    };
    if repository.is_empty() || !(registry.contains(['.', ':']) || registry == "localhost") {
        return false;
    }
    let (algorithm, hex) = digest.split_once(':').unwrap_or((digest, ""));
    let want = match algorithm {
        "sha256" => 64,
        "sha384" => 96,
        "sha512" => 128,
        _ => return false,
    };
    hex.len() == want
        && hex
            .bytes()
            .all(|c| c.is_ascii_digit() || (b'a'..=b'f').contains(&c))
}

impl core_v1::EvictionResponder {
    /// `ValidateCustom_EvictionResponder_Name`.
    pub fn validate_custom_name(
        _op: &Operation,
        path: &Path<'_>,
        value: Option<&String>,
        _old: Option<&String>,
    ) -> ErrorList {
        reserved_domain(path, value)
    }

    /// `ValidateCustom_EvictionResponder_Priority`: 0 to 999 are reserved.
    pub fn validate_custom_priority(
        _op: &Operation,
        path: &Path<'_>,
        value: Option<&Option<i32>>,
        _old: Option<&Option<i32>>,
    ) -> ErrorList {
        match value {
            Some(Some(v)) if (0..1000).contains(v) => Error::invalid(
                path,
                i64::from(*v),
                "priorities 0-999 are reserved for responders with *.k8s.io suffix",
            )
            .into(),
            _ => ErrorList::new(),
        }
    }
}

impl core_v1::SecurityProfileOCI {
    /// `ValidateCustom_SecurityProfileOCI_Ref` (the field is `ref_`, `ref` being a
    /// keyword): a set reference must be
    /// digest-pinned and canonical.
    pub fn validate_custom_ref_(
        _op: &Operation,
        path: &Path<'_>,
        value: Option<&String>,
        _old: Option<&String>,
    ) -> ErrorList {
        match value {
            Some(v) if !v.is_empty() && !oci_ref(v) => Error::invalid(
                path,
                v.as_str(),
                "must be a digest-pinned reference registry/repository@<algorithm>:<digest> (sha256, sha384 or sha512)",
            )
            .into(),
            _ => ErrorList::new(),
        }
    }
}

impl core_v1::SecurityProfileOCIBase {
    /// `ValidateCustom_SecurityProfileOCIBase_LocalhostProfile`: a
    /// non-empty descending path (not absolute, no `..` segment).
    pub fn validate_custom_localhost_profile(
        _op: &Operation,
        path: &Path<'_>,
        value: Option<&Option<String>>,
        _old: Option<&Option<String>>,
    ) -> ErrorList {
        let Some(Some(v)) = value else {
            return ErrorList::new();
        };
        let bad = v.is_empty()
            || v.starts_with('/')
            || v == ".."
            || v.starts_with("../")
            || v.ends_with("/..")
            || v.contains("/../");
        if bad {
            Error::invalid(path, v.as_str(), "must be a non-empty descending path").into()
        } else {
            ErrorList::new()
        }
    }
}
