//! Field paths and field errors: the Rust counterpart of upstream's
//! `k8s.io/apimachinery/pkg/util/validation/field`.
//!
//! See `docs/errors.md` for how errors map to upstream.

mod error;
mod error_list;
mod path;
mod value;

pub(crate) use error::supported_values_detail;
pub use error::{Error, ErrorType, StabilityLevel};
pub use error_list::ErrorList;
pub use path::{IntoFieldPath, Path, Segment};
pub(crate) use value::push_int;
pub use value::{
    go_quote, write_go_quoted, write_json_string, BadValue, JsonObject, MapKey, ToBadValue,
};
