//! The one place the server touches the migration API
//! (`validation_runtime::migration`, feature `migration`): if migration moves
//! to its own crate, only these imports change.

pub use validation_runtime::migration::replay::{replay_dir, ReplayOptions};
#[cfg(test)]
pub use validation_runtime::migration::Mode;
pub use validation_runtime::migration::{
    invalid_status_json, FeatureGates, Migration, Registry, TEXT_CONTENT_TYPE,
};
