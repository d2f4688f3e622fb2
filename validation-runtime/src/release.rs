//! The Kubernetes release this build of the runtime was configured for, by
//! its cargo features (named as k8s-openapi names them).

#[cfg(doc)]
use k8s_validation_spec::Release;

k8s_validation_spec::__release_features! {
    "k8s-validation",
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
    /// use k8s_validation::{Release, KUBERNETES_RELEASE};
    /// assert!(KUBERNETES_RELEASE.is_supported());
    /// # #[cfg(not(any(feature = "v1_36", feature = "v1_37")))]
    /// assert_eq!(KUBERNETES_RELEASE, Release::V1_35);
    /// ```
    pub const KUBERNETES_RELEASE
}
