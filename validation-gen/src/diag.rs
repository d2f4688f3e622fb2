//! Diagnostics: every generation-time error is collected with its span and
//! reported together (serde_derive's `ctxt.rs` role), never stopping at the first.

use proc_macro2::Span;

/// One generation-time error.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    /// Where: the offending doc line, field or type.
    pub span: Span,
    /// What is wrong.
    pub message: String,
    /// Where in the type's source the error is (see
    /// [`crate::ast::DocLine::order`]); errors are kept sorted by it so that
    /// they are reported in source order. 0 for errors not tied to a line.
    pub order: usize,
}

/// An accumulator of generation-time errors.
#[derive(Debug, Default)]
pub struct Diagnostics {
    errors: Vec<Diagnostic>,
}

impl Diagnostics {
    /// An empty accumulator.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records an error.
    pub fn error(&mut self, span: Span, message: impl Into<String>) {
        self.error_at(span, 0, message);
    }

    /// Records an error about the doc line numbered `order`
    /// ([`crate::ast::DocLine::order`]): it is placed after every error about
    /// an earlier or the same line.
    pub fn error_at(&mut self, span: Span, order: usize, message: impl Into<String>) {
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
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// The errors, in source order (in the order they were found for errors
    /// about the same line).
    pub fn errors(&self) -> &[Diagnostic] {
        &self.errors
    }

    /// Moves the errors of `other` into `self`.
    pub fn extend(&mut self, other: Diagnostics) {
        self.errors.extend(other.errors);
    }

    /// All errors as one `syn::Error` (for the derive: one compile error each).
    pub fn to_syn_error(&self) -> Option<syn::Error> {
        let mut iter = self.errors.iter();
        let first = iter.next()?;
        let mut err = syn::Error::new(first.span, &first.message);
        for d in iter {
            err.combine(syn::Error::new(d.span, &d.message));
        }
        Some(err)
    }
}
