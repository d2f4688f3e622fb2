//! Field paths and field errors: the Rust counterpart of upstream's
//! `k8s.io/apimachinery/pkg/util/validation/field`.
//!
//! See `docs/errors.md` for how errors map to upstream.

mod detail;
mod error;
mod error_list;
mod error_type;
mod json;
mod path;
mod status;
mod text;
mod value;

pub(crate) use detail::{supported_values_len, write_supported_values, Detail, SupportedValues};
pub use error::Error;
pub use error_list::ErrorList;
pub use error_type::{ErrorType, StabilityLevel};
pub use json::{write_json_string, MapKey};
pub use path::{IntoFieldPath, Path, Segment};
pub use status::InvalidObject;
pub(crate) use text::Text;
pub(crate) use value::with_bad_value;
pub use value::{go_quote, write_go_quoted, BadValue, BadValueKind, JsonObject, ToBadValue};
