//! Validate Kubernetes manifests offline with the declarative validation the
//! API server of a release runs: the library behind the `k8s-validate`
//! command (docs/manifests.md).
//!
//! ```
//! use k8s_validate::{Validator, Verdict};
//! use k8s_validation::Release;
//! use k8s_validation_migration::FeatureGates;
//!
//! let mut validator = Validator::new(FeatureGates::for_release(Release::V1_38), &[]);
//! let manifest = serde_json::json!({
//!     "apiVersion": "v1",
//!     "kind": "ReplicationController",
//!     "metadata": {"name": "web"},
//!     "spec": {"replicas": -1}
//! });
//! let checked = validator.check(&manifest, None).unwrap();
//! let Verdict::Invalid(errs) = checked.verdict else { panic!("{:?}", checked.verdict) };
//! assert_eq!(
//!     errs[0].to_string(),
//!     "spec.replicas: Invalid value: -1: must be greater than or equal to 0"
//! );
//! ```

pub mod apiserver;
pub mod check;
pub mod input;
pub mod report;
pub mod yaml;

pub use check::{Checked, Decoded, NotRun, Step, Validator, Verdict};
pub use input::{documents, Document, Position, Source};
pub use report::{Entry, Outcome, Report};

use std::collections::HashMap;

use serde_json::Value;

use check::ObjectKey;

/// The live objects of an update (`--old`), by group, kind, namespace and
/// name.
#[derive(Debug, Default)]
pub struct LiveObjects {
    objects: HashMap<ObjectKey, Value>,
}

impl LiveObjects {
    /// Adds the objects of a manifest stream; documents that hold no object
    /// are returned as errors (with their position).
    pub fn add(&mut self, text: &str) -> Vec<(Position, String)> {
        let mut bad = Vec::new();
        for doc in documents(text) {
            match doc.object {
                Ok(v) => match check::object_key(&v) {
                    Some(key) => {
                        self.objects.insert(key, v);
                    }
                    None => bad.push((doc.position, "Object 'Kind' is missing".to_owned())),
                },
                Err(e) => bad.push((doc.position, e)),
            }
        }
        bad
    }

    /// The live object `obj` replaces, if any.
    pub fn find(&self, obj: &Value) -> Option<&Value> {
        self.objects.get(&check::object_key(obj)?)
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.objects.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.objects.is_empty()
    }
}

/// Validates every object of `text` (one source) and appends the outcomes
/// to `entries`.
pub fn check_source(
    validator: &mut Validator,
    live: Option<&LiveObjects>,
    source: &Source,
    text: &str,
    entries: &mut Vec<Entry>,
) {
    for doc in documents(text) {
        let outcome = match doc.object {
            Err(e) => Outcome::BadDocument(e),
            Ok(obj) => {
                let old = live.and_then(|l| l.find(&obj));
                match validator.check(&obj, old) {
                    Ok(checked) => Outcome::Object(checked),
                    Err(e) => Outcome::BadDocument(e),
                }
            }
        };
        entries.push(Entry {
            source: source.clone(),
            position: doc.position,
            outcome,
        });
    }
}
