//! Kubernetes minor releases.

use std::fmt;

/// A Kubernetes minor release (code-generator `v0.<minor>.0`).
///
/// The catalog records, for each tag, the release that introduced it, so the
/// enum names every release since `validation-gen` first shipped. The
/// releases whose behaviour the generator follows are
/// [`Release::SUPPORTED`]; adding one (1.36, 1.37) is one entry there plus
/// the behaviour that the lowering of each tag reads from its release input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Release {
    /// 1.33 (April 2025): the first release of `validation-gen`.
    V1_33,
    /// 1.34 (August 2025).
    V1_34,
    /// 1.35 (December 2025).
    V1_35,
    /// 1.36 (April 2026).
    V1_36,
    /// 1.37 (August 2026).
    V1_37,
    /// 1.38 (in beta upstream: code-generator v0.38.0-beta.0).
    V1_38,
}

impl Release {
    /// Every release, oldest first.
    pub const ALL: [Release; 6] = [
        Release::V1_33,
        Release::V1_34,
        Release::V1_35,
        Release::V1_36,
        Release::V1_37,
        Release::V1_38,
    ];

    /// The releases whose generated code and messages this project follows,
    /// oldest first (a release in beta upstream included: it is followed as
    /// its newest beta, see [`Release::LATEST`]).
    pub const SUPPORTED: &'static [Release] = &[
        Release::V1_35,
        Release::V1_36,
        Release::V1_37,
        Release::V1_38,
    ];

    /// The oldest supported release (the `earliest` cargo feature).
    pub const EARLIEST: Release = Release::V1_35;

    /// The newest supported release upstream has shipped as GA (the `latest`
    /// cargo feature): 1.37 while 1.38 is in beta upstream (code-generator
    /// v0.38.0-beta.0); 1.38 once a v0.38.0 is served.
    pub const LATEST: Release = Release::V1_37;

    /// Whether upstream has shipped the release as GA (a v0.NN.0 on the Go
    /// module proxy); a supported release that has not is followed as its
    /// newest beta.
    pub fn is_ga(self) -> bool {
        self <= Self::LATEST
    }

    /// The release followed when none is chosen.
    pub const DEFAULT: Release = Release::V1_35;

    /// Whether the generator follows this release's behaviour.
    pub fn is_supported(self) -> bool {
        Self::SUPPORTED.contains(&self)
    }

    /// `"1.35"` etc.
    pub fn as_str(self) -> &'static str {
        match self {
            Release::V1_33 => "1.33",
            Release::V1_34 => "1.34",
            Release::V1_35 => "1.35",
            Release::V1_36 => "1.36",
            Release::V1_37 => "1.37",
            Release::V1_38 => "1.38",
        }
    }

    /// The release written `1.35` (or `v1.35`).
    ///
    /// ```
    /// use k8s_validation_spec::Release;
    /// assert_eq!(Release::parse("1.35"), Some(Release::V1_35));
    /// assert_eq!(Release::parse("v1.37"), Some(Release::V1_37));
    /// assert_eq!(Release::parse("1.32"), None);
    /// ```
    pub fn parse(s: &str) -> Option<Release> {
        let s = s.strip_prefix('v').unwrap_or(s);
        Self::ALL.into_iter().find(|r| r.as_str() == s)
    }

    /// A supported release written `1.36` (or `v1.36`), or an error naming
    /// the supported ones:
    ///
    /// ```
    /// use k8s_validation_spec::Release;
    /// assert_eq!(Release::parse_supported("1.36"), Ok(Release::V1_36));
    /// assert_eq!(
    ///     Release::parse_supported("1.34").unwrap_err(),
    ///     "unsupported Kubernetes release \"1.34\": supported are 1.35, 1.36, 1.37, 1.38",
    /// );
    /// ```
    pub fn parse_supported(s: &str) -> Result<Release, String> {
        match Self::parse(s) {
            Some(r) if r.is_supported() => Ok(r),
            _ => Err(format!(
                "unsupported Kubernetes release {s:?}: supported are {}",
                Self::supported_list()
            )),
        }
    }

    /// The supported releases as text: `1.35, 1.36, 1.37`.
    pub fn supported_list() -> String {
        Self::SUPPORTED
            .iter()
            .map(|r| r.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The cargo feature that selects this release: `v1_35` etc.
    pub fn feature(self) -> &'static str {
        match self {
            Release::V1_33 => "v1_33",
            Release::V1_34 => "v1_34",
            Release::V1_35 => "v1_35",
            Release::V1_36 => "v1_36",
            Release::V1_37 => "v1_37",
            Release::V1_38 => "v1_38",
        }
    }
}

/// Declares, in the crate that calls it, the release its cargo features
/// select: `v1_35`, `v1_36`, `v1_37`, `v1_38` (one at most; none is
/// [`Release::DEFAULT`]), and a `compile_error!` naming both features when
/// two are enabled, prefixed with `$krate`. The runtime and the derive call
/// it (`cfg!` is the calling crate's), so a release's feature is added
/// here once.
#[doc(hidden)]
#[macro_export]
macro_rules! __release_features {
    ($krate:literal, $(#[$doc:meta])* $vis:vis const $name:ident) => {
        $crate::__release_conflict!($krate, "v1_35", "v1_36");
        $crate::__release_conflict!($krate, "v1_35", "v1_37");
        $crate::__release_conflict!($krate, "v1_35", "v1_38");
        $crate::__release_conflict!($krate, "v1_36", "v1_37");
        $crate::__release_conflict!($krate, "v1_36", "v1_38");
        $crate::__release_conflict!($krate, "v1_37", "v1_38");

        $(#[$doc])*
        $vis const $name: $crate::Release = if cfg!(feature = "v1_38") {
            $crate::Release::V1_38
        } else if cfg!(feature = "v1_37") {
            $crate::Release::V1_37
        } else if cfg!(feature = "v1_36") {
            $crate::Release::V1_36
        } else {
            $crate::Release::V1_35
        };
    };
}

/// One `compile_error!` for a pair of release features enabled together.
#[doc(hidden)]
#[macro_export]
macro_rules! __release_conflict {
    ($krate:literal, $a:literal, $b:literal) => {
        #[cfg(all(feature = $a, feature = $b))]
        compile_error!(concat!(
            $krate,
            ": the Kubernetes release features `",
            $a,
            "` and `",
            $b,
            "` are both enabled (`earliest` is v1_35, `latest` is v1_37). Enable one, in one \
             place (usually the final crate's dependency on k8s-validation), or none for \
             1.35; a type can choose its own release with #[validate(kubernetes = \"1.36\")]."
        ));
    };
}

impl Default for Release {
    fn default() -> Self {
        Release::DEFAULT
    }
}

impl fmt::Display for Release {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordered_and_round_trips() {
        assert!(Release::ALL.windows(2).all(|w| w[0] < w[1]));
        for r in Release::ALL {
            assert_eq!(Release::parse(&r.to_string()), Some(r));
        }
        assert!(Release::DEFAULT.is_supported());
        assert!(Release::SUPPORTED.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(Release::SUPPORTED.first(), Some(&Release::EARLIEST));
        assert!(Release::SUPPORTED.contains(&Release::LATEST));
        assert!(Release::SUPPORTED
            .iter()
            .all(|r| r.is_ga() == (*r <= Release::LATEST)));
        assert_eq!(Release::supported_list(), "1.35, 1.36, 1.37, 1.38");
        assert!(Release::parse_supported("1.33").is_err());
        assert_eq!(Release::V1_36.feature(), "v1_36");
    }
}
