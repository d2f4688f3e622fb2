//! The validation lifecycle of Kubernetes 1.36 and 1.37: which declarative
//! errors are enforced and which hand-written errors they replace, by the
//! stability level `+k8s:alpha` / `+k8s:beta` marks them with.

use k8s_validation::field::{Error, ErrorList, ErrorType};

use crate::matcher::{ErrorMatcher, NormalizationRule};

/// The declarative errors returned to the client (upstream 1.37's
/// `validate.FilterEnforcedDeclarativeErrors`, 1.36's inline loop), in
/// order: every error when `all_enforced` (upstream's
/// `WithAllDeclarativeEnforcedForTest`), otherwise internal errors, beta
/// errors when `beta_enabled` (`DeclarativeValidationBeta`) and standard
/// (unmarked) errors. Alpha errors are never enforced.
///
/// ```
/// use k8s_validation::field::{BadValue, Error, ErrorList, Path};
/// use k8s_validation_migration::filter_enforced_declarative_errors;
///
/// let errs: ErrorList = vec![
///     Error::internal("spec", "internal error"),
///     Error::invalid("spec", BadValue::String("val".into()), "alpha").mark_alpha(),
///     Error::invalid("spec", BadValue::String("val".into()), "beta").mark_beta(),
///     Error::invalid("spec", BadValue::String("val".into()), "standard"),
/// ]
/// .into_iter()
/// .collect();
/// assert_eq!(filter_enforced_declarative_errors(&errs, false, false).len(), 2);
/// assert_eq!(filter_enforced_declarative_errors(&errs, true, false).len(), 3);
/// assert_eq!(filter_enforced_declarative_errors(&errs, false, true).len(), 4);
/// ```
pub fn filter_enforced_declarative_errors(
    declarative: &ErrorList,
    beta_enabled: bool,
    all_enforced: bool,
) -> ErrorList {
    declarative
        .iter()
        .filter(|e| is_enforced(e, beta_enabled, all_enforced))
        .cloned()
        .collect()
}

fn is_enforced(e: &Error, beta_enabled: bool, all_enforced: bool) -> bool {
    all_enforced
        || e.kind() == ErrorType::Internal
        || (e.is_beta() && beta_enabled)
        || (!e.is_beta() && !e.is_alpha())
}

/// The hand-written errors left once the enforced declarative errors take
/// over, as Kubernetes 1.37 filters them
/// (`validate.FilterCoveredHandwrittenErrors`): a hand-written error marked
/// covered by declarative validation is removed when an enforced *beta*
/// declarative error matches it by type, field (normalized by `rules`) and
/// origin (an `Invalid` error needing an origin on both sides); with
/// `all_enforced` every covered one is removed. Standard declarative
/// errors remove nothing: their hand-written counterparts are expected to
/// be deleted from the source.
///
/// (Upstream also takes the `DeclarativeValidationBeta` value and ignores
/// it: `enforced` already holds beta errors only when it is on.)
pub fn filter_covered_handwritten_errors(
    handwritten: ErrorList,
    enforced: &ErrorList,
    all_enforced: bool,
    rules: &[NormalizationRule],
) -> ErrorList {
    let matcher = ErrorMatcher::migration(rules);
    handwritten
        .into_iter()
        .filter(|hv| {
            !(hv.is_covered_by_declarative()
                && (all_enforced
                    || enforced
                        .iter()
                        .any(|dv| dv.is_beta() && matcher.matches(hv, dv))))
        })
        .collect()
}

/// The hand-written errors left in Kubernetes 1.36's enforcement
/// (`filterHandwrittenErrors`): a hand-written error marked covered by
/// declarative validation is removed when it is itself marked beta
/// (`.mark_beta()` on the hand-written error) and `beta_enabled`, or
/// whenever `all_enforced`. No declarative error is consulted.
pub fn filter_handwritten_errors_1_36(
    handwritten: ErrorList,
    all_enforced: bool,
    beta_enabled: bool,
) -> ErrorList {
    handwritten
        .into_iter()
        .filter(|hv| {
            !(hv.is_covered_by_declarative() && (all_enforced || (hv.is_beta() && beta_enabled)))
        })
        .collect()
}

/// The errors whose text (`Display`, upstream's `Error()`) no earlier error
/// has, in order: what upstream's `ErrorList.Filter` keeps before it
/// filters (its `ToAggregate` drops repeated texts), so what the
/// hand-written errors go through in `FilterCoveredHandwrittenErrors`.
pub(crate) fn drop_repeated_texts(errs: ErrorList) -> ErrorList {
    let mut seen: Vec<String> = Vec::with_capacity(errs.len());
    errs.into_iter()
        .filter(|e| {
            let text = e.to_string();
            if seen.contains(&text) {
                false
            } else {
                seen.push(text);
                true
            }
        })
        .collect()
}
