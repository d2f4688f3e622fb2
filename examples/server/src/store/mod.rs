//! Storage behind a small trait, as upstream's `storage.Interface`: objects
//! are JSON bytes under `/registry/example.dev/widgets/<namespace>/<name>`,
//! stored without `resourceVersion`; the store's revision of the write is
//! the object's `resourceVersion`.
//!
//! Two backends: [`embedded::Embedded`] (redb, the default, one process)
//! and [`etcd::Etcd`] (etcd v3, several replicas share it).

pub mod embedded;
pub mod etcd;

use std::future::Future;
use std::pin::Pin;

use futures_util::stream::BoxStream;

/// A boxed future (the trait is used as `dyn Storage`).
pub type BoxFut<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// An object as stored, with the revision of its last write.
#[derive(Clone, Debug, PartialEq)]
pub struct Stored {
    /// The JSON bytes.
    pub value: Vec<u8>,
    /// The revision (`resourceVersion`).
    pub rv: u64,
}

/// Why a write failed.
#[derive(Debug, PartialEq)]
pub enum StoreError {
    /// Create of an existing key.
    Exists,
    /// Update or delete of a missing key.
    NotFound,
    /// The key's revision is not the expected one.
    Conflict,
    /// A watch from a revision the store no longer has.
    Expired,
    /// The backend failed.
    Internal(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Exists => f.write_str("key exists"),
            StoreError::NotFound => f.write_str("key not found"),
            StoreError::Conflict => f.write_str("revision mismatch"),
            StoreError::Expired => f.write_str("revision compacted"),
            StoreError::Internal(e) => f.write_str(e),
        }
    }
}

/// What a watch reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventType {
    /// Created.
    Added,
    /// Updated.
    Modified,
    /// Deleted (the value is the last state).
    Deleted,
}

impl EventType {
    /// `ADDED`, `MODIFIED`, `DELETED`.
    pub fn as_str(self) -> &'static str {
        match self {
            EventType::Added => "ADDED",
            EventType::Modified => "MODIFIED",
            EventType::Deleted => "DELETED",
        }
    }
}

/// A change of one key.
#[derive(Clone, Debug)]
pub struct Event {
    /// What happened.
    pub kind: EventType,
    /// The key.
    pub key: String,
    /// The object (its last state for a delete).
    pub value: Vec<u8>,
    /// The revision of the change.
    pub rv: u64,
}

/// The storage interface.
pub trait Storage: Send + Sync {
    /// The object at `key`.
    fn get<'a>(&'a self, key: &'a str) -> BoxFut<'a, Result<Option<Stored>, StoreError>>;
    /// All objects under `prefix`, in key order, and the store's revision.
    #[allow(clippy::type_complexity)]
    fn list<'a>(
        &'a self,
        prefix: &'a str,
    ) -> BoxFut<'a, Result<(Vec<(String, Stored)>, u64), StoreError>>;
    /// Stores a new object; its revision.
    fn create<'a>(&'a self, key: &'a str, value: Vec<u8>) -> BoxFut<'a, Result<u64, StoreError>>;
    /// Replaces the object if its revision is still `expected`; the new revision.
    fn update<'a>(
        &'a self,
        key: &'a str,
        value: Vec<u8>,
        expected: u64,
    ) -> BoxFut<'a, Result<u64, StoreError>>;
    /// Deletes the object if its revision is still `expected`; the revision of the delete.
    fn delete<'a>(&'a self, key: &'a str, expected: u64) -> BoxFut<'a, Result<u64, StoreError>>;
    /// The changes under `prefix` after revision `after`.
    fn watch<'a>(
        &'a self,
        prefix: &'a str,
        after: u64,
    ) -> BoxFut<'a, Result<BoxStream<'static, Result<Event, StoreError>>, StoreError>>;
    /// The backend's name (`redb`, `etcd`).
    fn name(&self) -> &'static str;
}
