//! Field paths and field errors: the Rust counterpart of upstream's
//! `k8s.io/apimachinery/pkg/util/validation/field`.
//!
//! See `docs/errors.md` for how errors map to upstream.

mod error;
mod error_list;
mod path;
mod value;

pub(crate) use error::{supported_values_len, write_supported_values, Detail, SupportedValues};
pub use error::{Error, ErrorType, StabilityLevel};
pub use error_list::ErrorList;
pub use path::{IntoFieldPath, Path, Segment};
pub(crate) use value::with_bad_value;
pub use value::{
    go_quote, write_go_quoted, write_json_string, BadValue, BadValueKind, JsonObject, MapKey,
    ToBadValue,
};
