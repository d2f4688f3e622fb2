//! What an API server of each Kubernetes release does differently, in one
//! table: the only place this crate tells releases apart (the gates'
//! versioned specs in `gates.rs` are the other table, upstream's own).
//!
//! Each row holds from its release until the next row's; releases before
//! the first row (none are supported) behave as its release.

use k8s_validation::Release;

use crate::matcher::{RECOMMENDATION_DISABLE_BETA, RECOMMENDATION_TAKEOVER};

/// The shape of `rest.ValidateDeclarativelyWithMigrationChecks`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Algorithm {
    /// 1.35: mismatch mode, or takeover by gate; `DeclarativeValidation=false`
    /// skips declarative validation.
    MismatchOrTakeover,
    /// 1.36: shadow mode, or the lifecycle for a type registered with
    /// `declarative_enforcement` (`WithDeclarativeEnforcement`).
    ShadowOrEnforcement,
    /// 1.37 on: the validation lifecycle for every type.
    Lifecycle,
}

/// Which hand-written errors `gatherDeclarativeValidationMismatches` drops as
/// duplicates before comparing (the first of each group is kept).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dedupe {
    /// 1.35: exact copies (type, field, value, origin, detail).
    Exact,
    /// 1.36, 1.37: errors the comparison matcher cannot tell apart (type,
    /// normalized field, origin), covered or not.
    Comparison,
    /// 1.38: the same, among errors with the same `CoveredByDeclarative`
    /// (the comparison matcher `ByCoveredByDeclarative()`).
    ComparisonAndCovered,
}

/// How covered hand-written errors are paired with declarative ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Matching {
    /// 1.35, 1.36: each hand-written error consumes every declarative error
    /// it matches (1 : many).
    Consuming,
    /// 1.37 on: many : many, with `ShortCircuitMismatch`.
    ManyToMany,
}

/// One release's behaviour.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Behaviour {
    /// The first release of the row.
    since: Release,
    /// The algorithm.
    pub(crate) algorithm: Algorithm,
    /// The hand-written dedupe of the comparison.
    pub(crate) dedupe: Dedupe,
    /// The pairing of the comparison.
    pub(crate) matching: Matching,
    /// The recommendation of a mismatch message when the gate that makes
    /// declarative errors visible is on (takeover in 1.35,
    /// `DeclarativeValidationBeta` after).
    pub(crate) enforced_recommendation: &'static str,
    /// An alpha error's mismatch always gets the authoritative
    /// recommendation (1.36 on).
    pub(crate) alpha_authoritative: bool,
    /// The lifecycle drops every hand-written error whose text repeats an
    /// earlier one's before filtering the covered ones: upstream's
    /// `FilterCoveredHandwrittenErrors` goes through `ErrorList.Filter`,
    /// whose `ToAggregate` keeps the first error of each `Error()` text.
    /// From 1.36 (1.36's `filterHandwrittenErrors`, for a type with
    /// declarative enforcement, goes through `ErrorList.Filter` too).
    pub(crate) drop_repeated_handwritten_texts: bool,
    /// Setting a GA or deprecated gate logs component-base's structured
    /// info line (1.36 on) rather than klog's `Warningf` (1.35).
    pub(crate) structured_gate_warning: bool,
}

const BEHAVIOURS: [Behaviour; 4] = [
    Behaviour {
        since: Release::V1_33,
        algorithm: Algorithm::MismatchOrTakeover,
        dedupe: Dedupe::Exact,
        matching: Matching::Consuming,
        enforced_recommendation: RECOMMENDATION_TAKEOVER,
        alpha_authoritative: false,
        drop_repeated_handwritten_texts: false,
        structured_gate_warning: false,
    },
    Behaviour {
        since: Release::V1_36,
        algorithm: Algorithm::ShadowOrEnforcement,
        dedupe: Dedupe::Comparison,
        matching: Matching::Consuming,
        enforced_recommendation: RECOMMENDATION_DISABLE_BETA,
        alpha_authoritative: true,
        drop_repeated_handwritten_texts: true,
        structured_gate_warning: true,
    },
    Behaviour {
        since: Release::V1_37,
        algorithm: Algorithm::Lifecycle,
        dedupe: Dedupe::Comparison,
        matching: Matching::ManyToMany,
        enforced_recommendation: RECOMMENDATION_DISABLE_BETA,
        alpha_authoritative: true,
        drop_repeated_handwritten_texts: true,
        structured_gate_warning: true,
    },
    Behaviour {
        since: Release::V1_38,
        algorithm: Algorithm::Lifecycle,
        dedupe: Dedupe::ComparisonAndCovered,
        matching: Matching::ManyToMany,
        enforced_recommendation: RECOMMENDATION_DISABLE_BETA,
        alpha_authoritative: true,
        drop_repeated_handwritten_texts: true,
        structured_gate_warning: true,
    },
];

/// The behaviour of an API server of `release`.
pub(crate) fn behaviour(release: Release) -> &'static Behaviour {
    BEHAVIOURS
        .iter()
        .rev()
        .find(|b| b.since <= release)
        .unwrap_or(&BEHAVIOURS[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_in_release_order_and_cover_every_release() {
        assert!(BEHAVIOURS.windows(2).all(|w| w[0].since < w[1].since));
        for r in Release::ALL {
            assert!(behaviour(r).since <= r, "{r}");
        }
        assert_eq!(behaviour(Release::V1_35).since, Release::V1_33);
        assert_eq!(behaviour(Release::V1_38).since, Release::V1_38);
    }
}
