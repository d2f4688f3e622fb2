//! `validation-gen`: Kubernetes declarative validation tags (`+k8s:minimum=0`,
//! `+k8s:format=k8s-short-name`, ...) to Rust validators.
//!
//! The generator is a pipeline: [`tags`] (the tag grammar, shared by the
//! derive and the CLI) -> `model` (types, fields, JSON names and the
//! validations attached to each) -> `check` (generation-time errors) -> `emit`
//! (one module per tag family) -> prettyplease.
#![warn(missing_docs)]

pub mod tags;
