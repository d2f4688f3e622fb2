//! The one place the server touches the migration API
//! (the `validation-migration` crate): a change of that crate's paths
//! changes only these imports.

pub use validation_migration::replay::{replay_dir, ReplayOptions};
#[cfg(test)]
pub use validation_migration::Mode;
pub use validation_migration::{
    invalid_status_json, FeatureGates, Migration, Registry, TEXT_CONTENT_TYPE,
};
pub use validation_runtime::Release;
