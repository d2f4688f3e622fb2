//! What the per-release mirror crates of `k8s-validation-api` share, below
//! them in the dependency graph: the [`RootObject`] trait their generated
//! `decode_root` functions return (through [`decode`], instantiated in each
//! mirror crate, so that its serde and validation code is compiled there
//! once), the stand-ins of [`shim`], and the hand-written helpers of
//! [`custom`]. `k8s-validation-api` re-exports what is public here; use it.
#![warn(missing_docs)]

pub mod custom;
pub mod shim;

use std::any::Any;

use k8s_validation::{ErrorList, Operation, Validate};
use k8s_validation_migration::Registry;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// A decoded root object, behind a trait object so that users of the
/// mirror need not instantiate serde and validation code for every type
/// again (it is compiled once, in the mirror crate of its release).
pub trait RootObject: Any {
    /// The object encoded again.
    fn to_json(&self) -> serde_json::Value;
    /// [`Validate::subresources`] of its type.
    fn subresources(&self) -> &'static [&'static str];
    /// [`Validate::validate`].
    fn validate(&self, op: &Operation) -> ErrorList;
    /// [`Validate::validate_update`]; `None` when `old` is of another type.
    fn validate_update(&self, old: &dyn RootObject, op: &Operation) -> Option<ErrorList>;
    /// Registers the object's type in `registry` as `kind` of `api_version`
    /// (Go type `*<version>.<kind>`), with declarative enforcement when
    /// `enforced` (1.36's per-resource opt-in), so that a
    /// [`Migration`](k8s_validation_migration::Migration) runs its
    /// declarative validation as the API server does.
    fn register(&self, registry: &mut Registry, kind: &str, api_version: &str, enforced: bool);
    /// Whether [`register`](Self::register) has registered the type.
    fn is_registered(&self, registry: &Registry) -> bool;
    /// For downcasting, and for [`Migration::validate_manifest`](k8s_validation_migration::Migration::validate_manifest).
    fn as_any(&self) -> &dyn Any;
}

impl<T: Validate + Serialize + 'static> RootObject for T {
    fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }

    fn subresources(&self) -> &'static [&'static str] {
        T::subresources()
    }

    fn validate(&self, op: &Operation) -> ErrorList {
        Validate::validate(self, op)
    }

    fn validate_update(&self, old: &dyn RootObject, op: &Operation) -> Option<ErrorList> {
        let old = old.as_any().downcast_ref::<T>()?;
        Some(Validate::validate_update(self, old, op))
    }

    fn register(&self, registry: &mut Registry, kind: &str, api_version: &str, enforced: bool) {
        let version = api_version.rsplit('/').next().unwrap_or(api_version);
        let group = api_version.rsplit_once('/').map_or("", |(g, _)| g);
        let r = registry
            .register::<T>(kind)
            .group(group)
            .api_version(api_version)
            .go_type_name(&format!("*{version}.{kind}"));
        if enforced {
            r.declarative_enforcement();
        }
    }

    fn is_registered(&self, registry: &Registry) -> bool {
        registry.contains::<T>()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// Decodes `v` as a `T` (what the generated `decode_root` functions call).
pub fn decode<T: DeserializeOwned + Validate + Serialize + 'static>(
    v: &serde_json::Value,
) -> Result<Box<dyn RootObject>, String> {
    T::deserialize(v)
        .map(|t| Box::new(t) as Box<dyn RootObject>)
        .map_err(|e| e.to_string())
}
