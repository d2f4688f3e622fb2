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
pub enum Release {
    /// 1.33 (April 2025): the first release of `validation-gen`.
    V1_33,
    /// 1.34 (August 2025).
    V1_34,
    /// 1.35 (December 2025).
    V1_35,
    /// 1.36 (April 2026).
    V1_36,
    /// 1.37 (in development when this catalog was written; first seen in
    /// `v0.37.0-beta.0`).
    V1_37,
}

impl Release {
    /// Every release, oldest first.
    pub const ALL: [Release; 5] = [
        Release::V1_33,
        Release::V1_34,
        Release::V1_35,
        Release::V1_36,
        Release::V1_37,
    ];

    /// The releases whose generated code and messages this project follows,
    /// oldest first.
    pub const SUPPORTED: &'static [Release] = &[Release::V1_35];

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
        }
    }

    /// The release written `1.35` (or `v1.35`).
    ///
    /// ```
    /// use validation_spec::Release;
    /// assert_eq!(Release::parse("1.35"), Some(Release::V1_35));
    /// assert_eq!(Release::parse("v1.37"), Some(Release::V1_37));
    /// assert_eq!(Release::parse("1.32"), None);
    /// ```
    pub fn parse(s: &str) -> Option<Release> {
        let s = s.strip_prefix('v').unwrap_or(s);
        Self::ALL.into_iter().find(|r| r.as_str() == s)
    }
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
    }
}
