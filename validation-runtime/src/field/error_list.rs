//! [`ErrorList`]: upstream's `field.ErrorList`, the accumulator every
//! validator pushes into.

use std::fmt;

use super::error::Error;

/// A list of field errors (upstream's `field.ErrorList`).
///
/// An empty list does not allocate.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ErrorList {
    errors: Vec<Error>,
}

impl ErrorList {
    /// An empty list.
    pub const fn new() -> ErrorList {
        ErrorList { errors: Vec::new() }
    }

    /// The number of errors.
    #[inline]
    pub fn len(&self) -> usize {
        self.errors.len()
    }

    /// Whether there are no errors.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// Appends one error.
    #[inline]
    pub fn push(&mut self, error: Error) {
        if self.errors.len() == self.errors.capacity() {
            self.grow();
        }
        self.errors.push(error);
    }

    /// Room for 32 errors at first (rather than `Vec`'s 4), doubling after:
    /// an object with errors usually has several, and growing the list again
    /// runs the allocator's `realloc` path, whose code an invalid object
    /// otherwise touches once per validation.
    #[cold]
    fn grow(&mut self) {
        self.errors.reserve(self.errors.capacity().max(32));
    }

    /// Appends every error of `other`.
    ///
    /// Generated code calls this once per validator, nearly always with an
    /// empty `other`: that case is inlined and touches nothing.
    #[inline]
    pub fn append(&mut self, other: ErrorList) {
        if !other.errors.is_empty() {
            self.append_nonempty(other);
        }
    }

    fn append_nonempty(&mut self, other: ErrorList) {
        if self.errors.is_empty() {
            self.errors = other.errors;
        } else {
            self.errors.extend(other.errors);
        }
    }

    /// Runs `f` on an empty list and returns what it pushed: the way to call
    /// a validator on its own, since validators push their errors into a
    /// list they are given.
    ///
    /// ```
    /// use k8s_validation::field::Path;
    /// use k8s_validation::{validate, ErrorList, Operation};
    ///
    /// let path = Path::new("replicas");
    /// let errs = ErrorList::from_fn(|errs| {
    ///     validate::minimum(errs, &Operation::create(), &path, Some(&-1), None, 0)
    /// });
    /// assert_eq!(errs[0].to_string(), "replicas: Invalid value: -1: must be greater than or equal to 0");
    /// ```
    pub fn from_fn(f: impl FnOnce(&mut ErrorList)) -> ErrorList {
        let mut errs = ErrorList::new();
        f(&mut errs);
        errs
    }

    /// Removes and returns the errors from index `at` on (those pushed since
    /// the list had `at` errors).
    pub fn split_off(&mut self, at: usize) -> ErrorList {
        ErrorList {
            errors: self.errors.split_off(at.min(self.errors.len())),
        }
    }

    /// Shortens the list to its first `len` errors.
    pub fn truncate(&mut self, len: usize) {
        self.errors.truncate(len);
    }

    /// The errors as a slice.
    pub fn as_slice(&self) -> &[Error] {
        &self.errors
    }

    /// Iterates over the errors.
    pub fn iter(&self) -> std::slice::Iter<'_, Error> {
        self.errors.iter()
    }

    /// The errors as a vector.
    pub fn into_vec(self) -> Vec<Error> {
        self.errors
    }

    /// Sets the origin of every error.
    #[must_use]
    pub fn with_origin(self, origin: &'static str) -> ErrorList {
        self.map(|e| e.with_origin(origin))
    }

    /// Marks every error covered by declarative validation.
    #[must_use]
    pub fn mark_covered_by_declarative(self) -> ErrorList {
        self.map(Error::mark_covered_by_declarative)
    }

    /// Marks every error as coming from a short-circuiting validator.
    #[must_use]
    pub fn mark_short_circuit(self) -> ErrorList {
        self.map(Error::mark_short_circuit)
    }

    /// Marks the errors from index `start` on as coming from a
    /// short-circuiting validator, in place. Code generated for Kubernetes
    /// 1.37 calls it after a cohort's short-circuiting validations (upstream's
    /// generated `.MarkShortCircuit()` on each such call).
    #[doc(hidden)]
    pub fn mark_short_circuit_from(&mut self, start: usize) {
        for e in self.errors.iter_mut().skip(start) {
            e.set_short_circuit();
        }
    }

    /// Marks every error as reported by hand-written validation (upstream's
    /// `ErrorList.MarkFromImperative`).
    #[must_use]
    pub fn mark_from_imperative(self) -> ErrorList {
        self.map(Error::mark_from_imperative)
    }

    /// Marks every error as reported by an alpha validation (upstream's
    /// `ErrorList.MarkAlpha`).
    #[must_use]
    pub fn mark_alpha(self) -> ErrorList {
        self.map(Error::mark_alpha)
    }

    /// Marks every error as reported by a beta validation (upstream's
    /// `ErrorList.MarkBeta`).
    #[must_use]
    pub fn mark_beta(self) -> ErrorList {
        self.map(Error::mark_beta)
    }

    /// Prepends `prefix` to every error's detail.
    #[must_use]
    pub fn prefix_detail(self, prefix: &str) -> ErrorList {
        self.map(|e| e.prefix_detail(prefix))
    }

    /// The errors marked covered by declarative validation.
    pub fn extract_covered_by_declarative(&self) -> ErrorList {
        self.iter()
            .filter(|e| e.is_covered_by_declarative())
            .cloned()
            .collect()
    }

    /// The errors not marked covered by declarative validation.
    pub fn remove_covered_by_declarative(&self) -> ErrorList {
        self.iter()
            .filter(|e| !e.is_covered_by_declarative())
            .cloned()
            .collect()
    }

    fn map(mut self, f: impl Fn(Error) -> Error) -> ErrorList {
        self.errors = self.errors.into_iter().map(f).collect();
        self
    }
}

impl std::ops::Index<usize> for ErrorList {
    type Output = Error;
    fn index(&self, i: usize) -> &Error {
        &self.errors[i]
    }
}

impl<'a> IntoIterator for &'a ErrorList {
    type Item = &'a Error;
    type IntoIter = std::slice::Iter<'a, Error>;
    fn into_iter(self) -> Self::IntoIter {
        self.errors.iter()
    }
}

impl IntoIterator for ErrorList {
    type Item = Error;
    type IntoIter = std::vec::IntoIter<Error>;
    fn into_iter(self) -> Self::IntoIter {
        self.errors.into_iter()
    }
}

impl FromIterator<Error> for ErrorList {
    fn from_iter<I: IntoIterator<Item = Error>>(iter: I) -> Self {
        ErrorList {
            errors: iter.into_iter().collect(),
        }
    }
}

impl Extend<Error> for ErrorList {
    fn extend<I: IntoIterator<Item = Error>>(&mut self, iter: I) {
        self.errors.extend(iter)
    }
}

impl From<Vec<Error>> for ErrorList {
    fn from(errors: Vec<Error>) -> Self {
        ErrorList { errors }
    }
}

impl From<Error> for ErrorList {
    fn from(error: Error) -> Self {
        ErrorList {
            errors: vec![error],
        }
    }
}

/// Upstream's aggregate text (`utilerrors.Aggregate.Error()`): one error as
/// is, several as `[e1, e2]`, duplicates (by text) printed once.
impl fmt::Display for ErrorList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut seen = std::collections::HashSet::new();
        let msgs: Vec<String> = self
            .iter()
            .map(ToString::to_string)
            .filter(|m| seen.insert(m.clone()))
            .collect();
        match msgs.len() {
            0 => Ok(()),
            1 => f.write_str(&msgs[0]),
            _ => write!(f, "[{}]", msgs.join(", ")),
        }
    }
}
