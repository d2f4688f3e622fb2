//! Kubernetes manifests read as kubectl reads them.
//!
//! kubectl reads `-f` files, directories and standard input, splits YAML
//! streams into documents, converts each YAML document to JSON on the
//! client (go-yaml v2's YAML 1.1), and sends that JSON to the API server.
//! This crate does the same offline, one document at a time, into a
//! [`Tape`]: a flat, reusable form of the JSON kubectl would send. Hostile
//! input gets upstream's answers: go-yaml's limit on alias expansion and
//! nesting, `encoding/json`'s nesting limit, the API server's request body
//! limit, plus a documented limit on a raw document's size.
//!
//! ```
//! use k8s_validation_manifest::{yaml, Tape};
//!
//! let mut tape = Tape::new();
//! yaml::parse(b"kind: ConfigMap\ndata:\n  enabled: yes\n", &mut tape).unwrap();
//! assert_eq!(tape.to_json(), serde_json::json!({"kind": "ConfigMap", "data": {"enabled": true}}));
//! ```

#![warn(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod build;
pub mod decode;
pub mod input;
pub mod json;
pub mod limits;
pub mod object;
pub mod split;
pub mod tape;
pub mod yaml;

pub use build::{allowed_alias_ratio, EXCESSIVE_ALIASING};
pub use decode::{Context, Decode, DecodeError, DecodeKey};
pub use input::{collect_sources, Source, Sources};
pub use object::{Encode, RootObject, ValidationFn};
pub use split::{Format, RawDocument, Splitter, MAX_DOCUMENT_BYTES};
pub use tape::{Entries, Items, Kind, Node, Tape};

/// Reads one document of a stream into `tape`: `Ok(false)` when it holds
/// no value (blank, comments only, or YAML `null`), as kubectl skips such
/// documents. The error reads as kubectl's.
pub fn parse_document(format: Format, bytes: &[u8], tape: &mut Tape) -> Result<bool, String> {
    match format {
        Format::Yaml => {
            if split::is_blank_yaml(bytes) {
                return Ok(false);
            }
            Ok(yaml::parse(bytes, tape)? && !tape.root().is_some_and(Node::is_null))
        }
        // kubectl skips a `null` document of a JSON stream too.
        Format::Json => match json::JsonStream::new(bytes).next_into(tape) {
            None => Ok(false),
            Some(r) => r.map(|()| !tape.root().is_some_and(Node::is_null)),
        },
    }
}

/// The objects of a document: the document itself, or the items of a
/// `List` (`kind: List`, or any `*List` kind with an `items` array, as
/// kubectl unwraps them), each with its index. An item that is not an
/// object is an error.
pub fn objects(root: Node<'_>) -> Vec<(Option<usize>, Result<Node<'_>, &'static str>)> {
    let is_list = root
        .get("kind")
        .and_then(Node::as_str)
        .is_some_and(|k| k.ends_with("List"))
        && root.get("items").is_some_and(|i| i.items().is_some());
    if !is_list {
        return vec![(None, Ok(root))];
    }
    let items = root.get("items").and_then(Node::items).expect("checked");
    items
        .enumerate()
        .map(|(i, item)| {
            let object = if item.entries().is_some() {
                Ok(item)
            } else {
                Err("a List item is not an object")
            };
            (Some(i), object)
        })
        .collect()
}
