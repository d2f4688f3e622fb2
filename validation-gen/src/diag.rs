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
        self.errors.push(Diagnostic {
            span,
            message: message.into(),
        });
    }

    /// Whether nothing went wrong.
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// The errors, in the order they were found.
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
