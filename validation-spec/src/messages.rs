//! Error details that generated code writes as static text and the runtime
//! writes itself: the generator appends the bound to these prefixes at
//! generation time (`must be greater than or equal to 1`), the runtime at
//! validation time, and the schema export states the same rule.

/// The detail of a `+k8s:minimum` error, before ` <minimum>`.
pub const MINIMUM: &str = "must be greater than or equal to";

/// The detail of a `+k8s:maximum` error, before ` <maximum>`.
pub const MAXIMUM: &str = "must be less than or equal to";

/// The start of a `NotSupported` error's detail, before the Go-quoted values
/// separated by `, ` (`supported values: "a", "b"`).
pub const SUPPORTED_VALUES: &str = "supported values: ";
