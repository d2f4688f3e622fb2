//! Validate Kubernetes manifests offline with the declarative validation the
//! API server of a release runs: the library behind the `k8s-validate`
//! command (docs/manifests.md).
//!
//! ```
//! use k8s_validate::{Validator, Verdict};
//! use k8s_validation::Release;
//! use k8s_validation_manifest::Tape;
//! use k8s_validation_migration::FeatureGates;
//!
//! let mut validator = Validator::new(FeatureGates::for_release(Release::V1_38), &[]);
//! let manifest = Tape::from_json(&serde_json::json!({
//!     "apiVersion": "v1",
//!     "kind": "ReplicationController",
//!     "metadata": {"name": "web"},
//!     "spec": {"replicas": -1}
//! }));
//! let checked = validator.check(manifest.root().unwrap(), None).unwrap();
//! let Verdict::Invalid(errs) = checked.verdict else { panic!("{:?}", checked.verdict) };
//! assert_eq!(
//!     errs[0].to_string(),
//!     "spec.replicas: Invalid value: -1: must be greater than or equal to 0"
//! );
//! ```

pub mod apiserver;
pub mod check;
pub mod pipeline;
pub mod report;
pub mod spill;

pub use check::{Checked, Decoded, NotRun, Step, Validator, Verdict};
pub use pipeline::{run, Settings, Sink};
pub use report::{Entry, Outcome, Position, RunInfo, Tally, Writer};

use std::collections::HashMap;

use k8s_validation_manifest::{input, objects, Node, RawDocument, Source, Splitter, Tape};

use check::ObjectKey;

/// The live objects of an update (`--old`), by group, kind, namespace and
/// name.
#[derive(Debug, Default)]
pub struct LiveObjects {
    objects: HashMap<ObjectKey, Tape>,
}

impl LiveObjects {
    /// Adds the objects of a source; documents that hold no object are
    /// returned as errors (with where they are).
    pub fn add_source(&mut self, source: &Source) -> Vec<String> {
        let mut bad = Vec::new();
        let reader = match input::open(source) {
            Ok(r) => r,
            Err(e) => return vec![e],
        };
        let mut splitter = Splitter::new(reader);
        let mut raw = RawDocument::default();
        let mut tape = Tape::new();
        loop {
            match splitter.next_into(&mut raw) {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => {
                    bad.push(format!("read {source}: {e}"));
                    break;
                }
            }
            let at = format!("document {} (line {})", raw.number, raw.line);
            match raw.parse(&mut tape) {
                Err(e) => bad.push(format!("{at}: {e}")),
                Ok(false) => {}
                Ok(true) => {
                    for (_, obj) in objects(tape.root().expect("a value")) {
                        match obj.map(|o| (check::object_key(o), o)) {
                            Ok((Some(key), o)) => {
                                self.objects.insert(key, Tape::from_json(&o.to_json()));
                            }
                            Ok((None, _)) => bad.push(format!("{at}: Object 'Kind' is missing")),
                            Err(e) => bad.push(format!("{at}: {e}")),
                        }
                    }
                }
            }
        }
        bad
    }

    /// The live object `obj` replaces, if any.
    pub fn find(&self, obj: Node<'_>) -> Option<Node<'_>> {
        self.objects.get(&check::object_key(obj)?)?.root()
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
