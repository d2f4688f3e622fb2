//! The Kubernetes version k8s-openapi was built for, checked against the
//! release this crate validates for, where the two meet.
//!
//! k8s-openapi has one version feature enabled per build (`v1_33` ...
//! `v1_37`, chosen by the final crate; libraries never choose). Its
//! `k8s_if_1_NN!` macros expand their input only for the enabled version;
//! that is how this module reads it, with no build script.
//!
//! **Where the versions meet.** A custom resource's validation does not
//! depend on the cluster's version: tags on your own types validate the same
//! whichever k8s-openapi version the binary picked, so a crate whose tags
//! are on its own types (and on fields of k8s-openapi types, which carry no
//! rules of their own) builds with k8s-openapi `v1_33` to `v1_37` and any
//! validation release. The two versions meet only where the runtime runs a
//! release's rules *on* k8s-openapi types: the API server's `metadata`
//! rules that [`custom_resource!`](crate::custom_resource) (and the derive's
//! kube root) apply to k8s-openapi's `ObjectMeta`. That is where the check
//! is made, at compile time, in the crate that uses the macro
//! ([`check_custom_resource`]); nothing is checked crate-wide.
//!
//! **What cannot work** ([`contradicts`]): a validated release whose rules on
//! k8s-openapi types need types newer than the enabled k8s-openapi version
//! ([`openapi_needed`]):
//!
//! * 1.33 to 1.37: the `metadata` rules are upstream's hand-written
//!   `ValidateObjectMetaAccessor` (unchanged in 1.33-1.37) and read `name`,
//!   `generateName` and `namespace`; the k8s-openapi structs this crate
//!   supports have the same fields in every k8s-openapi 0.29 version
//!   (v1_33 to v1_37 differ only in doc text). Any k8s-openapi version works.
//! * 1.38 (beta upstream): Kubernetes 1.38 validates meta/v1 with its own
//!   rules (1.37's alpha rules as beta, new alpha rules on `namespace` and
//!   `generation`; `docs/releases.md`), which this crate does not hold for
//!   k8s-openapi's `ObjectMeta`, and no k8s-openapi 0.29 version has 1.38's
//!   types. A custom resource root validated for 1.38 is refused, naming both
//!   versions: select 1.37 or older crate-wide.
//!
//! A type that picks its release with `#[validate(kubernetes = "...")]` is
//! not checked: the check reads the crate-wide [`VALIDATED_RELEASE`].

use k8s_validation_spec::Release;

/// The Kubernetes release the runtime validates for, crate-wide: the one
/// its release features (`v1_35`, `v1_36`, `v1_37`, `v1_38`, `latest`,
/// `earliest`) select, [`crate::KUBERNETES_RELEASE`], which is also the
/// derive's default. A type that picks another release with
/// `#[validate(kubernetes = "...")]` is not checked against k8s-openapi.
pub const VALIDATED_RELEASE: Release = crate::KUBERNETES_RELEASE;

/// The Kubernetes version of the enabled k8s-openapi feature, or `None` for
/// a version this crate does not know (a newer k8s-openapi would not build
/// against this crate's `0.29` requirement anyway).
#[allow(unused_assignments)]
pub const K8S_OPENAPI_RELEASE: Option<Release> = {
    let mut release = None;
    k8s_openapi::k8s_if_1_33! { release = Some(Release::V1_33); }
    k8s_openapi::k8s_if_1_34! { release = Some(Release::V1_34); }
    k8s_openapi::k8s_if_1_35! { release = Some(Release::V1_35); }
    k8s_openapi::k8s_if_1_36! { release = Some(Release::V1_36); }
    k8s_openapi::k8s_if_1_37! { release = Some(Release::V1_37); }
    release
};

/// The oldest k8s-openapi version whose types hold what the rules of the
/// release `validated` read on k8s-openapi types (see the
/// [module docs](self)): 1.33 (k8s-openapi 0.29's oldest) for 1.33 to 1.37,
/// 1.38 for 1.38.
pub const fn openapi_needed(validated: Release) -> Release {
    match validated {
        Release::V1_33 | Release::V1_34 | Release::V1_35 | Release::V1_36 | Release::V1_37 => {
            Release::V1_33
        }
        // 1.38, and (`Release` is `#[non_exhaustive]`) a release newer
        // than this function: its own types.
        newer => newer,
    }
}

/// Whether k8s-openapi's version `openapi` contradicts the validated
/// release `validated`: the release's rules on k8s-openapi types need
/// newer types ([`openapi_needed`]).
pub const fn contradicts(openapi: Release, validated: Release) -> bool {
    (openapi as u8) < (openapi_needed(validated) as u8)
}

/// The compile error for a pair that contradicts, naming both versions:
/// one literal per (k8s-openapi version, validated release) pair, as a
/// constant's panic cannot format.
const fn refusal(openapi: Release, validated: Release) -> &'static str {
    macro_rules! text {
        ($kv:literal $kf:literal, $rv:literal) => {
            concat!(
                "k8s-openapi is built for Kubernetes ", $kv, " (its feature `", $kf, "`), ",
                "and k8s-validation validates for Kubernetes ", $rv,
                " (k8s_validation::k8s::VALIDATED_RELEASE): the custom resource's `metadata` rules of ",
                $rv, " run on k8s-openapi's ObjectMeta, and no k8s-openapi 0.29 version has ",
                "Kubernetes ", $rv, "'s meta/v1 types (k8s_validation::k8s::version). ",
                "Select Kubernetes 1.37 or older for validation (k8s-validation's feature ",
                "`v1_37` or `latest`)."
            )
        };
    }
    match (openapi, validated) {
        (Release::V1_33, Release::V1_38) => text!("1.33" "v1_33", "1.38"),
        (Release::V1_34, Release::V1_38) => text!("1.34" "v1_34", "1.38"),
        (Release::V1_35, Release::V1_38) => text!("1.35" "v1_35", "1.38"),
        (Release::V1_36, Release::V1_38) => text!("1.36" "v1_36", "1.38"),
        (Release::V1_37, Release::V1_38) => text!("1.37" "v1_37", "1.38"),
        _ => "k8s-openapi's version contradicts the release k8s-validation validates for",
    }
}

/// Fails to compile (when evaluated in a constant) if the enabled
/// k8s-openapi version [contradicts] [`VALIDATED_RELEASE`] for a custom
/// resource's `metadata` rules, with a message naming both versions.
/// [`custom_resource!`](crate::custom_resource) evaluates it in the crate
/// that uses the macro, so only crates that run those rules are checked.
pub const fn check_custom_resource() {
    if let Some(openapi) = K8S_OPENAPI_RELEASE {
        if contradicts(openapi, VALIDATED_RELEASE) {
            panic!("{}", refusal(openapi, VALIDATED_RELEASE));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_rules_that_need_newer_types_contradict() {
        for openapi in [
            Release::V1_33,
            Release::V1_34,
            Release::V1_35,
            Release::V1_36,
            Release::V1_37,
        ] {
            for validated in [Release::V1_35, Release::V1_36, Release::V1_37] {
                assert!(
                    !contradicts(openapi, validated),
                    "{openapi:?} {validated:?}"
                );
            }
            assert!(contradicts(openapi, Release::V1_38), "{openapi:?}");
            let text = refusal(openapi, Release::V1_38);
            assert!(text.contains(&format!("built for Kubernetes {}", openapi.as_str())));
            assert!(text.contains("validates for Kubernetes 1.38"), "{text}");
        }
    }
}
