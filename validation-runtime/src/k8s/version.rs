//! The Kubernetes version k8s-openapi was built for, checked against the
//! release this crate validates for.
//!
//! k8s-openapi has one version feature enabled per build (`v1_33` ...
//! `v1_37`, chosen by the final crate; libraries never choose). Its
//! `k8s_if_1_NN!` macros expand their input only for the enabled version;
//! that is how this module reads it, with no build script.
//!
//! **What "contradicts" means.** The types a crate validates come from
//! k8s-openapi's version; the rules come from [`VALIDATED_RELEASE`]. A
//! k8s-openapi version *older* than that release contradicts it: the rules
//! and error texts belong to a Kubernetes that the types (and the apiserver
//! they were chosen for, k8s-openapi's feature being the oldest apiserver the
//! program supports) predate. That fails to compile. A *newer* k8s-openapi
//! is accepted: its types keep every field of the older ones, and validating
//! with an older release's rules is what a server shadowing that older
//! apiserver needs.

use validation_spec::Release;

/// The Kubernetes release the runtime validates for, crate-wide: the one
/// its release features (`v1_35`, `v1_36`, `v1_37`, `latest`, `earliest`)
/// select, [`crate::KUBERNETES_RELEASE`], which is also the derive's
/// default. A type that picks another release with
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

/// Whether k8s-openapi's version `openapi` contradicts the validated
/// release `validated` (see the [module docs](self)): it is older.
pub const fn contradicts(openapi: Release, validated: Release) -> bool {
    (openapi as u8) < (validated as u8)
}

/// A compile error naming both versions when they contradict: one constant
/// per (k8s-openapi version, validated release) pair, so that the message
/// can name both (a constant's panic message cannot be formatted).
macro_rules! check {
    ($($version:literal $feature:literal => $release:ident),* $(,)?) => {
        check!(@openapi [$($version $feature => $release),*] [$($version $feature => $release),*]);
    };
    (@openapi [$($version:literal $feature:literal => $release:ident),*] $validated:tt) => {
        $( check!(@pair $version $feature $release $validated); )*
    };
    (@pair $version:literal $feature:literal $release:ident [$($v:literal $vf:literal => $r:ident),*]) => {$(
        const _: () = if let (Some(Release::$release), Release::$r) = (K8S_OPENAPI_RELEASE, VALIDATED_RELEASE) {
            if contradicts(Release::$release, Release::$r) {
                panic!(concat!(
                    "k8s-openapi is built for Kubernetes ", $version,
                    " (its feature `", $feature, "`), older than Kubernetes ", $v,
                    ", the release validation-runtime validates for ",
                    "(validation_runtime::k8s::VALIDATED_RELEASE). Enable k8s-openapi's feature `",
                    $vf, "` or newer (e.g. `latest`) in your binary crate, or select an older release ",
                    "for validation."
                ));
            }
        };
    )*};
}
check!(
    "1.33" "v1_33" => V1_33,
    "1.34" "v1_34" => V1_34,
    "1.35" "v1_35" => V1_35,
    "1.36" "v1_36" => V1_36,
    "1.37" "v1_37" => V1_37,
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn older_contradicts_newer_does_not() {
        assert!(contradicts(Release::V1_34, Release::V1_35));
        assert!(!contradicts(Release::V1_35, Release::V1_35));
        assert!(!contradicts(Release::V1_37, Release::V1_35));
        assert!(contradicts(Release::V1_36, Release::V1_37));
    }
}
