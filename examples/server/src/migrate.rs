//! The one place the server touches the migration API
//! (the `k8s-validation-migration` crate): a change of that crate's paths
//! changes only these imports.

pub use k8s_validation::Release;
pub use k8s_validation_migration::replay::{replay_dir, ReplayOptions};
#[cfg(test)]
pub use k8s_validation_migration::Mode;
pub use k8s_validation_migration::{
    invalid_status_json, FeatureGates, Migration, Registry, TEXT_CONTENT_TYPE,
};
