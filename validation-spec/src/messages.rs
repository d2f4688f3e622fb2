//! Error details that generated code writes as static text and the runtime
//! writes itself: `k8s_validation::validate::minimum!` appends the bound
//! to these prefixes at compile time (`must be greater than or equal to 1`),
//! the runtime at validation time, and the schema export states the same
//! rule.
//!
//! The bound prefixes are also macros expanding to the literal, so that
//! `concat!` (which takes only literals and macros) reads the same text.

/// The literal of [`MINIMUM`], for `concat!`.
#[doc(hidden)]
#[macro_export]
macro_rules! __minimum_prefix {
    () => {
        "must be greater than or equal to"
    };
}

/// The literal of [`MAXIMUM`], for `concat!`.
#[doc(hidden)]
#[macro_export]
macro_rules! __maximum_prefix {
    () => {
        "must be less than or equal to"
    };
}

/// The detail of a `+k8s:minimum` error, before ` <minimum>`.
pub const MINIMUM: &str = __minimum_prefix!();

/// The detail of a `+k8s:maximum` error, before ` <maximum>`.
pub const MAXIMUM: &str = __maximum_prefix!();

/// The start of a `NotSupported` error's detail, before the Go-quoted values
/// separated by `, ` (`supported values: "a", "b"`).
pub const SUPPORTED_VALUES: &str = "supported values: ";
