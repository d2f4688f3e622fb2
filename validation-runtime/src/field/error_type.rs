//! The kinds of field errors (upstream's `field.ErrorType`) and the stability
//! level of the validation that reported one (upstream's
//! `ValidationStabilityLevel`).

use std::fmt;

/// The kind of a field error (upstream's `field.ErrorType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ErrorType {
    /// `FieldValueNotFound`: the value was not found (printed with its value).
    NotFound,
    /// `FieldValueRequired`: a required value is missing.
    Required,
    /// `FieldValueDuplicate`: a value that must be unique occurs again.
    Duplicate,
    /// `FieldValueInvalid`: the value is malformed or out of range.
    Invalid,
    /// `FieldValueNotSupported`: the value is not one of the supported values.
    NotSupported,
    /// `FieldValueForbidden`: the value may not be set (here, now, or at all).
    Forbidden,
    /// `FieldValueTooLong`: a string is too long (the value is never printed).
    TooLong,
    /// `FieldValueTooShort`: a string is too short (the value is never printed).
    TooShort,
    /// `FieldValueTooMany`: a list or map has too many items.
    TooMany,
    /// `FieldValueTooFew`: a list or map has too few items.
    TooFew,
    /// `InternalError`: validation itself failed.
    Internal,
    /// `FieldValueTypeInvalid`: the value has the wrong type.
    TypeInvalid,
}

impl ErrorType {
    /// Every error type, in declaration order.
    pub const ALL: [ErrorType; 12] = [
        ErrorType::NotFound,
        ErrorType::Required,
        ErrorType::Duplicate,
        ErrorType::Invalid,
        ErrorType::NotSupported,
        ErrorType::Forbidden,
        ErrorType::TooLong,
        ErrorType::TooShort,
        ErrorType::TooMany,
        ErrorType::TooFew,
        ErrorType::Internal,
        ErrorType::TypeInvalid,
    ];

    /// The machine-readable type string (`FieldValueRequired`, ...), as in
    /// the `reason` of a Kubernetes `Status` cause.
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorType::NotFound => "FieldValueNotFound",
            ErrorType::Required => "FieldValueRequired",
            ErrorType::Duplicate => "FieldValueDuplicate",
            ErrorType::Invalid => "FieldValueInvalid",
            ErrorType::NotSupported => "FieldValueNotSupported",
            ErrorType::Forbidden => "FieldValueForbidden",
            ErrorType::TooLong => "FieldValueTooLong",
            ErrorType::TooShort => "FieldValueTooShort",
            ErrorType::TooMany => "FieldValueTooMany",
            ErrorType::TooFew => "FieldValueTooFew",
            ErrorType::Internal => "InternalError",
            ErrorType::TypeInvalid => "FieldValueTypeInvalid",
        }
    }

    /// The human-readable description (upstream's `ErrorType.String()`):
    /// `Required value`, `Invalid value`, ...
    pub const fn description(self) -> &'static str {
        match self {
            ErrorType::NotFound => "Not found",
            ErrorType::Required => "Required value",
            ErrorType::Duplicate => "Duplicate value",
            ErrorType::Invalid | ErrorType::TypeInvalid => "Invalid value",
            ErrorType::NotSupported => "Unsupported value",
            ErrorType::Forbidden => "Forbidden",
            ErrorType::TooLong => "Too long",
            ErrorType::TooShort => "Too short",
            ErrorType::TooMany => "Too many",
            ErrorType::TooFew => "Too few",
            ErrorType::Internal => "Internal error",
        }
    }

    /// Parses a type string (`FieldValueInvalid`, ...).
    pub fn from_type_str(s: &str) -> Option<ErrorType> {
        ErrorType::ALL.into_iter().find(|t| t.as_str() == s)
    }

    /// Whether `ErrorBody` prints the bad value for this type.
    pub const fn prints_value(self) -> bool {
        !matches!(
            self,
            ErrorType::Required
                | ErrorType::Forbidden
                | ErrorType::TooLong
                | ErrorType::TooShort
                | ErrorType::Internal
        )
    }
}

impl fmt::Display for ErrorType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

/// The stability level of the declarative validation that reported an
/// error: upstream's `field.ValidationStabilityLevel` (Kubernetes 1.36 on).
///
/// Code generated for 1.36 or 1.37 marks the errors of validations wrapped
/// in `+k8s:alpha=...` / `+k8s:beta=...` with [`Error::mark_alpha`](super::Error::mark_alpha) /
/// [`Error::mark_beta`](super::Error::mark_beta) (upstream's `MarkAlpha()` / `MarkBeta()`); the
/// validations always run, and the API server decides whether a marked
/// error is enforced (beta under `DeclarativeValidationBeta`, alpha never).
/// Unmarked errors (every error of 1.35 code) have no level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StabilityLevel {
    /// `+k8s:alpha`.
    Alpha,
    /// `+k8s:beta`.
    Beta,
}

impl StabilityLevel {
    /// `"alpha"` or `"beta"`, as upstream's `String()`.
    pub fn as_str(self) -> &'static str {
        match self {
            StabilityLevel::Alpha => "alpha",
            StabilityLevel::Beta => "beta",
        }
    }
}

impl fmt::Display for StabilityLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
