//! The Kubernetes release this build of the runtime was configured for, by
//! its cargo features (named as k8s-openapi names them).

use validation_spec::Release;

/// One `compile_error!` per pair of release features enabled together.
macro_rules! release_conflict {
    ($a:tt, $b:tt) => {
        #[cfg(all(feature = $a, feature = $b))]
        compile_error!(concat!(
            "validation-runtime: the Kubernetes release features `",
            $a,
            "` and `",
            $b,
            "` are both enabled (`earliest` is v1_35, `latest` is v1_37). Enable one, in one \
             place (usually the final crate's dependency on validation-runtime), or none for 1.35; a type can choose its own release with \
             #[validate(kubernetes = \"1.36\")]."
        ));
    };
}
release_conflict!("v1_35", "v1_36");
release_conflict!("v1_35", "v1_37");
release_conflict!("v1_36", "v1_37");

/// The Kubernetes release selected by this crate's cargo features: `v1_35`,
/// `v1_36`, `v1_37` (or `earliest`, `latest`); [`Release::DEFAULT`] (1.35)
/// when none is enabled. Two enabled are a compile error.
///
/// It is the release `#[derive(Validate)]` follows for a type without
/// `#[validate(kubernetes = "...")]` (the features are forwarded to the
/// derive), and the one a crate should compare its k8s-openapi (or API
/// server) version with.
///
/// ```
/// use validation_runtime::{Release, KUBERNETES_RELEASE};
/// assert!(KUBERNETES_RELEASE.is_supported());
/// # #[cfg(not(any(feature = "v1_36", feature = "v1_37")))]
/// assert_eq!(KUBERNETES_RELEASE, Release::V1_35);
/// ```
pub const KUBERNETES_RELEASE: Release = if cfg!(feature = "v1_37") {
    Release::V1_37
} else if cfg!(feature = "v1_36") {
    Release::V1_36
} else {
    Release::V1_35
};
