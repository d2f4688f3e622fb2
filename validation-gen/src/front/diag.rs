//! Diagnostics: every generation-time error is collected with its span and
//! reported together (serde_derive's `ctxt.rs` role), never stopping at the first.

use proc_macro2::Span;

/// One generation-time error.
#[derive(Clone, Debug)]
pub(crate) struct Diagnostic {
    /// Where: the offending doc line, field or type.
    pub span: Span,
    /// What is wrong.
    pub message: String,
    /// Where in the type's source the error is (see
    /// [`crate::front::ast::DocLine::order`]); errors are kept sorted by it so that
    /// they are reported in source order. 0 for errors not tied to a line.
    pub order: usize,
}

/// An accumulator of generation-time errors.
///
/// Only the front half makes one ([`crate::front::analyze`] returns it with
/// the checked model); the back ends add to it. A back end that lowers a
/// rule a second time (already reported) or only to learn whether it
/// lowers does so [`Diagnostics::muted`].
#[derive(Debug)]
pub(crate) struct Diagnostics {
    errors: Vec<Diagnostic>,
    /// While positive, errors are counted in `muted_errors`, not recorded.
    muted: usize,
    muted_errors: usize,
}

impl Diagnostics {
    /// An empty accumulator.
    pub(super) fn new() -> Self {
        Diagnostics {
            errors: Vec::new(),
            muted: 0,
            muted_errors: 0,
        }
    }

    /// Runs `f` with errors counted but not recorded: for a second lowering
    /// of rules whose problems were reported already, or a probe. Returns
    /// `f`'s result and the number of errors it found.
    pub(crate) fn muted<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> (R, usize) {
        let before = self.muted_errors;
        self.muted += 1;
        let out = f(self);
        self.muted -= 1;
        let found = self.muted_errors - before;
        if self.muted == 0 {
            self.muted_errors = 0;
        }
        (out, found)
    }

    /// Records the errors of `syn` (each with its span) at order 0.
    pub(crate) fn syn_error(&mut self, error: syn::Error) {
        for e in error {
            self.error(e.span(), e.to_string());
        }
    }

    /// The number of errors found so far, recorded or muted: a lowering
    /// that adds none passed.
    pub(crate) fn found(&self) -> usize {
        self.errors.len() + self.muted_errors
    }

    /// Records an error.
    pub(crate) fn error(&mut self, span: Span, message: impl Into<String>) {
        self.error_at(span, 0, message);
    }

    /// Records an error about the doc line numbered `order`
    /// ([`crate::front::ast::DocLine::order`]): it is placed after every error about
    /// an earlier or the same line.
    pub(crate) fn error_at(&mut self, span: Span, order: usize, message: impl Into<String>) {
        if self.muted > 0 {
            self.muted_errors += 1;
            return;
        }
        let at = self.errors.partition_point(|d| d.order <= order);
        self.errors.insert(
            at,
            Diagnostic {
                span,
                message: message.into(),
                order,
            },
        );
    }

    /// Whether nothing went wrong.
    pub(crate) fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// The errors, in source order (in the order they were found for errors
    /// about the same line).
    pub(crate) fn errors(&self) -> &[Diagnostic] {
        &self.errors
    }

    /// All errors as one `syn::Error` (for the derive: one compile error each).
    pub(crate) fn to_syn_error(&self) -> Option<syn::Error> {
        let mut iter = self.errors.iter();
        let first = iter.next()?;
        let mut err = syn::Error::new(first.span, &first.message);
        for d in iter {
            err.combine(syn::Error::new(d.span, &d.message));
        }
        Some(err)
    }
}
