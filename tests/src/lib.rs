//! Shared helpers for the conformance tests: a small port of upstream's
//! `testscheme` harness (`st.Value(..).OldValue(..).ExpectMatches(..)`) and of
//! `field.ErrorMatcher`, plus the `validate-false.json` fixture comparison.

use std::collections::BTreeMap;

use k8s_validation::field::StabilityLevel;
use k8s_validation::{Error, ErrorList, ErrorType, Operation, Validate};

/// One expected error: type, field, origin (as upstream's
/// `ErrorMatcher{}.ByType().ByField().ByOrigin()`).
pub type Expect<'a> = (ErrorType, &'a str, Option<&'a str>);

/// Asserts that `errs` matches `want` as a multiset on (type, field, origin).
#[track_caller]
pub fn assert_matches(errs: &ErrorList, want: &[Expect<'_>]) {
    let mut got: Vec<(ErrorType, String, Option<String>)> = errs
        .iter()
        .map(|e| {
            (
                e.kind(),
                e.field().to_string(),
                e.origin().map(str::to_string),
            )
        })
        .collect();
    let mut missing = Vec::new();
    for (t, f, o) in want {
        let key = (*t, f.to_string(), o.map(str::to_string));
        match got.iter().position(|g| *g == key) {
            Some(i) => {
                got.remove(i);
            }
            None => missing.push(key),
        }
    }
    assert!(
        missing.is_empty() && got.is_empty(),
        "error mismatch\n  missing: {missing:?}\n  unexpected: {got:?}\n  all: {:#?}",
        errs.iter().map(|e| e.to_string()).collect::<Vec<_>>()
    );
}

/// Asserts the exact rendered error texts, in order.
#[track_caller]
pub fn assert_texts(errs: &ErrorList, want: &[&str]) {
    let got: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
    assert_eq!(got, want);
}

// ---------------------------------------------------------------------------
// Wanted errors
// ---------------------------------------------------------------------------

/// A wanted error, compared with the criteria of a [`Matcher`].
#[derive(Clone, Debug)]
pub struct W {
    /// The error type.
    pub kind: ErrorType,
    /// The rendered field path (`<nil>` for the root).
    pub field: String,
    /// The origin (empty: none).
    pub origin: String,
    /// The detail (exact or substring, per the matcher).
    pub detail: String,
    /// The stability level (`None`: unmarked, upstream's `unknown`).
    pub level: Option<StabilityLevel>,
}

impl W {
    /// A wanted error of a type at a path.
    pub fn new(kind: ErrorType, field: &str) -> W {
        W {
            kind,
            field: field.to_string(),
            origin: String::new(),
            detail: String::new(),
            level: None,
        }
    }

    /// Sets the wanted origin.
    pub fn origin(mut self, origin: &str) -> W {
        self.origin = origin.to_string();
        self
    }

    /// Sets the wanted detail.
    pub fn detail(mut self, detail: &str) -> W {
        self.detail = detail.to_string();
        self
    }

    /// Marks the wanted error alpha (`.MarkAlpha()`).
    pub fn alpha(mut self) -> W {
        self.level = Some(StabilityLevel::Alpha);
        self
    }

    /// Marks the wanted error beta (`.MarkBeta()`).
    pub fn beta(mut self) -> W {
        self.level = Some(StabilityLevel::Beta);
        self
    }
}

/// `field.Invalid(path, _, "")`.
pub fn invalid(field: &str) -> W {
    W::new(ErrorType::Invalid, field)
}
/// `field.Required(path, "")`.
pub fn required(field: &str) -> W {
    W::new(ErrorType::Required, field)
}
/// `field.Forbidden(path, "")`.
pub fn forbidden(field: &str) -> W {
    W::new(ErrorType::Forbidden, field)
}
/// `field.Duplicate(path, _)`.
pub fn duplicate(field: &str) -> W {
    W::new(ErrorType::Duplicate, field)
}
/// `field.NotSupported(path, _, _)`.
pub fn not_supported(field: &str) -> W {
    W::new(ErrorType::NotSupported, field)
}
/// `field.TooLong(path, _, _)`.
pub fn too_long(field: &str) -> W {
    W::new(ErrorType::TooLong, field)
}
/// `field.TooShort(path, _, _)`.
pub fn too_short(field: &str) -> W {
    W::new(ErrorType::TooShort, field)
}
/// `field.TooMany(path, _, _)`.
pub fn too_many(field: &str) -> W {
    W::new(ErrorType::TooMany, field)
}
/// `field.TooFew(path, _, _)`.
pub fn too_few(field: &str) -> W {
    W::new(ErrorType::TooFew, field)
}
/// `field.InternalError(path, _)`.
pub fn internal(field: &str) -> W {
    W::new(ErrorType::Internal, field)
}

// ---------------------------------------------------------------------------
// Matcher
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DetailMode {
    Ignore,
    Exact,
    Substring,
}

/// Upstream's `field.ErrorMatcher`: which criteria are compared, and its
/// `Test` semantics (order-insensitive; with origin matching, one wanted
/// error with a non-empty origin may match several errors; exact duplicate
/// errors and leftovers fail).
#[derive(Clone, Copy, Debug)]
pub struct Matcher {
    by_type: bool,
    by_field: bool,
    by_origin: bool,
    by_level: bool,
    detail: DetailMode,
}

impl Matcher {
    /// A matcher with no criteria.
    pub const fn new() -> Matcher {
        Matcher {
            by_type: false,
            by_field: false,
            by_origin: false,
            by_level: false,
            detail: DetailMode::Ignore,
        }
    }
    /// `.ByType()`.
    pub const fn by_type(mut self) -> Matcher {
        self.by_type = true;
        self
    }
    /// `.ByField()`.
    pub const fn by_field(mut self) -> Matcher {
        self.by_field = true;
        self
    }
    /// `.ByOrigin()`.
    pub const fn by_origin(mut self) -> Matcher {
        self.by_origin = true;
        self
    }
    /// `.ByValidationStabilityLevel()`: unmarked errors match only unmarked
    /// wanted ones.
    pub const fn by_level(mut self) -> Matcher {
        self.by_level = true;
        self
    }
    /// `.ByDetailExact()`.
    pub const fn by_detail_exact(mut self) -> Matcher {
        self.detail = DetailMode::Exact;
        self
    }
    /// `.ByDetailSubstring()`.
    pub const fn by_detail_substring(mut self) -> Matcher {
        self.detail = DetailMode::Substring;
        self
    }

    fn matches(&self, w: &W, g: &Error) -> bool {
        if self.by_type && w.kind != g.kind() {
            return false;
        }
        if self.by_field && w.field != g.field() {
            return false;
        }
        if self.by_origin && w.origin != g.origin().unwrap_or("") {
            return false;
        }
        if self.by_level && w.level != g.stability_level() {
            return false;
        }
        match self.detail {
            DetailMode::Ignore => true,
            DetailMode::Exact => w.detail == g.detail(),
            DetailMode::Substring => g.detail().contains(&w.detail),
        }
    }

    /// Compares `got` with `want` as upstream's `ErrorMatcher.Test`.
    #[track_caller]
    pub fn test(&self, got: &ErrorList, want: &[W]) {
        let mut problems = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for g in got.iter() {
            let key = format!("{g:?}");
            if !seen.insert(key) {
                problems.push(format!("exact duplicate error: {g}"));
            }
        }
        let mut remaining: Vec<&Error> = got.iter().collect();
        for w in want {
            let mut tmp = Vec::new();
            let mut matched = false;
            let mut iter = remaining.into_iter();
            for g in iter.by_ref() {
                if self.matches(w, g) {
                    matched = true;
                    if self.by_origin && !w.origin.is_empty() {
                        continue;
                    }
                    break;
                }
                tmp.push(g);
            }
            tmp.extend(iter);
            if !matched {
                problems.push(format!("expected an error matching: {w:?}"));
            }
            remaining = tmp;
        }
        for g in remaining {
            problems.push(format!(
                "unmatched error: {g} (origin {:?}, type {:?}, level {:?})",
                g.origin(),
                g.kind(),
                g.stability_level()
            ));
        }
        assert!(
            problems.is_empty(),
            "{}\nall errors:\n{}",
            problems.join("\n"),
            render(got)
        );
    }
}

impl Default for Matcher {
    fn default() -> Self {
        Matcher::new()
    }
}

/// `ErrorMatcher{}.ByType().ByField().ByOrigin()`, the most common matcher.
pub const TFO: Matcher = Matcher::new().by_type().by_field().by_origin();
/// `ErrorMatcher{}.ByType().ByField().ByOrigin().ByValidationStabilityLevel()`.
pub const TFOL: Matcher = Matcher::new().by_type().by_field().by_origin().by_level();
/// `ErrorMatcher{}.ByType().ByField().ByValidationStabilityLevel()`.
pub const TFL: Matcher = Matcher::new().by_type().by_field().by_level();
/// `ErrorMatcher{}.ByType().ByField()`.
pub const TF: Matcher = Matcher::new().by_type().by_field();
/// `ErrorMatcher{}.ByType().ByField().ByOrigin().ByDetailExact()`.
pub const TFOD: Matcher = Matcher::new()
    .by_type()
    .by_field()
    .by_origin()
    .by_detail_exact();
/// `ErrorMatcher{}.ByType().ByField().ByOrigin().ByDetailSubstring()`.
pub const TFOS: Matcher = Matcher::new()
    .by_type()
    .by_field()
    .by_origin()
    .by_detail_substring();
/// `ErrorMatcher{}.ByType().ByField().ByDetailSubstring()`.
pub const TFS: Matcher = Matcher::new().by_type().by_field().by_detail_substring();

/// Each error's type and field path, in order: what the tests that compare
/// only where errors are reported assert on.
pub fn kinds_and_fields(errs: &ErrorList) -> Vec<(ErrorType, String)> {
    errs.iter()
        .map(|e| (e.kind(), e.field().to_string()))
        .collect()
}

/// A value's errors on create (`old` `None`) or on update from `old`, as
/// [`kinds_and_fields`].
pub fn errors_at<T: Validate>(value: &T, old: Option<&T>) -> Vec<(ErrorType, String)> {
    match old {
        Some(old) => kinds_and_fields(&st(value).old(old).errors()),
        None => kinds_and_fields(&st(value).errors()),
    }
}

/// All errors, one per line, for failure messages.
pub fn render(errs: &ErrorList) -> String {
    errs.iter()
        .map(|e| {
            format!(
                "  {e}  [origin {:?}, level {:?}]",
                e.origin(),
                e.stability_level()
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

// ---------------------------------------------------------------------------
// The test builder (upstream's `st.Value(..)`)
// ---------------------------------------------------------------------------

/// A validation case: `st(&value).old(&old).opts(&[..]).expect_valid()`.
pub struct Case<'a, T> {
    value: &'a T,
    old: Option<&'a T>,
    options: Vec<&'static str>,
    disabled: Vec<&'static str>,
    subresource: Option<String>,
}

/// Starts a case for a value (upstream's `st.Value(&v)`).
pub fn st<T: Validate>(value: &T) -> Case<'_, T> {
    Case {
        value,
        old: None,
        options: Vec::new(),
        disabled: Vec::new(),
        subresource: None,
    }
}

impl<'a, T: Validate> Case<'a, T> {
    /// Makes the case an update from `old` (`.OldValue(&old)`).
    pub fn old(mut self, old: &'a T) -> Self {
        self.old = Some(old);
        self
    }

    /// Enables options (`.Opts([]string{..})`).
    pub fn opts(mut self, options: &[&'static str]) -> Self {
        self.options.extend_from_slice(options);
        self
    }

    /// Defines options as disabled (`.Opts(map[string]bool{name: false})`,
    /// which 1.37 tells apart from an undefined option).
    pub fn opts_disabled(mut self, options: &[&'static str]) -> Self {
        self.disabled.extend_from_slice(options);
        self
    }

    /// Sets the subresource segments (`.Subresources([]string{..})`).
    pub fn subresources(mut self, segments: &[&str]) -> Self {
        self.subresource = Some(segments.join("/"));
        self
    }

    /// The operation of the case.
    pub fn operation(&self) -> Operation {
        let mut op = if self.old.is_some() {
            Operation::update()
        } else {
            Operation::create()
        };
        for o in &self.options {
            op = op.with_option(*o);
        }
        for o in &self.disabled {
            op = op.with_option_disabled(*o);
        }
        if let Some(s) = &self.subresource {
            op = op.with_subresource(s);
        }
        op
    }

    /// Validates as the test scheme does: dispatching on the subresources the
    /// type serves (`T::subresources()`), then create or update.
    pub fn errors(&self) -> ErrorList {
        let op = self.operation();
        let sub = op.subresource_path();
        if !T::subresources().contains(&sub.as_str()) {
            let mut errs = ErrorList::new();
            errs.push(Error::internal(
                "<nil>",
                format!(
                    "no validation found for {}, subresource: {sub}",
                    std::any::type_name::<T>()
                ),
            ));
            return errs;
        }
        match self.old {
            Some(old) => self.value.validate_update(old, &op),
            None => self.value.validate(&op),
        }
    }

    /// `.ExpectValid()`.
    #[track_caller]
    pub fn expect_valid(&self) -> &Self {
        let errs = self.errors();
        assert!(errs.is_empty(), "want no errors, got:\n{}", render(&errs));
        self
    }

    /// `.ExpectMatches(matcher, want)`.
    #[track_caller]
    pub fn expect(&self, matcher: Matcher, want: &[W]) -> &Self {
        matcher.test(&self.errors(), want);
        self
    }

    /// `.ExpectMatches(ErrorMatcher{}.ByType().ByField().ByOrigin(), want)`.
    #[track_caller]
    pub fn expect_tfo(&self, want: &[W]) -> &Self {
        self.expect(TFO, want)
    }

    /// The rendered error texts, in order.
    #[track_caller]
    pub fn expect_texts(&self, want: &[&str]) -> &Self {
        assert_texts(&self.errors(), want);
        self
    }

    /// `.ExpectValidateFalseByPath(want)`: the `forced failure: ` messages
    /// by path (root `""`), each path's messages sorted.
    #[track_caller]
    pub fn expect_forced(&self, want: &[(&str, &[&str])]) -> &Self {
        assert_forced(&self.errors(), want);
        self
    }
}

/// The `forced failure: <msg>` messages by field path (root as `""`),
/// sorted per path, as upstream's `validateFalseArgsByPath`.
pub fn forced_by_path(errs: &ErrorList) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for e in errs.iter() {
        if let Some(msg) = e.detail().strip_prefix("forced failure: ") {
            let f = if e.field() == "<nil>" { "" } else { e.field() };
            out.entry(f.to_string()).or_default().push(msg.to_string());
        }
    }
    for v in out.values_mut() {
        v.sort();
    }
    out
}

/// Asserts the `forced failure: ` messages by path (the fixture check).
#[track_caller]
pub fn assert_forced(errs: &ErrorList, want: &[(&str, &[&str])]) {
    let got = forced_by_path(errs);
    let mut expected: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (path, msgs) in want {
        let e = expected.entry(path.to_string()).or_default();
        e.extend(msgs.iter().map(|m| m.to_string()));
        e.sort();
    }
    if got != expected {
        let mut diff = String::new();
        for (k, v) in &expected {
            if got.get(k) != Some(v) {
                diff.push_str(&format!("  {k:?}: want {v:?}, got {:?}\n", got.get(k)));
            }
        }
        for (k, v) in &got {
            if !expected.contains_key(k) {
                diff.push_str(&format!("  {k:?}: unexpected {v:?}\n"));
            }
        }
        panic!(
            "validateFalse args by path differ:\n{diff}all errors:\n{}",
            render(errs)
        );
    }
}

/// Validates a value as a create and asserts the fixture's forced failures.
#[track_caller]
pub fn fixture<T: Validate>(value: &T, want: &[(&str, &[&str])]) {
    assert_forced(&value.validate(&Operation::create()), want);
}

/// The `forced failure: ` errors as (path, message), in emission order
/// (root as `""`), to pin the order upstream's generated code produces.
pub fn forced_in_order(errs: &ErrorList) -> Vec<(String, String)> {
    errs.iter()
        .filter_map(|e| {
            let msg = e.detail().strip_prefix("forced failure: ")?;
            let f = if e.field() == "<nil>" { "" } else { e.field() };
            Some((f.to_string(), msg.to_string()))
        })
        .collect()
}

/// Asserts the `forced failure: ` errors in emission order.
#[track_caller]
pub fn assert_forced_order(errs: &ErrorList, want: &[(&str, &str)]) {
    let got = forced_in_order(errs);
    let want: Vec<(String, String)> = want
        .iter()
        .map(|(p, m)| (p.to_string(), m.to_string()))
        .collect();
    assert_eq!(got, want, "all errors:\n{}", render(errs));
}

// The examples of the book-like docs (docs/*.md) run as doctests here, not
// in the published runtime: its package does not contain docs/.
/// The examples of `docs/architecture.md`, run as doctests.
#[doc = include_str!("../../docs/architecture.md")]
#[cfg(doctest)]
pub struct ArchitectureDocs;

/// The examples of `docs/meta-types.md`, run as doctests.
#[doc = include_str!("../../docs/meta-types.md")]
#[cfg(doctest)]
pub struct MetaTypesDocs;

/// The examples of `docs/semantic-equality.md`, run as doctests.
#[doc = include_str!("../../docs/semantic-equality.md")]
#[cfg(doctest)]
pub struct SemanticEqualityDocs;
