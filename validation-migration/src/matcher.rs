//! Upstream's error matcher (`field.ErrorMatcher`) and each release's
//! comparison of hand-written and declarative errors
//! (`gatherDeclarativeValidationMismatches`).

use std::fmt;

use k8s_validation::field::{go_quote, BadValue, Error, ErrorList, ErrorType};
use k8s_validation::Release;

use crate::behaviour::{behaviour, Behaviour, Dedupe, Matching};

/// A field-path rewrite applied to declarative error paths before they are
/// compared (upstream's `field.NormalizationRule`): for an API whose
/// versioned JSON paths differ from the internal ones the hand-written
/// validation reports.
///
/// The pattern is unanchored; the replacement may use `$1` / `${name}`. Rules
/// are tried in order and only the first one that changes a path applies.
#[derive(Clone, Debug)]
pub struct NormalizationRule {
    regex: regex::Regex,
    replacement: String,
}

impl NormalizationRule {
    /// A rule replacing every match of `pattern` with `replacement`.
    pub fn new(
        pattern: &str,
        replacement: impl Into<String>,
    ) -> Result<NormalizationRule, regex::Error> {
        Ok(NormalizationRule {
            regex: regex::Regex::new(pattern)?,
            replacement: replacement.into(),
        })
    }
}

/// Normalizes `path` with the first rule that changes it.
pub fn normalize_path<'a>(rules: &[NormalizationRule], path: &'a str) -> std::borrow::Cow<'a, str> {
    for rule in rules {
        let out = rule.regex.replace_all(path, rule.replacement.as_str());
        if out != path {
            return std::borrow::Cow::Owned(out.into_owned());
        }
    }
    std::borrow::Cow::Borrowed(path)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DetailMatch {
    Exact,
    Substring,
}

/// Decides whether two errors are "the same" for a chosen set of criteria,
/// and renders an error by those criteria (upstream's `field.ErrorMatcher`).
///
/// ```
/// use k8s_validation::field::{BadValue, Error};
/// use k8s_validation_migration::ErrorMatcher;
///
/// let m = ErrorMatcher::new().by_type().by_field().by_origin().require_origin_when_invalid();
/// let hv = Error::invalid("spec.replicas", BadValue::Int(-1), "must be >= 0").with_origin("minimum");
/// let dv = Error::invalid("spec.replicas", BadValue::Int(-1), "must be greater than or equal to 0")
///     .with_origin("minimum");
/// assert!(m.matches(&hv, &dv)); // the detail is not compared
/// assert_eq!(m.render(&hv), r#"{Type="Invalid value", Field="spec.replicas", Origin="minimum"}"#);
/// ```
#[derive(Clone, Debug, Default)]
pub struct ErrorMatcher {
    match_type: bool,
    match_field: bool,
    match_value: bool,
    match_origin: bool,
    match_detail: Option<DetailMatch>,
    require_origin_when_invalid: bool,
    match_ancestor_short_circuit: bool,
    match_covered_by_declarative: bool,
    rules: Vec<NormalizationRule>,
}

impl ErrorMatcher {
    /// A matcher with no criteria (everything matches).
    pub fn new() -> ErrorMatcher {
        ErrorMatcher::default()
    }

    /// The matcher the 1.35 API server compares hand-written and declarative
    /// errors with: type, (normalized) field and origin, an `Invalid` error
    /// needing an origin on both sides.
    pub fn migration(rules: &[NormalizationRule]) -> ErrorMatcher {
        ErrorMatcher::new()
            .by_type()
            .by_origin()
            .require_origin_when_invalid()
            .by_field_normalized(rules.to_vec())
    }

    /// Type, field, value, origin and exact detail.
    #[must_use]
    pub fn exactly(self) -> ErrorMatcher {
        self.by_type()
            .by_field()
            .by_value()
            .by_origin()
            .by_detail_exact()
    }

    /// Compare the error type.
    #[must_use]
    pub fn by_type(mut self) -> ErrorMatcher {
        self.match_type = true;
        self
    }

    /// Compare the field path.
    #[must_use]
    pub fn by_field(mut self) -> ErrorMatcher {
        self.match_field = true;
        self
    }

    /// Compare the field path after normalizing the *got* side's path.
    #[must_use]
    pub fn by_field_normalized(mut self, rules: Vec<NormalizationRule>) -> ErrorMatcher {
        self.match_field = true;
        self.rules = rules;
        self
    }

    /// Compare the bad value.
    #[must_use]
    pub fn by_value(mut self) -> ErrorMatcher {
        self.match_value = true;
        self
    }

    /// Compare the origin.
    #[must_use]
    pub fn by_origin(mut self) -> ErrorMatcher {
        self.match_origin = true;
        self
    }

    /// With [`by_origin`](Self::by_origin): an `Invalid` error only matches
    /// when both origins are non-empty.
    #[must_use]
    pub fn require_origin_when_invalid(mut self) -> ErrorMatcher {
        self.require_origin_when_invalid = true;
        self
    }

    /// Also match when *got* is a short-circuit error (`mark_short_circuit`)
    /// on an ancestor of *want*'s field (`spec.a` for `spec.a.b` or
    /// `spec.a[0]`), whatever the other criteria say (1.37's
    /// `MatchAncestorShortCircuit`).
    #[must_use]
    pub fn match_ancestor_short_circuit(mut self) -> ErrorMatcher {
        self.match_ancestor_short_circuit = true;
        self
    }

    /// Compare whether the errors are marked covered by declarative
    /// validation (upstream's `ByCoveredByDeclarative`, apimachinery
    /// v0.38; Kubernetes 1.38 dedupes hand-written errors with it).
    #[must_use]
    pub fn by_covered_by_declarative(mut self) -> ErrorMatcher {
        self.match_covered_by_declarative = true;
        self
    }

    /// Compare the detail exactly.
    #[must_use]
    pub fn by_detail_exact(mut self) -> ErrorMatcher {
        self.match_detail = Some(DetailMatch::Exact);
        self
    }

    /// The *got* detail must contain the *want* detail.
    #[must_use]
    pub fn by_detail_substring(mut self) -> ErrorMatcher {
        self.match_detail = Some(DetailMatch::Substring);
        self
    }

    /// Whether `got` matches `want` (only `got`'s path is normalized).
    pub fn matches(&self, want: &Error, got: &Error) -> bool {
        if self.match_ancestor_short_circuit && got.is_short_circuit() {
            let normalized = normalize_path(&self.rules, got.field());
            if is_child_path(&normalized, want.field()) || is_child_path(got.field(), want.field())
            {
                return true;
            }
        }
        if self.match_type && want.kind() != got.kind() {
            return false;
        }
        if self.match_field
            && want.field() != got.field()
            && want.field() != normalize_path(&self.rules, got.field())
        {
            return false;
        }
        if self.match_value && want.bad_value() != got.bad_value() {
            return false;
        }
        if self.match_origin {
            let (w, g) = (want.origin().unwrap_or(""), got.origin().unwrap_or(""));
            if w != g {
                return false;
            }
            if self.require_origin_when_invalid
                && want.kind() == ErrorType::Invalid
                && (w.is_empty() || g.is_empty())
            {
                return false;
            }
        }
        match self.match_detail {
            Some(DetailMatch::Exact) if want.detail() != got.detail() => return false,
            Some(DetailMatch::Substring) if !got.detail().contains(want.detail()) => return false,
            _ => {}
        }
        !self.match_covered_by_declarative
            || want.is_covered_by_declarative() == got.is_covered_by_declarative()
    }

    /// Renders `e` by the matcher's criteria:
    /// `{Type="Invalid value", Field="spec.x" (aka "spec.y"), Origin="minimum"}`.
    pub fn render(&self, e: &Error) -> String {
        let mut parts: Vec<String> = Vec::with_capacity(5);
        if self.match_type {
            parts.push(format!("Type={}", go_quote(e.kind().description())));
        }
        if self.match_field {
            let normalized = normalize_path(&self.rules, e.field());
            if normalized != e.field() {
                parts.push(format!(
                    "Field={} (aka {})",
                    go_quote(&normalized),
                    go_quote(e.field())
                ));
            } else {
                parts.push(format!("Field={}", go_quote(e.field())));
            }
        }
        if self.match_value {
            parts.push(format!("Value={}", render_value(&e.bad_value())));
        }
        if self.match_origin || (self.require_origin_when_invalid && e.kind() == ErrorType::Invalid)
        {
            parts.push(format!("Origin={}", go_quote(e.origin().unwrap_or(""))));
        }
        if self.match_detail.is_some() {
            parts.push(format!("Detail={}", go_quote(e.detail())));
        }
        if self.match_covered_by_declarative {
            parts.push(format!(
                "CoveredByDeclarative={}",
                e.is_covered_by_declarative()
            ));
        }
        format!("{{{}}}", parts.join(", "))
    }

    /// The path of `e` as this matcher compares it (normalized).
    pub fn normalized_field<'a>(&self, e: &'a Error) -> std::borrow::Cow<'a, str> {
        normalize_path(&self.rules, e.field())
    }
}

/// Whether `child` is a descendant of `parent` (`spec.a` → `spec.a.b`,
/// `spec.a[0]`; not `spec.ab`); an empty parent has no descendants
/// (upstream's `isChildPath`).
fn is_child_path(parent: &str, child: &str) -> bool {
    !parent.is_empty()
        && child.len() > parent.len()
        && child.starts_with(parent)
        && matches!(child.as_bytes()[parent.len()], b'.' | b'[')
}

/// `Value=` of a render: a plain string Go-quoted, `nil` as `<nil>`, other
/// values as printed in an error.
fn render_value(v: &BadValue) -> String {
    match v {
        BadValue::String(s) => go_quote(s),
        BadValue::Null | BadValue::Omitted => "<nil>".to_owned(),
        other => other.to_string(),
    }
}

/// The operator advice at the end of a mismatch message when takeover is off.
pub const RECOMMENDATION_AUTHORITATIVE: &str =
    "This difference should not affect system operation since hand written validation is authoritative.";

/// The operator advice at the end of a mismatch message when takeover is on
/// (1.35).
pub const RECOMMENDATION_TAKEOVER: &str = "Consider disabling the DeclarativeValidationTakeover feature gate to keep data persisted in etcd consistent with prior versions of Kubernetes.";

/// The operator advice at the end of a mismatch message when beta errors
/// are enforced (1.36, 1.37), unless the error is an alpha one.
pub const RECOMMENDATION_DISABLE_BETA: &str = "Consider disabling the DeclarativeValidationBeta feature gate to keep data persisted in etcd consistent with prior versions of Kubernetes.";

/// Which side an error without a counterpart came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MismatchKind {
    /// A hand-written error marked covered by declarative validation that no
    /// declarative error matches.
    Unmatched,
    /// A declarative error that no covered hand-written error matches.
    Extra,
}

impl fmt::Display for MismatchKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MismatchKind::Unmatched => "unmatched",
            MismatchKind::Extra => "extra",
        })
    }
}

/// One disagreement between hand-written and declarative validation.
#[derive(Clone, Debug, PartialEq)]
pub struct Mismatch {
    /// Which side the error came from.
    pub kind: MismatchKind,
    /// The error without a counterpart.
    pub error: Error,
    /// The error rendered by the migration matcher
    /// (`{Type="Invalid value", Field="spec.replicas", Origin="minimum"}`).
    pub rendered: String,
    /// The field as compared (normalized for a declarative error).
    pub field: String,
    /// The full message the API server logs.
    pub message: String,
}

/// Compares hand-written and declarative errors as a 1.35 API server does
/// (`gatherDeclarativeValidationMismatches`) and returns one [`Mismatch`]
/// per disagreement: unmatched hand-written errors first (in order), then
/// extra declarative errors (in order).
///
/// * Hand-written errors are first deduplicated with the exact matcher
///   (type, field, value, origin and detail), the first occurrence kept.
/// * Only hand-written errors marked covered by declarative validation are
///   compared. Each consumes *every* remaining declarative error that
///   matches it by type, field (declarative path normalized) and origin,
///   an `Invalid` error needing an origin on both sides; one that consumes
///   none is *unmatched*. So two covered hand-written errors that differ only
///   in detail and map to one declarative error leave the second unmatched.
/// * Declarative errors left over are *extra*.
///
/// `takeover` only selects the recommendation at the end of each message.
/// [`gather_mismatches_for`] is the same for any release.
pub fn gather_mismatches(
    handwritten: &ErrorList,
    declarative: &ErrorList,
    takeover: bool,
    rules: &[NormalizationRule],
) -> Vec<Mismatch> {
    gather_mismatches_for(
        Release::V1_35,
        handwritten,
        declarative,
        takeover,
        rules,
        false,
    )
}

/// Compares hand-written and declarative errors as an API server of
/// `release` does (`gatherDeclarativeValidationMismatches` of
/// `k8s.io/apiserver` `pkg/registry/rest/validate.go`) and returns one
/// [`Mismatch`] per disagreement: unmatched hand-written errors first, then
/// extra declarative errors, each in input order. Only hand-written errors
/// marked covered by declarative validation are compared, by type, field
/// (the declarative path normalized by `rules`) and origin, an `Invalid`
/// error needing an origin on both sides.
///
/// | | 1.35 | 1.36 | 1.37 | 1.38 |
/// |---|---|---|---|---|
/// | hand-written duplicates dropped by | the exact matcher (type, field, value, origin, detail) | the comparison matcher (type, field, origin) | same as 1.36 | the comparison matcher and the covered mark ([`ErrorMatcher::by_covered_by_declarative`]): a covered error is never a duplicate of an uncovered one |
/// | a covered hand-written error | consumes every matching declarative error (a consumed one cannot match the next) | same as 1.35 | marks every matching declarative error (one may match several hand-written errors) | same as 1.37 |
/// | `short_circuit_mismatch` | ignored | ignored | an unmatched hand-written error also matches a short-circuit declarative error on an ancestor field (without marking it) | same as 1.37 |
/// | `enforced` selects | [`RECOMMENDATION_TAKEOVER`] (takeover on) | [`RECOMMENDATION_DISABLE_BETA`] (enforcement and beta on) | [`RECOMMENDATION_DISABLE_BETA`] (beta on) | same as 1.37 |
/// | an alpha error's recommendation | as the others | always [`RECOMMENDATION_AUTHORITATIVE`] | same as 1.36 | same as 1.36 |
///
/// Otherwise the recommendation is [`RECOMMENDATION_AUTHORITATIVE`].
pub fn gather_mismatches_for(
    release: Release,
    handwritten: &ErrorList,
    declarative: &ErrorList,
    enforced: bool,
    rules: &[NormalizationRule],
    short_circuit_mismatch: bool,
) -> Vec<Mismatch> {
    gather(
        behaviour(release),
        handwritten,
        declarative,
        enforced,
        rules,
        short_circuit_mismatch,
    )
}

/// [`gather_mismatches_for`] with the release's behaviour.
pub(crate) fn gather(
    behaviour: &Behaviour,
    handwritten: &ErrorList,
    declarative: &ErrorList,
    enforced: bool,
    rules: &[NormalizationRule],
    short_circuit_mismatch: bool,
) -> Vec<Mismatch> {
    if handwritten.is_empty() && declarative.is_empty() {
        return Vec::new();
    }
    let default_rec = if enforced {
        behaviour.enforced_recommendation
    } else {
        RECOMMENDATION_AUTHORITATIVE
    };
    let rec = |e: &Error| {
        if behaviour.alpha_authoritative && e.is_alpha() {
            RECOMMENDATION_AUTHORITATIVE
        } else {
            default_rec
        }
    };
    let fuzzy = ErrorMatcher::migration(rules);
    let dedupe = match behaviour.dedupe {
        Dedupe::Exact => ErrorMatcher::new().exactly(),
        Dedupe::Comparison => fuzzy.clone(),
        Dedupe::ComparisonAndCovered => fuzzy.clone().by_covered_by_declarative(),
    };

    let mut deduped: Vec<&Error> = Vec::with_capacity(handwritten.len());
    for e in handwritten {
        if !deduped.iter().any(|kept| dedupe.matches(kept, e)) {
            deduped.push(e);
        }
    }
    let covered = deduped
        .into_iter()
        .filter(|e| e.is_covered_by_declarative());

    let mut out = Vec::new();
    match behaviour.matching {
        Matching::Consuming => {
            let mut remaining: Vec<&Error> = declarative.iter().collect();
            for hv in covered {
                let before = remaining.len();
                remaining.retain(|dv| !fuzzy.matches(hv, dv));
                if remaining.len() == before {
                    out.push(mismatch(&fuzzy, MismatchKind::Unmatched, hv, rec(hv)));
                }
            }
            for dv in remaining {
                out.push(mismatch(&fuzzy, MismatchKind::Extra, dv, rec(dv)));
            }
        }
        Matching::ManyToMany => {
            // With the short-circuit fallback.
            let short = fuzzy.clone().match_ancestor_short_circuit();
            let mut matched = vec![false; declarative.len()];
            for hv in covered {
                let mut count = 0;
                for (i, dv) in declarative.iter().enumerate() {
                    if fuzzy.matches(hv, dv) {
                        count += 1;
                        matched[i] = true;
                    }
                }
                if short_circuit_mismatch
                    && count == 0
                    && declarative.iter().any(|dv| short.matches(hv, dv))
                {
                    count = 1;
                }
                if count == 0 {
                    out.push(mismatch(&fuzzy, MismatchKind::Unmatched, hv, rec(hv)));
                }
            }
            for (dv, _) in declarative.iter().zip(&matched).filter(|(_, m)| !**m) {
                out.push(mismatch(&fuzzy, MismatchKind::Extra, dv, rec(dv)));
            }
        }
    }
    out
}

fn mismatch(fuzzy: &ErrorMatcher, kind: MismatchKind, e: &Error, recommendation: &str) -> Mismatch {
    let rendered = fuzzy.render(e);
    let which = match kind {
        MismatchKind::Unmatched => "unmatched",
        MismatchKind::Extra => "extra",
    };
    let message = format!(
        "Unexpected difference between hand written validation and declarative validation error results, \
         {which} error(s) found {rendered}. This indicates an issue with declarative validation. {recommendation}"
    );
    Mismatch {
        kind,
        error: e.clone(),
        field: fuzzy.normalized_field(e).into_owned(),
        rendered,
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalization_applies_first_changing_rule_only() {
        let rules = vec![
            NormalizationRule::new(r"^nomatch", "x").unwrap(),
            NormalizationRule::new(r"^spec\.template\.(.*)$", "spec.$1").unwrap(),
            NormalizationRule::new(r"^spec\.", "SPEC.").unwrap(),
        ];
        assert_eq!(normalize_path(&rules, "spec.template.a"), "spec.a");
        assert_eq!(normalize_path(&rules, "spec.b"), "SPEC.b");
        assert_eq!(normalize_path(&rules, "status"), "status");
    }

    #[test]
    fn by_covered_by_declarative_matches_and_renders_the_mark() {
        let e = Error::invalid("f", BadValue::String("v".into()), "d").with_origin("o");
        let covered = e.clone().mark_covered_by_declarative();
        let m = ErrorMatcher::migration(&[]);
        assert!(m.matches(&e, &covered));
        let m = m.by_covered_by_declarative();
        assert!(!m.matches(&e, &covered) && !m.matches(&covered, &e));
        assert!(m.matches(&covered, &covered.clone()));
        assert_eq!(
            m.render(&covered),
            r#"{Type="Invalid value", Field="f", Origin="o", CoveredByDeclarative=true}"#
        );
    }

    #[test]
    fn render_with_value_and_detail() {
        let e = Error::invalid("f", BadValue::String("v".into()), "d").with_origin("o");
        assert_eq!(
            ErrorMatcher::new().exactly().render(&e),
            r#"{Type="Invalid value", Field="f", Value="v", Origin="o", Detail="d"}"#
        );
        assert_eq!(ErrorMatcher::new().render(&e), "{}");
        let n = Error::invalid("f", BadValue::Null, "d");
        assert_eq!(ErrorMatcher::new().by_value().render(&n), "{Value=<nil>}");
    }
}
